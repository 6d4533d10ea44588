"""The hex-flower world: layouts of 000_46f0bc69916fd492.txt (Populous) and
003_b75d8708900d9d94.txt (Quo Vadis), cells and adjacency."""

from collections import deque

import pytest

from soan.boards.hexgrid import distance, flower, neighbours, ring
from soan.boards.world import (
    DOUBLES,
    PAIRED_CELLS,
    PAIRS,
    SINGLE_CELLS,
    World,
    populous_spots,
    populous_world,
    quovadis_world,
)
from soan.engine.rng import Rng

WORLDS = [(make, players, seed) for make in (populous_world, quovadis_world)
          for players in (3, 4, 5) for seed in range(25)]


def _connected(world: World) -> bool:
    seen, todo = {0}, deque([0])
    while todo:
        c = todo.popleft()
        for n in world.adjacent[c]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == world.cells


def test_fifteen_tiles_one_per_pair():
    # 000 「1〜5の2つの数字によってエリア番号が付けられています」 (ruling P1: 15 tiles, a<=b)
    assert len(PAIRS) == 15 and len(set(PAIRS)) == 15
    assert all(1 <= a <= b <= 5 for a, b in PAIRS)
    assert DOUBLES == ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5))


def test_flowers_tile_the_plane_edge_to_edge():
    # Flowers on neighbouring lattice spots share edges and never overlap.
    spots = [*ring(0), *ring(1), *ring(2)]
    hexes = [h for spot in spots for h in flower(spot)]
    assert len(hexes) == len(set(hexes)) == 7 * 19
    centre = set(flower((0, 0)))
    for spot in ring(1):
        other = set(flower(spot))
        assert any(n in other for h in centre for n in neighbours(h))


@pytest.mark.parametrize(("players", "tiles"), [(3, 9), (4, 12), (5, 15)])
def test_populous_tile_counts(players, tiles):
    # 000 「ここまでで9枚配置…4人プレイであれば3枚、5人プレイであれば6枚を、追加で」
    for seed in range(20):
        world = populous_world(players, Rng(seed))
        assert len(world.pairs) == tiles and len(set(world.pairs)) == tiles
        assert world.cells == 7 * tiles


@pytest.mark.parametrize(("players", "tiles", "doubles"), [(3, 10, 0), (4, 12, 2), (5, 14, 4)])
def test_quovadis_tile_counts(players, tiles, doubles):
    # 003 「「1−1」…「5−5」の5枚を取り除きます…4人プレイであれば…2枚、5人プレイであれば4枚」
    for seed in range(20):
        world = quovadis_world(players, Rng(seed))
        assert len(world.pairs) == tiles
        assert sum(1 for a, b in world.pairs if a == b) == doubles
        assert world.cells == 3 * tiles


def test_populous_base_then_a_tile_and_its_diagonal_opposite():
    # 000 「まず1枚を中央に…その周囲に6枚…ベース最外周の適当な位置に1枚を配置し、その対角線上にもう1枚」
    for seed in range(30):
        spots = populous_spots(3, Rng(seed))
        assert spots[:7] == [*ring(0), *ring(1)]
        first, second = spots[7], spots[8]
        assert distance(first, (0, 0)) == 2 and second == (-first[0], -first[1])


@pytest.mark.parametrize("players", [4, 5])
def test_populous_extra_tiles_touch_the_base(players):
    # 000 「配置する際は必ずベース最外周に隣接させてください」
    for seed in range(30):
        for spot in populous_spots(players, Rng(seed))[9:]:
            assert any(distance(spot, base) == 1 for base in ring(1))


@pytest.mark.parametrize(("make", "players", "seed"), WORLDS)
def test_every_world_is_connected_without_overlaps(make, players, seed):
    world = make(players, Rng(seed))
    hexes = [h for tile in world.tile_hexes for h in tile]
    assert len(hexes) == len(set(hexes))
    assert _connected(world)
    for t, near in enumerate(world.tile_adjacent):
        assert all(t in world.tile_adjacent[u] for u in near)


@pytest.mark.parametrize(("make", "players", "seed"), WORLDS[::7])
def test_adjacency_is_symmetric_and_means_sharing_an_edge(make, players, seed):
    world = make(players, Rng(seed))
    for c in range(world.cells):
        assert c not in world.adjacent[c]
        for n in world.adjacent[c]:
            assert c in world.adjacent[n]
            assert any(distance(h, g) == 1 for h in world.cell_hexes[c] for g in world.cell_hexes[n])


def test_populous_cells_are_single_hexes_and_a_tile_centre_touches_all_six():
    world = populous_world(3, Rng(4))
    assert world.pattern == SINGLE_CELLS
    for cells in world.tile_cells:
        centre = cells[0]
        assert set(cells[1:]) <= set(world.adjacent[centre])


def test_quovadis_tile_cells_are_mutually_adjacent_and_the_number_hex_is_no_cell():
    # 003 「3マスから構成され、中央部に1〜5の2つの数字」; ruling Q1
    world = quovadis_world(5, Rng(9))
    assert world.pattern == PAIRED_CELLS
    for t, cells in enumerate(world.tile_cells):
        assert len(cells) == 3
        for c in cells:
            assert len(world.cell_hexes[c]) == 2
            assert set(cells) - {c} <= set(world.adjacent[c])
        assert world.tile_hexes[t][0] not in world.hex_cell


@pytest.mark.parametrize("make", [populous_world, quovadis_world])
def test_same_seed_same_world_other_seed_other_world(make):
    # Ruling G3: 「適当な位置」 comes from the game's own seeded generator.
    a, b = make(4, Rng(77)), make(4, Rng(77))
    assert (a.pairs, a.spots) == (b.pairs, b.spots)
    worlds = {tuple(zip(make(4, Rng(s)).pairs, make(4, Rng(s)).spots, strict=True)) for s in range(10)}
    assert len(worlds) > 1


def test_cell_names_read_tile_and_slot():
    world = populous_world(3, Rng(1))
    a, b = world.pairs[2]
    assert world.cell_name(world.tile_cells[2][3]) == f"{a}-{b}.3"


def _touching_by_hexes(world: World) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Cell and tile adjacency worked out from the hexes themselves, the slow way."""
    tile_of_hex = {h: t for t, hexes in enumerate(world.tile_hexes) for h in hexes}
    cells = tuple(
        tuple(sorted({world.hex_cell[n] for h in hexes for n in neighbours(h)
                      if n in world.hex_cell} - {c}))
        for c, hexes in enumerate(world.cell_hexes))
    tiles = tuple(
        tuple(sorted({tile_of_hex[n] for h in hexes for n in neighbours(h)
                      if n in tile_of_hex} - {t}))
        for t, hexes in enumerate(world.tile_hexes))
    return cells, tiles


@pytest.mark.parametrize("pattern", [SINGLE_CELLS, PAIRED_CELLS])
def test_adjacency_is_exactly_the_shared_edges_wherever_tiles_lie(pattern):
    # Adjacency is assembled from one tile's slots (worked out once per pattern); on
    # any spots of the lattice, even far out and scattered, it must be exactly the
    # cells whose hexes share an edge, in id order.
    spots = [h for radius in range(5) for h in ring(radius)]
    for seed in range(60):
        rng = Rng(seed)
        rng.shuffle(spots)
        count = 1 + rng.below(len(PAIRS))
        pairs = list(PAIRS)
        rng.shuffle(pairs)
        world = World(list(zip(pairs[:count], spots[:count], strict=True)), pattern)
        for t, spot in enumerate(world.spots):
            assert world.tile_hexes[t] == flower(spot)
            for k, indexes in enumerate(pattern):
                assert world.cell_hexes[world.tile_cells[t][k]] == tuple(
                    flower(spot)[i] for i in indexes)
        assert (world.adjacent, world.tile_adjacent) == _touching_by_hexes(world)


def test_two_tiles_on_one_spot_are_refused():
    with pytest.raises(ValueError, match="two tiles on one spot"):
        World([((1, 2), (0, 0)), ((1, 3), (0, 0))], SINGLE_CELLS)
