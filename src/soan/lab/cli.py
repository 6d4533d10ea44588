"""The lab's commands, mounted on the `soan` command: simulate, query, report, study."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from soan.console import console, fail
from soan.engine.core import SoanError
from soan.lab.runner import default_jobs

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")]
PlayersOption = Annotated[int, typer.Option(
    "--players", "-n", help="Number of players (default: as many as --bots names, else 4 "
    "where the game allows).")]
BotsOption = Annotated[str, typer.Option(
    help="One bot spec for every seat, or one per seat: heuristic, random, ismcts:iters=200.")]
OptionOption = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="Rule number override key=value (repeat for several).")]
SeedOption = Annotated[int, typer.Option(help="Game i of the run uses seed S+i.")]
JobsOption = Annotated[int, typer.Option(help="Processes to play with (default: all cores).")]
BackendOption = Annotated[str, typer.Option(help="local (this machine) or ray.")]
AddressOption = Annotated[str | None, typer.Option(
    help="Address of a running Ray cluster (default: start a local one).")]
ContentOption = Annotated[Path | None, typer.Option(
    help="An edited copy of the game's content file.")]


def _report_command(files: list[Path], out: Path) -> None:
    from soan.lab.report import write_report

    report = write_report(files, out)
    for sentence in report.headlines:
        console.print(f"• {sentence}", highlight=False, markup=False)
    console.print(f"Report written to {out}", markup=False)


def simulate(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(help="Results file (Parquet); re-run to resume.")],
    players: PlayersOption = 0,
    games: Annotated[int, typer.Option(help="Number of games.")] = 1000,
    bots: BotsOption = "heuristic",
    variant: Annotated[str, typer.Option(help="Named variant, see `soan games`.")] = "default",
    option: OptionOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = 0,
    backend: BackendOption = "local",
    address: AddressOption = None,
    records: Annotated[Path | None, typer.Option(
        help="Also keep each game's replayable record in this folder.")] = None,
    content: ContentOption = None,
) -> None:
    """Play many bot games and store one row per game and seat in a Parquet file.

    Example: soan simulate cityplan -n 4 --games 2000 --bots heuristic,random --out runs/a.parquet
    """
    from soan.lab.simulation import Execution, SimulationInterrupted, build_run
    from soan.lab.simulation import simulate as run_games

    try:
        run = build_run(game_id, players, bots, variant, option or [], seed, content, records)
        execution = Execution(jobs or default_jobs(), backend, address)
        held = run_games(run, games, out, execution, console)
    except SimulationInterrupted as exc:
        console.print(str(exc), style="yellow", highlight=False, markup=False)
        raise typer.Exit(130) from None
    except SoanError as exc:
        fail(str(exc))
    console.print(f"{out} holds {held} games ({held * run.spec.players} rows). "
                  f"Next: soan report {out} --out report.html", markup=False)


def query(
    file: Annotated[Path, typer.Argument(help="Results file written by soan simulate.")],
    sql: Annotated[str, typer.Argument(help="SQL over the table `results`.")],
) -> None:
    """Ask the results anything in SQL (DuckDB); the file is the table `results`.

    Example: soan query runs/a.parquet "SELECT seat, avg(win_share) FROM results GROUP BY seat"
    """
    import duckdb

    if not file.exists():
        fail(f"no results file {file}")
    connection = duckdb.connect()
    literal = "'" + str(file).replace("'", "''") + "'"
    connection.execute(f"CREATE VIEW results AS SELECT * FROM read_parquet({literal})")
    try:
        cursor = connection.execute(sql)
        columns = [d[0] for d in cursor.description or []]
        rows = cursor.fetchall()
    except duckdb.Error as exc:
        fail(f"query failed: {exc}")
    table = Table(title=f"{len(rows)} rows")
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*(f"{v:.4g}" if isinstance(v, float) else str(v) for v in row))
    console.print(table)


def report(
    files: Annotated[list[Path], typer.Argument(help="Results files written by soan simulate.")],
    out: Annotated[Path, typer.Option(help="The HTML page to write.")] = Path("report.html"),
) -> None:
    """Write one self-contained HTML page: seat advantage, bots, figures, variants compared."""
    try:
        _report_command(files, out)
    except SoanError as exc:
        fail(str(exc))


def study(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(help="Folder for the results files and report.html.")],
    variants: Annotated[str, typer.Option(
        help="Comma-separated variants (default: all of the game's).")] = "",
    games: Annotated[int, typer.Option(
        help="Games per run (default: enough for a ±2-point interval on seat win rates).")] = 0,
    bots: BotsOption = "heuristic",
    players: PlayersOption = 0,
    sweep: Annotated[list[str] | None, typer.Option(
        help="Rule number to sweep, key=v1,v2,... (repeat to sweep several).")] = None,
    option: OptionOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = 0,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Simulate every variant (and every swept value) and write the report, in one go.

    Example: soan study cityplan --sweep hand_limit=7,8,9 --out studies/hand
    """
    from soan.engine.registry import get_game
    from soan.lab.simulation import (
        Execution,
        SimulationInterrupted,
        build_run,
        seat_specs,
    )
    from soan.lab.simulation import simulate as run_games
    from soan.lab.study import TARGET_HALF_WIDTH, games_for_seat_rates, plan_study

    try:
        game = get_game(game_id)
        seats = len(seat_specs(game, bots, players))
        plan = plan_study(game, variants, sweep or [])
        if not games:
            games = games_for_seat_rates(seats)
            console.print(
                f"{games} games per run: a 95% interval of ±{100 * TARGET_HALF_WIDTH:.0f} points "
                f"on a seat's win rate near the fair {100 / seats:.0f}%."
            )
        execution = Execution(jobs or default_jobs(), backend, address)
        console.print(f"Study of {game.title}: {seats} players, bots {bots}, {len(plan)} runs "
                      f"({', '.join(r.file_name.removesuffix('.parquet') for r in plan)}), "
                      f"{execution.jobs} jobs on {execution.backend}.", markup=False)
        files = []
        for planned in plan:
            run = build_run(game_id, seats, bots, planned.variant,
                            [*(option or []), *planned.sweep_args], seed)
            files.append(out / planned.file_name)
            run_games(run, games, files[-1], execution, console)
        _report_command(files, out / "report.html")
    except SimulationInterrupted as exc:
        console.print(str(exc), style="yellow", highlight=False, markup=False)
        raise typer.Exit(130) from None
    except SoanError as exc:
        fail(str(exc))


def register(app: typer.Typer) -> None:
    """Mount the lab's commands on the main `soan` app."""
    for command in (simulate, query, report, study):
        app.command(name=command.__name__)(command)
