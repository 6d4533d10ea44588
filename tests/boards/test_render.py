"""The world's pictures: an 80-column text map and an SVG."""

import xml.etree.ElementTree as ET

import pytest

from soan.boards import terrain as T
from soan.boards.render import Mark, svg_map, text_map
from soan.boards.world import populous_world, quovadis_world
from soan.engine.rng import Rng


def _pieces(world, every=4):
    return [[Mark(f"{c % 5 + 1}w", "worker", c % 5)] if c % every == 0 else []
            for c in range(world.cells)]


@pytest.mark.parametrize("make", [populous_world, quovadis_world])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_text_map_fits_80_columns_and_names_every_tile(make, players):
    for seed in range(15):
        world = make(players, Rng(seed))
        text = text_map(world, [c % 6 for c in range(world.cells)], _pieces(world))
        assert max(len(line) for line in text.splitlines()) <= 80
        for a, b in world.pairs:
            assert f"{a}-{b}" in text


def test_text_map_shows_terrain_letters_and_pieces():
    world = populous_world(3, Rng(2))
    terrain = [T.MOUNTAIN] * world.cells
    pieces = [[] for _ in range(world.cells)]
    pieces[world.tile_cells[0][1]] = [Mark("2H", "house", 1)]
    text = text_map(world, terrain, pieces)
    assert "M2H" in text and "M.." in text and "[M..]" in text


def test_svg_is_wellformed_with_terrain_colours_and_seat_colours():
    # 000 「平地(緑)」「山岳(灰)」「砂漠(黄)」「氷雪(白)」「海(青)」「焦熱(赤)」
    world = populous_world(5, Rng(3))
    terrain = [c % 6 for c in range(world.cells)]
    pieces = _pieces(world)
    pieces[1] = [Mark("V.", "vandal")]
    pieces[2] = [Mark("1H", "house", 0)]
    svg = svg_map(world, terrain, pieces, title="a <world>")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for colour in T.COLOURS:
        assert colour in svg
    assert "a &lt;world&gt;" in svg
    for a, b in world.pairs:
        assert f">{a}-{b}<" in svg
