"""`no_effect` (issue 25): a legal action marked "no effect now" leaves the position as
it was; the wrath striking an empty cell is the case Quo Vadis has."""

from soan.engine.rng import Rng
from soan.games.quovadis.codes import SMITE
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
    for seed in range(6):
        state = GAME.new(4, seed, GAME.options())
        rng = Rng(seed)
        while not state.over:
            for action in state.legal():
                if state.no_effect(action):
                    marked += 1
                    after = state.copy()
                    after.play(action)
                    assert position(after) == position(state), action
            state.play(rng.choice(state.legal()))
    assert marked > 0
