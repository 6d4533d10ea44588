"""The geometry of a hex-flower world for the browser, from `soan.boards`.

A map game's view carries its world as tiles (number pair, lattice spot, cell
ids) and cells (terrain, piece). The page draws it as SVG from the shapes made
here: one polygon per hex of each cell, the tiles' outlines (for the area being
played) and where each tile's numbers go. The geometry lives only in
`soan.boards`; the page adds the colours and pieces of the moment.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from soan.boards import terrain
from soan.boards.hexgrid import DIRECTIONS
from soan.boards.render import _ANGLES, _R, NEUTRAL_COLOUR, SEAT_COLOURS, _centre, _corner
from soan.boards.world import PAIRED_CELLS, SINGLE_CELLS, World

PATTERNS = {len(SINGLE_CELLS): SINGLE_CELLS, len(PAIRED_CELLS): PAIRED_CELLS}


def layout(view: dict[str, Any]) -> dict[str, Any] | None:
    """The shapes of the view's world, or None for a game without one."""
    world = view.get("world")
    if not isinstance(world, dict) or not isinstance(world.get("tiles"), list):
        return None
    try:
        key = tuple((tuple(t["pair"]), tuple(t["spot"]), len(t["cells"])) for t in world["tiles"])
    except (KeyError, TypeError):
        return None
    return _layout(key)


def _points(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _edge(x: float, y: float, angle: float) -> str:
    (x1, y1), (x2, y2) = _corner(x, y, angle - 30), _corner(x, y, angle + 30)
    return f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}"


@lru_cache(maxsize=256)
def _layout(key: tuple) -> dict[str, Any] | None:
    sizes = {size for _, _, size in key}
    if len(sizes) != 1 or next(iter(sizes)) not in PATTERNS:
        return None
    world = World([(pair, spot) for pair, spot, _ in key], PATTERNS[sizes.pop()])
    tile_of_hex = {h: t for t, hexes in enumerate(world.tile_hexes) for h in hexes}
    centres = {h: _centre(h) for h in tile_of_hex}
    cells = []
    for c, hexes in enumerate(world.cell_hexes):
        spots = [centres[h] for h in hexes]
        x = sum(p[0] for p in spots) / len(spots)
        y = sum(p[1] for p in spots) / len(spots)
        cells.append({
            "id": c, "name": world.cell_name(c), "x": round(x, 1), "y": round(y, 1),
            "hexes": [_points([_corner(hx, hy, 60 * k - 30) for k in range(6)])
                      for hx, hy in spots],
            "centre": hexes[0] == world.tile_hexes[world.cell_tile[c]][0],
        })
    tiles, blank = [], []
    for t, hexes in enumerate(world.tile_hexes):
        outline = []
        for h in hexes:
            x, y = centres[h]
            for (dq, dr), angle in zip(DIRECTIONS, _ANGLES, strict=True):
                if tile_of_hex.get((h[0] + dq, h[1] + dr)) != t:
                    outline.append(_edge(x, y, angle))
            if h not in world.hex_cell:
                blank.append(_points([_corner(x, y, 60 * k - 30) for k in range(6)]))
        a, b = world.pairs[t]
        x, y = centres[hexes[0]]
        tiles.append({"label": f"{a}-{b}", "x": round(x, 1), "y": round(y, 1),
                      "outline": "".join(outline)})
    inner = []
    for h, (x, y) in centres.items():
        for (dq, dr), angle in zip(DIRECTIONS, _ANGLES, strict=True):
            n = (h[0] + dq, h[1] + dr)
            if tile_of_hex.get(n) == tile_of_hex[h] and world.hex_cell.get(n) != \
                    world.hex_cell.get(h) and h < n:
                inner.append(_edge(x, y, angle))
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    pad = _R + 4
    return {
        "viewbox": f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} "
                   f"{max(xs) - min(xs) + 2 * pad:.1f} {max(ys) - min(ys) + 2 * pad:.1f}",
        "cells": cells,
        "tiles": tiles,
        "blank": blank,
        "inner": "".join(inner),
        "terrain": {key: {"colour": colour, "ja": ja}
                    for key, colour, ja in zip(terrain.KEYS, terrain.COLOURS, terrain.JAPANESE,
                                               strict=True)},
        "seat_colours": list(SEAT_COLOURS),
        "neutral_colour": NEUTRAL_COLOUR,
    }
