"""The lab's commands, mounted on the `soan` command: simulate, query, report and study
here, value and tune from their rooms.

Every setting is checked before any game is played or any file is written; a bad
one raises a `SoanError`, which the `soan` command turns into one line saying what
is wrong, where and how to fix it, and exit code 2.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from soan.console import console, counted
from soan.lab.options import (
    AddressOption,
    BackendOption,
    BotsOption,
    ContentOption,
    GameArgument,
    JobsOption,
    LangOption,
    OptionOption,
    PlayersOption,
    RepairOption,
    SeedOption,
)

CheckOption = Annotated[str | None, typer.Option(
    "--check", help="Check the headlines under this bot in every seat (such as "
    "ismcts:iters=200), on the first --check-games seeds: holds, does not hold, reverses "
    "or cannot tell at this size.")]
CheckGamesOption = Annotated[int | None, typer.Option(
    "--check-games", help="Games of the check (default: 200, at most the games checked).")]

QUERY_MEMORY = "2GB"  # a query that needs more is stopped with a message


@contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C during a run: say what is kept and how to resume, and exit with 130."""
    from soan.lab.run.simulation import SimulationInterrupted

    try:
        yield
    except SimulationInterrupted as exc:
        console.print(str(exc), style="yellow", highlight=False, markup=False)
        raise typer.Exit(130) from None


def _execution(jobs: int | None, backend: str, address: str | None) -> Any:
    from soan.lab.run.runner import default_jobs
    from soan.lab.run.simulation import Execution

    return Execution(default_jobs() if jobs is None else jobs, backend, address)


def _print_headlines(headlines: list[tuple[str, list[str]]]) -> None:
    for heading, sentences in headlines:
        console.print(heading, style="bold", highlight=False, markup=False)
        for sentence in sentences:
            console.print(f"• {sentence}", highlight=False, markup=False)


def simulate(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(help="Results file (Parquet); re-run to resume.")],
    players: PlayersOption = None,
    games: Annotated[int, typer.Option(help="Number of games.")] = 1000,
    bots: BotsOption = "heuristic",
    variant: Annotated[str, typer.Option(help="Named variant, see `soan games`.")] = "default",
    option: OptionOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    records: Annotated[Path | None, typer.Option(
        help="Also keep each game's replayable record in this folder.")] = None,
    content: ContentOption = None,
    repair: RepairOption = False,
) -> None:
    """Play many bot games and store one row per game and seat in a Parquet file.

    Example: soan simulate cityplan -n 4 --games 2000 --bots heuristic,random --out runs/a.parquet
    """
    from soan.lab.run.simulation import build_run, check_games
    from soan.lab.run.simulation import simulate as run_games

    with _interruptible():
        check_games(games, seed)
        run = build_run(game_id, players, bots, variant, option or [], seed, content, records)
        execution = _execution(jobs, backend, address)
        held = run_games(run, games, out, execution, console, repair)
    console.print(f"{out} holds {held} games ({held * run.spec.players} rows). "
                  f"Next: soan report {out} --out report.html", markup=False)


def query(
    file: Annotated[Path, typer.Argument(help="Results file written by soan simulate.")],
    sql: Annotated[str, typer.Argument(help="SQL over the table `results`.")],
    limit: Annotated[int, typer.Option(help="Rows to print at most.")] = 100,
    timeout: Annotated[float, typer.Option(help="Seconds a query may run.")] = 60.0,
) -> None:
    """Ask the results anything in SQL (DuckDB); the file is the table `results`.

    The query reads only that table: it cannot read or write other files.
    Example: soan query runs/a.parquet "SELECT position, avg(win_share) FROM results GROUP BY 1"
    """
    rows, columns, more = _run_query(file, sql, limit, timeout)
    _print_rows(rows, columns, more, limit)


def _run_query(file: Path, sql: str, limit: int, timeout: float
               ) -> tuple[list[tuple], list[str], bool]:
    import duckdb

    from soan.lab.run.runner import LabError
    from soan.lab.run.store import RUN_KEY, read_metadata

    if not 1 <= limit <= 1_000_000:
        raise LabError(f"--limit {limit}: print from 1 to 1,000,000 rows")
    if not 0 < timeout <= 86_400:
        raise LabError(f"--timeout {timeout}: give from a fraction of a second to 86400 seconds")
    if not sql.strip():
        raise LabError('the SQL is empty; ask something like "SELECT count(*) FROM results"')
    if not file.is_file():
        raise LabError(f"no results file {file}; name a file written by soan simulate")
    if RUN_KEY not in read_metadata(file):
        raise LabError(f"{file} was not written by soan simulate; name a results file it wrote")
    connection = duckdb.connect(":memory:")
    try:
        connection.execute("CREATE TABLE results AS SELECT * FROM read_parquet($1)", [str(file)])
    except duckdb.Error as exc:
        raise LabError(f"{file} cannot be read: {str(exc).splitlines()[0]}") from None
    for setting in (f"SET memory_limit = '{QUERY_MEMORY}'", "SET enable_external_access = false",
                    "SET lock_configuration = true"):
        connection.execute(setting)
    timer = threading.Timer(timeout, connection.interrupt)
    timer.start()
    try:
        cursor = connection.execute(sql)
        columns = [d[0] for d in cursor.description or []]
        rows = cursor.fetchmany(limit + 1) if columns else []
    except duckdb.InterruptException:
        raise LabError(f"the query ran longer than {timeout:g} s and was stopped; "
                       f"simplify it or raise --timeout") from None
    except duckdb.Error as exc:
        raise LabError(f"the query failed: {' '.join(str(exc).split())}") from None
    finally:
        timer.cancel()
        connection.close()
    return rows[:limit], columns, len(rows) > limit


def _cell(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _print_rows(rows: list[tuple], columns: list[str], more: bool, limit: int) -> None:
    from rich.table import Table
    from rich.text import Text

    shown = f"the first {limit} rows (more follow: add LIMIT or raise --limit)" if more else (
        f"{len(rows)} rows")
    table = Table(title=Text(shown))
    for column in columns:
        table.add_column(Text(column))  # Text, not markup: data such as '[/]' prints as is
    for row in rows:
        table.add_row(*(Text(_cell(v)) for v in row))
    console.print(table)


def report(
    files: Annotated[list[Path], typer.Argument(help="Results files written by soan simulate.")],
    out: Annotated[Path, typer.Option(help="The HTML page to write.")] = Path("report.html"),
    lang: LangOption = None,
    check: CheckOption = None,
    check_size: CheckGamesOption = None,
    jobs: JobsOption = None,
) -> None:
    """Write one self-contained HTML page: provenance, turn order, factions, content, never
    seen, figures; sets that differ are shown apart and compared with the rules as written.
    A set that differs from another in the bots alone (one bot in every seat, fewer games,
    or played by --check) is shown as a check of it.

    Example: soan report runs/a.parquet --check ismcts:iters=200 --check-games 100
    """
    from soan.lab.report.messages import language_from_environment
    from soan.lab.report.report import check_language, write_report
    from soan.lab.run.output import check_output_file
    from soan.lab.study import check_bot, check_file, check_run, runs_of_files

    lang = check_language(lang or language_from_environment())
    if check is not None:
        from soan.lab.run.simulation import simulate as run_games

        bot = check_bot(check)
        check_output_file(out, "report.html")
        planned = [(check_run(run, bot), path, games) for run, path, games in runs_of_files(files)]
        execution = _execution(jobs, "local", None)
        with _interruptible():
            for run, path, games in planned:
                target = out.parent / check_file(path, bot).name
                n = _check_games(check_size, games)
                console.print(f"Checking {path} under {bot}: {n} games on its first seeds.",
                              markup=False)
                run_games(run, n, target, execution, console)
                files = [*files, target]
    written = write_report(files, out, lang)
    _print_headlines(written.headlines)
    console.print(f"Report written to {out}", markup=False)


def _check_games(check_size: int | None, games: int) -> int:
    from soan.lab.run.runner import LabError
    from soan.lab.study import DEFAULT_CHECK_GAMES

    if check_size is not None and check_size < 1:
        raise LabError(f"--check-games {check_size}: check on at least 1 game")
    return min(check_size or DEFAULT_CHECK_GAMES, games)


def study(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(help="Folder for the results files and the reports.")],
    variants: Annotated[str, typer.Option(
        help="Comma-separated variants (default: all of the game's, or only the rules as "
        "written when sweeping or studying --content).")] = "",
    games: Annotated[int | None, typer.Option(
        help="Games per run (default: enough for a ±2-point interval on win rates).")] = None,
    bots: BotsOption = "heuristic",
    players: PlayersOption = None,
    sweep: Annotated[list[str] | None, typer.Option(
        help="Rule number to sweep, key=v1,v2,... (repeat to sweep several).")] = None,
    option: OptionOption = None,
    content: Annotated[Path | None, typer.Option(
        help="An edited content file, studied side by side with the shipped one.")] = None,
    seed: SeedOption = 1,
    jobs: JobsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    repair: RepairOption = False,
    check: CheckOption = None,
    check_size: CheckGamesOption = None,
) -> None:
    """Simulate the rules as written and every variant, swept value and content file,
    then write the report in English (report.html) and Japanese (report.ja.html).
    With --check BOT every run is played again on its first --check-games seeds with BOT
    in every seat, and each headline says whether it holds under that bot.

    Example: soan study cityplan --sweep hand_limit=7,8,9 --out studies/hand
    """
    from soan.engine.registry import get_game
    from soan.lab.report.messages import language_from_environment
    from soan.lab.report.report import FILE_NAMES, write_both
    from soan.lab.run.output import check_output_folder
    from soan.lab.run.simulation import check_games
    from soan.lab.run.simulation import simulate as run_games
    from soan.lab.study import (
        TARGET_HALF_WIDTH,
        check_bot,
        check_file,
        check_run,
        games_for_seat_rates,
        plan_study,
        study_runs,
    )

    with _interruptible():
        check_games(games or 1, seed)
        game = get_game(game_id)
        plan = plan_study(game, variants, sweep or [], option or [], content)
        checked = study_runs(game, plan, players, bots, seed, out)
        runs, files = [run for run, _ in checked], [file for _, file in checked]
        seats = runs[0].spec.players
        if games is None:
            games = games_for_seat_rates(seats)
            console.print(
                f"{games} games per run: a 95% interval of ±{100 * TARGET_HALF_WIDTH:.0f} points "
                f"on a turn position's win rate near the fair {100 / seats:.0f}%."
            )
        check_games(games, seed)
        checks = []
        if check is not None:
            bot = check_bot(check)
            n = _check_games(check_size, games)
            checks = [(check_run(run, bot), check_file(file, bot), n)
                      for run, file in zip(runs, files, strict=True)]
        check_output_folder(out)
        execution = _execution(jobs, backend, address)
        console.print(f"Study of {game.title}: {seats} players, bots {bots}, {len(runs)} runs "
                      f"({', '.join(f.stem for f in files)}), "
                      f"{counted(execution.jobs, 'job')} on {execution.backend}.", markup=False)
        for run, file in zip(runs, files, strict=True):
            run_games(run, games, file, execution, console, repair)
        if checks:
            console.print(f"Checking every run under {checks[0][0].spec.bots[0]}: "
                          f"{checks[0][2]} games each on its first seeds.", markup=False)
        for run, file, n in checks:
            run_games(run, n, file, execution, console, repair)
        written = write_both([*files, *(file for _, file, _ in checks)], out,
                             language_from_environment())
    _print_headlines(written.headlines)
    console.print(f"Reports written to {out / FILE_NAMES['en']} (English) and "
                  f"{out / FILE_NAMES['ja']} (日本語)", markup=False)


def review(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option(
        help="Folder for the results files and the pages review.html and review.ja.html; "
        "re-run to resume.")] = Path("review"),
    players: PlayersOption = None,
    games: Annotated[int | None, typer.Option(
        help="Games per rule set (default: a ±2-point interval on win rates, fewer when "
        "the question file plays many rule sets; see docs/review.md).")] = None,
    bots: BotsOption = "heuristic",
    check: Annotated[str | None, typer.Option(
        "--check", help="Measure every answer again with this bot in every seat (such as "
        "ismcts:iters=200 or strong) on the first --check-games seeds of each rule set; the "
        "page says which answers depend on the bot. A bot that needs a learned model checks "
        "the rule sets it has one for and names the others with their `soan train` "
        "command.")] = None,
    check_size: CheckGamesOption = None,
    questions: Annotated[Path | None, typer.Option(
        help="A question file (default: the game's own questions.toml).")] = None,
    seed: SeedOption = 1,
    jobs: JobsOption = None,
) -> None:
    """Answer every question in the designer's notes by an experiment, and write one page
    in English (review.html) and one in Japanese (review.ja.html).

    Example: soan review undecim --out reviews/undecim
    """
    from soan.engine.registry import get_game
    from soan.lab.review.checking import plan_check
    from soan.lab.review.page import Review, write_pages
    from soan.lab.review.plan import plan_review
    from soan.lab.review.questions import load_questions, missing_ids, question_file
    from soan.lab.review.review import answer_all, default_games, read_rows
    from soan.lab.review.words import (
        Words,
        check_lines,
        check_sentence,
        sentence,
        unchecked_notes,
    )
    from soan.lab.run.output import check_output_folder
    from soan.lab.run.simulation import check_games, default_players, seat_specs
    from soan.lab.run.simulation import simulate as run_games
    from soan.lab.study import check_bot, check_file, check_run, games_for_seat_rates

    def _joined(text: str, command: str) -> str:  # a line ending in a command, as printed
        return f"{text} {command}" if command else text

    with _interruptible():
        check_games(games or 1, seed)
        game = get_game(game_id)
        seat_specs(game, bots, players)  # --players and --bots, checked as simulate does
        seats = players or default_players(game)
        source = questions or question_file(game)
        asked = load_questions(game, source, seats)
        plan = plan_review(game.id, asked, bots, seed, out)
        if games is None:
            games = default_games(games_for_seat_rates(seats), len(plan.runs), seats)
        check_games(games, seed)
        checking = None
        if check is not None:
            bot = check_bot(check)
            checking = plan_check(plan, asked, bot, _check_games(check_size, games),
                                  [(check_run(p.run, bot), check_file(p.file, bot))
                                   for p in plan.runs])
        check_output_folder(out)
        execution = _execution(jobs, "local", None)
        console.print(f"Review of {game.title}: {len(asked)} questions, {len(plan.runs)} rule "
                      f"sets, {games} games each, bots {bots}, {counted(execution.jobs, 'job')}.",
                      markup=False)
        words = Words("en", game.glossary, game.load_content())
        if checking:  # before any game: what the check will play, one line a rule set
            for text, command in check_lines(checking, plan, words):
                console.print(words("check_line", bot=checking.bot,
                                    line=_joined(text, command)), highlight=False, markup=False)
        for planned in plan.runs:
            run_games(planned.run, games, planned.file, execution, console)
        if checking:
            for i in sorted(checking.used):
                run, file = checking.runs[i]
                run_games(run, checking.games, file, execution, console)
        rows = read_rows([p.file for p in plan.runs], games)
        answers = answer_all(asked, plan, rows, checking.rows() if checking else None,
                             checking.bot if checking else "",
                             checking.missing if checking else ())
        written = write_pages(Review(game.id, plan, answers, games, bots, seed, source,
                                     missing_ids(game, asked), checking), out)
    for found in answers:
        after = [check_sentence(found.check, words)] if found.check else [
            _joined(*note) for note in (unchecked_notes(found, checking, words)
                                        if checking else [])]
        console.print(" ".join([f"{found.question.id}: {sentence(found, words)}", *after]),
                      highlight=False, markup=False)
    console.print(f"Review written to {written[0]} (English) and {written[1]} (日本語)",
                  markup=False)


def register(app: typer.Typer) -> None:
    """Mount the lab's commands on the main `soan` app: simulate, query, report, study,
    review, value, tune."""
    from soan.lab.ladder.cli import register as register_ladder
    from soan.lab.tune.cli import register as register_tune
    from soan.lab.value.cli import register as register_value

    for command in (simulate, query, report, study, review):
        app.command(name=command.__name__)(command)
    register_value(app)
    register_tune(app)
    register_ladder(app)
