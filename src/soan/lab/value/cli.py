"""The `soan value` command, and the table plan `soan tune` shares with it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from soan.console import console, fail
from soan.engine.core import SoanError
from soan.lab.options import (
    BotOption,
    ContentOption,
    GameArgument,
    JobsOption,
    OptionOption,
    PlayersOption,
    SeedOption,
    VariantOption,
    comma_list,
)
from soan.lab.value.value import DEFAULT_GAMES

if TYPE_CHECKING:
    from rich.progress import Progress

    from soan.lab.value.value import Plan
    from soan.table import TableSetup



def progress_bars() -> Progress:
    """The progress bars of a value study or a tuning, in games."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("games"), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=console)


def value(
    game_id: GameArgument,
    out: Annotated[Path | None, typer.Option(
        help="Folder for the runs, worth.parquet and value.html (default studies/value-GAME); "
        "re-run to resume.")] = None,
    players: PlayersOption = 0,
    bot: BotOption = "heuristic",
    games: Annotated[int, typer.Option(
        help="Games per run: the baseline and each item under each mode, on the same seeds."
    )] = DEFAULT_GAMES,
    items: Annotated[str, typer.Option(
        help="Comma-separated usage keys to measure, such as built:公園 (default: every "
        "item some legal choice can use).")] = "",
    modes: Annotated[str, typer.Option(
        help="forbid (never use the item), force (use it whenever possible), or both.")]
    = "forbid,force",
    variant: VariantOption = "default",
    option: OptionOption = None,
    content: ContentOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = 0,
) -> None:
    """What each content item is worth: the same games with one seat forbidden it.

    Example: soan value cityplan --items built:テレビ塔,built:建設予定地 --games 400
    """
    from soan.bots.restricted import MODES
    from soan.lab.run.runner import default_jobs
    from soan.lab.value.report import headlines, lines_of, write_outputs
    from soan.lab.value.value import Study, Workers, offered_keys

    started = time.perf_counter()
    try:
        setup, plan = table_plan(game_id, players, bot, variant, option or [], content, seed)
        game = setup.game
        if games < 1:
            raise SoanError(f"--games must be at least 1, not {games}")
        chosen_modes = comma_list(modes)
        bad = [m for m in chosen_modes if m not in MODES]
        if bad or not chosen_modes:
            raise SoanError(f"--modes takes {' and/or '.join(MODES)}, not {modes!r}")
        keys = game.usage_keys(setup.content, setup.options)
        wanted = comma_list(items)
        unknown = [k for k in wanted if k not in keys]
        if unknown:
            raise SoanError(f"{game.id} has no item {', '.join(unknown)}; its items are "
                            f"{', '.join(keys)}")
        out = out or Path("studies") / f"value-{game.id}"
        study = Study(plan, setup.content_hash, out, games)
        missing = study.missing([("", "")])  # refuses another run's folder before starting
        with Workers(jobs or default_jobs()) as workers, progress_bars() as progress:
            task = progress.add_task("baseline", total=games, completed=games - missing)
            study.play([("", "")], workers, lambda n: progress.advance(task, n))
            offered = offered_keys(study.rows())
            chosen = wanted or [k for k in keys if k in offered]
            unrestricted = [] if wanted else [k for k in keys if k not in offered]
            runs = [(item, mode) for item in chosen for mode in chosen_modes]
            total = len(runs) * games
            task = progress.add_task(f"{len(chosen)} items", total=total,
                                     completed=total - study.missing(runs))
            study.play(runs, workers, lambda n: progress.advance(task, n))
        table = study.table(chosen, chosen_modes)
        page, data = write_outputs(out, game, plan, setup.content_hash, games, table,
                                   unrestricted)
    except KeyboardInterrupt:
        console.print("interrupted: finished games are kept; run the same command again to "
                      "resume.", style="yellow")
        raise typer.Exit(130) from None
    except SoanError as exc:
        fail(str(exc))
    for sentence in headlines(lines_of(table)):
        console.print(f"• {sentence}", highlight=False, markup=False)
    minutes = (time.perf_counter() - started) / 60
    console.print(f"{len(chosen)} items, {games} paired games per run, {minutes:.1f} minutes. "
                  f"Page: {page}  Rows: {data}", highlight=False, markup=False)


def table_plan(game_id: str, players: int | None, bot: str, variant: str, option_args: list[str],
               content: Path | None, seed: int) -> tuple[TableSetup, Plan]:
    """Check the settings as `soan play` does and fix what decides the games (`soan tune`
    plans each table size with it too)."""
    from soan.engine.core import options_to_dict
    from soan.engine.registry import get_game
    from soan.lab.run.simulation import default_players
    from soan.lab.value.value import Plan
    from soan.table import HUMAN, TableSetup, parse_option_args

    game = get_game(game_id)
    if bot.strip() == HUMAN or "," in bot:
        raise SoanError(f"--bot names one bot for every seat, such as heuristic, not {bot!r}")
    n = players or default_players(game)
    setup = TableSetup.build(game_id, [bot] * n, seed, variant,
                             parse_option_args(game, option_args), content)
    plan = Plan(game.id, variant, json.dumps(options_to_dict(setup.options), sort_keys=True),
                str(content.resolve()) if content else None, n, bot, seed)
    return setup, plan


def register(app: typer.Typer) -> None:
    """Mount `value` on the main `soan` app."""
    app.command(name="value")(value)
