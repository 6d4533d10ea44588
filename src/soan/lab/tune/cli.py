"""The `soan tune` command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from soan.console import console, fail
from soan.engine.core import SoanError
from soan.lab.options import (
    BotOption,
    ContentOption,
    GameArgument,
    JobsOption,
    OptionOption,
    SeedOption,
    VariantOption,
    comma_list,
)
from soan.lab.value.cli import progress_bars, table_plan


def tune(
    game_id: GameArgument,
    param: Annotated[list[str], typer.Option(
        help="A value to search: an option (hand_limit=6..10) or a content path "
        "(deck.テレビ塔.cost=3..6, races.Glorious.prosperity_vp=0..2); choices as a,b,c. "
        "Repeat for several.")],
    target: Annotated[list[str], typer.Option(
        help="What to aim for: position, faction (balance; position=..0.05 to accept 5 "
        "points), length=10..12, worth:ITEM=LO..HI, used:ITEM=LO..HI; weight as 2*position. "
        "Repeat for several.")],
    out: Annotated[Path | None, typer.Option(
        help="Folder for study.db, tune.html and best-content.toml (default "
        "studies/tune-GAME); re-run to resume.")] = None,
    trials: Annotated[int, typer.Option(help="Trials in all (a resumed study adds the rest).")]
    = 30,
    games: Annotated[int, typer.Option(help="Games per table size in each trial.")] = 200,
    check_games: Annotated[int, typer.Option(
        help="Games per table size to measure the best values again on fresh seeds "
        "(0: skip).")] = 400,
    players: Annotated[str, typer.Option(
        "--players", "-n", help="Table sizes, comma-separated (default: the game's usual).")]
    = "",
    bot: BotOption = "heuristic",
    variant: VariantOption = "default",
    option: OptionOption = None,
    content: ContentOption = None,
    seed: SeedOption = 1,
    jobs: JobsOption = 0,
) -> None:
    """Search rule numbers and content values toward targets (Optuna; resumable).

    Example: soan tune populous -n 3,4 --param races.Glorious.prosperity_vp=0..2
    --target faction --trials 20
    """
    import shlex

    from soan.lab.run.runner import default_jobs
    from soan.lab.tune.report import Outcome, write_content, write_page
    from soan.lab.tune.tune import (
        CHECK_SEED_OFFSET,
        Tuning,
        completed,
        games_per_trial,
        parse_target,
        space,
    )
    from soan.lab.tune.tune import tune as run_search
    from soan.lab.value.value import Workers

    command = shlex.join(["soan", "tune", game_id, *_tune_args(
        param, target, trials, games, check_games, players, bot, variant, option or [],
        content, seed)])
    try:
        if trials < 1 or games < 1 or check_games < 0:
            raise SoanError("--trials and --games must be at least 1, --check-games at least 0")
        try:
            sizes = [int(w) for w in comma_list(players)] if players else [0]
        except ValueError:
            raise SoanError(f"--players takes table sizes such as 3,4,5, not {players!r}") from None
        setups = [table_plan(game_id, n, bot, variant, option or [], content, seed)[0]
                  for n in sizes]
        game = setups[0].game
        sizes = [len(s.seats) for s in setups]
        from soan.table import parse_option_args

        overrides = parse_option_args(game, option or [])
        keys = game.usage_keys(setups[0].content, setups[0].options)
        tuning = Tuning(space(game, variant, overrides, content, param),
                        [parse_target(t, keys) for t in target], sizes, games, bot, seed,
                        out or Path("studies") / f"tune-{game.id}")
        tuning.space.check(tuning.out / "trials")
        per_trial = games_per_trial(sizes, games, tuning.targets)
        with Workers(jobs or default_jobs()) as workers, progress_bars() as progress:
            study = tuning.open()
            left = max(trials - len(completed(study)), 0)
            task = progress.add_task(f"{left} trials", total=left * per_trial)
            run_search(tuning, study, trials, workers, lambda n: progress.advance(task, n))
            check = None
            if check_games:
                task = progress.add_task("check", total=games_per_trial(
                    sizes, check_games, tuning.targets))
                check = tuning.measure(study.best_trial.params, "best", seed + CHECK_SEED_OFFSET,
                                       check_games, workers, lambda n: progress.advance(task, n))
        outcome = Outcome(tuning, study, check, check_games, command)
        content_file = write_content(outcome)
        page = write_page(outcome, content_file)
    except KeyboardInterrupt:
        console.print("interrupted: finished trials are kept; run the same command again to "
                      "resume.", style="yellow")
        raise typer.Exit(130) from None
    except SoanError as exc:
        fail(str(exc))
    for name, was, best, _ in outcome.changes():
        console.print(f"{name}: {was} -> {best}", highlight=False, markup=False)
    for line in outcome.check_lines() or outcome.best.user_attrs["figures"]:
        console.print(f"• {line['target']} (loss {line['loss']:.3f}): "
                      + "; ".join(line["figures"]), highlight=False, markup=False)
    if content_file:
        console.print(f"Tuned content: {content_file}", highlight=False, markup=False)
    console.print(f"Page: {page}", highlight=False, markup=False)


def _tune_args(param: list[str], target: list[str], trials: int, games: int, check_games: int,
               players: str, bot: str, variant: str, option: list[str], content: Path | None,
               seed: int) -> list[str]:
    """The command's words, for the tuned file's header and the page."""
    words = [w for p in param for w in ("--param", p)]
    words += [w for t in target for w in ("--target", t)]
    words += ["--trials", str(trials), "--games", str(games), "--check-games", str(check_games)]
    words += ["-n", players] if players else []
    words += ["--bot", bot] if bot != "heuristic" else []
    words += ["--variant", variant] if variant != "default" else []
    words += [w for o in option for w in ("--option", o)]
    words += ["--content", str(content)] if content else []
    return [*words, "--seed", str(seed)]


def register(app: typer.Typer) -> None:
    """Mount `tune` on the main `soan` app."""
    app.command(name="tune")(tune)
