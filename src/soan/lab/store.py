"""Results on disk: finished chunks beside the output, merged into one Parquet file.

While a run goes on, each finished chunk is written atomically to
``OUT.parts/`` together with the run's identity (``run.json``). At the end the
chunks (and the rows of an earlier finished file, when a run is extended) are
merged, sorted by game and seat, and written atomically to ``OUT`` with the
identity in its metadata; the parts folder is then removed. So an interrupted
run loses at most the chunks in flight, and a repeated command continues
where the last one stopped. A different run into the same file is refused.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from soan.lab.runner import ACTIONS_PREFIX, POINTS_PREFIX, LabError, Row

RUN_KEY = b"soan.run"


class ResultStore:
    """The results file of one run and its folder of finished chunks."""

    def __init__(self, out: Path, identity: dict[str, Any]) -> None:
        self.out = out
        self.parts = out.with_name(out.name + ".parts")
        self.identity = identity
        self._check(self._stored_identity(), out)
        self._check(self._parts_identity(), self.parts)

    def _stored_identity(self) -> dict[str, Any] | None:
        if not self.out.exists():
            return None
        try:
            metadata = pq.read_schema(self.out).metadata or {}
        except (pa.ArrowInvalid, OSError):
            raise LabError(
                f"{self.out} exists and is not a Parquet file; choose another --out"
            ) from None
        if RUN_KEY not in metadata:
            raise LabError(f"{self.out} was not written by soan simulate; choose another --out")
        return json.loads(metadata[RUN_KEY])

    def _parts_identity(self) -> dict[str, Any] | None:
        run_file = self.parts / "run.json"
        return json.loads(run_file.read_text("utf-8")) if run_file.exists() else None

    def _check(self, stored: dict[str, Any] | None, where: Path) -> None:
        if stored is None or stored == self.identity:
            return
        keys = {*stored, *self.identity}
        differ = sorted(k for k in keys if stored.get(k) != self.identity.get(k))
        details = "; ".join(
            f"{k}: {json.dumps(stored.get(k))} there, {json.dumps(self.identity.get(k))} now"
            for k in differ
        )
        raise LabError(
            f"{where} holds a different run ({details}). Re-run with the same settings to "
            f"resume it, or choose another --out."
        )

    def _chunk_files(self) -> list[Path]:
        return sorted(self.parts.glob("games-*.parquet")) if self.parts.exists() else []

    def done(self) -> set[int]:
        """The indexes of the games already finished, in the file or in chunks."""
        sources = [*([self.out] if self.out.exists() else []), *self._chunk_files()]
        return {i for path in sources for i in pq.read_table(path, columns=["game_index"])
                .column("game_index").unique().to_pylist()}

    def has_unmerged_chunks(self) -> bool:
        return bool(self._chunk_files())

    def save_chunk(self, rows: list[Row]) -> None:
        """Write one finished chunk atomically."""
        self.parts.mkdir(parents=True, exist_ok=True)
        run_file = self.parts / "run.json"
        if not run_file.exists():
            run_file.write_text(json.dumps(self.identity, indent=1), "utf-8")
        indexes = [row["game_index"] for row in rows]
        path = self.parts / f"games-{min(indexes):07d}-{max(indexes):07d}.parquet"
        _write_atomically(pa.Table.from_pylist(rows), path)

    def merge(self) -> int:
        """Merge the finished file and every chunk into `out`; return how many games it holds."""
        sources = [*([self.out] if self.out.exists() else []), *self._chunk_files()]
        tables, seen = [], pa.array([], pa.int64())
        for path in sources:
            table = pq.read_table(path).replace_schema_metadata(None)
            table = table.filter(pc.invert(pc.is_in(table["game_index"], value_set=seen)))
            seen = pa.concat_arrays([seen, table["game_index"].combine_chunks().unique()])
            tables.append(table)
        merged = _fill_missing_counts(pa.concat_tables(tables, promote_options="permissive"))
        merged = merged.sort_by([("game_index", "ascending"), ("seat", "ascending")])
        merged = merged.replace_schema_metadata({RUN_KEY: json.dumps(self.identity).encode()})
        _write_atomically(merged, self.out)
        shutil.rmtree(self.parts, ignore_errors=True)
        return len(seen)


def _fill_missing_counts(table: pa.Table) -> pa.Table:
    """Points and action counts a game never had are zero; order those columns stably."""
    fixed = [n for n in table.column_names if not n.startswith((POINTS_PREFIX, ACTIONS_PREFIX))]
    points = [n for n in table.column_names if n.startswith(POINTS_PREFIX)]
    kinds = sorted(n for n in table.column_names if n.startswith(ACTIONS_PREFIX))
    columns = {n: table[n] for n in fixed}
    for name in (*points, *kinds):
        column = table[name]
        columns[name] = pc.fill_null(column, pa.scalar(0, column.type))
    return pa.table(columns)


def _write_atomically(table: pa.Table, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    tmp.replace(path)

