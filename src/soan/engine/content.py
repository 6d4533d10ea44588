"""Loading a game's content file (TOML), validated by a pydantic model.

A designer edits a copy of a game's `content.toml` and passes it with
`--content FILE`. A bad file is refused with the file, the entry and the field
named, so the fix is obvious; nothing of a bad file is ever used.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from soan.engine.core import SoanError

M = TypeVar("M", bound=BaseModel)


class ContentError(SoanError):
    """A content file that cannot be used, with where and why."""


class Entry(BaseModel):
    """An entry of a content file: strict fields, and a reason for anything invented."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    provisional: bool = False
    reason: str = ""

    @model_validator(mode="after")
    def _provisional_needs_reason(self):
        if self.provisional and not self.reason.strip():
            raise ValueError("a provisional entry needs a one-line reason")
        return self


class Content(BaseModel):
    """A whole content file: strict fields, and a fingerprint for records and results."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise ContentError(f"cannot read content file {path}: {exc.strerror}") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = [f"{path}: {exc.error_count()} problem(s) in the content file"]
        for err in exc.errors()[:10]:
            lines.append(f"  at {_where(raw, err['loc'])}: {err['msg']}")
        raise ContentError("\n".join(lines)) from None


def content_hash(content: BaseModel) -> str:
    """A short stable fingerprint of validated content, stored in records and results."""
    data = json.dumps(content.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]
