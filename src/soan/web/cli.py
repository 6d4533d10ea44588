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
    bot_workers: Annotated[int, typer.Option(
        "--bot-workers", "--bot-threads",
        help="Processes thinking for searching bots at once (random and heuristic bots "
        "have a process of their own).")] = 2,
    move_time: Annotated[float, typer.Option(
        help="Seconds any bot may think about one move; the largest time= a seat may ask "
        "for.")] = 3.0,
    max_iters: Annotated[int, typer.Option(
        help="The most ISMCTS iterations a bot seat may ask for (ismcts:iters=N).")] = 2000,
    tables_per_minute: Annotated[int, typer.Option(
        help="Tables one client address may make in a minute (0: no limit).")] = 10,
    workers: Annotated[int, typer.Option(
        help="Server processes sharing the tables (each table is kept by one of them, so "
        "its moves stay in order); use up to one per core.")] = 1,
) -> None:
    """Serve tables in the browser: a lobby, a private link per seat, bots, replays.

    Open http://127.0.0.1:8000 and make a table. Tables are kept in --db and resume when the server starts again. Programs join over the HTTP API: /docs.
    """  # noqa: E501 (typer shows each line as written)
    import logging
    import sqlite3

    import uvicorn

    from soan.web.app import create_app, uvicorn_settings
    from soan.web.limits import Limits
    from soan.web.shards import serve_sharded
    from soan.web.store import Store

    if not 1 <= port <= 65535:
        fail(f"--port takes 1 to 65535, not {port}")
    if bot_workers < 1:
        fail(f"--bot-workers takes at least 1, not {bot_workers}")
    if not 0.05 <= move_time <= 3600:
        fail(f"--move-time takes 0.05 to 3600 seconds, not {move_time:g}")
    if max_iters < 1:
        fail(f"--max-iters takes at least 1, not {max_iters}")
    if tables_per_minute < 0:
        fail(f"--tables-per-minute takes 0 (no limit) or more, not {tables_per_minute}")
    if not 1 <= workers <= 64:
        fail(f"--workers takes 1 to 64 processes, not {workers}")
    if db.parent and not db.parent.is_dir():
        fail(f"--db {db}: the folder {db.parent} does not exist")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    limits = Limits(max_iters, move_time, tables_per_minute, bot_workers)
    try:
        Store(db).close()  # refuse a file that is not ours before anything starts
    except sqlite3.DatabaseError as exc:
        fail(f"--db {db} is not a tables database of soan serve ({exc})")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"soan tables on http://{shown}:{port}  (tables kept in {db}; Ctrl-C stops)\n"
                  f"bots: ismcts:iters={max_iters} at most, {move_time:g} s a move; "
                  f"tables: {tables_per_minute or 'any number'} a minute from one address"
                  + (f"; {workers} server processes" if workers > 1 else ""),
                  highlight=False, markup=False)
    try:
        if workers > 1:
            stopped = serve_sharded(host, port, db, limits, workers)
            if stopped:
                fail(stopped, 1)
        else:
            uvicorn.run(create_app(db, limits), host=host, port=port, access_log=False,
                        log_level="info", **uvicorn_settings())
    except OSError as exc:
        fail(f"cannot serve on {host}:{port}: {exc.strerror}")


def register(app: typer.Typer) -> None:
    """Mount `serve` on the main `soan` app."""
    app.command(name="serve")(serve)
