"""The `soan ladder` command."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from soan.console import console, counted
from soan.lab.ladder.ladder import DEFAULT_GAMES
from soan.lab.options import (
    ContentOption,
    GameArgument,
    JobsOption,
    OptionOption,
    PlayersOption,
    RepairOption,
    SeedOption,
    VariantOption,
)


def ladder(
    game_id: GameArgument,
    bots: Annotated[str, typer.Option(
        help="Two or more distinct bots, comma-separated: random,heuristic,ismcts:iters=200. "
        "Each game seats a line-up of them, rotated through the seats.")],
    out: Annotated[Path | None, typer.Option(
        help="Folder for games.parquet, ladder.parquet, ladder.html and ladder.ja.html "
        "(default ladders/GAME); re-run to resume.")] = None,
    players: PlayersOption = None,
    games: Annotated[int, typer.Option(help="Number of games.")] = DEFAULT_GAMES,
    variant: VariantOption = "default",
    option: OptionOption = None,
    content: ContentOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = None,
    repair: RepairOption = False,
) -> None:
    """Rate bots against each other: rotated tables, OpenSkill (Plackett-Luce) ratings with
    intervals, win rates and time per decision, on a page in English and Japanese.

    Example: soan ladder cityplan --bots random,heuristic,ismcts:iters=200 --games 200
    """
    from rich.table import Table
    from rich.text import Text

    from soan.lab.ladder.ladder import GAMES_FILE, balanced_games, build_ladder, rate, read_rows
    from soan.lab.ladder.report import seconds, write_outputs
    from soan.lab.run.output import check_output_folder
    from soan.lab.run.runner import default_jobs
    from soan.lab.run.simulation import Execution, SimulationInterrupted, check_games, simulate

    started = time.perf_counter()
    try:
        check_games(games, seed)
        run = build_ladder(game_id, players, bots, variant, option or [], seed, content)
        folder = out or Path("ladders") / run.spec.game_id
        check_output_folder(folder)
        execution = Execution(default_jobs() if jobs is None else jobs)
        pool, n = run.spec.bots, run.spec.players
        period = balanced_games(len(pool), n)
        console.print(f"Ladder of {len(pool)} bots on {run.provenance['title']}, {n} players, "
                      f"{games} games, {counted(execution.jobs, 'job')}.", markup=False,
                      highlight=False)
        if games % period:
            console.print(f"Note: the line-ups are exactly balanced every {period} games; "
                          f"{games} games are as even as that allows.", markup=False,
                          highlight=False)
        folder.mkdir(parents=True, exist_ok=True)
        simulate(run, games, folder / GAMES_FILE, execution, console, repair)
        standings = rate(read_rows(folder / GAMES_FILE, games), pool)
        written = write_outputs(folder, run.provenance, games, period, standings)
    except SimulationInterrupted as exc:
        console.print(str(exc), style="yellow", highlight=False, markup=False)
        raise typer.Exit(130) from None
    table = Table(title=Text(f"{run.provenance['title']}, {n} players, {games} games; "
                             f"a fair win rate is {100 / n:.1f}%"))
    for heading in ("#", "bot", "rating (mu-3σ)", "mu (95%)", "σ", "games",
                    "win rate (95% CI)", "mean place", "per decision"):
        table.add_column(Text(heading), justify="left" if heading == "bot" else "right")
    for place, s in enumerate(standings, 1):
        win = s.win_rate
        table.add_row(*(Text(cell) for cell in (
            str(place), s.bot, f"{s.ordinal:.2f}",
            f"{s.mu:.2f} ({s.interval.low:.2f}–{s.interval.high:.2f})", f"{s.sigma:.2f}",
            str(s.games), f"{100 * win.value:.1f}% ({100 * win.low:.1f}–{100 * win.high:.1f}%)",
            f"{s.mean_place:.2f}", seconds(s.per_decision))))
    console.print(table)
    minutes = (time.perf_counter() - started) / 60
    console.print(f"{minutes:.1f} minutes. Rows: {written[0]}  Pages: {written[1]} (English), "
                  f"{written[2]} (日本語)  Games: {folder / GAMES_FILE}", markup=False,
                  highlight=False)


def register(app: typer.Typer) -> None:
    """Mount `ladder` on the main `soan` app."""
    app.command(name="ladder")(ladder)
