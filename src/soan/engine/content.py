"""Loading a game's content file (TOML), validated by a pydantic model.

A designer edits a copy of a game's `content.toml` and passes it with
`--content FILE`. A bad file is refused with the file, the entry and the field
named, so the fix is obvious; nothing of a bad file is ever used.

Files are read as UTF-8 and refused over `LIMIT` bytes before parsing, or nested
deeper than `MAX_DEPTH`. Types are strict (pydantic strict mode: `cost = "3"`,
`3.0` or `true` is not the number 3), and dates, times, `nan` and `inf` are no
content values. Every game's models inherit `Entry` and `Content`, so every game
gets all of this.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from soan.engine.core import SoanError
from soan.engine.files import MB, read_text

M = TypeVar("M", bound=BaseModel)

LIMIT = 1 * MB  # the shipped files are about 30 KB
MAX_DEPTH = 16  # tables and arrays inside each other; the shipped files use 4


class ContentError(SoanError):
    """A content file that cannot be used, with where and why."""


class Entry(BaseModel):
    """An entry of a content file: strict fields, and a reason for anything invented."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    provisional: bool = False
    reason: str = ""

    @model_validator(mode="after")
    def _provisional_needs_reason(self):
        if self.provisional and not self.reason.strip():
            raise ValueError("a provisional entry needs a one-line reason")
        return self


def gloss() -> Any:
    """The `english` field of a named entry: the name in English, shown beside the name
    as written (`soan.engine.glossary.name`). Optional: an entry without one shows its
    name as written, in English pages too."""
    return Field(default="", description="the name in English (optional)")


class Content(BaseModel):
    """A whole content file: strict fields, and a fingerprint for records and results."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    @cached_property
    def hash(self) -> str:
        return content_hash(self)


def _where(raw: Any, loc: tuple) -> str:
    """Name the entry of a validation error location: `deck[3] (Apartment).cost`."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int):
            name = (
                node[key].get("name")
                if isinstance(node, list) and key < len(node) and isinstance(node[key], dict)
                else None
            )
            parts[-1] = f"{parts[-1]}[{key + 1}]" + (f" ({name!r})" if name else "")
        else:
            parts.append(str(key))
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            node = None
    return ".".join(parts) if parts else "(top level)"


_loaded: dict[tuple[str, type, int, int], BaseModel] = {}


def load_model(path: Path, model: type[M]) -> M:
    """Read TOML at `path` into `model`, or raise ContentError naming file, entry, field.
    A file is read once per process until it changes (new games reuse its content)."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise ContentError(f"cannot read content file {path}: {exc.strerror}") from None
    key = (str(path.resolve()), model, stat.st_mtime_ns, stat.st_size)
    if key not in _loaded:
        _loaded[key] = _read_model(path, model)
    return _loaded[key]  # type: ignore[return-value]


def _read_model(path: Path, model: type[M]) -> M:
    text = read_text(path, "content file", LIMIT)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path} is not valid TOML: {exc}") from None
    except RecursionError:
        raise ContentError(f"{path}: values are nested too deeply to be content") from None
    _check_values(path, raw, raw, ())
    try:
        # JSON mode: strict types, and a TOML array may fill a tuple field
        return model.model_validate_json(json.dumps(raw, ensure_ascii=False), strict=True)
    except ValidationError as exc:
        raise ContentError(_first_problem(path, raw, exc)) from None


def _check_values(path: Path, raw: Any, node: Any, loc: tuple) -> None:
    """Refuse what no content field takes: deep nesting, dates and times, nan and inf."""
    if len(loc) > MAX_DEPTH:
        raise ContentError(f"{path}: values are nested more than {MAX_DEPTH} deep at "
                           f"{_where(raw, loc[:3])}...")
    if isinstance(node, dict):
        for key, value in node.items():
            _check_values(path, raw, value, (*loc, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _check_values(path, raw, value, (*loc, i))
    elif isinstance(node, datetime.date | datetime.time):
        raise ContentError(f"{path}: at {_where(raw, loc)}: a date or time is no content "
                           "value; write a number or a quoted text")
    elif isinstance(node, float) and not math.isfinite(node):
        raise ContentError(f"{path}: at {_where(raw, loc)}: {node} is no content value; "
                           "write a whole number")


def _first_problem(path: Path, raw: Any, exc: ValidationError) -> str:
    """One line: the first problem with its entry, field and the value found."""
    err = exc.errors()[0]
    found, kind = err.get("input"), err["type"]
    if kind == "extra_forbidden":
        what = "no such field: remove it or check its spelling"
    elif kind == "missing":
        what = "this field is required: add it"
    else:
        what = err["msg"].removeprefix("Value error, ").replace("Input should be", "should be")
        if not isinstance(found, dict | list):
            what += f", not {json.dumps(found, ensure_ascii=False)[:40]}"
    more = exc.error_count() - 1
    loc = tuple(k for k in err["loc"] if isinstance(k, int) or k.isidentifier())  # no union tags
    where = f"at {_where(raw, loc)}: " if loc else ""
    return (f"{path}: {where}{what}"
            + (f" (and {more} more problem{'s' * (more > 1)})" if more else ""))


def content_hash(content: BaseModel) -> str:
    """A short stable fingerprint of validated content, stored in records and results."""
    data = json.dumps(content.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]
