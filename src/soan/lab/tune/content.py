"""Content values by path: read, change and rewrite a content file for `soan tune`.

A path names one value of a content file as the file is written:

- ``SECTION.NAME.FIELD``: in a list of entries (``[[deck]]``, ``[[races]]``,
  ``[[grace]]``…), every entry whose ``name`` or ``english`` is NAME, its FIELD:
  ``deck.テレビ塔.cost``, ``starting_plant.初期発電所.power`` (all five plants).
  Where the entry lists ``effects``, FIELD may name an effect, and the value is
  its amount (0 removes it): ``races.Glorious.prosperity_vp``.
- ``SECTION.FIELD`` for a single table (``farm.power``), and ``FIELD`` for a
  top-level value.

The edited file keeps the original's comments and layout: only the changed
lines are rewritten, and the result is read back to check it says exactly what
was meant (else the whole file is written out plainly, without comments).
"""

from __future__ import annotations

import copy
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soan.engine.content import ContentError

Raw = dict[str, Any]
Where = tuple[str | None, int | None]  # (section or None for the top level, entry index)
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


@dataclass(frozen=True)
class ContentPath:
    text: str
    section: str | None
    entry: str | None
    field: str


def parse_path(text: str, raw: Raw) -> ContentPath:
    """Read a path against the file it addresses; a wrong one names what is there."""
    parts = text.split(".")
    if len(parts) == 1:
        return ContentPath(text, None, None, parts[0])
    section = parts[0]
    if section not in raw:
        tables = ", ".join(k for k, v in raw.items() if isinstance(v, dict | list))
        raise ContentError(f"{text}: the content has no section {section!r}; sections: {tables}")
    if isinstance(raw[section], dict):
        if len(parts) != 2:
            raise ContentError(f"{text}: {section} is a single table: write {section}.FIELD")
        return ContentPath(text, section, None, parts[1])
    if len(parts) < 3:
        raise ContentError(f"{text}: {section} is a list of entries: write {section}.NAME.FIELD")
    path = ContentPath(text, section, ".".join(parts[1:-1]), parts[-1])
    entries(raw, path)  # refuse an unknown name now
    return path


def entries(raw: Raw, path: ContentPath) -> list[tuple[Where, dict[str, Any]]]:
    """Every entry the path addresses, with where it is."""
    if path.section is None:
        return [((None, None), raw)]
    node = raw[path.section]
    if isinstance(node, dict):
        return [((path.section, None), node)]
    found: list[tuple[Where, dict[str, Any]]] = [((path.section, i), e) for i, e in enumerate(node)
             if isinstance(e, dict) and path.entry in (e.get("name"), e.get("english"))]
    if not found:
        names = ", ".join(dict.fromkeys(str(e.get("name")) for e in node if isinstance(e, dict)))
        raise ContentError(f"{path.text}: no entry named {path.entry!r} in {path.section}; "
                           f"names: {names}")
    return found


def _is_effect(entry: dict[str, Any], field: str) -> bool:
    return field not in entry and isinstance(entry.get("effects"), list)


def get_value(raw: Raw, path: ContentPath) -> Any:
    """The value now (the first entry's, where several share the name)."""
    entry = entries(raw, path)[0][1]
    if _is_effect(entry, path.field):
        return next((e.get("amount", 1) for e in entry["effects"]
                     if e.get("effect") == path.field), 0)
    return entry.get(path.field)


def set_value(raw: Raw, path: ContentPath, value: Any) -> None:
    """Change the value in every entry the path addresses (in place)."""
    for _, entry in entries(raw, path):
        if not _is_effect(entry, path.field):
            entry[path.field] = value
            continue
        effects = [e for e in entry["effects"] if e.get("effect") != path.field]
        if value:
            at = next((i for i, e in enumerate(entry["effects"])
                       if e.get("effect") == path.field), len(effects))
            effects.insert(min(at, len(effects)), {"effect": path.field, "amount": value})
        entry["effects"] = effects


def toml_value(value: Any) -> str:
    """A value as TOML: booleans, numbers, strings, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        import json

        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise ContentError(f"cannot write {value!r} to a content file")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_value(key)


def dump(raw: Raw) -> str:
    """The whole content as plain TOML (no comments)."""
    lines = [f"{_key(k)} = {toml_value(v)}" for k, v in raw.items()
             if not isinstance(v, dict) and not _is_table_list(v)]
    for k, v in raw.items():
        if isinstance(v, dict):
            lines += ["", f"[{_key(k)}]", *(f"{_key(f)} = {toml_value(x)}" for f, x in v.items())]
        elif _is_table_list(v):
            for entry in v:
                lines += ["", f"[[{_key(k)}]]",
                          *(f"{_key(f)} = {toml_value(x)}" for f, x in entry.items())]
    return "\n".join(lines) + "\n"


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(e, dict) for e in value)


def _blocks(lines: list[str]) -> dict[Where, tuple[int, int]]:
    """Where each table starts (its header line, -1 for the top level) and ends."""
    starts: list[tuple[Where, int]] = [((None, None), -1)]
    counts: dict[str, int] = {}
    for i, line in enumerate(lines):
        text = line.strip()
        if text.startswith("[["):
            name = text[2:text.index("]]")].strip()
            starts.append(((name, counts.get(name, 0)), i))
            counts[name] = counts.get(name, 0) + 1
        elif text.startswith("["):
            starts.append(((text[1:text.index("]")].strip(), None), i))
    ends = [i for _, i in starts[1:]] + [len(lines)]
    return {where: (start, end) for (where, start), end in zip(starts, ends, strict=True)}


def _edit_lines(lines: list[str], where: Where, start: int, end: int, key: str,
                value: Any) -> None:
    pattern = re.compile(rf"^\s*{re.escape(_key(key))}\s*=")
    at = next((i for i in range(start + 1, end) if pattern.match(lines[i])), None)
    if value is _GONE:
        if at is not None:
            del lines[at]
        return
    line = f"{_key(key)} = {toml_value(value)}"
    if at is not None:
        lines[at] = line
    elif where == (None, None):
        lines.insert(next((i for i in range(len(lines)) if lines[i].lstrip().startswith("[")),
                          len(lines)), line)
    else:
        lines.insert(start + 1, line)


_GONE = object()


def edited_text(text: str, before: Raw, after: Raw) -> str:
    """`text` (the file `before` was read from) saying `after`: the changed values'
    lines are rewritten in place, comments kept."""
    lines = text.splitlines()
    changes: list[tuple[Where, str, Any]] = []
    for key in after:
        if not isinstance(after[key], dict) and not _is_table_list(after[key]):
            if before.get(key) != after[key]:
                changes.append(((None, None), key, after[key]))
        elif isinstance(after[key], dict):
            changes += _entry_changes((key, None), before[key], after[key])
        else:
            for i, (old, new) in enumerate(zip(before[key], after[key], strict=True)):
                changes += _entry_changes((key, i), old, new)
    for where, key, value in changes:  # bottom-up would not matter: blocks are re-read
        start, end = _blocks(lines)[where]
        _edit_lines(lines, where, start, end, key, value)
    out = "\n".join(lines) + "\n"
    try:
        if tomllib.loads(out) == after:
            return out
    except tomllib.TOMLDecodeError:
        pass
    return dump(after)


def _entry_changes(where: Where, old: dict, new: dict) -> list[tuple[Where, str, Any]]:
    changes = [(where, k, v) for k, v in new.items() if old.get(k) != v]
    return changes + [(where, k, _GONE) for k in old if k not in new]


def read(path: Path) -> tuple[str, Raw]:
    """A content file's text and its values."""
    try:
        text = path.read_text("utf-8")
        return text, tomllib.loads(text)
    except OSError as exc:
        raise ContentError(f"cannot read content file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None


def with_values(text: str, raw: Raw, values: dict[ContentPath, Any], header: str = "") -> str:
    """The file's text with the values changed, and `header` comment lines on top."""
    after = copy.deepcopy(raw)
    for path, value in values.items():
        set_value(after, path, value)
    out = edited_text(text, raw, after)
    if header:
        out = "".join(f"# {line}".rstrip() + "\n" for line in header.splitlines()) + "#\n" + out
    return out
