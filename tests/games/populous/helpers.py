"""Building Populous positions by hand for rule tests."""

from __future__ import annotations

from soan.engine.registry import get_game
from soan.games.populous.codes import AREA, EMPTY, VANDAL
from soan.games.populous.state import PopulousState

SEED = "000_46f0bc69916fd492.txt"  # the Populous draft 5 the tests cite
GAME = get_game("populous")


def new(seats: int = 3, seed: int = 1, variant: str = "default", **options: object) -> PopulousState:
    """A game past setup: races chosen in seat order, each seat keeps its first cards."""
    state = GAME.new(seats, seed, GAME.options(variant, **options))
    while state.phase != AREA:
        state.play(state.legal()[0])
    return state


def worker(seat: int) -> int:
    return seat << 1


def house(seat: int) -> int:
    return seat << 1 | 1


def tile(state: PopulousState, avoid: int = 0) -> int:
    """The first non-double tile in the world whose numbers are not `avoid` (so the
    action card `avoid` is still raised after choosing it with number cards)."""
    pairs = state.board.world.pairs
    return next(t for t, p in enumerate(pairs) if p[0] != p[1] and avoid not in p)


def cells(state: PopulousState, t: int) -> tuple[int, ...]:
    return state.board.tile_cells[t]


def put(state: PopulousState, cell: int, code: int) -> None:
    """Put a piece on an empty cell, taking it from its supply."""
    assert state.occ[cell] == EMPTY
    state.occ[cell] = code
    if code == VANDAL:
        state.vandals += 1
    elif code & 1:
        state.houses[code >> 1] -= 1
    else:
        state.workers[code >> 1] -= 1
    state._legal = None


def fill(state: PopulousState, t: int, codes: list[int]) -> None:
    """Put `codes` on the tile's cells in order (fewer codes leave cells empty)."""
    for cell, code in zip(cells(state, t), codes, strict=False):
        put(state, cell, code)


def set_terrain(state: PopulousState, t: int, terrain: list[int]) -> None:
    """Give a tile's cells these terrain codes (the board is per game, so this is local)."""
    board = state.board
    new_terrain = list(board.terrain)
    for cell, code in zip(cells(state, t), terrain, strict=True):
        new_terrain[cell] = code
    clone = object.__new__(type(board))
    for name in type(board).__slots__:
        setattr(clone, name, getattr(board, name))
    clone.terrain = tuple(new_terrain)
    state.board = clone


def turn_of(state: PopulousState, seat: int) -> None:
    """Make it `seat`'s turn at area selection with all genesis cards raised."""
    assert state.phase == AREA
    state.active = state.to_move = seat
    state.down[seat] = 0
    state._legal = None


def choose(state: PopulousState, pair: tuple[int, int], action: int, *, wild: str = "") -> None:
    """Area `pair` with number cards (wild="area": the wild card as the second number),
    then action `action` (wild="action": the wild card as that action)."""
    a, b = pair
    if wild == "area":
        state.play(("wild", a, b))
    else:
        state.play(("area", a, b))
    state.play(("wildact", action) if wild == "action" else ("act", action))


def pieces_everywhere(state: PopulousState) -> tuple[list[int], list[int], int]:
    """Workers and houses of each seat on the map, and vandals on the map."""
    workers = [0] * state.seats
    houses = [0] * state.seats
    vandals = 0
    for code in state.occ:
        if code == VANDAL:
            vandals += 1
        elif code >= 0:
            (houses if code & 1 else workers)[code >> 1] += 1
    return workers, houses, vandals


def no_abilities(state: PopulousState) -> None:
    """Switch off every race ability (plains-only, no modifiers) for exact arithmetic."""
    from soan.games.populous.effects import NO_MODS

    state.mods = [NO_MODS] * state.seats
    state.free = [1] * state.seats
    state._legal = None


class Dice:
    """A stand-in for the game's generator that rolls the dice it is given."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0)
