"""The world: area tiles laid on the flower lattice, cut into cells, with adjacency.

A tile is a flower of 7 hexes carrying a pair of numbers a<=b from 1-5. How a
tile is cut into cells is the game's: Populous makes each hex a cell
(`SINGLE_CELLS`); Quo Vadis makes three cells of two outer hexes around a
number hex that is no cell (`PAIRED_CELLS`). Two cells are adjacent when any of
their hexes share an edge, across tiles too. Everything is precomputed into
tuples so rules read adjacency without building anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from soan.boards.hexgrid import Hex, flower, neighbours, ring
from soan.engine.rng import Rng

Pair = tuple[int, int]

PAIRS: tuple[Pair, ...] = tuple((a, b) for a in range(1, 6) for b in range(a, 6))
DOUBLES: tuple[Pair, ...] = tuple(p for p in PAIRS if p[0] == p[1])

# Indexes into a flower: 0 is the centre, 1-6 the outer hexes from east anticlockwise.
SINGLE_CELLS: tuple[tuple[int, ...], ...] = ((0,), (1,), (2,), (3,), (4,), (5,), (6,))
PAIRED_CELLS: tuple[tuple[int, ...], ...] = ((1, 2), (3, 4), (5, 6))


class World:
    """Tiles (sorted by pair), their cells, and which cells and tiles touch.

    Cell ids run tile by tile in pair order, then in the order of the cell
    pattern, so cell ``tile_cells[t][k]`` is slot ``k`` of tile ``t``.
    """

    __slots__ = (
        "adjacent", "cell_hexes", "cell_slot", "cell_tile", "hex_cell", "pairs", "pattern",
        "spots", "tile_adjacent", "tile_cells", "tile_hexes", "tile_of_pair",
    )

    def __init__(self, placed: Sequence[tuple[Pair, Hex]], pattern: Sequence[Sequence[int]]):
        placed = sorted(placed)
        spots = [spot for _, spot in placed]
        if len(set(spots)) != len(spots):
            raise ValueError("two tiles on one spot")
        self.pattern = tuple(tuple(p) for p in pattern)
        self.pairs: tuple[Pair, ...] = tuple(pair for pair, _ in placed)
        self.spots: tuple[Hex, ...] = tuple(spots)
        self.tile_of_pair: dict[Pair, int] = {pair: t for t, pair in enumerate(self.pairs)}
        self.tile_hexes = tuple(flower(spot) for spot in spots)
        cell_tile, cell_slot, cell_hexes, tile_cells = [], [], [], []
        for t, hexes in enumerate(self.tile_hexes):
            ids = []
            for k, indexes in enumerate(self.pattern):
                ids.append(len(cell_tile))
                cell_tile.append(t)
                cell_slot.append(k)
                cell_hexes.append(tuple(hexes[i] for i in indexes))
            tile_cells.append(tuple(ids))
        self.cell_tile: tuple[int, ...] = tuple(cell_tile)
        self.cell_slot: tuple[int, ...] = tuple(cell_slot)
        self.cell_hexes: tuple[tuple[Hex, ...], ...] = tuple(cell_hexes)
        self.tile_cells: tuple[tuple[int, ...], ...] = tuple(tile_cells)
        self.hex_cell: dict[Hex, int] = {h: c for c, hexes in enumerate(cell_hexes) for h in hexes}
        self.adjacent = tuple(self._touching(c) for c in range(len(cell_tile)))
        tile_of_hex = {h: t for t, hexes in enumerate(self.tile_hexes) for h in hexes}
        self.tile_adjacent = tuple(
            tuple(sorted({tile_of_hex[n] for h in hexes for n in neighbours(h)
                          if n in tile_of_hex and tile_of_hex[n] != t}))
            for t, hexes in enumerate(self.tile_hexes)
        )

    def _touching(self, c: int) -> tuple[int, ...]:
        own = self.cell_hexes[c]
        found = {self.hex_cell.get(n) for h in own for n in neighbours(h)}
        found.discard(None)
        found.discard(c)
        return tuple(sorted(found))

    @property
    def cells(self) -> int:
        return len(self.cell_tile)

    def cell_name(self, c: int) -> str:
        """``2-4.3``: slot 3 of tile 2-4 (slot 0 is the centre in Populous)."""
        a, b = self.pairs[self.cell_tile[c]]
        return f"{a}-{b}.{self.cell_slot[c]}"


def _outer_spots(rng: Rng, taken: set[Hex], count: int) -> list[Hex]:
    """`count` random free spots on the ring around the base (each touches the base)."""
    free = [spot for spot in ring(2) if spot not in taken]
    rng.shuffle(free)
    return free[:count]


def populous_spots(players: int, rng: Rng) -> list[Hex]:
    """天地開闢 of Populous draft 5: centre, six around it (the base), one at a random
    place on the base's outer ring and one diagonally opposite, then 3 more for
    4 players or 6 more for 5, each at a random place touching the base."""
    spots = [*ring(0), *ring(1)]
    first = rng.choice(ring(2))
    spots += [first, (-first[0], -first[1])]
    extra = {3: 0, 4: 3, 5: 6}[players]
    spots += _outer_spots(rng, set(spots), extra)
    return spots


def populous_world(players: int, rng: Rng) -> World:
    """The 15 tiles shuffled, the first 9, 12 or 15 laid on the Populous spots."""
    pairs = list(PAIRS)
    rng.shuffle(pairs)
    spots = populous_spots(players, rng)
    return World(list(zip(pairs, spots, strict=False)), SINGLE_CELLS)


def quovadis_world(players: int, rng: Rng) -> World:
    """天地開闢 of Quo Vadis draft 27: the 10 non-double tiles shuffled onto the centre,
    the ring of six and 3 random places on the outer ring; 4 players add 2 random
    doubles, 5 players 4, each at a random place touching the base."""
    pairs = [p for p in PAIRS if p[0] != p[1]]
    rng.shuffle(pairs)
    doubles = list(DOUBLES)
    rng.shuffle(doubles)
    pairs += doubles[: {3: 0, 4: 2, 5: 4}[players]]
    spots = [*ring(0), *ring(1)]
    spots += _outer_spots(rng, set(spots), len(pairs) - len(spots))
    return World(list(zip(pairs, spots, strict=True)), PAIRED_CELLS)
