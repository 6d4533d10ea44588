"""Bots: anything that picks an action for the seat to move.

A bot is a callable ``bot(state, rng) -> action``. The state it is handed is
``real_state.redeal(seat, ...)``: everything its seat cannot see has been dealt
anew, and `rng` is the bot's own generator, derived one-way from the game's
seed. Seat specs name bots: ``random``, ``heuristic``, ``ismcts:iters=500``
(options after colons), ``learned`` and ``strong`` (which need a model trained
for the rule set: `soan train`), ``package.module:Name`` for any importable callable, or
``path/to/file.py:Name`` for one in a file (a class is called with the options
as keywords to make the bot). ``isolated:SPEC`` runs the bot SPEC in a process of
its own (`soan.bots.isolated`). docs/bots.md says what each way guarantees.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from soan.bots.base import SWITCHES, Bot, BotSpecError, describe_failure
from soan.bots.heuristic import heuristic_bot, turn_end_bot
from soan.bots.ismcts import Ismcts
from soan.bots.learned import LearnedBot
from soan.bots.strong import StrongBot
from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.learn.model import NoModel

__all__ = ["BOTS", "Bot", "BotSpecError", "describe_failure", "is_custom", "make_bot",
           "models_read", "random_bot", "with_workers"]


def random_bot(state: State, rng: Rng) -> Action:
    """Uniform over the legal actions."""
    return rng.choice(state.legal())


def _without_options(bot: Bot) -> Callable[..., Bot]:
    """The factory of a bot that has no options."""

    def factory() -> Bot:
        return bot

    return factory


def heuristic(turn: bool = False) -> Bot:
    """`heuristic`, or `heuristic:turn=on` to read each move at the end of the mover's
    turn (slower: a few heuristic steps a move)."""
    return turn_end_bot if turn else heuristic_bot


BOTS: dict[str, Callable[..., Bot]] = {
    "random": _without_options(random_bot),
    "heuristic": heuristic,
    "ismcts": Ismcts,
    "learned": LearnedBot,  # needs a model trained for the rule set: `soan train`
    "strong": StrongBot,  # the best of ismcts:eval=learned and learned, per game
}


def _parse_value(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return text
    return number if math.isfinite(number) else text  # nan and inf are no options


def parse_options(parts: list[str], spec: str) -> dict[str, Any]:
    options = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise BotSpecError(f"bot option {part!r} in {spec!r} must look like key=value, "
                               "such as iters=500")
        options[key] = _parse_value(value)
    return options


def _check_types(params: list[inspect.Parameter], options: dict[str, Any], spec: str) -> None:
    """Refuse an option whose value is not of its default's kind (iters=abc, c=nan)."""
    defaults = {p.name: p.default for p in params if p.default is not p.empty}
    for key, value in options.items():
        default = defaults.get(key)
        if isinstance(default, bool):
            options[key] = _switch(key, value, spec)
            continue
        if default is None:
            continue
        if isinstance(default, int) and type(value) is not int:
            raise BotSpecError(f"bot option {key}={value} in {spec!r}: {key} takes a whole "
                               f"number, such as {key}={default}")
        if isinstance(default, float) and type(value) not in (int, float):
            raise BotSpecError(f"bot option {key}={value} in {spec!r}: {key} takes a finite "
                               f"number, such as {key}={default:g}")
        if isinstance(default, str) and not isinstance(value, str):
            options[key] = str(value)


def _switch(key: str, value: Any, spec: str) -> bool:
    """An on/off option: reuse=false, reuse=0, reuse=true..."""
    found = SWITCHES.get(str(value).lower())
    if found is None:
        raise BotSpecError(f"bot option {key}={value} in {spec!r}: {key} is on or off, "
                           f"such as {key}=true or {key}=false")
    return found


_FILE_MODULES: dict[Path, ModuleType] = {}


def _load_module(name: str) -> ModuleType:
    """A module by dotted name, or from a file when the name ends in ``.py`` (each
    file is run once per process, however many bots it makes). Whatever goes wrong
    while it runs is refused naming the file and the line."""
    if not name.endswith(".py"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                raise BotSpecError(f"no Python module {name!r} (for a file, give its path "
                                   "ending in .py)") from None
            failure = describe_failure(exc)
        except (Exception, SystemExit) as exc:
            failure = describe_failure(exc)
        raise BotSpecError(f"bot module {name} failed to import: {failure}")
    path = Path(name).resolve()
    if path not in _FILE_MODULES:
        if not path.is_file():
            raise BotSpecError(f"no bot file {name}")
        spec = importlib.util.spec_from_file_location(f"soan_bot_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise BotSpecError(f"{name} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except (Exception, SystemExit) as exc:
            raise BotSpecError(f"bot file {name} failed to load: {describe_failure(exc)}") from None
        _FILE_MODULES[path] = module
    return _FILE_MODULES[path]


def _build(factory: Callable[..., Bot], options: dict[str, Any], spec: str) -> Bot:
    """Call a bot factory with the spec's options; a wrong option names the right ones."""
    try:
        params = list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        params = []
    accepted = [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    takes_any = any(p.kind == p.VAR_KEYWORD for p in params)
    unknown = [key for key in options if key not in accepted]
    if unknown and not takes_any:
        takes = f"it takes {', '.join(accepted)}" if accepted else "it takes no options"
        raise BotSpecError(f"unknown option {', '.join(unknown)} in {spec!r}: {takes}")
    _check_types(params, options, spec)
    try:
        bot = factory(**options)
    except (Exception, SystemExit) as exc:
        raise BotSpecError(f"{spec!r} could not be made: {describe_failure(exc)}") from None
    if not callable(bot):
        raise BotSpecError(f"{spec!r} made {type(bot).__name__}, which is not callable")
    return bot


def make_bot(spec: str, move_time: float | None = None) -> Bot:
    """Build a bot from a seat spec such as ``random``, ``mymodule:MyBot``,
    ``my_bot.py:MyBot`` or ``isolated:my_bot.py:MyBot`` (`move_time`: the seconds an
    isolated bot may take a move)."""
    name, *rest = spec.split(":")
    if name == ISOLATED:
        from soan.bots.isolated import DEFAULT_MOVE_TIME, IsolatedBot

        return IsolatedBot(spec[len(ISOLATED) + 1:], move_time or DEFAULT_MOVE_TIME)
    if name in BOTS:
        return _build(BOTS[name], parse_options(rest, spec), spec)
    if name and rest and rest[0] and "=" not in rest[0]:
        module_name, attr, options = name, rest[0], parse_options(rest[1:], spec)
        try:
            module = _load_module(module_name)
        except BotSpecError as exc:
            raise BotSpecError(f"{spec!r}: {exc}") from None
        if not hasattr(module, attr):
            raise BotSpecError(f"{module_name} has no {attr!r} to play with (spec {spec!r})")
        target = getattr(module, attr)
        if isinstance(target, type):
            return _build(target, options, spec)
        if not callable(target):
            raise BotSpecError(f"{spec!r} names a {type(target).__name__}, which is not "
                               "callable: name a function bot(state, rng) or a class")
        if options:
            raise BotSpecError(f"{spec!r}: a plain function bot takes no options")
        return target
    known = ", ".join(["human", *BOTS])
    raise BotSpecError(
        f"unknown seat {spec!r}; use one of {known}, or module:Name or file.py:Name "
        "for your own bot (isolated:file.py:Name to run it in a process of its own)"
    )


ISOLATED = "isolated"


def models_read(specs: Iterable[str], state: State) -> list[str]:
    """The model files the built-in bots among `specs` read in `state`'s rule set, each
    once: what a results file's provenance names (a bot without a model for the rule set
    reads none here, and refuses when it plays; code from a file is not asked)."""
    found: list[str] = []
    for spec in dict.fromkeys(specs):
        if spec.split(":")[0] not in BOTS:
            continue
        bot = make_bot(spec)
        reader = getattr(bot, "models_for", None)
        try:
            found += reader(state) if reader is not None else []
        except NoModel:
            pass
        finally:
            if hasattr(bot, "close"):
                bot.close()
    return list(dict.fromkeys(found))


def is_custom(spec: str) -> bool:
    """Whether a seat spec names code from a file or module (not a built-in bot)."""
    name = spec.split(":")[0]
    return name not in BOTS and name not in ("human", ISOLATED)


WORKERS = "workers"  # the option of the bots that search a decision with several processes


def with_workers(spec: str, workers: int) -> str:
    """`spec` searching with `workers` processes (`soan play --jobs`) when its bot takes a
    `workers` option (ismcts, strong) and the spec does not set one; else `spec`."""
    name, *rest = spec.split(":")
    if workers == 1 or name not in BOTS or any(p.startswith(f"{WORKERS}=") for p in rest):
        return spec
    if WORKERS not in inspect.signature(BOTS[name]).parameters:
        return spec
    return f"{spec}:{WORKERS}={workers}"
