"""Rule numbers: every `Options` field carries its allowed values, checked before play.

A game's `Options` is a frozen dataclass whose fields are made with `rule()`:
the default is the draft as written, and the range (or the choices) is what the
rules can stand. `check_options` refuses anything else naming the field, the
value and what is allowed, so no command line, sweep, record or web form can
start a game that breaks or never ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from soan.engine.errors import OptionsError


def rule(
    default: Any,
    low: int | None = None,
    high: int | None = None,
    *,
    choices: Sequence[str] = (),
    about: str = "",
) -> Any:
    """A rule-number field: its default, its inclusive range (ints and each part of an
    int tuple) or its choices (strings), and a few words for help texts."""
    return field(
        default=default,
        metadata={"low": low, "high": high, "choices": tuple(choices), "about": about},
    )


@dataclass(frozen=True)
class Variant:
    """A named preset of rule numbers, with one line saying what it changes."""

    about: str
    overrides: dict[str, Any] = field(default_factory=dict)


def allowed(f: dataclasses.Field) -> str:
    """What a field accepts, in words: '1..20', 'true or false', 'a, b or c'."""
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        return "true or false"
    if meta.get("choices"):
        return " or ".join(", ".join(meta["choices"]).rsplit(", ", 1))
    span = f"{meta.get('low')}..{meta.get('high')}"
    if isinstance(default, tuple):
        return f"{len(default)} whole numbers a/b/... each {span}"
    return f"a whole number {span}"


def _fits(f: dataclasses.Field, value: Any) -> bool:
    default, meta = f.default, f.metadata
    low, high = meta.get("low"), meta.get("high")

    def number_ok(x: Any) -> bool:
        return (
            type(x) is int
            and (low is None or x >= low)
            and (high is None or x <= high)
        )

    if isinstance(default, bool):
        return type(value) is bool
    if isinstance(default, int):
        return number_ok(value)
    if isinstance(default, tuple):
        return (
            type(value) is tuple and len(value) == len(default) and all(map(number_ok, value))
        )
    if isinstance(default, str):
        return type(value) is str and (not meta.get("choices") or value in meta["choices"])
    return type(value) is type(default)


def check_options(game_id: str, options: Any) -> None:
    """Refuse an Options value outside its field's range, naming field, value and range."""
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if not _fits(f, value):
            shown = "/".join(map(str, value)) if isinstance(value, tuple) else repr(value)
            raise OptionsError(
                f"{game_id} option {f.name}={shown} is out of range: it takes {allowed(f)}"
                + (f" ({f.metadata['about']})" if f.metadata.get("about") else "")
            )
