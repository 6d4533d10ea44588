"""1,000 seeded all-random games with invariants after every action, plus the contract."""

import pytest

from soan.engine.core import IllegalAction
from soan.engine.record import Record, replay
from soan.engine.rng import Rng
from soan.games.cityplan.state import LIMIT, CityPlanState
from tests.games.cityplan.helpers import GAME, all_places, new

VARIANTS = ("default", "default", *(name for name in GAME.variants if name != "default"))


def check_invariants(state: CityPlanState, every_card: list[int]) -> None:
    assert sorted(all_places(state)) == every_card  # every card in exactly one place
    assert min(state.power) >= 0 and min(state.chips) >= 0 and state.parliament >= 0
    assert sum(state.chips) + state.parliament <= state.options.councillor_chips


def test_thousand_random_games_keep_every_invariant(monkeypatch):
    limits_checked = []
    income_phase = CityPlanState._income_phase

    def checked_income_phase(self):
        # SEED 「建設フェイズの終了時に…8枚になるまで」: no hand over 8 after a build phase
        assert max(len(h) for h in self.hands) <= self.options.hand_limit
        limits_checked.append(1)
        income_phase(self)

    monkeypatch.setattr(CityPlanState, "_income_phase", checked_income_phase)
    rng = Rng(2024)
    lengths = []
    for seed in range(1000):
        seats = 2 + seed % 4
        state = GAME.new(seats, seed, GAME.options(VARIANTS[seed % len(VARIANTS)]))
        every_card = sorted(all_places(state))
        steps = 0
        while not state.over:
            state.play(rng.choice(state.legal()))
            check_invariants(state, every_card)
            steps += 1
            assert steps < 5000
        assert state.winners() and max(len(t) for t in state.tableaux) >= 10
        lengths.append(state.turn_no)
    assert len(limits_checked) == sum(lengths)
    assert 5 < sum(lengths) / len(lengths) < 40


def play_random(seats: int, seed: int) -> CityPlanState:
    state = new(seats, seed)
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("seed", range(40))
def test_replaying_a_record_reproduces_the_same_final_state(seed, tmp_path):
    state = play_random(2 + seed % 4, seed)
    record = Record.of(
        state, "default", GAME.content_hash(state.content), ["random"] * state.seats, seed
    )
    path = tmp_path / "game.json"
    record.save(path)
    again = replay(Record.load(path), GAME, state.content, GAME.content_hash(state.content))
    assert again.view(None) == state.view(None)
    assert again.log == state.log
    assert (
        Record.of(again, "default", record.content_hash, record.seats, seed).to_json()
        == record.to_json()
    )


@pytest.mark.parametrize("seed", range(30))
def test_view_is_unchanged_by_redeal(seed):
    rng = Rng(seed)
    state = GAME.new(2 + seed % 4, seed, GAME.options(
        "simultaneous_build" if seed % 2 else "default"))  # its builds are chosen face down
    while not state.over:
        for seat in range(state.seats):
            assert state.redeal(seat, Rng(seed * 31 + seat)).view(seat) == state.view(seat)
        state.play(rng.choice(state.legal()))


def test_redeal_keeps_card_counts_and_hides_nothing_of_the_seat():
    state = new(4, 9)
    rng = Rng(3)
    for _ in range(40):
        state.play(rng.choice(state.legal()))
    other = state.redeal(0, Rng(5))
    assert other.hands[0] == state.hands[0] and other.tableaux == state.tableaux
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    assert sorted(all_places(other)) == sorted(all_places(state))
    assert other.hands[1:] != state.hands[1:]  # the hidden hands really were dealt anew
    assert other.history == []  # the real history holds others' hidden picks and discards


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    rng = Rng(7)
    state = new(3, 7)
    while not state.over:
        before = (
            state.view(None),
            [list(h) for h in state.hands],
            list(state.history),
            state.rng.state,
        )
        for bad in [("act", 4), ("build", 999), ("pay", -1), ("nonsense",), ("discard", 5, 6)]:
            with pytest.raises(IllegalAction):
                state.play(bad)
        assert (
            state.view(None),
            [list(h) for h in state.hands],
            list(state.history),
            state.rng.state,
        ) == before
        state.play(rng.choice(state.legal()))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.play(("act", 1))


def test_hand_limit_discards_are_the_only_choices_when_over_the_limit():
    state = new(2, 3)
    rng = Rng(1)
    while state.phase != LIMIT:  # hoard: draw in both phases
        legal = state.legal()
        state.play(next((a for a in (("act", 1), ("income",)) if a in legal), rng.choice(legal)))
    seat = state.to_move
    assert len(state.hands[seat]) > 8
    assert state.legal() == tuple(("discard", c) for c in state.hands[seat])
