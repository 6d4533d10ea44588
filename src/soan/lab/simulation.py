"""One run from the command line's words to a finished results file, with a progress bar.

The run's settings are checked the way `soan play` checks them (`TableSetup.build`),
then only the games not yet in the results file are played, and each finished
chunk is saved at once, so Ctrl-C or a crash loses at most the chunks in flight.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from soan.engine.core import Game, options_to_dict
from soan.engine.registry import get_game
from soan.lab.runner import (
    BACKENDS,
    LabError,
    RunSpec,
    import_ray,
    plan_chunks,
    run_chunks,
)
from soan.lab.store import ResultStore
from soan.table import HUMAN, TableSetup, parse_option_args


@dataclass(frozen=True)
class Run:
    """A checked run: what decides its games, and the content it is played with."""

    spec: RunSpec
    content_hash: str

    @property
    def identity(self) -> dict:
        return self.spec.identity(self.content_hash)


@dataclass(frozen=True)
class Execution:
    """How to play a run's games: this machine's processes, or Ray."""

    jobs: int
    backend: str = "local"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise LabError(f"--backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}")
        if self.jobs < 1:
            raise LabError(f"--jobs must be at least 1, not {self.jobs}")
        if self.address and self.backend != "ray":
            raise LabError("--address names a Ray cluster: use it with --backend ray")
        if self.backend == "ray":
            import_ray()  # say now, not after the progress bar starts, if Ray is missing


class SimulationInterrupted(LabError):
    """Ctrl-C during a run: the finished games are kept."""


def default_players(game: Game) -> int:
    """A full table of four where the game allows it."""
    return min(game.max_seats, max(game.min_seats, 4))


def seat_specs(game: Game, bots: str, players: int) -> list[str]:
    """One bot spec per seat: one spec fills every seat, a list names each seat's bot."""
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    if not specs:
        raise LabError("--bots needs at least one bot, such as heuristic or random")
    if HUMAN in specs:
        raise LabError("the lab plays bots only; people play with `soan play`")
    seats = players or (len(specs) if len(specs) > 1 else default_players(game))
    if len(specs) == 1:
        return specs * seats
    if len(specs) != seats:
        raise LabError(
            f"--players {seats} but --bots names {len(specs)} bots; "
            f"name one bot for every seat, or a single bot for all"
        )
    return specs


def build_run(
    game_id: str, players: int, bots: str, variant: str, option_args: list[str], seed: int,
    content_path: Path | None = None, records_dir: Path | None = None,
) -> Run:
    """Check a run's settings (as `soan play` does) and fix what decides its games."""
    game = get_game(game_id)
    specs = seat_specs(game, bots, players)
    setup = TableSetup.build(
        game_id, specs, seed, variant, parse_option_args(game, option_args), content_path
    )
    spec = RunSpec(
        game_id=game.id,
        variant=variant,
        options_json=json.dumps(options_to_dict(setup.options), sort_keys=True),
        content_path=str(content_path.resolve()) if content_path else None,
        players=len(specs),
        bots=tuple(specs),
        seed=seed,
        records_dir=str(records_dir.resolve()) if records_dir else None,
    )
    return Run(spec, game.content_hash(setup.content))


class GamesPerSecondColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "… games/s", style="cyan")


def simulate(run: Run, games: int, out: Path, execution: Execution, console: Console) -> int:
    """Play the games of `run` missing from `out`; return how many games `out` holds.

    Raises SimulationInterrupted on Ctrl-C, after saving every finished chunk.
    """
    if games < 1:
        raise LabError(f"--games must be at least 1, not {games}")
    out.parent.mkdir(parents=True, exist_ok=True)
    if run.spec.records_dir:
        Path(run.spec.records_dir).mkdir(parents=True, exist_ok=True)
    store = ResultStore(out, run.identity)
    done = store.done()
    pending = [i for i in range(games) if i not in done]
    if not pending:
        return store.merge() if store.has_unmerged_chunks() else len(done)
    if done:
        console.print(f"Resuming {out}: {games - len(pending)} of {games} games already played.",
                      markup=False)
    if len(set(run.spec.bots)) > 1 and games % run.spec.players:
        console.print(f"Note: {games} games is not a multiple of {run.spec.players} players, so "
                      f"the bots will not sit in every seat equally often.", markup=False)
    chunks = plan_chunks(pending, execution.jobs)
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("games"), GamesPerSecondColumn(), TimeRemainingColumn(),
        console=console,
    )
    stream = run_chunks(run.spec, chunks, execution.jobs, execution.backend, execution.address)
    try:
        with progress, contextlib.closing(stream):
            task = progress.add_task(out.name, total=games, completed=games - len(pending))
            for rows in stream:
                store.save_chunk(rows)
                progress.advance(task, len(rows) // run.spec.players)
    except KeyboardInterrupt:
        kept = len(store.done())
        raise SimulationInterrupted(
            f"interrupted: {kept} of {games} games are kept in {store.parts}. "
            f"Run the same command again to resume."
        ) from None
    return store.merge()
