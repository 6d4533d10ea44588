"""`no_effect` (issue 25): a legal action marked "no effect now" leaves the position as
it was; the wrath striking an empty cell is the case Quo Vadis has."""

from soan.games.quovadis.codes import SMITE
from tests.games.no_effect_check import marked_in_random_games
from tests.games.quovadis.helpers import GAME, blank, cells, resources, workers

PAIR = (1, 5)


def position(state) -> tuple:
    """Everything that scores or can come to score: pieces, cubes, resources, points,
    supplies, hands, generations, terrain."""
    return (tuple(state.wk), tuple(state.bld), tuple(state.cubes), tuple(state.res),
            tuple(state.vp), tuple(state.src), tuple(state.supply), tuple(state.hand),
            tuple(state.gens), tuple(state.terr), tuple(state.ascended))


def test_a_strike_on_an_empty_cell_with_strikes_left_changes_nothing():
    # 「4個: 2マス」: with two strikes, striking an empty cell first moves nothing
    state = blank(3)
    area = cells(state, PAIR)
    workers(state, area[1], 1, 2)
    resources(state, 0, wrath=4)
    state.play(("area", *PAIR))
    state.play(("wrath",))
    assert state.phase == SMITE
    assert state.no_effect(("smite", area[0], 0))
    assert not state.no_effect(("smite", area[1], 0))  # two workers go home
    before = position(state)
    state.play(("smite", area[0], 0))
    assert position(state) == before
    assert not state.no_effect(("smite", area[2], 0))  # the last strike lays the ring


def test_every_marked_action_of_random_games_leaves_the_position_unchanged():
    marked = 0
    for state, action in marked_in_random_games(lambda seed: GAME.new(4, seed, GAME.options()),
                                                range(6)):
        marked += 1
        after = state.copy()
        after.play(action)
        assert position(after) == position(state), action
    assert marked > 0
