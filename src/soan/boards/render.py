"""Pictures of the world: a text map for an 80-column terminal and an SVG.

Both take the world, the terrain of every cell, and the pieces on every cell
as `Mark`s, so Populous and Quo Vadis draw their own pieces the same way.

The text map gives every hex three characters on a 6-column pitch, two lines
per hex row: the upper line carries the tile numbers (on the centre hexes),
the lower line the terrain letter and the piece, e.g. ``M1w`` is seat 1's
worker on a mountain. A centre hex that is a cell is bracketed, ``[M1w]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from soan.boards import terrain as T
from soan.boards.hexgrid import DIRECTIONS, Hex
from soan.boards.world import World

SEAT_COLOURS = ("#c2185b", "#1a3d8f", "#e07b00", "#6a1b9a", "#00796b")
NEUTRAL_COLOUR = "#222222"


@dataclass(frozen=True, slots=True)
class Mark:
    """One piece on a cell: its two-character text code, its shape and its seat."""

    code: str  # "1w", "2H", "V."
    shape: str  # "worker", "house" or "vandal"
    seat: int | None = None  # None: neutral


def _code(marks: Sequence[Mark]) -> str:
    if not marks:
        return ".."
    code = marks[0].code
    return code[0] + "+" if len(marks) > 1 else code


def text_map(world: World, terrain: Sequence[int], pieces: Sequence[Sequence[Mark]]) -> str:
    """The world as text, at most 80 columns wide for up to 15 tiles."""
    upper: dict[Hex, str] = {}
    lower: dict[Hex, str] = {}
    for t, hexes in enumerate(world.tile_hexes):
        a, b = world.pairs[t]
        upper[hexes[0]] = f"{a}-{b}"
        lower[hexes[0]] = "   "
    for c, hexes in enumerate(world.cell_hexes):
        letter = T.LETTERS[terrain[c]]
        lower[hexes[0]] = letter + _code(pieces[c])
        for h in hexes[1:]:
            lower[h] = letter + "  "
    centres = {hexes[0] for hexes in world.tile_hexes}
    xs = [2 * q + r for q, r in lower]
    rs = [r for _, r in lower]
    x0 = min(xs)
    width = (max(xs) - x0) * 3 + 5
    lines = []
    for row in range(min(rs), max(rs) + 1):
        for source in (upper, lower):
            line = [" "] * width
            for (q, r), text in source.items():
                if r == row:
                    col = (2 * q + r - x0) * 3 + 1
                    line[col:col + 3] = text
                    if source is lower and (q, r) in centres and text.strip():
                        line[col - 1], line[col + 3] = "[", "]"
            lines.append("".join(line).rstrip())
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


_R = 22.0  # hex radius in SVG units
_SQ3 = math.sqrt(3.0)
# The screen angle of each of DIRECTIONS, for finding the edge two hexes share.
_ANGLES = (0.0, -60.0, -120.0, 180.0, 120.0, 60.0)


def _centre(h: Hex) -> tuple[float, float]:
    q, r = h
    return _R * _SQ3 * (q + r / 2), _R * 1.5 * r


def _corner(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return x + _R * math.cos(a), y + _R * math.sin(a)


def _points(corners: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _piece_svg(mark: Mark, x: float, y: float) -> str:
    colour = NEUTRAL_COLOUR if mark.seat is None else SEAT_COLOURS[mark.seat % len(SEAT_COLOURS)]
    label = "V" if mark.seat is None else str(mark.seat + 1)
    if mark.shape == "house":
        body = _points([(x - 8, y + 7), (x + 8, y + 7), (x + 8, y - 2), (x, y - 9), (x - 8, y - 2)])
        shape = f'<polygon points="{body}" fill="{colour}" stroke="#000" stroke-width="1"/>'
    elif mark.shape == "vandal":
        body = _points([(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)])
        shape = f'<polygon points="{body}" fill="{colour}" stroke="#fff" stroke-width="1"/>'
    else:
        shape = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{colour}" '
                 'stroke="#000" stroke-width="1"/>')
    text = (f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" '
            f'fill="#fff" font-family="sans-serif">{label}</text>')
    return shape + text


def svg_map(
    world: World, terrain: Sequence[int], pieces: Sequence[Sequence[Mark]], title: str = ""
) -> str:
    """The world as a standalone SVG document: terrain colours, tile borders and
    numbers, and the pieces in seat colours (neutral pieces dark)."""
    tile_of_hex = {h: t for t, hexes in enumerate(world.tile_hexes) for h in hexes}
    centres = {h: _centre(h) for h in tile_of_hex}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    pad = _R + 6
    top = 24.0 if title else 0.0
    left, upper = min(xs) - pad, min(ys) - pad - top
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + top
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{left:.1f} {upper:.1f} {width:.1f} {height:.1f}">',
        f'<rect x="{left:.1f}" y="{upper:.1f}" width="{width:.1f}" height="{height:.1f}" '
        'fill="#f4f1ea"/>',
    ]
    if title:
        out.append(f'<text x="{left + 8:.1f}" y="{upper + 17:.1f}" font-size="14" '
                   f'font-family="sans-serif">{escape(title)}</text>')
    for h, (x, y) in centres.items():
        cell = world.hex_cell.get(h)
        fill = "#fdfaf0" if cell is None else T.COLOURS[terrain[cell]]
        corners = [_corner(x, y, 60 * k - 30) for k in range(6)]
        out.append(f'<polygon points="{_points(corners)}" fill="{fill}" '
                   'stroke="#777" stroke-width="0.6"/>')
    inner = 1.6 if len(world.pattern[0]) > 1 else 0.6  # cells of two hexes get a visible edge
    for h, (x, y) in centres.items():
        for (dq, dr), angle in zip(DIRECTIONS, _ANGLES, strict=True):
            n = (h[0] + dq, h[1] + dr)
            if tile_of_hex.get(n) != tile_of_hex[h]:
                width_px = 3.0
            elif world.hex_cell.get(n) != world.hex_cell.get(h):
                width_px = inner
            else:
                continue
            (x1, y1), (x2, y2) = _corner(x, y, angle - 30), _corner(x, y, angle + 30)
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="#222" stroke-width="{width_px}" stroke-linecap="round"/>')
    for t, hexes in enumerate(world.tile_hexes):
        x, y = centres[hexes[0]]
        a, b = world.pairs[t]
        occupied = world.hex_cell.get(hexes[0]) is not None and pieces[world.hex_cell[hexes[0]]]
        ty = y - 11 if occupied else y + 4
        out.append(f'<text x="{x:.1f}" y="{ty:.1f}" font-size="11" font-weight="bold" '
                   f'text-anchor="middle" font-family="sans-serif">{a}-{b}</text>')
    for c, marks in enumerate(pieces):
        if not marks:
            continue
        x, y = centres[world.cell_hexes[c][0]]
        if len(world.cell_hexes[c]) > 1:
            x2, y2 = centres[world.cell_hexes[c][1]]
            x, y = (x + x2) / 2, (y + y2) / 2
        step = 15.0
        x -= step * (len(marks) - 1) / 2
        for i, mark in enumerate(marks):
            out.append(_piece_svg(mark, x + i * step, y + (3 if _is_centre(world, c) else 0)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _is_centre(world: World, c: int) -> bool:
    """Whether cell `c` is a tile's centre hex (its number is drawn above the piece)."""
    return world.cell_hexes[c][0] == world.tile_hexes[world.cell_tile[c]][0]
