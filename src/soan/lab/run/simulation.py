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

from soan.bots import models_read
from soan.engine.core import Game, options_to_dict
from soan.engine.glossary import content_names
from soan.engine.registry import get_game
from soan.lab.run.output import check_output_file
from soan.lab.run.runner import (
    BACKENDS,
    GameFailed,
    LabError,
    RunSpec,
    default_jobs,
    import_ray,
    plan_chunks,
    run_chunks,
    soan_version,
)
from soan.lab.run.store import ResultStore
from soan.table import HUMAN, SEED_LIMIT, TableSetup, parse_option_args

MAX_GAMES = 10_000_000  # per run: beyond this a run is better split into several seeds


@dataclass(frozen=True)
class Run:
    """A checked run: what decides its games, the content it is played with, and the
    provenance its results file will carry."""

    spec: RunSpec
    content_hash: str
    provenance: dict

    @property
    def identity(self) -> dict:
        """What a results file must match to be continued: the spec's, and the models its
        bots read (a model trained again with other numbers makes another run)."""
        models = self.provenance.get("models")
        return {**self.spec.identity(self.content_hash), **({"models": models} if models else {})}


@dataclass(frozen=True)
class Execution:
    """How to play a run's games: this machine's processes, or Ray."""

    jobs: int
    backend: str = "local"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise LabError(f"--backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}")
        most = 1024 if self.backend == "ray" else 4 * default_jobs()
        if not 1 <= self.jobs <= most:
            raise LabError(f"--jobs {self.jobs}: use from 1 to {most} processes"
                           + ("" if self.backend == "ray" else
                              f" (this machine offers {default_jobs()} cores)"))
        if self.address and self.backend != "ray":
            raise LabError("--address names a Ray cluster: use it with --backend ray")
        if self.backend == "ray":
            import_ray()  # say now, not after the progress bar starts, if Ray is missing


class SimulationInterrupted(LabError):
    """Ctrl-C during a run: the finished games are kept."""


def default_players(game: Game) -> int:
    """A full table of four where the game allows it."""
    return min(game.max_seats, max(game.min_seats, 4))


def seat_specs(game: Game, bots: str, players: int | None) -> list[str]:
    """One bot spec per seat: the specs named cycle through the seats (heuristic,random
    at four seats is heuristic, random, heuristic, random); games rotate them."""
    specs = [s.strip() for s in bots.split(",") if s.strip()]
    if not specs:
        raise LabError("--bots needs at least one bot, such as heuristic or random")
    if HUMAN in specs:
        raise LabError("the lab plays bots only; people play with `soan play`")
    if players is not None and not game.min_seats <= players <= game.max_seats:
        raise LabError(f"--players {players}: {game.title} is for {game.min_seats} to "
                       f"{game.max_seats} players")
    seats = players or (len(specs) if len(specs) > 1 else default_players(game))
    if len(specs) > seats:
        raise LabError(f"--bots names {len(specs)} bots for {seats} seats; name at most one "
                       f"bot per seat (they cycle through the seats)")
    return [specs[seat % len(specs)] for seat in range(seats)]


def check_games(games: int, seed: int) -> None:
    """Refuse a number of games or a first seed the run cannot use, before any work."""
    if not 1 <= games <= MAX_GAMES:
        raise LabError(f"--games {games}: play from 1 to {MAX_GAMES:,} games in a run")
    if not seed >= 0 or seed + games > SEED_LIMIT:
        raise LabError(
            f"--seed {seed}: game i uses seed S+i, and seeds are whole numbers from 0 to "
            f"2^63-1, so with --games {games} the first seed must lie from 0 to "
            f"{SEED_LIMIT - games:,}"
        )


def _provenance(game: Game, setup: TableSetup, spec: RunSpec, content_path: Path | None
                ) -> dict:
    """What a reader of the results needs to know of the run, beyond its rows."""
    options, as_written = options_to_dict(setup.options), options_to_dict(game.options())
    content_hash = setup.content_hash
    return {
        "soan_version": soan_version(),
        "game": game.id,
        "title": game.title,
        "variant": spec.variant,
        "variant_about": game.variants[spec.variant].about,
        "options": options,
        "options_changed": {k: v for k, v in options.items() if as_written.get(k) != v},
        "content": {
            "hash": content_hash,
            "shipped": content_hash == game.content_hash(game.load_content()),
            "file": content_path.name if content_path else None,
            "path": str(content_path.resolve()) if content_path else None,
            "names": content_names(setup.content),  # name as written -> English gloss
        },
        "players": spec.players,
        "bots": list(spec.bots),
        "models": models_read(spec.bots, setup.new_state()),
        "seed": spec.seed,
        "usage_keys": game.usage_keys(setup.content, setup.options),
    }


def build_run(
    game_id: str, players: int | None, bots: str, variant: str, option_args: list[str],
    seed: int, content_path: Path | None = None, records_dir: Path | None = None,
) -> Run:
    """Check a run's settings (as `soan play` does) and fix what decides its games."""
    game = get_game(game_id)
    specs = seat_specs(game, bots, players)
    if records_dir is not None and records_dir.exists() and not records_dir.is_dir():
        raise LabError(f"--records {records_dir} is a file; name a folder for the records")
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
    return Run(spec, setup.content_hash, _provenance(game, setup, spec, content_path))


class GamesPerSecondColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "… games/s", style="cyan")


def simulate(
    run: Run, games: int, out: Path, execution: Execution, console: Console,
    repair: bool = False,
) -> int:
    """Play the games of `run` missing from `out`; return how many games `out` holds.

    Raises SimulationInterrupted on Ctrl-C, after saving every finished chunk. With
    `repair`, damaged chunks and games with missing rows are dropped and played again.
    """
    check_games(games, run.spec.seed)
    check_output_file(out, "results.parquet")
    store = ResultStore(out, run.identity, run.provenance, repair, run.spec.players)
    for what in store.repaired:
        console.print(f"Repair: dropped {what}; its games are played again.", markup=False)
    if run.spec.records_dir:
        Path(run.spec.records_dir).mkdir(parents=True, exist_ok=True)
    done = store.done()
    pending = [i for i in range(games) if i not in done]
    if not pending:
        return store.merge() if store.has_unmerged_chunks() else len(done)
    if done:
        console.print(f"Resuming {out}: {games - len(pending)} of {games} games already played.",
                      markup=False)
    if run.spec.schedule == "rotate" and len(set(run.spec.bots)) > 1 and games % run.spec.players:
        console.print(f"Note: {games} games is not a multiple of {run.spec.players} players, so "
                      f"the bots will not sit in every seat equally often.", markup=False)
    chunks = plan_chunks(pending, execution.jobs)
    progress = Progress(
        TextColumn("{task.description}", style="bold", markup=False), BarColumn(),
        MofNCompleteColumn(),
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
    except GameFailed as exc:
        store.discard_written()  # the same bot would fail again: keep nothing of it
        raise GameFailed(f"{exc}; no game of this command was kept") from None
    return store.merge()
