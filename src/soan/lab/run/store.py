"""Results on disk: finished chunks beside the output, merged into one Parquet file.

While a run goes on, each finished chunk is written atomically to ``OUT.parts/``
with the run's identity in its metadata. At the end the chunks (and the rows of
an earlier finished file, when a run is extended) are merged, sorted by game and
seat, and written atomically to ``OUT`` with the run's identity and provenance in
its metadata; the parts folder is then removed. So an interrupted run loses at
most the chunks in flight, and a repeated command continues where the last one
stopped. A different run into the same file is refused. A damaged chunk, or a
game with missing rows, is refused naming the file; with ``repair`` it is
dropped and its games are played again.
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from soan.lab.run.output import write_atomically
from soan.lab.run.runner import POINTS_PREFIX, LabError, Row

RUN_KEY = b"soan.run"
PROVENANCE_KEY = b"soan.provenance"
COUNTS = pa.map_(pa.string(), pa.int64())
COLUMN_TYPES: dict[str, pa.DataType] = {
    "game": pa.string(),
    "variant": pa.string(),
    "options": pa.string(),
    "options_hash": pa.string(),
    "content_hash": pa.string(),
    "soan_version": pa.string(),
    "players": pa.int64(),
    "game_index": pa.int64(),
    "seed": pa.int64(),
    "lineup": pa.list_(pa.string()),
    "lottery_decided": pa.bool_(),
    "seat": pa.int64(),
    "position": pa.int64(),
    "faction": pa.string(),
    "bot": pa.string(),
    "score": pa.int64(),
    "rank": pa.int64(),
    "won": pa.bool_(),
    "win_share": pa.float64(),
    "completed": pa.bool_(),
    "turns": pa.int64(),
    "actions": pa.int64(),
    "duration_s": pa.float64(),
    "usage": COUNTS,
    # the round of each seat's first of each event (State.firsts): Quo Vadis' city (its
    # 1st city) and city:2 ... city:10 (its 2nd ... 10th), a seat's every city
    "firsts": COUNTS,
    "action_kinds": COUNTS,
}
OPTIONAL_COLUMNS = ("lottery_decided",)


def column_type(name: str) -> pa.DataType | None:
    """The type a results column must have (points columns are whole numbers)."""
    return pa.int64() if name.startswith(POINTS_PREFIX) else COLUMN_TYPES.get(name)


def rows_to_table(rows: list[Row]) -> pa.Table:
    """Rows as a table with the lab's column types (counts as Parquet maps); columns the
    lab does not know keep the types their values have."""
    names = list(dict.fromkeys(name for row in rows for name in row))
    arrays = {}
    for name in names:
        values = [row.get(name) for row in rows]
        kind = column_type(name)
        if kind == COUNTS:
            if not all(v is None or isinstance(v, dict) for v in values):
                kind = None
            else:
                values = [list(v.items()) if v is not None else None for v in values]
        arrays[name] = pa.array(values, kind)
    return pa.table(arrays)


def read_metadata(path: Path) -> dict[bytes, bytes]:
    """A Parquet file's key-value metadata, or a LabError saying it is not one."""
    try:
        return pq.read_schema(path).metadata or {}
    except (pa.ArrowException, OSError) as exc:
        raise LabError(f"{path} is not a Parquet file ({first_line(exc)}); name a results "
                       f"file written by soan simulate") from None


def first_line(exc: Exception) -> str:
    """The first line of an error, without its full stop (it goes inside a sentence)."""
    return str(exc).splitlines()[0].rstrip(".") if str(exc) else type(exc).__name__


def _incomplete_games(table: pa.Table, players: int | None) -> dict[int, list[int]]:
    """Games whose rows are not seats 1..N once each (with `players`; else games with a
    seat twice): index -> seats found."""
    seats: dict[int, list[int]] = defaultdict(list)
    for index, seat in zip(table["game_index"].to_pylist(), table["seat"].to_pylist(),
                           strict=True):
        seats[index].append(seat)
    if players is None:
        return {i: sorted(s) for i, s in seats.items() if len(set(s)) < len(s)}
    whole = list(range(1, players + 1))
    return {i: sorted(s) for i, s in seats.items() if sorted(s) != whole}


class ResultStore:
    """The results file of one run and its folder of finished chunks."""

    def __init__(
        self, out: Path, identity: dict[str, Any], provenance: dict[str, Any] | None = None,
        repair: bool = False, rows_per_game: int | None = None,
    ) -> None:
        """`rows_per_game` (a row per seat: the number of players) makes a game with
        missing rows damage; without it only repeated rows are."""
        self.out = out
        self.parts = out.with_name(out.name + ".parts")
        self.identity = identity
        self.provenance = provenance or {}
        self.rows_per_game = rows_per_game
        self.repair = repair
        self.repaired: list[str] = []  # what --repair dropped, for the console
        self._dropped: set[int] = set()  # games of `out` dropped for repair
        self._written: list[Path] = []  # chunks this command wrote
        self._check_out()
        self._check_chunks()

    # ---- checks --------------------------------------------------------------------

    def _differs(self, stored: dict[str, Any], where: Path) -> LabError:
        keys = {*stored, *self.identity}
        differ = sorted(k for k in keys if stored.get(k) != self.identity.get(k))
        details = "; ".join(
            f"{k}: {json.dumps(stored.get(k), ensure_ascii=False)} there, "
            f"{json.dumps(self.identity.get(k), ensure_ascii=False)} now"
            for k in differ
        )
        return LabError(
            f"{where} holds a different run ({details}). Re-run with the same settings to "
            f"resume it, or choose another --out."
        )

    def _check_identity(self, path: Path, metadata: dict[bytes, bytes]) -> None:
        """Refuse a file of another run; raise ValueError if it carries no readable one."""
        try:
            stored = json.loads(metadata[RUN_KEY]) if RUN_KEY in metadata else None
        except ValueError:
            stored = None
        if not isinstance(stored, dict):
            raise ValueError("it carries no soan run identity")
        if stored != self.identity:
            raise self._differs(stored, path)

    def _check_out(self) -> None:
        """The finished file, if any, is this run's; games with missing rows are damage."""
        if not self.out.exists():
            return
        try:
            self._check_identity(self.out, read_metadata(self.out))
        except ValueError:
            raise LabError(f"{self.out} was not written by soan simulate; choose another "
                           f"--out") from None
        try:
            table = pq.read_table(self.out, columns=["game_index", "seat"])
        except (pa.ArrowException, OSError) as exc:
            raise LabError(f"{self.out} is damaged ({first_line(exc)}); choose another --out "
                           f"or delete it") from None
        broken = _incomplete_games(table, self.rows_per_game)
        if not broken:
            return
        shown = ", ".join(f"game {i} (seats {seats})" for i, seats in list(broken.items())[:5])
        if not self.repair:
            raise LabError(
                f"{self.out} has games with missing or repeated rows: {shown}. Run the same "
                f"command with --repair to play those games again."
            )
        self._dropped = set(broken)
        self.repaired.append(f"{len(broken)} damaged games of {self.out}")

    def _chunk_problem(self, path: Path) -> str | None:
        """Why a chunk cannot be used (None if it is sound); a different run raises."""
        try:
            self._check_identity(path, pq.read_schema(path).metadata or {})
            table = pq.read_table(path, columns=["game_index", "seat"])
        except (pa.ArrowException, OSError) as exc:
            return f"it cannot be read: {first_line(exc)}"
        except ValueError as exc:
            return str(exc)
        first, last = (int(x) for x in path.stem.split("-")[1:3])
        found = set(table["game_index"].to_pylist())
        if found != set(range(first, last + 1)):
            return f"it should hold games {first} to {last} but holds {len(found)} games"
        broken = _incomplete_games(table, self.rows_per_game)
        if broken:
            index, seats = next(iter(broken.items()))
            return f"game {index} has rows for seats {seats} of 1 to {self.rows_per_game}"
        return None

    def _check_chunks(self) -> None:
        if not self.parts.exists():
            return
        if not self.parts.is_dir():
            raise LabError(f"{self.parts} is in the way (a file, not the run's folder of "
                           f"finished games); move or delete it")
        for leftover in self.parts.glob("*.tmp"):  # a write cut short by a crash
            leftover.unlink()
        for path in sorted(self.parts.iterdir()):
            if path.name.endswith(".tmp"):
                continue
            problem = (
                self._chunk_problem(path) if _is_chunk_name(path.name)
                else "it is not a chunk soan wrote"
            )
            if problem is None:
                continue
            if not self.repair:
                raise LabError(
                    f"{path} is damaged: {problem}. Run the same command with --repair to "
                    f"delete it and play its games again."
                )
            path.unlink()
            self.repaired.append(f"{path.name} ({problem})")

    # ---- reading and writing -------------------------------------------------------

    def _chunk_files(self) -> list[Path]:
        return sorted(self.parts.glob("games-*.parquet")) if self.parts.is_dir() else []

    def done(self) -> set[int]:
        """The indexes of the games already finished, in the file or in chunks."""
        games: set[int] = set()
        if self.out.exists():
            games |= set(pq.read_table(self.out, columns=["game_index"])
                         .column("game_index").to_pylist()) - self._dropped
        for path in self._chunk_files():
            games |= set(pq.read_table(path, columns=["game_index"])
                         .column("game_index").to_pylist())
        return games

    def has_unmerged_chunks(self) -> bool:
        """True when chunks (or games dropped for repair) wait to be merged into `out`."""
        return bool(self._chunk_files()) or bool(self._dropped)

    def save_chunk(self, rows: list[Row]) -> None:
        """Write one finished chunk atomically, with the run's identity."""
        self.parts.mkdir(parents=True, exist_ok=True)
        indexes = [row["game_index"] for row in rows]
        path = self.parts / f"games-{min(indexes):07d}-{max(indexes):07d}.parquet"
        table = rows_to_table(rows).replace_schema_metadata(
            {RUN_KEY: json.dumps(self.identity, ensure_ascii=False).encode()}
        )
        write_atomically(path, lambda tmp: pq.write_table(table, tmp))
        self._written.append(path)

    def discard_written(self) -> None:
        """Remove the chunks this command wrote (its run failed), and an empty folder."""
        for path in self._written:
            path.unlink(missing_ok=True)
        if self.parts.is_dir() and not any(self.parts.iterdir()):
            self.parts.rmdir()

    def merge(self) -> int:
        """Merge the finished file and every chunk into `out`; return how many games it holds."""
        tables, seen = [], pa.array([], pa.int64())
        if self.out.exists():
            table = pq.read_table(self.out).replace_schema_metadata(None)
            if self._dropped:
                dropped = pa.array(sorted(self._dropped), pa.int64())
                table = table.filter(pc.invert(pc.is_in(table["game_index"], value_set=dropped)))
            tables.append(table)
            seen = table["game_index"].combine_chunks().unique()
        for path in self._chunk_files():
            table = pq.read_table(path).replace_schema_metadata(None)
            table = table.filter(pc.invert(pc.is_in(table["game_index"], value_set=seen)))
            seen = pa.concat_arrays([seen, table["game_index"].combine_chunks().unique()])
            tables.append(table)
        merged = _fill_missing_points(pa.concat_tables(tables, promote_options="permissive"))
        merged = merged.sort_by([("game_index", "ascending"), ("seat", "ascending")])
        games = len(seen)
        seed = self.identity.get("seed", 0)
        provenance = {
            **self.provenance, "games": games, "seeds": [seed, seed + games - 1],
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        merged = merged.replace_schema_metadata({
            RUN_KEY: json.dumps(self.identity, ensure_ascii=False).encode(),
            PROVENANCE_KEY: json.dumps(provenance, ensure_ascii=False).encode(),
        })
        write_atomically(self.out, lambda tmp: pq.write_table(merged, tmp))
        shutil.rmtree(self.parts, ignore_errors=True)
        self._dropped = set()
        return games


def _is_chunk_name(name: str) -> bool:
    parts = name.removesuffix(".parquet").split("-")
    return (name.endswith(".parquet") and len(parts) == 3 and parts[0] == "games"
            and parts[1].isdigit() and parts[2].isdigit())


def _fill_missing_points(table: pa.Table) -> pa.Table:
    """Points sources a chunk never had are zero."""
    columns = {}
    for name in table.column_names:
        column = table[name]
        if name.startswith(POINTS_PREFIX):
            column = pc.fill_null(column, pa.scalar(0, column.type))
        columns[name] = column
    return pa.table(columns)
