"""Building Quo Vadis positions by hand for rule tests."""

from __future__ import annotations

from soan.boards import terrain as T
from soan.engine.registry import get_game
from soan.games.quovadis.codes import AREA, CITY, EMPTY
from soan.games.quovadis.state import QuoVadisState

SEED = "003_b75d8708900d9d94.txt"  # the Quo Vadis draft 27 the tests cite
GAME = get_game("quovadis")
BLESSING, LABOUR, MIRACLE, REVELATION, PROSPERITY = range(5)
PLAINS, MOUNTAIN, DESERT, SNOW, SEA = T.PLAINS, T.MOUNTAIN, T.DESERT, T.SNOW, T.SEA


def new(seats: int = 3, seed: int = 1, variant: str = "default", **options: object) -> QuoVadisState:
    """A game past setup (each choice the first legal one), at the start player's area
    selection."""
    state = GAME.new(seats, seed, GAME.options(variant, **options))
    while state.phase != AREA:
        state.play(state.legal()[0])
    return state


def blank(seats: int = 3, seed: int = 1, variant: str = "default", **options: object):
    """A game past setup with an empty world, no skills at work, seat 0 to choose an
    area, the markers on Free (so every number card is free to take), empty hands,
    no generations and no resources."""
    state = new(seats, seed, variant, **options)
    n = state.n
    cells = state.board.world.cells
    state.wk = [0] * (cells * n)
    state.bld = [EMPTY] * cells
    state.cubes = [0] * cells
    state.supply = [state.options.workers] * n
    state.res = [0] * (4 * n)
    state.hand = [0] * (5 * n)
    state.gens = [()] * n
    state.vp = [0] * n
    state.src = [0] * len(state.src)
    for s in range(n):
        state.shown[s] = ()
        state._refresh(s)
    state.markers = (0, 0)
    turn_of(state, 0)
    return state


def turn_of(state: QuoVadisState, seat: int) -> None:
    """Make it `seat`'s turn at area selection."""
    state._clear_turn()
    state.phase = AREA
    state.active = state.to_move = seat
    state.area = -1
    state._legal = None


def tile(state: QuoVadisState, pair: tuple[int, int]) -> int:
    return state.board.world.tile_of_pair[pair]


def cells(state: QuoVadisState, pair: tuple[int, int]) -> tuple[int, ...]:
    return state.board.tile_cells[tile(state, pair)]


def terrain(state: QuoVadisState, pair: tuple[int, int], codes: list[int]) -> None:
    """Give the tile's cells these terrains (the state's own list, so only this game)."""
    for c, code in zip(cells(state, pair), codes, strict=True):
        state.terr[c] = code


def workers(state: QuoVadisState, cell: int, seat: int, k: int = 1) -> None:
    state.wk[cell * state.n + seat] += k
    state.supply[seat] -= k
    state._legal = None


def building(state: QuoVadisState, cell: int, seat: int, kind: int, cubes: int = 0) -> None:
    assert state.bld[cell] == EMPTY
    state.bld[cell] = seat << 2 | kind
    state.cubes[cell] = cubes
    if kind == CITY or kind == 1:
        state.cities[seat] -= 1
    elif kind == 2:
        state.forts[seat] -= 1
    else:
        state.temples[seat] -= 1
    state._legal = None


def resources(state: QuoVadisState, seat: int, morale=0, food=0, faith=0, wrath=0) -> None:
    state.res[4 * seat:4 * seat + 4] = [morale, food, faith, wrath]
    state._legal = None


def hand(state: QuoVadisState, seat: int, *kinds: int) -> None:
    counts = [0] * 5
    for k in kinds:
        counts[k] += 1
    state.hand[5 * seat:5 * seat + 5] = counts
    state._legal = None


def skill(state: QuoVadisState, seat: int, english: str) -> int:
    """Put the skill named `english` face up for `seat` (at work at once)."""
    k = state.tables.skill_english.index(english)
    state.shown[seat] = (*state.shown[seat], k)
    state._refresh(seat)
    state._legal = None
    return k


def on(state: QuoVadisState, cell: int, seat: int) -> int:
    return state.wk[cell * state.n + seat]


def choose(state: QuoVadisState, pair: tuple[int, int]) -> None:
    """Choose the area with its two number cards."""
    state.play(("area", *pair))


def play_card(state: QuoVadisState, kind: int, change: bool = False) -> None:
    state.play(("card", kind, int(change)))


def race_of(state: QuoVadisState, seat: int, english: str) -> None:
    state.race[seat] = state.tables.race_english.index(english)
    state._refresh(seat)


class Dice:
    """A stand-in for the game's generator that rolls the dice it is given."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.sides: list[int] = []

    def die(self, sides: int = 6) -> int:
        self.sides.append(sides)
        return self.rolls.pop(0)

