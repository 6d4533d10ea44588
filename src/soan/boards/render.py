"""Pictures of the world: a text map for an 80-column terminal and an SVG.

Both take the world, the terrain of every cell, and the pieces on every cell
as `Mark`s, so Populous and Quo Vadis draw their own pieces the same way.

The text map gives every hex three characters on a 6-column pitch, two lines
per hex row (`text_grid`): the upper line carries the tile numbers (on the
centre hexes), the lower line the terrain letter and the piece, e.g. ``M1w``
is seat 1's worker on a mountain. A centre hex that is a cell is bracketed,
``[M1w]``. A game that shows more per cell fills the grid itself.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from soan.boards import terrain as T
from soan.boards.hexgrid import DIRECTIONS, Hex
from soan.boards.world import World

SEAT_COLOURS = ("#c2185b", "#1a3d8f", "#e07b00", "#6a1b9a", "#00796b")
NEUTRAL_COLOUR = "#222222"


@dataclass(frozen=True, slots=True)
class Mark:
    """One piece on a cell: its two-character text code, its shape, its seat, and how
    many of it stand there (cubes show the number, others a small "x2")."""

    code: str  # "1w", "2H", "V."
    shape: str  # "worker", "house", "vandal", "city", "ruin", "fort", "temple", "cubes"
    seat: int | None = None  # None: neutral
    count: int = 1


def _code(marks: Sequence[Mark]) -> str:
    if not marks:
        return ".."
    code = marks[0].code
    return code[0] + "+" if len(marks) > 1 else code


def text_map(world: World, terrain: Sequence[int], pieces: Sequence[Sequence[Mark]]) -> str:
    """The world as text, at most 80 columns wide for up to 15 tiles."""
    slots: dict[Hex, tuple[str, str]] = {}
    for t, hexes in enumerate(world.tile_hexes):
        a, b = world.pairs[t]
        slots[hexes[0]] = (f"{a}-{b}", "   ")
    for c, hexes in enumerate(world.cell_hexes):
        letter = T.LETTERS[terrain[c]]
        upper = slots.get(hexes[0], ("   ", ""))[0]
        slots[hexes[0]] = (upper, letter + _code(pieces[c]))
        for h in hexes[1:]:
            slots[h] = ("   ", letter + "  ")
    framed = {(hexes[0], 1) for hexes in world.tile_hexes if slots[hexes[0]][1].strip()}
    return text_grid(slots, framed)


def text_grid(
    slots: Mapping[Hex, tuple[str, str]],
    framed: Collection[tuple[Hex, int]] = (),
    paint: Mapping[Hex, str] | None = None,
) -> str:
    """Hexes as text: each hex's (upper, lower) 3-character texts on a 6-column pitch,
    two lines per hex row. `framed` brackets a hex's line (0 upper, 1 lower) with
    [ ]; `paint` gives a hex an ANSI colour code (e.g. "42", a green background)."""
    paint = paint or {}
    xs = [2 * q + r for q, r in slots]
    rs = [r for _, r in slots]
    x0 = min(xs)
    width = (max(xs) - x0) * 3 + 5
    lines = []
    for row in range(min(rs), max(rs) + 1):
        for part in (0, 1):
            chars = [" "] * width
            styles = [""] * width
            for (q, r), texts in slots.items():
                if r != row:
                    continue
                col = (2 * q + r - x0) * 3 + 1
                chars[col:col + 3] = texts[part]
                if (q, r) in paint:
                    styles[col:col + 3] = [paint[(q, r)]] * 3
                if ((q, r), part) in framed:
                    chars[col - 1], chars[col + 3] = "[", "]"
            lines.append(_styled(chars, styles).rstrip())
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def _styled(chars: list[str], styles: list[str]) -> str:
    """Characters with ANSI colours where a style is given (reset after each run)."""
    out, current = [], ""
    for ch, style in zip(chars, styles, strict=True):
        if style != current:
            out.append("\x1b[0m" if not style else f"\x1b[{style};30m")
            current = style
        out.append(ch)
    if current:
        out.append("\x1b[0m")
    return "".join(out)


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


_SHAPES = {  # outline of each building shape around (0, 0)
    "house": [(-8, 7), (8, 7), (8, -2), (0, -9), (-8, -2)],
    "city": [(-8, 7), (8, 7), (8, -2), (0, -9), (-8, -2)],
    "ruin": [(-8, 7), (8, 7), (8, -2), (0, -9), (-8, -2)],
    "vandal": [(0, -8), (8, 0), (0, 8), (-8, 0)],
    "fort": [(-7, 7), (7, 7), (7, -7), (3, -7), (3, -4), (-3, -4), (-3, -7), (-7, -7)],
    "temple": [(-8, 7), (8, 7), (0, -9)],
}


def _piece_svg(mark: Mark, x: float, y: float) -> str:
    colour = NEUTRAL_COLOUR if mark.seat is None else SEAT_COLOURS[mark.seat % len(SEAT_COLOURS)]
    label = "V" if mark.seat is None else str(mark.seat + 1)
    ink = "#fff"
    if mark.shape == "cubes":
        shape = (f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="#eee" '
                 'stroke="#000" stroke-width="1"/>')
        label, ink = str(mark.count), "#000"
    elif mark.shape in _SHAPES:
        body = _points([(x + dx, y + dy) for dx, dy in _SHAPES[mark.shape]])
        if mark.shape == "ruin":  # a destroyed city lies face down: an outline only
            shape = (f'<polygon points="{body}" fill="#fff" stroke="{colour}" stroke-width="2" '
                     'stroke-dasharray="3,2"/>')
            ink = colour
        else:
            edge = "#fff" if mark.shape == "vandal" else "#000"
            shape = f'<polygon points="{body}" fill="{colour}" stroke="{edge}" stroke-width="1"/>'
    else:
        shape = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{colour}" '
                 'stroke="#000" stroke-width="1"/>')
    text = (f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" '
            f'fill="{ink}" font-family="sans-serif">{label}</text>')
    if mark.count > 1 and mark.shape != "cubes":
        text += (f'<text x="{x + 8:.1f}" y="{y - 5:.1f}" font-size="8" '
                 f'font-family="sans-serif">x{mark.count}</text>')
    return shape + text


def svg_map(
    world: World,
    terrain: Sequence[int],
    pieces: Sequence[Sequence[Mark]],
    title: str = "",
    *,
    rings: Mapping[int, int] | None = None,
    outline: int | None = None,
    cell_numbers: bool = False,
) -> str:
    """The world as a standalone SVG document: terrain colours, tile borders and
    numbers, and the pieces in seat colours (neutral pieces dark). Optionally a
    terrain ring round the centre of tiles (`rings`: tile -> terrain), one tile
    outlined in red (`outline`), and each cell's number."""
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
    if outline is not None:
        out += _outline(world, centres, tile_of_hex, outline)
    for t, ring in (rings or {}).items():
        x, y = centres[world.tile_hexes[t][0]]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_R * 0.75:.1f}" fill="none" '
                   f'stroke="{T.COLOURS[ring]}" stroke-width="5"/>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_R * 0.75 + 3:.1f}" fill="none" '
                   'stroke="#222" stroke-width="0.8"/>')
    for t, hexes in enumerate(world.tile_hexes):
        x, y = centres[hexes[0]]
        a, b = world.pairs[t]
        occupied = world.hex_cell.get(hexes[0]) is not None and pieces[world.hex_cell[hexes[0]]]
        ty = y - 11 if occupied else y + 4
        out.append(f'<text x="{x:.1f}" y="{ty:.1f}" font-size="11" font-weight="bold" '
                   f'text-anchor="middle" font-family="sans-serif">{a}-{b}</text>')
    for c, marks in enumerate(pieces):
        x, y = _cell_centre(world, centres, c)
        if cell_numbers:
            tx, ty = centres[world.tile_hexes[world.cell_tile[c]][0]]
            dx, dy = x - tx, y - ty
            norm = math.hypot(dx, dy) or 1.0
            nx, ny = x + dx / norm * 17, y + dy / norm * 17
            out.append(f'<text x="{nx:.1f}" y="{ny + 3:.1f}" font-size="8" fill="#333" '
                       f'text-anchor="middle" font-family="sans-serif">{c}</text>')
        if not marks:
            continue
        step = 15.0
        rows = [marks[i:i + 3] for i in range(0, len(marks), 3)]
        y -= 7.0 * (len(rows) - 1)
        for k, row in enumerate(rows):
            left_x = x - step * (len(row) - 1) / 2
            for i, mark in enumerate(row):
                out.append(_piece_svg(mark, left_x + i * step,
                                      y + 14 * k + (3 if _is_centre(world, c) else 0)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cell_centre(world: World, centres: Mapping[Hex, tuple[float, float]], c: int):
    """Where a cell's pieces are drawn: its hex, or the middle of its two hexes."""
    x, y = centres[world.cell_hexes[c][0]]
    if len(world.cell_hexes[c]) > 1:
        x2, y2 = centres[world.cell_hexes[c][1]]
        x, y = (x + x2) / 2, (y + y2) / 2
    return x, y


def _outline(world: World, centres, tile_of_hex, t: int) -> list[str]:
    """Red lines round tile `t` (the creation area)."""
    out = []
    for h in world.tile_hexes[t]:
        x, y = centres[h]
        for (dq, dr), angle in zip(DIRECTIONS, _ANGLES, strict=True):
            if tile_of_hex.get((h[0] + dq, h[1] + dr)) != t:
                (x1, y1), (x2, y2) = _corner(x, y, angle - 30), _corner(x, y, angle + 30)
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                           'stroke="#d62728" stroke-width="4" stroke-linecap="round"/>')
    return out


def _is_centre(world: World, c: int) -> bool:
    """Whether cell `c` is a tile's centre hex (its number is drawn above the piece)."""
    return world.cell_hexes[c][0] == world.tile_hexes[world.cell_tile[c]][0]
