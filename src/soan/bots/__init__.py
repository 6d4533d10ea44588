"""Bots: anything that picks an action for the seat to move.

A bot is a callable ``bot(state, rng) -> action``. The state it is handed is
``real_state.redeal(seat, ...)``: everything its seat cannot see has been dealt
anew, so a bot cannot peek however it is written. `rng` is the bot's own
seeded generator. Seat specs name bots: ``random``, ``heuristic``,
``ismcts:iters=500`` (options after colons), ``package.module:Name`` for
any importable callable, or ``path/to/file.py:Name`` for one in a file (a
class is called with the options as keywords to make the bot).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts
from soan.engine.core import Action, SoanError, State
from soan.engine.rng import Rng


class Bot(Protocol):
    def __call__(self, state: State, rng: Rng) -> Action: ...


class BotSpecError(SoanError):
    """A seat spec that names no bot, or bad bot options."""


def random_bot(state: State, rng: Rng) -> Action:
    """Uniform over the legal actions."""
    return rng.choice(state.legal())


def _without_options(bot: Bot) -> Callable[..., Bot]:
    """The factory of a bot that has no options."""

    def factory() -> Bot:
        return bot

    return factory


BOTS: dict[str, Callable[..., Bot]] = {
    "random": _without_options(random_bot),
    "heuristic": _without_options(heuristic_bot),
    "ismcts": Ismcts,
}


def _parse_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_options(parts: list[str], spec: str) -> dict[str, Any]:
    options = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise BotSpecError(f"bot option {part!r} in {spec!r} must look like key=value")
        options[key] = _parse_value(value)
    return options


_FILE_MODULES: dict[Path, ModuleType] = {}


def _load_module(name: str) -> ModuleType:
    """A module by dotted name, or from a file when the name ends in ``.py`` (each
    file is run once per process, however many bots it makes)."""
    if not name.endswith(".py"):
        return importlib.import_module(name)
    path = Path(name).resolve()
    if path not in _FILE_MODULES:
        spec = importlib.util.spec_from_file_location(f"soan_bot_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"{name} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _FILE_MODULES[path] = module
    return _FILE_MODULES[path]


def _build(factory: Callable[..., Bot], options: dict[str, Any], spec: str) -> Bot:
    """Call a bot factory with the spec's options; a wrong option names the right ones."""
    params = inspect.signature(factory).parameters.values()
    accepted = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    takes_any = any(p.kind == p.VAR_KEYWORD for p in params)
    unknown = [key for key in options if key not in accepted]
    if unknown and not takes_any:
        takes = f"it takes {', '.join(accepted)}" if accepted else "it takes no options"
        raise BotSpecError(f"unknown option {', '.join(unknown)} in {spec!r}: {takes}")
    try:
        return factory(**options)
    except (TypeError, ValueError) as exc:
        raise BotSpecError(f"bad options in {spec!r}: {exc}") from None


def make_bot(spec: str) -> Bot:
    """Build a bot from a seat spec such as ``random``, ``mymodule:MyBot`` or
    ``my_bot.py:MyBot``."""
    name, *rest = spec.split(":")
    if name in BOTS:
        return _build(BOTS[name], parse_options(rest, spec), spec)
    if rest and "=" not in rest[0]:
        module_name, attr, options = name, rest[0], parse_options(rest[1:], spec)
        try:
            target = getattr(_load_module(module_name), attr)
        except (ImportError, AttributeError, OSError) as exc:
            raise BotSpecError(f"cannot load bot {spec!r}: {exc}") from None
        if isinstance(target, type):
            return _build(target, options, spec)
        if options:
            raise BotSpecError(f"{spec!r}: a plain function bot takes no options")
        return target
    known = ", ".join(["human", *BOTS])
    raise BotSpecError(
        f"unknown seat {spec!r}; use one of {known}, or module:Name or file.py:Name "
        "for your own bot"
    )
