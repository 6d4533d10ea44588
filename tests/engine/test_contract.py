"""The engine contract every game keeps: tuples of legal actions, strict actions,
checked rule numbers, a hard action limit, and usage counts for the lab."""

from __future__ import annotations

import pytest

from soan.bots.match import as_action, bot_rngs
from soan.engine.core import IllegalAction, OptionsError
from soan.engine.registry import all_games, get_game
from soan.engine.rng import Rng
from tests.bots.hidden_cards import GAME as HIDDEN_CARDS


def _random_game(game_id: str, seats: int, seed: int):
    state = get_game(game_id).new(seats, seed)
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_legal_is_a_tuple_that_cannot_be_changed(game):
    state = game.new(game.min_seats, 3)
    assert isinstance(state.legal(), tuple)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_play_refuses_bools_floats_and_lists_equal_to_a_legal_action(game):
    state = game.new(game.min_seats, 3)
    legal = [a for a in state.legal() if len(a) > 1 and isinstance(a[1], int)]
    kind, number = legal[0][:2]
    before = (state.to_move, len(state.history), state.rng.state, len(state.log))
    for bad in [(kind, float(number)), (kind, bool(number) if number in (0, 1) else float(number)),
                [kind, number], (kind, str(number))]:
        with pytest.raises(IllegalAction):
            state.play(bad)
    assert (state.to_move, len(state.history), state.rng.state, len(state.log)) == before


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_mover_is_the_seat_to_move_and_a_finished_game_has_none(game):
    state = game.new(game.min_seats, 5)
    assert state.mover == state.to_move
    finished = _random_game(game.id, game.min_seats, 5)
    with pytest.raises(IllegalAction, match="the game is over"):
        _ = finished.mover


def test_a_bot_answer_in_numpy_integers_becomes_a_plain_action():
    class Int64:  # what numpy.int64 looks like to Python: an integer by __index__
        def __init__(self, v: int) -> None:
            self.v = v

        def __index__(self) -> int:
            return self.v

    assert as_action(("build", Int64(17))) == ("build", 17)
    assert type(as_action(("build", Int64(17)))[1]) is int
    with pytest.raises(IllegalAction):
        as_action(("build", 1.0))
    with pytest.raises(IllegalAction):
        as_action("build")


def test_rule_numbers_outside_their_range_are_refused_naming_field_and_range():
    game = get_game("cityplan")
    with pytest.raises(OptionsError, match=r"hand_limit=0 is out of range: it takes a whole number 3\.\.20"):
        game.options(hand_limit=0)
    with pytest.raises(OptionsError, match="completion_10=1/2 is out of range: it takes 3 whole"):
        game.options(completion_10=(1, 2))
    with pytest.raises(OptionsError, match="end_score"):
        get_game("populous").options(end_score=100000)
    with pytest.raises(OptionsError, match="plain"):
        game.options(plain=1)


def test_a_game_that_reaches_the_action_limit_ends_unfinished_without_winners(monkeypatch):
    monkeypatch.setattr(type(HIDDEN_CARDS), "max_actions", 2)
    state = HIDDEN_CARDS.new(2, 1)
    state.play(state.legal()[0])
    assert not state.over
    state.play(state.legal()[0])
    assert state.over and state.unfinished
    assert state.winners() == [] and state.legal() == ()
    assert "stopped unfinished after 2 actions" in state.log[-1]


def test_the_action_limit_names_the_rule_numbers_that_keep_a_game_going(monkeypatch):
    game = get_game("cityplan")
    monkeypatch.setattr(type(game), "max_actions", 10)
    state = game.new(2, 1)
    rng = Rng(1)
    while not state.over:
        state.play(rng.choice(state.legal()))
    assert state.unfinished and len(state.history) == 10
    assert "end_buildings=10" in state.log[-1]


@pytest.mark.parametrize(("game_id", "seats"), [("cityplan", 3), ("populous", 3)])
def test_usage_only_holds_keys_the_game_declares(game_id, seats):
    game = get_game(game_id)
    keys = set(game.usage_keys(game.load_content(), game.options()))
    for seed in range(5):
        state = _random_game(game_id, seats, seed)
        for counts in state.usage():
            assert set(counts) <= keys
            assert all(n > 0 for n in counts.values())


def test_cityplan_usage_counts_every_building_built_by_its_name():
    state = _random_game("cityplan", 3, 4)
    cards = state.cards
    for seat, counts in enumerate(state.usage()):
        built = sum(n for k, n in counts.items() if k.startswith("built:"))
        assert built == len(state.tableaux[seat]) - 1  # the starting plant is not built
        for c in state.tableaux[seat][1:]:
            assert counts[f"built:{cards.name[c]}"] >= 1


def test_populous_usage_names_each_seats_race_and_faction():
    state = _random_game("populous", 4, 2)
    for seat, counts in enumerate(state.usage()):
        race = state.faction(seat)
        assert counts[f"race:{race}"] == 1
    assert 0 <= state.first_player < 4


def test_redeal_forgets_notes_and_history():
    state = get_game("populous").new(3, 5)
    rng = Rng(5)
    for _ in range(40):
        state.play(rng.choice(state.legal()))
    dealt = state.redeal(state.to_move, Rng(9))
    assert dealt.history == [] and all(not u for u in dealt.usage())


def test_bot_generators_are_reproducible_and_not_the_seed_mixed_linearly():
    a, b = bot_rngs(12345, 3), bot_rngs(12345, 3)
    assert [r.state for r in a] == [r.state for r in b]
    assert len({r.state for r in a}) == 3
    assert a[0].state != Rng(12345 * 7919 + 104729).state
