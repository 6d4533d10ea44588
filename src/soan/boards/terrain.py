"""The terrains of the hex-flower world, with the names and colours the drafts give.

Populous has six terrains; Quo Vadis drops scorched and calls snow 凍土
(frozen ground). The colour is the one the drafts print in brackets.
"""

from __future__ import annotations

PLAINS, MOUNTAIN, DESERT, SNOW, SEA, SCORCHED = range(6)

KEYS = ("plains", "mountain", "desert", "snow", "sea", "scorched")
JAPANESE = ("平地", "山岳", "砂漠", "氷雪", "海", "焦熱")
LETTERS = ("P", "M", "D", "S", "W", "F")  # W for water, F for fire
COLOURS = ("#8cc56b", "#a3a3a3", "#ecd373", "#ffffff", "#5b9bd5", "#e0604f")
CODES = {key: i for i, key in enumerate(KEYS)}

LEGEND = "P plains  M mountain  D desert  S snow  W sea  F scorched"
