"""1,000 seeded all-random games with invariants after every action, plus the contract:
records replay, re-dealing hides nothing it should not, illegal actions change nothing."""

import json

import pytest

from soan.engine.core import IllegalAction
from soan.engine.record import Record, replay
from soan.engine.rng import Rng
from soan.games.populous.codes import DISCARD, EMPTY, VANDAL
from soan.games.populous.genesis import DECK
from soan.games.populous.state import PopulousState
from tests.games.populous.helpers import GAME, pieces_everywhere

VARIANTS = ("default", "default", *(name for name in GAME.variants if name != "default"))


def check_invariants(state: PopulousState, every_card: list[int]) -> None:
    opts = state.options
    workers, houses, vandals = pieces_everywhere(state)
    for s in range(state.seats):  # every piece in exactly one place: map or supply
        assert workers[s] + state.workers[s] == opts.workers
        assert houses[s] + state.houses[s] == opts.houses
        assert state.food[s] >= 0 and state.fp[s] >= 0
        assert state.vp[s] == sum(state.vp_src[4 * s: 4 * s + 4])
        if state.phase != DISCARD or state.to_move != s:
            assert len(state.grace[s]) <= opts.houses - state.houses[s]
    assert vandals == state.vandals <= opts.vandals
    assert all(EMPTY <= code <= VANDAL for code in state.occ)  # one piece per cell at most
    cards = state.deck + state.discard
    for s in range(state.seats):
        cards = cards + state.hands[s] + state.grace[s] + state.offers[s]
    assert sorted(cards) == every_card  # every grace card in exactly one place
    if opts.genesis_hand and state.start >= 0:  # dealt: every genesis card in one place
        genesis = state.gdeck + state.gdiscard + [n for h in state.genesis for n in h]
        assert sorted(genesis) == sorted(DECK)
        assert max(len(h) for h in state.genesis) <= opts.genesis_hand


def test_thousand_random_games_keep_every_invariant():
    rng = Rng(2024)
    rounds = []
    for seed in range(1000):
        seats = 3 + seed % 3
        state = GAME.new(seats, seed, GAME.options(VARIANTS[seed % len(VARIANTS)]))
        every_card = sorted(state.tables.deck)
        steps = 0
        while not state.over:
            legal = state.legal()
            assert legal
            state.play(legal[rng.below(len(legal))])
            check_invariants(state, every_card)
            steps += 1
            assert steps < 5000
        totals = state.scores()
        if state.winners():
            assert all(totals[s] == max(totals) for s in state.winners())
        else:  # a draw: two or more seats level on points and on workers on the map
            assert totals.count(max(totals)) > 1
        assert any("the round is played out" in line for line in state.log)  # FP may be spent after
        assert state.turn() % seats == 0  # everyone had the same number of turns
        rounds.append(state.turn() / seats)
    assert 8 < sum(rounds) / len(rounds) < 40


def play_random(seats: int, seed: int, variant: str = "default") -> PopulousState:
    state = GAME.new(seats, seed, GAME.options(variant))
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("seed", range(20))
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


def _positions(seed: int, every: int = 9):
    # every third game with random genesis hands, hidden from the other seats
    state = GAME.new(3 + seed % 3, seed, GAME.options(
        "random_genesis_5" if seed % 3 == 2 else "default"))
    rng = Rng(seed + 77)
    step = 0
    while not state.over:
        if step % every == 0:
            yield state
        state.play(rng.choice(state.legal()))
        step += 1
    yield state


@pytest.mark.parametrize("seed", range(12))
def test_view_is_unchanged_by_redeal_and_json_ready(seed):
    rng = Rng(seed)
    for state in _positions(seed):
        for seat in range(state.seats):
            before = state.view(seat)
            other = state.redeal(seat, rng)
            assert other.view(seat) == before
            assert json.loads(json.dumps(before)) == before
            if state.to_move == seat:
                assert other.legal() == state.legal()


def test_redeal_reshuffles_hidden_cards_and_future_dice():
    state = GAME.new(4, 3)
    rng = Rng(1)
    while state.turn() < 6:
        state.play(rng.choice(state.legal()))
    seen = set()
    for i in range(20):
        other = state.redeal(0, Rng(i))
        assert other.hands[0] == state.hands[0] and other.grace == state.grace
        hidden = [k for h in state.hands[1:] for k in h]
        redealt = [k for h in other.hands[1:] for k in h]
        assert sorted(other.deck + redealt) == sorted(state.deck + hidden)
        seen.add((tuple(other.deck), other.rng.state))
    assert len(seen) == 20


@pytest.mark.parametrize("seed", range(6))
def test_illegal_actions_raise_and_change_nothing(seed):
    for state in _positions(seed, every=5):
        if state.over:
            with pytest.raises(IllegalAction, match="over"):
                state.play(("done",))
            continue
        legal = set(state.legal())
        before = (json.dumps(state.view(None)), list(state.history), state.rng.state)
        for action in [("place", 127), ("keep", 0), ("race", 0), ("bid",), ("done",),
                       ("area", 1, 2), ("wild", 3, 3), ("act", 5), ("grace", 1)]:
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                state.play(action)
            assert (json.dumps(state.view(None)), state.history, state.rng.state) == before


def test_copy_is_independent():
    state = GAME.new(4, 9)
    rng = Rng(9)
    while state.turn() < 10:
        state.play(rng.choice(state.legal()))
    copy = state.copy()
    view = state.view(None)
    while not copy.over:
        copy.play(rng.choice(copy.legal()))
    assert state.view(None) == view
