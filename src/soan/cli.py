"""The `soan` command: list games, play them, replay records, look at worlds, read rules.

Every command checks its input before any work starts and refuses bad input the
one way `soan.console.SoanGroup` defines: one `error:` line, exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from soan.console import SoanGroup, console, set_debug
from soan.lab.cli import register as register_lab
from soan.learn.cli import register as register_learn
from soan.web.cli import register as register_web

app = typer.Typer(
    cls=SoanGroup,
    help="soan (草案): a playtest lab for tabletop game drafts.",
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")]
LangOption = Annotated[str, typer.Option(
    "--lang", help="en: names in English with the name as written in brackets, "
    "'Allotment gardens (市民農園)'; ja: names as written (Japanese) alone.")]
ContentOption = Annotated[
    Path | None, typer.Option(help="An edited copy of the game's content file "
                              "(`soan content GAME --out FILE` writes one to start from).")
]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        console.print(f"soan {version('soan')}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the full traceback of an error.")] = False,
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print soan's version.")] = False,
) -> None:
    """soan (草案): a playtest lab for tabletop game drafts."""
    set_debug(debug)
    if ctx.invoked_subcommand is None:
        console.print(ctx.get_help())


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
    game_id: GameArgument,
    players: Annotated[
        int,
        typer.Option("--players", "-n", help="Number of players (0: as many as --seats, "
                     "else the game's minimum)."),
    ] = 0,
    seats: Annotated[
        str,
        typer.Option(help="Comma-separated seats: human, random, heuristic, ismcts "
                     "(options by colons: ismcts:iters=500), module:Name or file.py:Name, "
                     "isolated:file.py:Name (in a process of its own). Default: all random."),
    ] = "",
    seed: Annotated[int | None, typer.Option(
        help="Seed for all chance in the game (default: drawn at random and shown after "
        "the game).")] = None,
    variant: Annotated[str, typer.Option(help="Named variant, see `soan games`.")] = "default",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule number override key=value.")
    ] = None,
    content: ContentOption = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the game's record (JSON) here; a game stopped "
                                  "early is kept too.")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="Only print the final table.")] = False,
    isolate: Annotated[bool, typer.Option(
        help="Run every bot from a file or module in a process of its own.")] = False,
    move_time: Annotated[float, typer.Option(
        help="Seconds an isolated bot may take a move.")] = 10.0,
    jobs: Annotated[int, typer.Option(
        help="Processes each searching bot (ismcts, strong) thinks with: a decision's "
        "iterations are split over them and their results added up (root parallelism; "
        "the same seed and --jobs give the same moves, a different --jobs other ones). "
        "The same as workers=N in the seat's spec, which wins when given.")] = 1,
    lang: LangOption = "en",
) -> None:
    """Play a game: humans at the terminal, bots in the other seats.

    Example: soan play cityplan --seats human,heuristic,ismcts:iters=500
    """
    from soan.engine.files import check_writable
    from soan.engine.registry import get_game
    from soan.table import TableSetup, parse_option_args
    from soan.terminal import check_language, run_table, seats_for

    check_language(lang)
    if record is not None:
        check_writable(record, "--record")
    overrides = parse_option_args(get_game(game_id), option or [])
    setup = TableSetup.build(game_id, seats_for(game_id, players, seats, isolate, jobs), seed,
                             variant, overrides, content, move_time=move_time)
    run_table(setup, console, record, quiet, lang)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `soan play --record`.")],
    step: Annotated[bool, typer.Option(
        help="Walk through the game action by action, the board as a spectator sees it.")
    ] = False,
    content: Annotated[
        Path | None, typer.Option(help="The content file the game was played with.")
    ] = None,
    lang: LangOption = "en",
) -> None:
    """Replay a record, check that it replays exactly, and print the final table."""
    from soan.terminal import replay_record

    replay_record(file, content, step, console, lang)


@app.command()
def show(
    game_id: GameArgument,
    seed: Annotated[int, typer.Option(help="Seed of the world.")] = 1,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 0,
    svg: Annotated[Path | None, typer.Option(help="Also write the world as an SVG file.")] = None,
    content: ContentOption = None,
) -> None:
    """Show a game's starting position (the world, for map games) for a seed."""
    from soan.console import fail
    from soan.engine.files import check_writable, write_atomic
    from soan.engine.registry import get_game

    game = get_game(game_id)
    if svg is not None:
        check_writable(svg, "--svg")
    state = game.new(
        players or game.min_seats,
        seed,
        content=game.load_content(str(content) if content else None),
    )
    picture = game.presenter.svg(state)
    if svg is not None and picture is None:
        fail(f"--svg: {game.title} has no map to draw as SVG")
    console.print(game.presenter.render(state), highlight=False, markup=False)
    if svg is not None and picture is not None:
        write_atomic(svg, picture)
        console.print(f"wrote {svg}", markup=False, highlight=False)


@app.command()
def rules(game_id: GameArgument) -> None:
    """Read a game's rules reference in English, with every ruling (in a pager)."""
    from soan.engine.registry import get_game
    from soan.terminal import show_long

    show_long(console, get_game(game_id).rules_text())


@app.command("content")
def content_copy(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(help="Where to write the copy (a .toml file).")],
    force: Annotated[bool, typer.Option(help="Overwrite --out if it exists.")] = False,
) -> None:
    """Write an editable copy of a game's shipped content (cards, races, tiles).

    Edit it and play with it: soan play GAME --content FILE
    """
    import sys
    from importlib import resources

    from soan.console import fail
    from soan.engine.files import check_writable, write_atomic
    from soan.engine.registry import get_game

    game = get_game(game_id)
    check_writable(out, "--out")
    if out.exists() and not force:
        fail(f"--out {out} exists; choose another file or pass --force to overwrite it")
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    text = resources.files(package).joinpath("content.toml").read_text("utf-8")
    write_atomic(out, text)
    console.print(f"Wrote {game.title}'s content to {out}; play with it: soan play "
                  f"{game.id} --content {out}", markup=False, highlight=False)


register_lab(app)
register_learn(app)
register_web(app)
