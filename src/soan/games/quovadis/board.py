"""One game's fixed table: the world, each cell's printed terrain, the area choices.

Built once at setup and shared by every copy of the state, so the hot path reads
tuples and never rebuilds anything. The genesis cards are shared by the whole
table: two markers lie on the cards the last seat chose (both on 【フリー】 at the
start, ruling Q3); a seat chooses two unmarked cards.
"""

from __future__ import annotations

from soan.boards.world import World
from soan.engine.core import Action
from soan.games.quovadis.codes import PLACE_A

FREE = 0  # the 【フリー】 genesis card; 1-5 are the number cards


def marker_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


class Board:
    """The world of one game with its printed terrain, plus every area choice.

    `choices[markers]` holds, for the two marked cards, the area choices with
    number cards only, with one number card and Free (1 faith), and with Free
    twice (2 faith): only pairs whose tile is in the world (Q3).
    """

    __slots__ = (
        "adjacent", "base", "cell_tile", "choices", "layout", "place_actions", "tile_cells",
        "world",
    )

    def __init__(self, world: World, terrain_by_pair: dict[tuple[int, ...], tuple[int, ...]]):
        self.world = world
        self.base = tuple(
            terrain_by_pair[world.pairs[world.cell_tile[c]]][world.cell_slot[c]]
            for c in range(world.cells)
        )
        self.cell_tile = world.cell_tile
        self.tile_cells = world.tile_cells
        # which cells make up which tile, as a small number shared by every world cut
        # alike: memos of counts over tiles key on it, and so keep no board alive
        self.layout = _LAYOUTS.setdefault(world.tile_cells, len(_LAYOUTS))
        self.place_actions = _place_actions(self.layout, world.tile_cells)
        self.adjacent = world.adjacent
        self.choices = _all_choices(world.pairs)


_CHOICES: dict[tuple, dict] = {}
_LAYOUTS: dict[tuple[tuple[int, ...], ...], int] = {}
_PLACE_ACTIONS: dict[int, tuple[tuple[Action, ...], ...]] = {}


def _place_actions(layout: int, tile_cells: tuple[tuple[int, ...], ...]) -> tuple:
    """Each tile's worker placements, one per cell in order (built once per layout)."""
    found = _PLACE_ACTIONS.get(layout)
    if found is None:
        found = _PLACE_ACTIONS[layout] = tuple(tuple(PLACE_A[c] for c in cells)
                                               for cells in tile_cells)
    return found


def _all_choices(pairs: tuple[tuple[int, int], ...]) -> dict:
    """Every marker position's area choices for a world holding these tiles (the same
    for every world with the same tiles, so built once)."""
    if pairs not in _CHOICES:
        present = set(pairs)
        _CHOICES[pairs] = {
            marker_key(a, b): _choices((a, b), present) for a in range(6) for b in range(a, 6)
        }
    return _CHOICES[pairs]


def _choices(markers: tuple[int, int], present: set) -> tuple[list[Action], ...]:
    numbers = [x for x in range(1, 6) if x not in markers]
    plain = [("area", a, b) for a in numbers for b in numbers if a < b and (a, b) in present]
    if FREE in markers:
        return plain, [], []
    one = [("free", x, y) for x in numbers for y in range(1, 6)
           if (min(x, y), max(x, y)) in present]
    two = [("free2", a, b) for a in range(1, 6) for b in range(a, 6) if (a, b) in present]
    return plain, one, two
