"""The pages people open (lobby, table, replay) and the websockets that keep them live.

Pages are small templates; the table is drawn in the browser from the seat's
messages by plain ES modules (one renderer per game under static/js/games/,
and a readable fallback for any game without one). A websocket carries the
seat's messages to the page and its choices back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from soan.boards.render import SEAT_COLOURS
from soan.engine.core import SoanError
from soan.engine.registry import all_games, get_game
from soan.web import i18n
from soan.web.api import game_info
from soan.web.errors import Forbidden, RequestError
from soan.web.jobs import MAX_GAMES
from soan.web.limits import MAX_FRAME
from soan.web.manager import Listener, Manager
from soan.web.messages import error_message
from soan.web.table import Table, short

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")


def page(request: Request, template: str, config: dict[str, Any], status: int = 200,
          **context: Any) -> HTMLResponse:
    lang = i18n.language(request)
    words = i18n.texts(lang)
    config = {"lang": lang, "texts": words, "colours": list(SEAT_COLOURS), **config}
    response = templates.TemplateResponse(
        request, template,
        {"lang": lang, "t": words, "config": json.dumps(config, ensure_ascii=False)
         .replace("</", "<\\/"), "other": "ja" if lang == "en" else "en", **context},
        status_code=status)
    if request.query_params.get("lang") in i18n.LANGUAGES:
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


def _manager(request: Request) -> Manager:
    return request.app.state.manager


def refusal(request: Request, exc: SoanError) -> HTMLResponse:
    status = exc.status if isinstance(exc, RequestError) else 400
    return page(request, "error.html", {}, status, message=str(exc))


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    lang = i18n.language(request)
    games = []
    for game in all_games():
        info = game_info(game)
        info["title"] = i18n.game_title(game, lang)
        for variant in info["variants"]:
            variant["about"] = i18n.variant_about(game, variant["name"], lang)
        games.append(info)
    manager = _manager(request)
    tables = [{**summary, "title": i18n.game_title(get_game(summary["game"]), lang)}
              for summary in manager.summaries(50)]
    return page(request, "lobby.html", {"games": games, "tables": tables},
                max_games=MAX_GAMES)


def _table_page(request: Request, table: Table, seat: int | None, token: str | None):
    lang = i18n.language(request)
    config = {
        "table": table.id, "seat": seat, "token": token, "game": table.game.id,
        "title": i18n.game_title(table.game, lang),
        "names": i18n.names(table.setup.content, lang),
        "socket": f"/ws/play/{token}" if token else f"/ws/watch/{table.id}",
    }
    return page(request, "table.html", config, title=config["title"])


@router.get("/play/{token}", response_class=HTMLResponse)
async def play(request: Request, token: str) -> HTMLResponse:
    try:
        table, seat = _manager(request).seat(token)
    except SoanError as exc:
        return refusal(request, exc)
    return _table_page(request, table, seat, token)


@router.get("/watch/{table_id}", response_class=HTMLResponse)
async def watch(request: Request, table_id: str) -> HTMLResponse:
    try:
        table = _manager(request).table(table_id)
    except SoanError as exc:
        return refusal(request, exc)
    return _table_page(request, table, None, None)


@router.get("/replay/{replay_id}", response_class=HTMLResponse)
async def replay(request: Request, replay_id: str) -> HTMLResponse:
    try:
        viewer = await request.app.state.replays.viewer(replay_id)
    except SoanError as exc:
        return refusal(request, exc)
    lang = i18n.language(request)
    title = i18n.game_title(viewer.game, lang)
    return page(request, "replay.html", {"replay": replay_id, "game": viewer.game.id,
                                          "title": title,
                                          "names": i18n.names(viewer.content, lang)},
                 title=title)


@router.websocket("/ws/play/{token}")
async def play_socket(websocket: WebSocket, token: str) -> None:
    manager: Manager = websocket.app.state.manager
    found = manager.tokens.get(token)
    if found is None:
        await _refuse(websocket, 4403, "this link is not valid: its seat token opens no "
                                       "seat on this server")
        return
    await _serve(websocket, manager, manager.tables[found[0]], found[1])


@router.websocket("/ws/watch/{table_id}")
async def watch_socket(websocket: WebSocket, table_id: str) -> None:
    manager: Manager = websocket.app.state.manager
    table = manager.tables.get(table_id)
    if table is None:
        await _refuse(websocket, 4404, "this link is not valid: there is no such table "
                                       "on this server")
        return
    await _serve(websocket, manager, table, None)


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    """Accept, say why, and close with `code` (4403, 4404): a socket closed before it
    is accepted reaches the page as 1006, which it cannot tell from a lost connection."""
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_text(json.dumps(error_message(reason, code - 4000)))
        await websocket.close(code=code, reason=reason)


async def _serve(websocket: WebSocket, manager: Manager, table: Table, seat: int | None) -> None:
    """Send the seat every new message; take its choices, undos and "play again"."""
    await websocket.accept()
    listener = manager.listen(table, seat)
    sender = asyncio.create_task(_send(websocket, listener))
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            if text is None:
                text = (received.get("bytes") or b"").decode("utf-8", "replace")
            if len(text) > MAX_FRAME:  # uvicorn's ws_max_size refuses it first
                too_big = f"a message may be at most {MAX_FRAME // 1024} KB"
                await websocket.send_text(json.dumps(error_message(too_big, 413)))
                await websocket.close(code=1009, reason=too_big)
                break
            try:
                await _handle(manager, table, seat, text)
            except SoanError as exc:
                status = exc.status if isinstance(exc, RequestError) else 400
                listener.reply(error_message(str(exc), status))
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
        manager.forget(table, listener)


async def _send(websocket: WebSocket, listener: Listener) -> None:
    """Send messages as they come; the world's shapes only when they change."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await listener.next()
            key = message.get("board_key")
            if key is not None and key == listener.board_key:
                message = {**message, "board": None}
            elif key is not None:
                listener.board_key = key
            await websocket.send_text(json.dumps(message, ensure_ascii=False))


async def _handle(manager: Manager, table: Table, seat: int | None, text: str) -> None:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        raise RequestError(f"a message is JSON such as {{\"type\": \"action\", \"action\": "
                           f"[\"done\"]}}, not {short(text)} ({why})") from None
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in ("action", "undo", "again"):
        raise RequestError("a message's type is action, undo or again")
    if seat is None:
        raise Forbidden("a spectator cannot play: open your seat's private link")
    if kind == "action":
        ply = data.get("ply")
        if ply is not None and type(ply) is not int:
            raise RequestError(f"ply is the move number the choice answers, not {short(ply)}")
        await manager.act(table, seat, data.get("action"), ply)
    elif kind == "undo":
        await manager.undo(table, seat)
    else:
        await manager.again(table)
