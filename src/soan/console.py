"""The terminal every command prints to, and the one way commands fail."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console()


def fail(message: str) -> NoReturn:
    """Print a clear error (as plain text: brackets survive) and exit with status 2."""
    console.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(2)
