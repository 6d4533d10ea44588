"""What the rules work out once and keep: the legal actions they hand `State.legal`, the
board's cell and area names, a seat's added-up effects and the redeal's dealing. Each
kept answer must be the one worked out afresh."""

import pytest

from soan.engine.rng import Rng
from soan.games.populous import effects as E
from soan.games.populous.content import seat_effects
from soan.games.populous.genesis import deal_last
from tests.games.populous.helpers import GAME

VARIANTS = tuple(GAME.variants)


def test_kept_legal_actions_are_the_ones_worked_out_afresh():
    """After every action of random games in every variant, the legal actions the rules
    kept (areas, action cards, cells to place on, grace cards) are exactly, in order,
    those `_legal_actions` works out from the position."""
    rng = Rng(77)
    kept = 0
    for seed in range(3 * len(VARIANTS)):
        state = GAME.new(3 + seed % 3, seed, GAME.options(VARIANTS[seed % len(VARIANTS)]))
        while not state.over:
            if state._legal is not None:
                kept += 1
            assert state.legal() == tuple(state._legal_actions())
            legal = state.legal()
            state.play(legal[rng.below(len(legal))])
        assert state.legal() == ()
    assert kept > 1000  # most positions had their actions kept


def test_a_game_stopped_unfinished_has_no_legal_actions(monkeypatch: pytest.MonkeyPatch):
    """The rules may keep the next actions just before the action limit stops the game."""
    monkeypatch.setattr(type(GAME), "max_actions", 40)
    for seed in range(10):
        state = GAME.new(4, seed)
        while not state.over:
            state.play(state.legal()[0])
        assert state.unfinished
        assert state.legal() == ()


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_board_names_are_the_worlds(seats: int):
    for seed in range(5):
        board = GAME.new(seats, seed).board
        world = board.world
        assert board.cell_names == tuple(world.cell_name(c) for c in range(world.cells))
        assert board.pair_names == tuple(f"{a}-{b}" for a, b in world.pairs)


def test_seat_effects_add_up_the_race_and_every_card():
    tables = GAME.new(4, 1).tables
    rng = Rng(5)
    cards = range(len(tables.card_name))
    for race in range(len(tables.race_name)):
        for size in range(4):
            grace = tuple(rng.choice(cards) for _ in range(size))
            mods, free = seat_effects(tables, race, grace)
            expected = tables.race_mods[race]
            free_expected = tables.race_free[race]
            for k in grace:
                expected = E.fold(expected, enumerate(tables.card_mods[k]))
                free_expected |= tables.card_free[k]
            assert (mods, free) == (expected, free_expected)


def test_deal_last_deals_as_popping_one_by_one():
    rng = Rng(9)
    for size in range(8):
        for n in range(size + 1):
            pool = [rng.below(20) for _ in range(size)]
            popped = pool.copy()
            by_pops = [popped.pop() for _ in range(n)]
            assert deal_last(pool, n) == by_pops
            assert pool == popped
