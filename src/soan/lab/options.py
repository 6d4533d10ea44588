"""The options the lab's commands share, so each reads the same way in every command's help."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")]
PlayersOption = Annotated[int | None, typer.Option(
    "--players", "-n", help="Number of players (default: as many as --bots names, else 4 "
    "where the game allows).")]
BotsOption = Annotated[str, typer.Option(
    help="Bot specs, comma-separated: heuristic, random, ismcts:iters=200. They cycle "
    "through the seats (heuristic,random at 4 seats: heuristic, random, heuristic, random) "
    "and rotate one seat each game.")]
OptionOption = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="Rule number override key=value (repeat for several).")]
SeedOption = Annotated[int, typer.Option(help="Game i of the run uses seed S+i (0 to 2^63-1).")]
JobsOption = Annotated[int | None, typer.Option(
    help="Processes to play with (default: all cores).")]
BackendOption = Annotated[str, typer.Option(help="local (this machine) or ray.")]
AddressOption = Annotated[str | None, typer.Option(
    help="Address of a running Ray cluster (default: start a local one).")]
ContentOption = Annotated[Path | None, typer.Option(
    help="An edited copy of the game's content file.")]
RepairOption = Annotated[bool, typer.Option(
    help="Drop damaged chunks and games with missing rows from the results, and play "
    "those games again.")]
LangOption = Annotated[str | None, typer.Option(
    help="Language of the report: en or ja (default: from the locale, LANG=ja_JP... is ja).")]
BotOption = Annotated[str, typer.Option(
    "--bot", help="The bot in every seat, restricted in one: heuristic, ismcts:iters=200, ...")]
VariantOption = Annotated[str, typer.Option(help="Named variant, see `soan games`.")]


def comma_list(text: str) -> list[str]:
    """The words of a comma-separated option, blanks dropped."""
    return [w.strip() for w in text.split(",") if w.strip()]
