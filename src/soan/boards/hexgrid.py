"""Hexes in axial coordinates, and the lattice of 7-hex flowers that tiles the plane.

A hex is ``(q, r)`` (pointy-top; r grows downwards). A flower is a centre hex
and its six neighbours. Flowers tile the plane edge to edge when their centres
sit on the lattice spanned by ``(2, 1)`` and ``(-1, 3)``; a flower's place on
that lattice is itself an axial pair, so "the six flowers around a flower" are
found exactly as "the six hexes around a hex".
"""

from __future__ import annotations

Hex = tuple[int, int]

# East, north-east, north-west, west, south-west, south-east: the order of a
# flower's outer hexes and of a ring's sides.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(radius: int) -> tuple[Hex, ...]:
    """The hexes at exactly `radius` steps from the origin, going round once."""
    if radius == 0:
        return ((0, 0),)
    q, r = DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius
    out = []
    for dq, dr in DIRECTIONS:
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return tuple(out)


def flower_centre(spot: Hex) -> Hex:
    """The centre hex of the flower at lattice place `spot`."""
    a, b = spot
    return (2 * a - b, a + 3 * b)


def flower(spot: Hex) -> tuple[Hex, ...]:
    """The seven hexes of the flower at `spot`: its centre, then the six around it."""
    centre = flower_centre(spot)
    return (centre, *neighbours(centre))
