"""The server's tables in SQLite: each table's setup, seats and actions, nothing more.

An action is written (and committed) before anyone is told of it, so whatever a
player has seen survives a crash, even of the machine: on start the server replays
every table from its seed and stored actions. WAL mode keeps each move one small
append, and `synchronous=FULL` makes every commit reach the disk (an fsync, a few
milliseconds here). So the event loop never waits for the disk: one writer thread
takes every write, commits all the writes waiting at that moment together (each
in a savepoint of its own, so one refused write spoils no other) and then
resolves their futures. Under load one fsync covers many moves.
"""

from __future__ import annotations

import contextlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soan.engine.core import Action, action_from_json

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    overrides TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    content_name TEXT,
    seed INTEGER NOT NULL,
    silence REAL NOT NULL,
    next_id TEXT,
    ply INTEGER NOT NULL DEFAULT 0,
    to_move INTEGER,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    spec TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    fallback TEXT NOT NULL,
    replaced INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    ply INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, ply)
);
CREATE TABLE IF NOT EXISTS contents (
    hash TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    content_name TEXT,
    created REAL NOT NULL,
    state TEXT NOT NULL,
    error TEXT,
    finished REAL,
    total INTEGER NOT NULL,
    players INTEGER NOT NULL,
    files TEXT NOT NULL,
    provenance TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    record TEXT NOT NULL
);
"""


@dataclass
class StoredSeat:
    spec: str
    token: str
    fallback: str
    replaced: bool


# what the lobby lists of a table, kept beside its actions (added to older files on open)
PROGRESS = (("ply", "INTEGER NOT NULL DEFAULT 0"), ("to_move", "INTEGER"),
            ("over", "INTEGER NOT NULL DEFAULT 0"))
TABLE_COLUMNS = ("id, created, game, variant, overrides, content_hash, content_name, seed, "
                 "silence, next_id")


@dataclass(frozen=True)
class Progress:
    """Where a table's game stands, for the lobby: every server process reads it here."""

    ply: int
    to_move: int | None
    over: bool


@dataclass
class StoredTable:
    id: str
    created: float
    game: str
    variant: str
    overrides: dict[str, Any]
    content_hash: str
    content_name: str | None
    seed: int
    silence: float
    next_id: str | None
    seats: list[StoredSeat]
    actions: list[Action]


Statement = tuple[str, tuple]


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA busy_timeout=10000")  # several server processes share one file
    return db


class Store:
    """Reads on the caller's thread; every write through the writer thread, as a Future
    that is done once the write is on the disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = connect(path)
        self.db.executescript(SCHEMA)
        have = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for column, kind in PROGRESS:
            if column not in have:
                with contextlib.suppress(sqlite3.OperationalError):  # another process added it
                    self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
        self._queue: queue.SimpleQueue[tuple[list[Statement], Future] | None] = \
            queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_all, args=(connect(path),),
                                        name="soan-store-writer", daemon=True)
        self._writer.start()

    def close(self) -> None:
        """Finish every write asked for, then close."""
        self._queue.put(None)
        self._writer.join()
        self.db.close()

    def _write(self, *statements: Statement) -> Future:
        """Run statements as one transaction, all of them or none; done when on disk."""
        done: Future = Future()
        self._queue.put((list(statements), done))
        return done

    def _write_all(self, db: sqlite3.Connection) -> None:
        """The writer thread: commit whatever is waiting, together, until closed."""
        while True:
            batch = [self._queue.get()]
            while True:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            writes = [item for item in batch if item is not None]
            if writes:
                self._commit(db, writes)
            if len(writes) < len(batch):
                db.close()
                return

    @staticmethod
    def _commit(db: sqlite3.Connection, writes: list[tuple[list[Statement], Future]]) -> None:
        failed: dict[int, BaseException] = {}
        try:
            db.execute("BEGIN IMMEDIATE")
            for i, (statements, _) in enumerate(writes):
                db.execute("SAVEPOINT one")
                try:
                    for sql, args in statements:
                        db.execute(sql, args)
                except sqlite3.Error as exc:
                    db.execute("ROLLBACK TO one")
                    failed[i] = exc
                db.execute("RELEASE one")
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            failed = dict.fromkeys(range(len(writes)), exc)
        for i, (_, done) in enumerate(writes):
            if i in failed:
                done.set_exception(failed[i])
            else:
                done.set_result(None)

    # ---- tables --------------------------------------------------------------------------

    def add_table(self, t: StoredTable, now: Progress) -> Future:
        statements: list[Statement] = [(
            f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (t.id, t.created, t.game, t.variant, json.dumps(t.overrides), t.content_hash,
             t.content_name, t.seed, t.silence, t.next_id),
        )]
        for s, seat in enumerate(t.seats):
            statements.append((
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                (t.id, s, seat.spec, seat.token, seat.fallback, int(seat.replaced)),
            ))
        return self._write(*statements, self._progress(t.id, now))

    def set_progress(self, tables: dict[str, Progress]) -> Future:
        """Where each table stands, as replayed on start (files older than `PROGRESS`)."""
        return self._write(*(self._progress(table_id, now) for table_id, now in tables.items()))

    def add_action(self, table_id: str, ply: int, action: Action, now: Progress) -> Future:
        return self._write(("INSERT INTO actions VALUES (?, ?, ?)",
                            (table_id, ply, json.dumps(list(action)))),
                           self._progress(table_id, now))

    def drop_action(self, table_id: str, ply: int, now: Progress) -> Future:
        return self._write(("DELETE FROM actions WHERE table_id = ? AND ply = ?", (table_id, ply)),
                           self._progress(table_id, now))

    @staticmethod
    def _progress(table_id: str, now: Progress) -> Statement:
        return ("UPDATE tables SET ply = ?, to_move = ?, over = ? WHERE id = ?",
                (now.ply, now.to_move, int(now.over), table_id))

    def listed(self, limit: int) -> list[dict[str, Any]]:
        """The lobby's tables, games in progress first, newest first: what anyone may know."""
        rows = self.db.execute(
            "SELECT id, created, game, variant, ply, to_move, over FROM tables "
            "ORDER BY over, created DESC LIMIT ?", (limit,)).fetchall()
        out = []
        for table_id, created, game, variant, ply, to_move, over in rows:
            specs = [spec for (spec,) in self.db.execute(
                "SELECT spec FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
            out.append({"table": table_id, "game": game, "variant": variant, "created": created,
                        "specs": specs, "ply": ply, "to_move": to_move, "over": bool(over)})
        return out

    def replace_seat(self, table_id: str, seat: int, spec: str) -> Future:
        return self._write(("UPDATE seats SET spec = ?, replaced = 1 "
                            "WHERE table_id = ? AND seat = ?", (spec, table_id, seat)))

    def set_next(self, table_id: str, next_id: str) -> Future:
        return self._write(("UPDATE tables SET next_id = ? WHERE id = ?", (next_id, table_id)))

    def tables(self) -> Iterator[StoredTable]:
        rows = self.db.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY created").fetchall()
        for row in rows:
            table_id = row[0]
            seats = [StoredSeat(spec, token, fallback, bool(replaced)) for spec, token, fallback,
                     replaced in self.db.execute(
                         "SELECT spec, token, fallback, replaced FROM seats WHERE table_id = ? "
                         "ORDER BY seat", (table_id,))]
            actions = [action_from_json(json.loads(text)) for (text,) in self.db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY ply", (table_id,))]
            yield StoredTable(table_id, row[1], row[2], row[3], json.loads(row[4]), row[5],
                              row[6], int(row[7]), row[8], row[9], seats, actions)

    # ---- uploaded content and replays ----------------------------------------------------

    def add_content(self, content_hash: str, game: str, name: str, text: str) -> Future:
        return self._write(("INSERT OR IGNORE INTO contents VALUES (?, ?, ?, ?)",
                            (content_hash, game, name, text)))

    def contents(self) -> list[tuple[str, str, str]]:
        """Every uploaded content file: (hash, name, text)."""
        return self.db.execute("SELECT hash, name, text FROM contents").fetchall()

    def add_replay(self, replay_id: str, record_json: str) -> Future:
        return self._write(("INSERT INTO replays VALUES (?, ?, ?)",
                            (replay_id, time.time(), record_json)))

    # ---- the lab's jobs (soan.web.jobs) ---------------------------------------------------

    JOB_COLUMNS = ("id", "key", "kind", "settings", "content_name", "created", "state", "error",
                   "finished", "total", "players", "files", "provenance")
    JOB_JSON = ("settings", "files", "provenance")

    def add_job(self, row: dict[str, Any]) -> Future:
        columns = [c for c in self.JOB_COLUMNS if c in row]
        return self._write((f"INSERT INTO jobs ({', '.join(columns)}) VALUES "
                            f"({', '.join('?' * len(columns))})", tuple(row[c] for c in columns)))

    def set_job(self, job_id: str, state: str, error: str | None, finished: float | None
                ) -> Future:
        return self._write(("UPDATE jobs SET state = ?, error = ?, finished = ? WHERE id = ?",
                            (state, error, finished, job_id)))

    def jobs(self) -> list[dict[str, Any]]:
        rows = self.db.execute(f"SELECT {', '.join(self.JOB_COLUMNS)} FROM jobs "
                               "ORDER BY created").fetchall()
        out = []
        for row in rows:
            job = dict(zip(self.JOB_COLUMNS, row, strict=True))
            out.append({k: json.loads(v) if k in self.JOB_JSON else v for k, v in job.items()})
        return out

    def replay(self, replay_id: str) -> str | None:
        row = self.db.execute("SELECT record FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return row[0] if row else None
