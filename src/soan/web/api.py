"""The HTTP API: make tables, take a seat by its token, play, wait, undo, replay.

A program in any language can sit at a table with nothing but HTTP: it reads its
seat's message (`GET /api/seat`), waits for its turn (`GET /api/seat/wait`) and
posts one of the choices it was given (`POST /api/seat/action`). The seat is named
by its secret token, sent as `Authorization: Bearer <token>`. The browser pages
use the same calls. Every endpoint runs on the server's event loop, where tables
change, so no two requests interleave inside a move. The schema is served at
`/openapi.json`, readable at `/docs`.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from soan.bots import BOTS
from soan.engine.options import allowed
from soan.engine.registry import all_games
from soan.web.errors import Conflict, Unauthorized
from soan.web.manager import Manager
from soan.web.messages import glossary
from soan.web.replays import Replays
from soan.web.table import Table

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="The seat's secret token from its link.")

WAIT_LIMIT = 60.0


async def manager(request: Request) -> Manager:
    return request.app.state.manager


async def replays(request: Request) -> Replays:
    return request.app.state.replays


Tables = Annotated[Manager, Depends(manager)]


async def seat(
    tables: Tables,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> tuple[Table, int]:
    """The table and seat of the request's bearer token."""
    if credentials is None:
        raise Unauthorized("this call needs the seat's token: send the header "
                           "'Authorization: Bearer <token>' (the token is the last part of "
                           "the seat's private link)")
    return tables.seat(credentials.credentials)


Seat = Annotated[tuple[Table, int], Depends(seat)]


class NewTable(BaseModel):
    """A table to set up. The server draws the seed and keeps it secret until the end."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=40,
                      description="Game id, such as cityplan (see GET /api/games).")
    seats: list[Annotated[str, Field(max_length=100)]] = Field(
        min_length=1, max_length=8,
        description="One entry per seat: human (a private link), remote (a program over "
        "this API), or a bot: random, heuristic, ismcts:iters=500.")
    variant: str = Field("default", max_length=100,
                         description="A named variant of the game.")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Rule numbers to change: {\"hand_limit\": 7} or as typed, \"7\".")
    content: str | None = Field(None, description="An edited content file (TOML text); "
                                "leave out for the game's shipped content.")
    content_name: str = Field("content.toml", max_length=200,
                              description="The content file's name, for error messages.")
    fallback: str = Field("", max_length=100,
                          description="The bot that takes a remote seat silent on its "
                          "turn for `silence` seconds (empty: never replaced).")
    silence: float = Field(120.0, ge=0, le=30 * 24 * 3600,
                           description="Seconds a remote seat may be silent on its turn.")


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: list[StrictStr | StrictInt] = Field(
        description="One of the choices' `action`, as given.")
    ply: StrictInt | None = Field(None, description="The message's `ply` this choice answers; "
                            "a stale one is refused (409) instead of played.")


class NewReplay(BaseModel):
    model_config = ConfigDict(extra="forbid")

    record: str = Field(description="A record's JSON text (soan play --record, "
                        "soan simulate --records, or a finished table's record).")
    content: str | None = Field(None, description="The content file it was played with, "
                                "if not the shipped one (TOML text).")
    content_name: str = Field("content.toml", max_length=200)


def links(request: Request, table: Table) -> dict[str, Any]:
    """The private link of every human and remote seat and the public spectator link."""
    base = str(request.base_url).rstrip("/")
    return {
        "table": table.id,
        "watch": f"{base}/watch/{table.id}",
        "seats": [
            {"seat": s, "kind": entry.kind,
             "bot": entry.spec if entry.kind == "bot" else None,
             "token": entry.token if entry.kind != "bot" else None,
             "link": f"{base}/play/{entry.token}" if entry.kind != "bot" else None}
            for s, entry in enumerate(table.seats)
        ],
    }


def game_info(game) -> dict[str, Any]:
    defaults = game.Options()
    return {
        "id": game.id, "title": game.title, "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "variants": [{"name": name, "about": v.about, "overrides": _plain(v.overrides)}
                     for name, v in game.variants.items()],
        "options": [
            {"name": f.name, "default": _plain(getattr(defaults, f.name)), "allowed": allowed(f),
             "about": f.metadata.get("about", ""), "low": f.metadata.get("low"),
             "high": f.metadata.get("high"), "choices": list(f.metadata.get("choices", ()))}
            for f in dataclasses.fields(game.Options)
        ],
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return list(value) if isinstance(value, tuple) else value


@router.get("/games", tags=["tables"])
async def games() -> dict[str, Any]:
    """Every game with its seat range, variants (one-line descriptions) and rule numbers
    (default and allowed range), and the bots a table may seat."""
    return {"games": [game_info(g) for g in all_games()], "bots": list(BOTS)}


@router.get("/tables", tags=["tables"])
async def list_tables(tables: Tables) -> dict[str, Any]:
    """Tables on this server, games in progress first: what a spectator may know."""
    return {"tables": tables.summaries(100)}


@router.post("/tables", tags=["tables"], status_code=201)
async def create_table(body: NewTable, request: Request, tables: Tables) -> dict[str, Any]:
    """Set up a table. The answer holds one private link (and token) per human or remote
    seat and a spectator link: hand each link to its player only. One client address
    may make only so many tables a minute (429 says when to try again), and bots may
    think only so hard (`soan serve --max-iters --move-time`)."""
    client = request.client.host if request.client else "unknown"
    table = await tables.create(body.game, body.seats, body.variant, body.options, body.content,
                          body.content_name, body.fallback, body.silence, client)
    return links(request, table)


@router.get("/tables/{table_id}", tags=["tables"])
async def watch(table_id: str, tables: Tables) -> dict[str, Any]:
    """The table as a spectator sees it (`view(None)`)."""
    return tables.message(tables.table(table_id), None)


@router.get("/tables/{table_id}/glossary", tags=["tables"])
async def table_glossary(table_id: str, tables: Tables) -> dict[str, str]:
    """English name -> name as written in the table's content file."""
    return glossary(tables.table(table_id).setup.content)


@router.get("/tables/{table_id}/record", tags=["tables"])
async def record(table_id: str, tables: Tables) -> dict[str, Any]:
    """A finished table's record (with its seed), for `soan replay` or the viewer."""
    table = tables.table(table_id)
    if not table.state.over:
        raise Conflict("the game is still going: its record (and seed) are given at the end")
    return json.loads(table.record().to_json())


@router.get("/seat", tags=["seat"])
async def read_seat(at: Seat, tables: Tables) -> dict[str, Any]:
    """Your seat's message: `view` (what you may see), `choices` (when `your_turn`),
    `undo`, and at the end `result` with scores, breakdown and the seed."""
    table, s = at
    return tables.message(table, s)


@router.get("/seat/wait", tags=["seat"])
async def wait_turn(
    at: Seat, tables: Tables,
    timeout: Annotated[float, Query(ge=0, le=WAIT_LIMIT,
                                    description="Seconds to wait at most.")] = 30.0,
) -> dict[str, Any]:
    """Wait until it is your turn or the game is over (or `timeout` passes), then answer
    your seat's message. Call it again while `your_turn` is false and `over` is false."""
    table, s = at
    await tables.wait_turn(table, s, timeout)
    return tables.message(table, s)


@router.post("/seat/action", tags=["seat"])
async def post_action(move: Move, at: Seat, tables: Tables) -> dict[str, Any]:
    """Play one of your choices. Not your turn, a stale `ply` or a finished game: 409;
    an action that is not one of your choices: 400. Answers your seat's new message."""
    table, s = at
    await tables.act(table, s, move.action, move.ply)
    return tables.message(table, s)


@router.post("/seat/undo", tags=["seat"])
async def post_undo(at: Seat, tables: Tables) -> dict[str, Any]:
    """Take back your own last choice, while nobody else has chosen since and nothing
    hidden was revealed by it (the message's `undo` says whether you may)."""
    table, s = at
    await tables.undo(table, s)
    return tables.message(table, s)


@router.post("/seat/again", tags=["seat"])
async def play_again(at: Seat, request: Request, tables: Tables) -> dict[str, Any]:
    """After the end: a new table with the same game, rules and seats (a new seed).
    Every seat finds its own new link in its message's `next`."""
    table, s = at
    fresh = await tables.again(table)
    base = str(request.base_url).rstrip("/")
    return {"table": fresh.id, "link": f"{base}/play/{fresh.seats[s].token}"}


@router.post("/replays", tags=["replays"], status_code=201)
async def add_replay(body: NewReplay, request: Request,
               viewers: Annotated[Replays, Depends(replays)]) -> dict[str, Any]:
    """Check a record by replaying it and open it in the viewer."""
    replay_id = await viewers.add(body.record, body.content, body.content_name)
    return {"replay": replay_id, "link": f"{str(request.base_url).rstrip('/')}/replay/{replay_id}"}


@router.get("/replays/{replay_id}", tags=["replays"])
async def replay_summary(replay_id: str,
                   viewers: Annotated[Replays, Depends(replays)]) -> dict[str, Any]:
    """A record's game, seats, seed and every step's mover and words."""
    return (await viewers.viewer(replay_id)).summary()


@router.get("/replays/{replay_id}/{step}", tags=["replays"])
async def replay_step(replay_id: str, step: int,
                viewers: Annotated[Replays, Depends(replays)]) -> dict[str, Any]:
    """The position after `step` actions, as a spectator sees it."""
    return (await viewers.viewer(replay_id)).step(step)
