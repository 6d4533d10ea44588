"""What every bot module shares: the bot protocol, the error for a bad seat spec, and
how a bot's failure reads in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from soan.engine.core import Action, SoanError, State
from soan.engine.rng import Rng


class Bot(Protocol):
    def __call__(self, state: State, rng: Rng) -> Action: ...


class BotSpecError(SoanError):
    """A seat spec that names no bot, or bad bot options."""


# how an on/off bot option may be written: reuse=false, reuse=0, reuse=true...
SWITCHES = {"1": True, "true": True, "yes": True, "on": True,
            "0": False, "false": False, "no": False, "off": False}


_OWN = Path(__file__).resolve().parents[1]  # soan's own code


def describe_failure(exc: BaseException) -> str:
    """An exception in one line, with the line of the bot's own code it came from."""
    where = ""
    if isinstance(exc, SyntaxError):
        where = f" (line {exc.lineno})"
    else:
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        source = Path(tb.tb_frame.f_code.co_filename) if tb is not None else _OWN
        if tb is not None and not source.resolve().is_relative_to(_OWN):
            where = f" (line {tb.tb_lineno} of {source.name})"
    text = str(exc.msg if isinstance(exc, SyntaxError) else exc)
    return f"{type(exc).__name__}: {text}{where}" if text else f"{type(exc).__name__}{where}"
