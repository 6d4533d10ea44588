"""The small integer codes the Populous rules use: pieces, phases and actions.

Pieces on the map are one int per cell: ``seat << 1`` a worker,
``seat << 1 | 1`` a house, `VANDAL` a vandal, `EMPTY` nothing.
"""

from __future__ import annotations

from soan.engine.core import Action

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

# Actions made once, never per legal list; a number is a cell or a card kind.
MAX_ID = 128  # more than the cells of 15 tiles and the card kinds a content file may hold
PLACE_ACTIONS = tuple(("place", i) for i in range(MAX_ID))
REMOVE_ACTIONS = tuple(("remove", i) for i in range(MAX_ID))
BUILD_ACTIONS = tuple(("build", i) for i in range(MAX_ID))
VANDAL_ACTIONS = tuple(("vandal", i) for i in range(MAX_ID))
RETURN_ACTIONS = tuple(("return", i) for i in range(MAX_ID))
RACE_ACTIONS = tuple(("race", i) for i in range(MAX_ID))
KEEP_ACTIONS = tuple(("keep", i) for i in range(MAX_ID))
GRACE_ACTIONS = tuple(("grace", i) for i in range(MAX_ID))
DISCARD_ACTIONS = tuple(("discard", i) for i in range(MAX_ID))
DONE: Action = ("done",)
DRAW_MORE: Action = ("draw",)
BID_ONE: Action = ("bid",)
PASS: Action = ("pass",)


def place_actions(cells: list[int]) -> tuple[Action, ...]:
    """The placement phase's legal actions: a worker on each of `cells`, or no more."""
    actions = [PLACE_ACTIONS[c] for c in cells]
    actions.append(DONE)
    return tuple(actions)


def grace_actions(kinds: list[int]) -> tuple[Action, ...]:
    """The grace phase's legal actions: a card of each of `kinds`, or none."""
    actions = [GRACE_ACTIONS[k] for k in kinds]
    actions.append(DONE)
    return tuple(actions)
