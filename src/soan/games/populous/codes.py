"""The small integer codes the Populous rules use: pieces, phases and actions.

Pieces on the map are one int per cell: ``seat << 1`` a worker,
``seat << 1 | 1`` a house, `VANDAL` a vandal, `EMPTY` nothing.
"""

from __future__ import annotations

EMPTY = -1
NEUTRAL = 5  # the vandals' owner number: no seat
VANDAL = NEUTRAL << 1

(RACE, KEEP, AREA, ACTION, REMOVE, PLACE, DRAW, BUILD, PUT_VANDAL, GRACE, DISCARD, BID,
 RETURN, OVER) = range(14)
PHASE_NAMES = (
    "race choice", "grace setup", "area selection", "action", "disaster", "worker placement",
    "revelation", "prosperity", "vandal", "grace", "grace discard", "war bidding",
    "war losses", "over",
)

BLESSING, REVELATION, PROSPERITY, DISASTER, LABOUR = range(1, 6)
ACTION_NAMES = ("", "Blessing", "Revelation", "Prosperity", "Disaster", "Labour")
