"""The terminal every command prints to, and the one way commands fail.

Every command fails the same way: one line on standard error, `error: ` and what is
wrong, where and how to fix it, then exit code 2. `SoanGroup` turns any `SoanError`
(and any usage error of the command line) into that line; anything else is a bug in
soan and says so, with exit code 1. Tracebacks appear only with `soan --debug`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup
from typer.exceptions import TyperException

from soan.engine.errors import SoanError

console = Console()
errors = Console(stderr=True, soft_wrap=True, highlight=False)

BAD_INPUT = 2  # the exit code of every refusal
BUG = 1


class _Debug:
    on = False


def set_debug(on: bool) -> None:
    """With `--debug`, errors propagate with their tracebacks."""
    _Debug.on = on


def counted(n: int, noun: str) -> str:
    """`1 job`, `2 jobs`: a count with its noun in the right number."""
    return f"{n} {noun if n == 1 else noun + 's'}"


def one_line(message: str) -> str:
    return " ".join(message.split())


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """Print one clear error line (as plain text: brackets survive) and exit."""
    errors.print(f"[bold red]error:[/] {escape(one_line(message))}")
    raise typer.Exit(code)


class SoanGroup(TyperGroup):
    """The `soan` command group: one error path for every command."""

    def invoke(self, ctx: Any) -> Any:  # Click's context (Typer vendors Click)
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, TyperException, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # the reader left (`soan ... | head`): nothing is wrong
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(0) from None
        except SoanError as exc:
            if _Debug.on:
                raise
            fail(str(exc))
        except Exception as exc:
            if _Debug.on:
                raise
            fail(f"soan failed unexpectedly ({type(exc).__name__}: {exc}); this is a bug: "
                 "run the command again with --debug and report the traceback", BUG)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Run the command; usage errors become one `error:` line with exit code 2."""
        set_debug(False)
        try:
            code = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=False, windows_expand_args=windows_expand_args,
                                **extra)
        except TyperException as exc:  # the command line itself is wrong
            context = getattr(exc, "ctx", None)
            path = context.command_path.split(" ")[1:] if context is not None else []
            command = " ".join(["soan", *path])
            message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
            errors.print(f"[bold red]error:[/] {escape(one_line(message))} "
                         f"(see: {escape(command)} --help)")
            code = getattr(exc, "exit_code", BAD_INPUT)
        except typer.Abort:
            errors.print("stopped.")
            code = 130
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)
