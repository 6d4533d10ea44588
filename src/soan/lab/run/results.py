"""Reading results files for a report, refusing anything that would make it lie.

A results file must be one `soan simulate` wrote: a Parquet file whose metadata
holds the run's identity and provenance, whose columns have the lab's types, and
whose rows agree with the metadata, one row per seat of every game, no number
missing. Anything else is refused naming the file (and the game, where one is
to blame) and what to do about it.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from soan.lab.run.runner import LabError, Row
from soan.lab.run.store import (
    COLUMN_TYPES,
    COUNTS,
    OPTIONAL_COLUMNS,
    PROVENANCE_KEY,
    RUN_KEY,
    column_type,
    first_line,
    read_metadata,
)

# columns every row must agree on with the file's run identity
IDENTITY_COLUMNS = {"game": "game", "variant": "variant", "content_hash": "content_hash",
                    "players": "players", "soan_version": "soan_version"}
PROVENANCE_FIELDS = {"game": str, "title": str, "variant": str, "variant_about": str,
                     "options": dict, "options_changed": dict, "content": dict,
                     "players": int, "bots": list, "seed": int, "usage_keys": list,
                     "games": int, "date": str, "soan_version": str}
NUMBER_COLUMNS = ("win_share", "duration_s")
REQUIRED_COLUMNS = [name for name in COLUMN_TYPES if name not in OPTIONAL_COLUMNS]
NULLABLE_COLUMNS = ("faction",)  # None where the game has no factions
REDO = "simulate it again (or re-run its simulate command with --repair)"


@dataclass
class ResultsFile:
    """One results file: its run identity, its provenance and its rows."""

    path: Path
    identity: dict[str, Any]
    provenance: dict[str, Any]
    rows: list[Row]


def _load_json(path: Path, metadata: dict[bytes, bytes], key: bytes) -> dict[str, Any]:
    if key not in metadata:
        if key == RUN_KEY:
            raise LabError(f"{path} was not written by soan simulate (it holds no soan run); "
                           f"name a results file written by soan simulate")
        raise LabError(f"{path} was written by an older soan, without the run's provenance; "
                       f"simulate it again")
    try:
        data = json.loads(metadata[key])
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise LabError(f"{path}: its {key.decode()} metadata is damaged; simulate it again")
    return data


def _check_provenance(path: Path, provenance: dict[str, Any], identity: dict[str, Any]) -> None:
    for name, kind in PROVENANCE_FIELDS.items():
        value = provenance.get(name)
        if type(value) is not kind:
            raise LabError(f"{path}: its provenance lacks {name} (or it is damaged); "
                           f"simulate it again")
    models = provenance.get("models", [])  # the model files its bots read (newer files)
    if type(models) is not list or not all(isinstance(m, str) for m in models):
        raise LabError(f"{path}: its provenance's models are damaged; simulate it again")
    if identity.get("models", []) != models:
        raise LabError(f"{path}: its run and its provenance name different models; {REDO}")
    for name in ("game", "variant", "players", "seed", "soan_version"):
        if provenance[name] != identity.get(name):
            raise LabError(f"{path}: its provenance says {name} {provenance[name]!r} but its "
                           f"run says {identity.get(name)!r}; {REDO}")


def _check_schema(path: Path, schema: pa.Schema) -> None:
    names = set(schema.names)
    for name in REQUIRED_COLUMNS:
        if name not in names:
            raise LabError(f"{path} has no column {name!r}: it was written by another "
                           f"version of soan or edited; {REDO}")
    for field in schema:
        expected = column_type(field.name)
        if expected is not None and not field.type.equals(expected):
            raise LabError(f"{path}: column {field.name!r} holds {field.type}, not "
                           f"{expected}; the file was edited or written by another program")


def _where(path: Path, row: Row) -> str:
    return f"{path}, game {row.get('game_index')} seat {row.get('seat')}"


def _check_rows(path: Path, rows: list[Row], identity: dict[str, Any]) -> None:
    players = identity["players"]
    options = identity.get("options")
    games: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        for column in REQUIRED_COLUMNS:
            if column not in NULLABLE_COLUMNS and row[column] is None:
                raise LabError(f"{_where(path, row)}: {column} is empty; {REDO}")
        for column in NUMBER_COLUMNS:
            if not math.isfinite(row[column]):
                raise LabError(f"{_where(path, row)}: {column} is not a number "
                               f"({row[column]}); {REDO}")
        for column, key in IDENTITY_COLUMNS.items():
            if row[column] != identity.get(key):
                raise LabError(
                    f"{_where(path, row)}: {column} is {row[column]!r} but the file's run "
                    f"has {identity.get(key)!r}: rows of another run were mixed in; {REDO}"
                )
        if json.loads(row["options"]) != options:
            raise LabError(f"{_where(path, row)}: its options differ from the file's run; {REDO}")
        if row["game_index"] < 0:
            raise LabError(f"{_where(path, row)}: a game index is never negative; {REDO}")
        if row["seed"] != identity["seed"] + row["game_index"]:
            raise LabError(f"{_where(path, row)}: seed {row['seed']} is not the run's seed "
                           f"{identity['seed']} plus the game index; {REDO}")
        games[row["game_index"]].append(row)
    whole = list(range(1, players + 1))
    for index, seats in sorted(games.items()):
        found = sorted(r["seat"] for r in seats)
        if found != whole:
            repeated = sorted({s for s in found if found.count(s) > 1})
            problem = (f"seats {repeated} appear more than once" if repeated else
                       f"it has rows for seats {found} of 1 to {players} (rows are missing)")
            raise LabError(f"{path}, game {index}: {problem}; {REDO}")
        if sorted(r["position"] for r in seats) != whole:
            raise LabError(f"{path}, game {index}: the turn positions are not 1 to {players} "
                           f"once each; {REDO}")
        if abs(sum(r["win_share"] for r in seats) - 1) > 1e-6:
            raise LabError(f"{path}, game {index}: the win shares do not add up to 1; {REDO}")
        lineup = seats[0]["lineup"]
        if len(lineup) != players or any(lineup[r["seat"] - 1] != r["bot"] for r in seats):
            raise LabError(f"{path}, game {index}: the line-up does not match the seats' "
                           f"bots; {REDO}")


def read_results(path: Path) -> ResultsFile:
    """One results file, checked through and through."""
    if not path.exists():
        raise LabError(f"no results file {path}; name a file written by soan simulate")
    if path.is_dir():
        raise LabError(f"{path} is a folder; name a results file written by soan simulate")
    metadata = read_metadata(path)
    identity = _load_json(path, metadata, RUN_KEY)
    provenance = _load_json(path, metadata, PROVENANCE_KEY)
    if type(identity.get("players")) is not int or type(identity.get("seed")) is not int:
        raise LabError(f"{path}: its soan run metadata is damaged; simulate it again")
    _check_provenance(path, provenance, identity)
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError) as exc:
        raise LabError(f"{path} is damaged ({first_line(exc)}); {REDO}") from None
    _check_schema(path, table.schema)
    rows = table.to_pylist()
    if not rows:
        raise LabError(f"{path} holds no games; simulate it again")
    for row in rows:
        for name in table.schema.names:
            if table.schema.field(name).type == COUNTS and row[name] is not None:
                row[name] = dict(row[name])
    _check_rows(path, rows, identity)
    return ResultsFile(path, identity, provenance, rows)


def read_all(paths: Sequence[Path]) -> list[ResultsFile]:
    """Every file, each once."""
    if not paths:
        raise LabError("name at least one results file written by soan simulate")
    seen: dict[Path, Path] = {}
    for path in paths:
        resolved = path.resolve()
        if resolved in seen:
            raise LabError(f"{path} is named twice (as {seen[resolved]} too); name each results "
                           f"file once")
        seen[resolved] = path
    return [read_results(path) for path in paths]
