"""One game's fixed table: the world, each cell's terrain, and the area choices.

Built once at setup and shared by every copy of the state, so the hot path
reads tuples and never rebuilds anything.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain

from soan.boards import terrain as T
from soan.boards.world import SINGLE_CELLS, World
from soan.engine.core import Action
from soan.games.populous.content import Tables

TILE_SIZE = len(SINGLE_CELLS)  # cells a tile: each hex of Populous's world is a cell
WILD = 5  # bit of the wild card in a seat's genesis mask; bits 0-4 are cards 1-5
WILD_BIT = 1 << WILD
ALL_DOWN = (WILD_BIT << 1) - 1
Pairs = tuple[tuple[int, int], ...]  # a world's tiles by their genesis numbers, sorted

AREA_ACTIONS = {(a, b): ("area", a, b) for a in range(1, 6) for b in range(a + 1, 6)}
WILD_AREA_ACTIONS = {(x, y): ("wild", x, y) for x in range(1, 6) for y in range(1, 6)}
ACT_ACTIONS = tuple(("act", n) for n in range(6))
WILD_ACT_ACTIONS = tuple(("wildact", n) for n in range(6))


class Board:
    """The world of one game with its terrain, plus every genesis choice precomputed.

    `area_choices[up]` lists the area selections a seat whose raised cards are
    the mask `up` can make (two cards naming a tile that is in the world);
    `action_choices[up]` the action cards it can then lower. `terrain_weight[t]` is
    how much of terrain t this world holds against the average terrain of the whole
    tile set (plains aside): 1.0 for an average share, more where it is plentiful.
    """

    __slots__ = ("action_choices", "area_choices", "cell_names", "cell_tile", "pair_names",
                 "terrain", "terrain_weight", "tile_cells", "world")

    def __init__(self, world: World, tables: Tables):
        self.world = world
        self.terrain, self.terrain_weight = _terrain(tables, world.pairs)
        self.cell_tile = world.cell_tile
        self.tile_cells = world.tile_cells
        self.area_choices = _area_choices(world.pairs)
        self.action_choices = ACTION_CHOICES
        # the log names a cell or an area nearly every action: names made once per pair
        self.pair_names = tuple(_pair_name(pair) for pair in world.pairs)
        self.cell_names = tuple(chain.from_iterable(_cell_names(pair) for pair in world.pairs))


@lru_cache(maxsize=1 << 10)
def _terrain(tables: Tables, pairs: Pairs) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each cell's terrain in a world of the tiles `pairs` (a tile's terrains are listed
    centre first, as its cells are numbered) and the world's terrain weights, kept by
    the content and the world's tiles, like `_area_choices`."""
    terrain = tuple(t for pair in pairs for t in tables.terrain[pair])
    cells, average = len(terrain), tables.terrain_average
    return terrain, tuple(terrain.count(t) / cells / average for t in range(len(T.KEYS)))


@cache
def _pair_name(pair: tuple[int, int]) -> str:
    """``2-4``: a tile by its pair of genesis numbers."""
    return f"{pair[0]}-{pair[1]}"


@cache
def _cell_names(pair: tuple[int, int]) -> tuple[str, ...]:
    """The names `World.cell_name` gives the cells of tile `pair`, slot by slot (one
    cell a hex, so slot k is the tile's k-th cell)."""
    return tuple(f"{_pair_name(pair)}.{slot}" for slot in range(TILE_SIZE))


@lru_cache(maxsize=1 << 10)
def _area_choices(pairs: Pairs) -> tuple[tuple[Action, ...], ...]:
    """Every raised-card mask's area selections in a world of the tiles `pairs`: two
    numbers (a < b), then a number and the wild card, each only when the tile it names
    is in the world. Built from the number cards' 32 subsets, so a new game checks each
    tile a few times rather than once a mask and candidate; and kept by the world's
    tiles, which four and five seats draw from a few hundred sets."""
    present = set(pairs)
    plain = [tuple(AREA_ACTIONS[pair] for pair in pairs if pair in present)
             for pairs in _RAISED_PAIRS]
    with_wild = [()] + [tuple(WILD_AREA_ACTIONS[(x, y)] for y in range(1, 6)
                              if (min(x, y), max(x, y)) in present) for x in range(1, 6)]
    wild: list[tuple[Action, ...]] = [()]
    for up in range(1, WILD_BIT):
        top = up.bit_length()  # the highest number raised: its choices come last
        wild.append(wild[up ^ 1 << (top - 1)] + with_wild[top])
    return (*plain, *(choices + extra for choices, extra in zip(plain, wild, strict=True)))


def _action_choices(up: int) -> tuple[Action, ...]:
    out = [ACT_ACTIONS[n] for n in range(1, 6) if up >> (n - 1) & 1]
    if up >> WILD & 1:
        out += [WILD_ACT_ACTIONS[n] for n in range(1, 6)]
    return tuple(out)


# by raised-card mask: the pairs of raised number cards (a < b), and the action cards
_RAISED_PAIRS = tuple(
    tuple((a, b) for a in range(1, 6) for b in range(a + 1, 6) if up >> (a - 1) & up >> (b - 1) & 1)
    for up in range(WILD_BIT)
)
ACTION_CHOICES = tuple(_action_choices(up) for up in range(ALL_DOWN + 1))
