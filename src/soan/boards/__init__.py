"""Shared board geometry: the hex-flower world of Populous and Quo Vadis.

`hexgrid` is plain hex arithmetic; `world` lays tiles and cuts them into cells
with precomputed adjacency; `terrain` names the terrains and their colours;
`render` draws a world as an 80-column text map or an SVG.
"""

from soan.boards.render import Mark, svg_map, text_map
from soan.boards.world import (
    PAIRED_CELLS,
    PAIRS,
    SINGLE_CELLS,
    World,
    populous_world,
    quovadis_world,
)

__all__ = [
    "PAIRED_CELLS", "PAIRS", "SINGLE_CELLS", "Mark", "World", "populous_world", "quovadis_world",
    "svg_map", "text_map",
]
