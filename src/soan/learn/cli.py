"""`soan train GAME`: self-play training of a learned value for one rule set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from soan.console import console, counted

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `soan games`.")]


def train(
    game_id: GameArgument,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    variant: Annotated[str, typer.Option(help="Named variant, see `soan games`.")] = "default",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="Rule number override key=value (repeat for several).")] = None,
    content: Annotated[Path | None, typer.Option(
        help="An edited copy of the game's content file.")] = None,
    minutes: Annotated[float, typer.Option(help="Training budget in minutes.")] = 10.0,
    games: Annotated[int, typer.Option(help="Self-play games per generation.")] = 1000,
    eval_games: Annotated[int, typer.Option(
        "--eval-games", help="Games against each baseline (heuristic, random) at the end.")
    ] = 200,
    jobs: Annotated[int | None, typer.Option(
        help="Processes to play with (default: all cores).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the self-play games.")] = 1,
    models: Annotated[Path | None, typer.Option(
        help="Model cache folder (default: $SOAN_MODELS or ~/.cache/soan/models).")] = None,
    start: Annotated[str | None, typer.Option(
        "--from", help="Start from a trained model: `default` (the rules as written at "
                       "this table size) or a model folder.")] = None,
    target: Annotated[str | None, typer.Option(
        help="What a finished game teaches each seat: `win` (its win share), `place` "
             "(first 1 to last 0), `lead` (its final lead over the best other seat, "
             "squashed into 0..1) or `mix` (win and lead, half each). Default: `lead` "
             "in Populous, where a `win` model plays level with the heuristic and three "
             "runs of `--target lead --fits 5` won 27.0-28.5% of 2,000 fresh four-seat "
             "games against three heuristic seats (the heuristic in the seat 23.3%); "
             "`win` elsewhere. See benchmarks/results/learn.md.")] = None,
    fits: Annotated[int | None, typer.Option(
        min=1, max=16,
        help="Perceptrons fitted a generation, each on a bootstrap sample of the rows, "
             "and averaged into one model: cuts how much a model's moves depend on "
             "its fit, at that many times the fitting time. Default: 5 in Populous, "
             "1 elsewhere.")] = None,
    generations: Annotated[int, typer.Option(
        help="Stop after this many generations (0: only --minutes stops).")] = 0,
) -> None:
    """Train a learned value for one rule set by self-play, keep it in the model cache
    with its model card, and print how strong it is against the heuristic and random.
    The model reads a seat's observation and the game's own evaluation of the position;
    generation 0 learns from heuristic games what that evaluation is worth in real
    results, so it starts about as strong as the heuristic. Bots that play with it:
    `learned` (lookahead on the value, read at the end of the turn),
    `ismcts:eval=learned` (search with the value at its leaves) and `strong` (the
    better of the two for the game). Each refuses a rule set it has no model for. A
    variant trains faster from the default rules' model: --from default.

    Example: soan train undecim -n 4 --minutes 10
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from soan.engine.registry import get_game
    from soan.learn.train import TrainSpec
    from soan.learn.train import train as run_training
    from soan.table import parse_option_args

    game = get_game(game_id)
    options = game.options(variant, **parse_option_args(game, option or []))
    if content is not None and not content.is_file():
        from soan.learn.train import TrainError

        raise TrainError(f"--content {content}: no such file")
    loaded = game.load_content(str(content) if content else None)
    if start == "default":
        from soan.learn.model import ModelKey

        key = ModelKey.of(game, players, game.options(), game.load_content())
        start = str(key.path(models))
    spec = TrainSpec(game, players, options, loaded, str(content) if content else None,
                     variant, seed, minutes, games, eval_games=eval_games,
                     jobs=(os.cpu_count() or 1) if jobs is None else jobs,
                     models=str(models) if models else None, start=start,
                     target=target or "", fits=fits or 0, generations=generations)
    spec.check()
    console.print(f"Training {game.title} at {players} seats ({variant}) for {minutes:g} "
                  f"minutes, {spec.games} games a generation, {counted(spec.jobs, 'job')}; "
                  f"target {spec.target}, {counted(spec.fits, 'fit')} a generation.",
                  markup=False)
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[detail]}"), console=console,
                  transient=False) as bar:
        task = bar.add_task("generation 0", total=spec.minutes * 60, detail="")

        def show(state: dict[str, Any]) -> None:
            loss = "-" if state["loss"] is None else f"{state['loss']:.4f}"
            bar.update(task, completed=min(state["elapsed"], state["budget"]),
                       description=f"generation {state['generation']} {state['phase']}",
                       detail=f"games {state['games']}  loss {loss}  "
                              f"strength {state['strength'] or '-'}")

        result = run_training(spec, show)
    card = result.card
    console.print(f"Model card: {result.card_path} (weights sha256:"
                  f"{result.model.weights_digest})", markup=False)
    console.print(f"{card['generations']} generations, {card['games']} games, "
                  f"{card['rows']:,} rows, {card['training_seconds']:.0f} s, loss "
                  f"{card['loss']:.4f}.", markup=False)
    for s in card["strength"]:
        console.print(f"learned in one seat against {s['against']}: {s['share']:.1%} "
                      f"({s['low']:.1%}-{s['high']:.1%}) in {s['games']} games, fair "
                      f"{card['fair_share']:.1%}", markup=False)


def register(app: typer.Typer) -> None:
    """Mount `soan train` on the main `soan` app."""
    app.command(name="train")(train)
