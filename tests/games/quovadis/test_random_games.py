"""1,000 seeded all-random games with invariants after every action, plus the contract:
records replay, illegal actions change nothing, copies are independent, usage keys."""

import json

import pytest

from soan.engine.core import IllegalAction
from soan.engine.record import Record, replay
from soan.engine.rng import Rng
from soan.games.quovadis.codes import CITY, EMPTY, FORT, RUIN, TEMPLE
from soan.games.quovadis.state import QuoVadisState
from tests.games.quovadis.helpers import GAME

VARIANTS = tuple(GAME.variants)


def check_invariants(state: QuoVadisState) -> None:
    opts, n, wk, bld = state.options, state.n, state.wk, state.bld
    res, cap = state.res, state.cap
    for s in range(n):  # every worker, city, fort and temple of a seat in exactly one place
        assert sum(wk[s::n]) + state.supply[s] + state.ascended[s] == opts.workers
        assert bld.count(s << 2 | CITY) + bld.count(s << 2 | RUIN) + state.cities[s] == opts.cities
        assert bld.count(s << 2 | FORT) + state.forts[s] == opts.forts
        assert bld.count(s << 2 | TEMPLE) + state.temples[s] == opts.temples
        assert state.vp[s] == sum(state.src[6 * s:6 * s + 6])
    assert min(wk) >= 0 and min(state.supply) >= 0
    for i in range(4 * n):  # no resource above its maximum or below zero
        assert 0 <= res[i] <= cap[i]
    for c, cubes in enumerate(state.cubes):  # one building a cell; cubes only on cities
        assert EMPTY <= bld[c] < 4 * n
        assert cubes == 0 or (cubes > 0 and bld[c] >= 0 and bld[c] & 3 in (CITY, RUIN))
    placed = sum(count for gens in state.gens for count, _ in gens)
    cards = len(state.deck) + sum(state.hand) + sum(state.discard) + placed
    assert cards == 100  # every epic card in one place


def test_thousand_random_games_keep_every_invariant():
    rng = Rng(2027)
    for seed in range(1000):
        seats = 3 + seed % 3
        state = GAME.new(seats, seed, GAME.options(VARIANTS[seed % len(VARIANTS)]))
        steps = 0
        while not state.over:
            legal = state.legal()
            assert legal
            state.play(legal[rng.below(len(legal))])
            check_invariants(state)
            steps += 1
        assert steps < 3000 and not state.unfinished
        assert state.round_no == state.options.rounds
        totals = state.scores()
        (winner,) = state.winners()
        assert totals[winner] == max(totals)
        skills = [k for s in range(seats) for k in (*state.hidden[s], *state.shown[s][1:])]
        assert len(skills) == len(set(skills)) == 6 * seats


def play_random(seats: int, seed: int, variant: str = "default") -> QuoVadisState:
    state = GAME.new(seats, seed, GAME.options(variant))
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_replaying_a_record_reproduces_the_same_final_state(seed, tmp_path):
    variant = VARIANTS[seed % len(VARIANTS)]
    state = play_random(3 + seed % 3, seed, variant)
    content_hash = GAME.content_hash(state.content)
    record = Record.of(state, variant, content_hash, ["random"] * state.seats, seed)
    path = tmp_path / "game.json"
    record.save(path)
    again = replay(Record.load(path), GAME, state.content, content_hash)
    assert again.view(None) == state.view(None)
    assert again.history == state.history and again.rng.state == state.rng.state
    assert again.scores() == state.scores() and again.winners() == state.winners()
    assert again.usage() == state.usage()


def positions(seed: int, every: int = 7):
    state = GAME.new(3 + seed % 3, seed)
    rng = Rng(seed + 77)
    step = 0
    while not state.over:
        if step % every == 0:
            yield state
        state.play(rng.choice(state.legal()))
        step += 1
    yield state


@pytest.mark.parametrize("seed", range(6))
def test_illegal_actions_raise_and_change_nothing(seed):
    tries = [("place", 199), ("race", 0), ("pick", 0), ("cubes", 7, 0, 0), ("basic", 0),
             ("area", 1, 2), ("free", 1, 1), ("free2", 5, 5), ("card", 0, 1), ("plea", 0, 0, 0),
             ("morale", 9), ("smite", 0, 1), ("fort", 0), ("temple", 0), ("city", 0),
             ("ascend",), ("reveal", 0), ("skill", 0), ("done",), ("pass",), ("move", 0, 44),
             ("card", True, 0), ("card", 0.0, 0), ["area", 1, 2], ("nonsense",)]
    for state in positions(seed, every=5):
        if state.over:
            with pytest.raises(IllegalAction, match="over"):
                state.play(("done",))
            continue
        legal = set(state.legal())
        before = (json.dumps(state.view(None)), list(state.history), state.rng.state,
                  state.usage())
        for action in tries:
            if type(action) is tuple and action in legal:
                continue
            with pytest.raises(IllegalAction):
                state.play(action)
            after = (json.dumps(state.view(None)), state.history, state.rng.state, state.usage())
            assert after == before


def test_copy_is_independent():
    state = GAME.new(4, 9)
    rng = Rng(9)
    while state.turn() < 10:
        state.play(rng.choice(state.legal()))
    copy = state.copy()
    view, usage = state.view(None), state.usage()
    while not copy.over:
        copy.play(rng.choice(copy.legal()))
    assert state.view(None) == view and state.usage() == usage


@pytest.mark.parametrize("variant", ["default", "loser_keeps", "loser_ascends", "no_forts"])
def test_usage_holds_only_declared_keys_and_uses_predicts_the_movers_notes(variant):
    keys = set(GAME.usage_keys(GAME.load_content(), GAME.options(variant)))
    for seed in range(6):
        state = GAME.new(3 + seed % 3, seed, GAME.options(variant))
        rng = Rng(seed)
        while not state.over:
            action = rng.choice(state.legal())
            mover = state.to_move
            before = state.usage()[mover]
            predicted = state.uses(action)
            state.play(action)
            gained = {k for k, v in state.usage()[mover].items() if v > before.get(k, 0)}
            assert set(predicted) <= gained
        for counts in state.usage():
            assert set(counts) <= keys and all(v > 0 for v in counts.values())


def test_usage_names_race_skills_cards_and_rule_branches():
    state = play_random(4, 3)
    usage = state.usage()
    for seat, counts in enumerate(usage):
        assert counts[f"race:{state.faction(seat)}"] == 1
        assert sum(v for k, v in counts.items() if k.startswith("card:")) == sum(
            c for c, _ in state.gens[seat])
        basic = state.tables.skill_name[state.shown[seat][0]]
        assert counts[f"skill:{basic}"] >= 1
    every = {k for counts in usage for k in counts}
    assert {"war", "generation change"} <= every
    assert 0 <= state.first_player < 4
