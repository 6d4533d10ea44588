"""Every message a seat receives is built here, by one function from one seat's view.

A message carries the public facts of the table (game, seats, how many moves
were made), `state.view(seat)`, the legal choices when it is that seat's turn
(each marked `no_effect` when it is legal but changes nothing now),
whether it may undo, and at the end the scores, breakdown and the seed. Nothing
else of the state reaches a client: the tests re-deal the other seats' hidden
parts and check every message stays the same.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from soan.engine.core import State
from soan.engine.glossary import content_names
from soan.web.board import layout
from soan.web.table import Table


def seat_message(
    table: Table, seat: int | None, state: State | None = None, undo: bool | None = None
) -> dict[str, Any]:
    """What `seat` (None: a spectator) may know of `table` now. `state` and `undo`
    default to the table's own; the tests pass re-dealt states."""
    state = table.state if state is None else state
    message: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "game": table.game.id,
        "title": table.game.title,
        "variant": table.setup.variant,
        "ply": table.ply,
        "seat": seat,
        "seats": [
            {"seat": s, "kind": entry.kind, "bot": entry.spec if entry.kind == "bot" else None,
             "replaced": entry.replaced}
            for s, entry in enumerate(table.seats)
        ],
        **position(state, seat),
        "undo": table.can_undo(seat) if undo is None else undo,
        "next": None,
    }
    if state.over:
        message["result"]["seed"] = table.setup.seed
        if table.next_id is not None:
            token = table.next_tokens[seat] if seat is not None and table.next_tokens else None
            message["next"] = {"table": table.next_id, "token": token}
    return message


def position(state: State, seat: int | None) -> dict[str, Any]:
    """The seat's view of a position, its choices if it is to move, the world's shapes,
    and the result once the game is over (for tables and replays alike)."""
    view = state.view(seat)
    mine = seat is not None and state.to_move == seat
    board = layout(view)
    label = state.game.presenter.label
    return {
        "to_move": state.to_move,
        "your_turn": mine,
        "view": view,
        "choices": [{"action": list(a), "label": label(state, a),
                     "no_effect": state.no_effect(a)} for a in state.legal()]
        if mine else [],
        "over": state.over,
        "result": {
            "scores": state.scores(), "breakdown": state.breakdown(),
            "winners": state.winners(), "unfinished": state.unfinished,
        } if state.over else None,
        "board": board,
        "board_key": _key(board),
    }


def error_message(text: str, status: int) -> dict[str, Any]:
    """A refusal of the seat's own request (never built from anyone's hidden parts)."""
    return {"type": "error", "status": status, "message": text}


def _key(board: dict[str, Any] | None) -> str | None:
    if board is None:
        return None
    return hashlib.sha256(json.dumps(board["cells"][:3] + board["tiles"]).encode()).hexdigest()[:12]


def glossary(content: Any) -> dict[str, str]:
    """English name -> the name as written in the content file, for every entry that
    has both (cards, races, income cards): the page shows names as written."""
    out: dict[str, str] = {}
    for written, english in content_names(content).items():
        if english:
            out.setdefault(english, written)
    return out
