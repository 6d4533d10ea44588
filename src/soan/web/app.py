"""The web application: the API, the pages, the websockets, and clear refusals.

Every refusal is a 4xx answer whose `error` names what is wrong; nothing a
client sends produces a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import version
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from soan.engine.core import SoanError
from soan.web import api, lab, pages
from soan.web.errors import RequestError, TooMany
from soan.web.jobs import Jobs
from soan.web.limits import MAX_FRAME, Limits
from soan.web.manager import ALONE, Manager, Shard, content_dir_of
from soan.web.replays import Replays
from soan.web.store import Store

log = logging.getLogger("soan.web")

HERE = Path(__file__).parent
MAX_BODY = 6 * 1024 * 1024  # a record of a long game, with room to spare
MAX_ERROR = 2000  # characters of an error message, whatever it quotes

ABOUT = """Tables of soan's games that people join from a link and programs join
over HTTP. A remote bot takes its seat with the seat's token (`Authorization:
Bearer <token>`), reads `GET /api/seat`, waits with `GET /api/seat/wait` and
plays with `POST /api/seat/action`. See docs/web.md for a complete client."""


def create_app(db_path: Path, limits: Limits | None = None, shard: Shard = ALONE) -> FastAPI:
    """The application over the tables in `db_path` (those of `shard`, when several
    processes share them), with `limits` (`soan serve`'s options). Serve it with
    `ws_max_size=MAX_FRAME` (see `uvicorn_settings`)."""
    store = Store(db_path)
    manager = Manager(store, content_dir_of(db_path, shard), limits, shard)
    jobs = Jobs(store, db_path.with_name(f"{db_path.name}-lab"), shard.owns, manager.new_id)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager.start()
        jobs.start()
        try:
            yield
        finally:
            await jobs.stop()
            manager.stop()
            store.close()

    app = FastAPI(title="soan tables", version=version("soan"), description=ABOUT,
                  lifespan=lifespan)
    app.state.manager = manager
    app.state.jobs = jobs
    app.state.replays = Replays(manager)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    if shard.count > 1:
        app.add_middleware(OneRequest, worker=shard.index)
    app.add_exception_handler(SoanError, _refused)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(Exception, _crashed)
    app.include_router(api.router)
    app.include_router(lab.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    return app


def uvicorn_settings() -> dict[str, Any]:
    """What uvicorn must be told for this app: a websocket message over MAX_FRAME is
    refused (closed with 1009) before it is read into memory."""
    return {"ws_max_size": MAX_FRAME}


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    if len(message) > MAX_ERROR:
        message = f"{message[:MAX_ERROR]}…"
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def _refused(request: Request, exc: Exception) -> JSONResponse:
    status = exc.status if isinstance(exc, RequestError) else 400
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooMany) else None
    return _error(status, str(exc), headers)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return _error(400, describe_invalid(exc.errors()))


def describe_invalid(errors: Any) -> str:
    """pydantic's errors as one sentence per problem, naming where each is."""
    problems = []
    for err in list(errors)[:8]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "the body"
        if err.get("type") == "json_invalid":
            problems.append(f"the body is not valid JSON ({err.get('ctx', {}).get('error', '')})")
        elif err.get("type") == "missing":
            problems.append(f"{where} is missing")
        else:
            problems.append(f"{where}: {err.get('msg')}")
    return "; ".join(problems)


async def _http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return _error(404, f"there is nothing at {request.url.path}")
    return _error(exc.status_code, str(exc.detail))


async def _crashed(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return _error(500, "the server failed on this request; it is logged")


class OneRequest:
    """One HTTP request per connection (`Connection: close`) when several processes
    share the tables, so the router sees every request and hands it to its table's
    process (`soan.web.shards`); `X-Soan-Worker` names the process that answered."""

    def __init__(self, app: ASGIApp, worker: int) -> None:
        self.app, self.worker = app, str(worker).encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def closing(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"connection"]
                headers += [(b"connection", b"close"), (b"x-soan-worker", self.worker)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, closing)


class BodyLimit:
    """Refuse a request body over `limit` bytes with 413: a declared Content-Length at
    once, a chunked body as soon as its bytes pass the limit. The body is read here,
    counted as it streams in, and handed whole to the app (which reads every body
    whole anyway), so nothing below ever sees more than `limit` bytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body: Message | None = {"type": "http.request", "body": b"".join(chunks),
                                "more_body": False}

        async def replayed() -> Message:
            nonlocal body
            if body is not None:
                message, body = body, None
                return message
            return await receive()

        await self.app(scope, replayed, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": f"the request is larger than "
                                    f"{self.limit // 1024 // 1024} MB"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
