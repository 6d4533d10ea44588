"""One game's fixed table: the world, each cell's terrain, and the area choices.

Built once at setup and shared by every copy of the state, so the hot path
reads tuples and never rebuilds anything.
"""

from __future__ import annotations

from collections.abc import Iterable

from soan.boards import terrain as T
from soan.boards.world import World
from soan.engine.core import Action

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
    tile set (plains aside): 1.0 for an average share, more where it is plentiful;
    `free_weight[mask]` adds those of the terrains in a free-terrain mask but the plains
    (free for all), so judging a mask costs one look-up.
    """

    __slots__ = ("action_choices", "area_choices", "cell_tile", "free_weight", "terrain",
                 "terrain_weight", "tile_cells", "world")

    def __init__(self, world: World, terrain_by_pair: dict[tuple[int, int], tuple[int, ...]]):
        self.world = world
        self.terrain = tuple(
            terrain_by_pair[world.pairs[world.cell_tile[c]]][world.cell_slot[c]]
            for c in range(world.cells)
        )
        self.terrain_weight = weight = _terrain_weight(self.terrain, terrain_by_pair.values())
        self.free_weight = tuple(
            sum(weight[t] for t in range(1, len(weight)) if mask >> t & 1)
            for mask in range(1 << len(weight))
        )
        self.cell_tile = world.cell_tile
        self.tile_cells = world.tile_cells
        present = world.tile_of_pair
        self.area_choices = tuple(_area_choices(up, present) for up in range(ALL_DOWN + 1))
        self.action_choices = tuple(_action_choices(up) for up in range(ALL_DOWN + 1))


def _terrain_weight(world: tuple[int, ...], tiles: Iterable[tuple[int, ...]]) -> tuple[float, ...]:
    """Each terrain's share of the world's cells over the average share of a terrain
    other than plains among all the tiles."""
    every = [t for tile in tiles for t in tile]
    other = len(T.KEYS) - 1
    average = sum(1 for t in every if t != T.PLAINS) / other / len(every)
    return tuple(world.count(t) / len(world) / average for t in range(len(T.KEYS)))


def _area_choices(up: int, present: dict) -> list[Action]:
    numbers = [n for n in range(1, 6) if up >> (n - 1) & 1]
    out = [AREA_ACTIONS[(a, b)] for a in numbers for b in numbers if a < b and (a, b) in present]
    if up >> WILD & 1:
        out += [WILD_AREA_ACTIONS[(x, y)] for x in numbers for y in range(1, 6)
                if (min(x, y), max(x, y)) in present]
    return out


def _action_choices(up: int) -> list[Action]:
    out = [ACT_ACTIONS[n] for n in range(1, 6) if up >> (n - 1) & 1]
    if up >> WILD & 1:
        out += [WILD_ACT_ACTIONS[n] for n in range(1, 6)]
    return out
