"""The short cuts the engine and the evaluation take for speed give what the long way
gives: scores without the breakdown's table, and memoised evaluation parts whatever
was evaluated before."""

import gc

from soan.engine.memo import Memo
from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim import evaluation
from tests.games.positions import random_positions as positions_from
from tests.games.undecim.helpers import GAME, new


def random_positions(seed: int, variant: str, every: int = 1) -> list:
    return positions_from(
        new(3 + seed % 2, seed, variant), seed, every)


def test_scores_add_up_the_breakdown_in_every_variant():
    for variant in GAME.variants:
        for seed in range(3):
            for state in random_positions(seed, variant):
                assert state.scores() == [sum(b.values()) for b in state.breakdown()]


def clear_shared_memos() -> None:
    for memo in (evaluation.lands_part, evaluation.builds_part, evaluation.enemies_part,
                 evaluation.valuer, evaluation.card_reads):
        memo.cache_clear()


def test_an_evaluation_does_not_depend_on_the_ones_before_it():
    states = [s for variant in ("default", "fief", "land_pairs")
              for s in random_positions(5, variant, every=4)]
    evaluate = GAME.evaluator.evaluate
    clear_shared_memos()
    forward = [evaluate(s) for s in states]
    clear_shared_memos()
    backward = [evaluate(s) for s in reversed(states)][::-1]
    assert forward == backward
    assert all(evaluate(s) == v for s, v in zip(states, forward, strict=True))


def test_memos_that_start_afresh_when_full_give_the_same_evaluations(monkeypatch):
    """A study meets positions without end: each memo of a valuer and of a rule's part
    keeps at most its bound (here 4 entries), and forgetting changes no value."""
    states = [s for variant in ("default", "land_pairs")
              for s in random_positions(6, variant, every=3)]
    evaluate = GAME.evaluator.evaluate
    clear_shared_memos()
    unbounded = [evaluate(s) for s in states]
    monkeypatch.setattr(evaluation, "VALUER_KEPT", 4)
    monkeypatch.setattr(evaluation, "PART_KEPT", 4)
    clear_shared_memos()
    assert [evaluate(s) for s in states] == unbounded
    gc.collect()  # the valuers of the unbounded run are gone with their caches
    holders = (evaluation.Valuer, evaluation.Lands, evaluation.Builds)
    memos = [getattr(o, name) for o in gc.get_objects() if isinstance(o, holders)
             for name in o.__slots__ if name.endswith("memo")]
    assert memos and all(isinstance(m, Memo) and len(m) <= 4 for m in memos)
    assert max(len(m) for m in memos) == 4  # the bound was reached, so entries were forgotten
    clear_shared_memos()


def test_the_choices_a_move_leaves_ready_are_the_ones_the_phase_builds():
    """A transition that built the next choices to know one waits hands them to `legal()`;
    they must be what the phase builds from scratch, on the state and on its copies."""
    for variant in GAME.variants:
        for seed in range(4):
            state = new(3 + seed % 2, seed, variant)
            rng = Rng(seed)
            while not state.over:
                ready = state._legal
                fresh = tuple(state._legal_actions())
                assert ready is None or ready == fresh
                assert state.copy().legal() == fresh
                state.play(rng.choice(state.legal()))


def test_a_game_stopped_at_the_action_limit_has_no_choices_left(monkeypatch):
    """The 21st action of this game leaves the next choices ready; the limit ends it there."""
    monkeypatch.setattr(type(GAME), "max_actions", 21)
    state = new(4, 2)
    rng = Rng(2)
    while not state.over:
        state.play(rng.choice(state.legal()))
    assert state.unfinished and len(state.history) == 21
    assert state.legal() == () and state.winners() == []


def test_a_steal_offers_the_kinds_that_hold_a_card_older_than_the_action_phase():
    """U13 card by card: a kind can be taken when one of its cards in the victim's front
    did not come in this action phase. The rules count it by kind, which holds because no
    front index ever has more fresh cards than cards."""
    offered = 0
    for variant in GAME.variants:
        for seed in range(12):
            state = new(3 + seed % 2, seed, variant)
            rng = Rng(seed)
            while not state.over:
                f, fr = state.front, state.fresh
                for s in range(state.seats):
                    assert all(f[K.W * s + i] >= fr[K.FRESH * s + i] for i in range(K.FRESH))
                if state.phase in (K.TAKE, K.GIVE):
                    v = state.victims[0]
                    face = state._step().face
                    kinds = K.KIND_CARDS[face] if face < 2 else (((0, K.FRONT[face][0]),),)
                    old = [k for k, cards in enumerate(kinds)
                           if any(f[K.W * v + i] > fr[K.FRESH * v + i] for _, i in cards)]
                    assert [a[1] for a in state.legal()] == old
                    offered += 1
                state.play(rng.choice(state.legal()))
    assert offered > 50


def test_a_memoised_card_value_is_the_plan_worked_out_afresh():
    """The valuer keeps a card's value by all its plan reads; after many positions have
    filled the memos, every card of every seat (its hand, its pick, the card in
    resolution) must still be what working its plan out again gives."""
    clear_shared_memos()
    checked = 0
    for variant in ("default", "fief", "land_pairs"):
        for seed in range(3):
            for state in random_positions(seed, variant, every=2):
                if state.over:
                    continue
                GAME.evaluator.evaluate(state)
                outlook = evaluation.Outlook(state)
                enemies = [state.front[K.W * s + K.F_ENEMY] for s in range(state.seats)]
                for s in range(state.seats):
                    seat = evaluation.Seat(state, s, outlook, enemies)
                    cards = {(c, 0) for c in K.BITS[state.hands[s]]} | {(state.picks[s], 0)}
                    if state.cur == s and state.card > 0:
                        cards.add((state.card, state.si))
                    for c, first in cards - {(0, 0)}:
                        assert seat.card_value(c, first) == seat.plan_value(c, first)
                        checked += 1
    assert checked > 1000
