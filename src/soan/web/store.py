"""The server's tables in SQLite: each table's setup, seats and actions, nothing more.

An action is written (and committed) before anyone is told of it, so whatever a
player has seen survives a crash: on start the server replays every table from
its seed and stored actions. WAL mode keeps each move one small append.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
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
    next_id TEXT
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


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _write(self, *statements: tuple[str, tuple]) -> None:
        """Run statements as one transaction: all of them or none."""
        with self.db:
            self.db.execute("BEGIN")
            for sql, args in statements:
                self.db.execute(sql, args)

    # ---- tables --------------------------------------------------------------------------

    def add_table(self, t: StoredTable) -> None:
        statements = [(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (t.id, t.created, t.game, t.variant, json.dumps(t.overrides), t.content_hash,
             t.content_name, t.seed, t.silence, t.next_id),
        )]
        for s, seat in enumerate(t.seats):
            statements.append((
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                (t.id, s, seat.spec, seat.token, seat.fallback, int(seat.replaced)),
            ))
        self._write(*statements)

    def add_action(self, table_id: str, ply: int, action: Action) -> None:
        self._write(("INSERT INTO actions VALUES (?, ?, ?)",
                     (table_id, ply, json.dumps(list(action)))))

    def drop_action(self, table_id: str, ply: int) -> None:
        self._write(("DELETE FROM actions WHERE table_id = ? AND ply = ?", (table_id, ply)))

    def replace_seat(self, table_id: str, seat: int, spec: str) -> None:
        self._write(("UPDATE seats SET spec = ?, replaced = 1 WHERE table_id = ? AND seat = ?",
                     (spec, table_id, seat)))

    def set_next(self, table_id: str, next_id: str) -> None:
        self._write(("UPDATE tables SET next_id = ? WHERE id = ?", (next_id, table_id)))

    def tables(self) -> Iterator[StoredTable]:
        rows = self.db.execute("SELECT * FROM tables ORDER BY created").fetchall()
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

    def add_content(self, content_hash: str, game: str, name: str, text: str) -> None:
        self._write(("INSERT OR IGNORE INTO contents VALUES (?, ?, ?, ?)",
                     (content_hash, game, name, text)))

    def contents(self) -> list[tuple[str, str, str]]:
        """Every uploaded content file: (hash, name, text)."""
        return self.db.execute("SELECT hash, name, text FROM contents").fetchall()

    def add_replay(self, replay_id: str, record_json: str) -> None:
        self._write(("INSERT INTO replays VALUES (?, ?, ?)", (replay_id, time.time(), record_json)))

    def replay(self, replay_id: str) -> str | None:
        row = self.db.execute("SELECT record FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return row[0] if row else None
