"""One game's fixed table: the world, each cell's terrain, and the area choices.

Built once at setup and shared by every copy of the state, so the hot path
reads tuples and never rebuilds anything.
"""

from __future__ import annotations

from collections.abc import Iterable

from soan.boards import terrain as T
from soan.boards.world import SINGLE_CELLS, World
from soan.engine.core import Action

TILE_SIZE = len(SINGLE_CELLS)  # cells a tile: each hex of Populous's world is a cell
WILD = 5  # bit of the wild card in a seat's genesis mask; bits 0-4 are cards 1-5
ALL_DOWN = (1 << 6) - 1

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

    __slots__ = ("action_choices", "area_choices", "cell_tile", "terrain", "terrain_weight",
                 "tile_cells", "world")

    def __init__(self, world: World, terrain_by_pair: dict[tuple[int, int], tuple[int, ...]]):
        self.world = world
        self.terrain = tuple(
            terrain_by_pair[world.pairs[world.cell_tile[c]]][world.cell_slot[c]]
            for c in range(world.cells)
        )
        self.terrain_weight = _terrain_weight(self.terrain, terrain_by_pair.values())
        self.cell_tile = world.cell_tile
        self.tile_cells = world.tile_cells
        present = world.tile_of_pair
        self.area_choices = tuple(
            tuple(action for tile, action in candidates if tile in present)
            for candidates in AREA_CANDIDATES
        )
        self.action_choices = ACTION_CHOICES


def _terrain_weight(world: tuple[int, ...], tiles: Iterable[tuple[int, ...]]) -> tuple[float, ...]:
    """Each terrain's share of the world's cells over the average share of a terrain
    other than plains among all the tiles."""
    every = [t for tile in tiles for t in tile]
    other = len(T.KEYS) - 1
    average = sum(1 for t in every if t != T.PLAINS) / other / len(every)
    return tuple(world.count(t) / len(world) / average for t in range(len(T.KEYS)))


def _area_candidates(up: int) -> tuple[tuple[tuple[int, int], Action], ...]:
    """Every area selection the raised cards `up` could make in a world holding every
    tile, each with the tile it names: two numbers, then a number and the wild card."""
    numbers = [n for n in range(1, 6) if up >> (n - 1) & 1]
    out = [((a, b), AREA_ACTIONS[(a, b)]) for a in numbers for b in numbers if a < b]
    if up >> WILD & 1:
        out += [((min(x, y), max(x, y)), WILD_AREA_ACTIONS[(x, y)])
                for x in numbers for y in range(1, 6)]
    return tuple(out)


def _action_choices(up: int) -> tuple[Action, ...]:
    out = [ACT_ACTIONS[n] for n in range(1, 6) if up >> (n - 1) & 1]
    if up >> WILD & 1:
        out += [WILD_ACT_ACTIONS[n] for n in range(1, 6)]
    return tuple(out)


# by raised-card mask; a world keeps the area candidates whose tile it holds
AREA_CANDIDATES = tuple(_area_candidates(up) for up in range(ALL_DOWN + 1))
ACTION_CHOICES = tuple(_action_choices(up) for up in range(ALL_DOWN + 1))
