"""The `soan` command: list games, play them, replay records, look at worlds."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from soan.console import console, fail
from soan.engine.core import SoanError
from soan.lab.cli import register as register_lab
from soan.web.cli import register as register_web

app = typer.Typer(
    help="soan (草案): a playtest lab for tabletop game drafts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
@app.command()
def games() -> None:
    """List every registered game with its seat range and variants."""
    from rich.table import Table

    from soan.engine.registry import all_games

    table = Table(title="soan games")
    for column in ("id", "title", "players", "variants"):
        table.add_column(column)
    for game in all_games():
        table.add_row(
            game.id, game.title, f"{game.min_seats}-{game.max_seats}", ", ".join(game.variants)
        )
    console.print(table)


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")],
    players: Annotated[
        int,
        typer.Option("--players", "-n", help="Number of players (0: as many as --seats, "
                     "else the game's minimum)."),
    ] = 0,
    seats: Annotated[
        str,
        typer.Option(help="Comma-separated seats: human, random, heuristic, ismcts "
                     "(options by colons: ismcts:iters=500), module:Name or file.py:Name. "
                     "Default: all random."),
    ] = "",
    seed: Annotated[int, typer.Option(help="Seed for all chance in the game.")] = 1,
    variant: Annotated[str, typer.Option(help="Named variant, see `soan games`.")] = "default",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule number override key=value.")
    ] = None,
    content: Annotated[
        Path | None, typer.Option(help="An edited copy of the game's content file.")
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the game's record (JSON) here.")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="Only print the final table.")] = False,
) -> None:
    """Play a game: humans at the terminal, bots in the other seats.

    Example: soan play cityplan --seats human,heuristic,ismcts:iters=500 --seed 7
    """
    from soan.engine.registry import get_game
    from soan.table import TableSetup, parse_option_args
    from soan.terminal import run_table, seats_for

    try:
        overrides = parse_option_args(get_game(game_id), option or [])
        setup = TableSetup.build(game_id, seats_for(game_id, players, seats), seed, variant,
                                 overrides, content)
        run_table(setup, console, record, quiet)
    except SoanError as exc:
        fail(str(exc))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `soan play --record`.")],
    step: Annotated[bool, typer.Option(help="Walk through the game action by action.")] = False,
    content: Annotated[
        Path | None, typer.Option(help="The content file the game was played with.")
    ] = None,
) -> None:
    """Replay a record, check that it replays exactly, and print the final table."""
    from soan.terminal import replay_record

    try:
        replay_record(file, content, step, console)
    except SoanError as exc:
        fail(str(exc))


@app.command()
def show(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")],
    seed: Annotated[int, typer.Option(help="Seed of the world.")] = 1,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 0,
    svg: Annotated[Path | None, typer.Option(help="Also write the world as an SVG file.")] = None,
    content: Annotated[
        Path | None, typer.Option(help="An edited copy of the game's content file.")
    ] = None,
) -> None:
    """Show a game's starting position (the world, for map games) for a seed."""
    from soan.engine.registry import get_game

    try:
        game = get_game(game_id)
        state = game.new(
            players or game.min_seats,
            seed,
            content=game.load_content(str(content) if content else None),
        )
        console.print(state.render(None), highlight=False, markup=False)
        if svg is not None:
            if not hasattr(state, "svg"):
                fail(f"{game.title} has no map to draw as SVG")
            svg.write_text(state.svg(), "utf-8")
            console.print(f"wrote {svg}")
    except SoanError as exc:
        fail(str(exc))


register_lab(app)
register_web(app)
