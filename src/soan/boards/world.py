"""The world: area tiles laid on the flower lattice, cut into cells, with adjacency.

A tile is a flower of 7 hexes carrying a pair of numbers a<=b from 1-5. How a
tile is cut into cells is the game's: Populous makes each hex a cell
(`SINGLE_CELLS`); Quo Vadis makes three cells of two outer hexes around a
number hex that is no cell (`PAIRED_CELLS`). Two cells are adjacent when any of
their hexes share an edge, across tiles too. Everything is precomputed into
tuples so rules read adjacency without building anything.

Every game lays a new world, so laying one must be cheap. Flowers tile the plane
by translation, so which slot of a tile touches which slot of the tile on each
neighbouring lattice spot is the same everywhere: `_Cut` works it out once per
cell pattern from real hexes, and a world is then assembled from tile numbers
alone, without hashing a hex. The hexes themselves (for drawing) are laid out
only when first asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from soan.boards.hexgrid import DIRECTIONS, Hex, flower, neighbours, ring
from soan.engine.rng import Rng

Pair = tuple[int, int]
Pattern = tuple[tuple[int, ...], ...]

PAIRS: tuple[Pair, ...] = tuple((a, b) for a in range(1, 6) for b in range(a, 6))
DOUBLES: tuple[Pair, ...] = tuple(p for p in PAIRS if p[0] == p[1])

# Indexes into a flower: 0 is the centre, 1-6 the outer hexes from east anticlockwise.
SINGLE_CELLS: Pattern = ((0,), (1,), (2,), (3,), (4,), (5,), (6,))
PAIRED_CELLS: Pattern = ((1, 2), (3, 4), (5, 6))


class _Cut:
    """One cell pattern's touching slots, found once on real hexes.

    `inner[k]`: the slots of the same tile that touch slot k. `across[k]`: pairs
    (d, j) where slot j of the tile on the neighbouring lattice spot in direction
    `DIRECTIONS[d]` touches slot k. Flowers only touch on neighbouring spots, and
    the same way wherever they lie, so these hold for every tile of every world.
    """

    __slots__ = ("across", "inner")

    def __init__(self, pattern: Pattern):
        def slots(spot: Hex) -> list[frozenset[Hex]]:
            hexes = flower(spot)
            return [frozenset(hexes[i] for i in indexes) for indexes in pattern]

        def touch(a: frozenset[Hex], b: frozenset[Hex]) -> bool:
            return any(n in b for h in a for n in neighbours(h))

        own = slots((0, 0))
        around = [slots(d) for d in DIRECTIONS]
        self.inner = tuple(tuple(j for j, other in enumerate(own) if j != k and touch(cell, other))
                           for k, cell in enumerate(own))
        self.across = tuple(tuple((d, j) for d, cells in enumerate(around)
                                  for j, other in enumerate(cells) if touch(cell, other))
                            for cell in own)


_CUTS: dict[Pattern, _Cut] = {}


def _cut(pattern: Pattern) -> _Cut:
    if pattern not in _CUTS:
        _CUTS[pattern] = _Cut(pattern)
    return _CUTS[pattern]


_NUMBERING: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], Pattern]] = {}


def _numbering(size: int, tiles: int) -> tuple[tuple[int, ...], tuple[int, ...], Pattern]:
    """(cell_tile, cell_slot, tile_cells) of `tiles` tiles of `size` cells each."""
    key = (size, tiles)
    if key not in _NUMBERING:
        _NUMBERING[key] = (
            tuple(t for t in range(tiles) for _ in range(size)),
            tuple(k for _ in range(tiles) for k in range(size)),
            tuple(tuple(range(t * size, (t + 1) * size)) for t in range(tiles)),
        )
    return _NUMBERING[key]


class World:
    """Tiles (sorted by pair), their cells, and which cells and tiles touch.

    Cell ids run tile by tile in pair order, then in the order of the cell
    pattern, so cell ``tile_cells[t][k]`` is slot ``k`` of tile ``t``.

    A world never changes once laid (its tuples are tuples, its dicts are never
    written after `__init__`, and the hexes are laid out the same whenever first
    asked for), so a state and all its copies share one.
    """

    __slots__ = (
        "_hexes", "adjacent", "cell_slot", "cell_tile", "pairs", "pattern", "spots",
        "tile_adjacent", "tile_cells", "tile_of_pair",
    )

    def __init__(self, placed: Sequence[tuple[Pair, Hex]], pattern: Sequence[Sequence[int]]):
        placed = sorted(placed)
        spots = [spot for _, spot in placed]
        tile_at = {spot: t for t, spot in enumerate(spots)}
        if len(tile_at) != len(spots):
            raise ValueError("two tiles on one spot")
        self.pattern: Pattern = tuple(tuple(p) for p in pattern)
        self.pairs: tuple[Pair, ...] = tuple(pair for pair, _ in placed)
        self.spots: tuple[Hex, ...] = tuple(spots)
        self.tile_of_pair: dict[Pair, int] = {pair: t for t, pair in enumerate(self.pairs)}
        self.cell_tile, self.cell_slot, self.tile_cells = _numbering(len(self.pattern), len(spots))
        cut = _cut(self.pattern)
        size, inner, across = len(self.pattern), cut.inner, cut.across
        adjacent: list[tuple[int, ...]] = []
        tile_adjacent: list[tuple[int, ...]] = []
        for t, (q, r) in enumerate(spots):
            base = t * size
            starts = [tile_at.get((q + dq, r + dr), -1) * size for dq, dr in DIRECTIONS]
            tile_adjacent.append(tuple(sorted(s // size for s in starts if s >= 0)))
            for k in range(size):
                ids = [base + j for j in inner[k]]
                ids += [starts[d] + j for d, j in across[k] if starts[d] >= 0]
                ids.sort()
                adjacent.append(tuple(ids))
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(adjacent)
        self.tile_adjacent: tuple[tuple[int, ...], ...] = tuple(tile_adjacent)
        self._hexes: tuple | None = None

    def _laid_hexes(self) -> tuple:
        """(tile_hexes, cell_hexes, hex_cell), laid out on first use: only drawing needs them."""
        if self._hexes is None:
            tile_hexes = tuple(flower(spot) for spot in self.spots)
            cell_hexes = tuple(tuple(hexes[i] for i in indexes)
                               for hexes in tile_hexes for indexes in self.pattern)
            hex_cell = {h: c for c, hexes in enumerate(cell_hexes) for h in hexes}
            self._hexes = (tile_hexes, cell_hexes, hex_cell)
        return self._hexes

    @property
    def tile_hexes(self) -> tuple[tuple[Hex, ...], ...]:
        """Each tile's seven hexes: centre, then the six around it."""
        return self._laid_hexes()[0]

    @property
    def cell_hexes(self) -> tuple[tuple[Hex, ...], ...]:
        """Each cell's hexes, in the order of the cell pattern."""
        return self._laid_hexes()[1]

    @property
    def hex_cell(self) -> dict[Hex, int]:
        """The cell each hex belongs to (a hex that is no cell is absent)."""
        return self._laid_hexes()[2]

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
