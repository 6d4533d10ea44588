"""`soan serve`: run the tables server (mounted on the `soan` command)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from soan.console import console, fail


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[Path, typer.Option(help="SQLite file the tables live in (made if missing).")]
    = Path("tables.sqlite"),
    bot_threads: Annotated[int, typer.Option(help="Bots thinking at once.")] = 2,
) -> None:
    """Serve tables in the browser: a lobby, a private link per seat, bots, replays.

    Open http://127.0.0.1:8000 and make a table. Tables are kept in --db and resume when the server starts again. Programs join over the HTTP API: /docs.
    """  # noqa: E501 (typer shows each line as written)
    import logging
    import sqlite3

    import uvicorn

    from soan.web.app import create_app

    if not 1 <= port <= 65535:
        fail(f"--port takes 1 to 65535, not {port}")
    if bot_threads < 1:
        fail(f"--bot-threads takes at least 1, not {bot_threads}")
    if db.parent and not db.parent.is_dir():
        fail(f"--db {db}: the folder {db.parent} does not exist")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        app = create_app(db, bot_threads)
    except sqlite3.DatabaseError as exc:
        fail(f"--db {db} is not a tables database of soan serve ({exc})")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"soan tables on http://{shown}:{port}  (tables kept in {db}; Ctrl-C stops)",
                  highlight=False, markup=False)
    try:
        uvicorn.run(app, host=host, port=port, access_log=False, log_level="info")
    except OSError as exc:
        fail(f"cannot serve on {host}:{port}: {exc.strerror}")


def register(app: typer.Typer) -> None:
    """Mount `serve` on the main `soan` app."""
    app.command(name="serve")(serve)
