"""One bot in one seat against the same bot in every other, on paired seeds.

Game i seats the candidate at seat i mod N and the opponent everywhere else; with
`--baseline`, the same seeds are played again with the baseline in the candidate's
seat, and the paired difference of win shares is given with a normal 95% interval
(the same deals, so the deal's luck cancels). `--first-seed` given several times plays
several sets of `--games` games and takes them together (each set's share is printed
as it ends, a progress bar meanwhile). Prints the candidate's win
share with a 95% Wilson interval against the fair share 1/N, and each tested seat's
seconds per decision. Models are read from `--models` (default: `$SOAN_MODELS` or the user's
cache).

    python benchmarks/learn_strength.py cityplan -n 4 --candidate learned \\
        --opponent heuristic --baseline heuristic --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import astuple
from pathlib import Path

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from soan.bots import make_bot, models_read
from soan.bots.match import bot_rngs, choose
from soan.engine.registry import get_game
from soan.lab.report.metrics import paired_difference
from soan.learn.train import strength, win_shares

SEED_BASE = 900_000

_TABLE: dict[tuple[str, int], object] = {}


def play(game_id: str, seats: int, tested: str, opponent: str, index: int,
         first_seed: int = SEED_BASE) -> tuple[float, float, int]:
    """Game `index`: the tested bot's win share, seconds thinking and decisions."""
    game = get_game(game_id)
    if (game_id, seats) not in _TABLE:
        _TABLE[(game_id, seats)] = game.load_content()
    seat, seed = index % seats, first_seed + index
    bots = [make_bot(opponent)] * seats
    bots[seat] = make_bot(tested)
    state = game.new(seats, seed, content=_TABLE[(game_id, seats)])
    rngs = bot_rngs(seed, seats)
    spent, decisions = 0.0, 0
    while not state.over:
        mover = state.to_move
        start = time.perf_counter()
        action = choose(bots[mover], state, rngs[mover])
        if mover == seat:
            spent += time.perf_counter() - start
            decisions += 1
        state.play(action)
    return win_shares(state)[seat], spent, decisions


def run(pool: ProcessPoolExecutor, args: argparse.Namespace, tested: str, first_seed: int
        ) -> list[tuple[float, float, int]]:
    """Every game of `tested` from `first_seed`, read from `--cache` when the same run
    was played before (the same game, seats, bots, seeds and models, each named by its
    folder and weights digest: games are deterministic, and a model trained again into
    the same folder is another run unless its numbers are the same). A set cut short
    keeps its finished games in a `.partial` file beside it and plays only the rest."""
    game = get_game(args.game)
    models = models_read([tested, args.opponent],
                         game.new(args.players, first_seed, content=game.load_content()))
    name = json.dumps([args.game, args.players, tested, args.opponent, first_seed,
                       args.games, models])
    path = (args.cache / f"{hashlib.sha256(name.encode()).hexdigest()[:16]}.json"
            if args.cache else None)
    if path is not None and path.is_file():
        rows = [tuple(r) for r in json.loads(path.read_text())]
    else:
        rows = play_set(pool, args, tested, first_seed, path)
    s = strength(args.opponent, [r[0] for r in rows])
    print(f"  {tested}, set from {first_seed}: {s.share:.1%} ({s.low:.1%}-{s.high:.1%}) in "
          f"{len(rows)} games", flush=True)
    return rows


def play_set(pool: ProcessPoolExecutor, args: argparse.Namespace, tested: str,
             first_seed: int, path: Path | None) -> list[tuple[float, float, int]]:
    """The set's games on `pool`, in order, with a progress bar; with a cache `path`,
    each game is kept as it ends (one JSON line: index and row) and the whole set is
    written to `path` at the end."""
    n = args.games
    done: dict[int, tuple[float, float, int]] = {}
    partial = path.with_suffix(".partial") if path is not None else None
    if partial is not None and partial.is_file():
        for line in partial.read_text().splitlines():
            if line.strip():  # a line cut by a kill mid-write is the only bad one: the last
                try:
                    index, row = json.loads(line)
                except json.JSONDecodeError:
                    continue
                done[int(index)] = tuple(row)
    with Progress(TextColumn(f"{tested}, seeds from {first_seed}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn()) as bar:
        task = bar.add_task("games", total=n, completed=len(done))
        futures = {pool.submit(play, args.game, args.players, tested, args.opponent, i,
                               first_seed): i for i in range(n) if i not in done}
        keep = None
        if partial is not None:
            partial.parent.mkdir(parents=True, exist_ok=True)
            keep = partial.open("a")
            if keep.tell() and not partial.read_bytes().endswith(b"\n"):
                keep.write("\n")  # end a line cut by a kill, so the next one stands alone
        try:
            for future in as_completed(futures):
                index = futures[future]
                done[index] = future.result()
                if keep is not None:
                    keep.write(json.dumps([index, done[index]]) + "\n")
                    keep.flush()
                bar.advance(task)
        finally:
            if keep is not None:
                keep.close()
    rows = [done[i] for i in range(n)]
    if path is not None and partial is not None:
        whole = path.with_suffix(".tmp")  # renamed into place: a kill never leaves half a set
        whole.write_text(json.dumps(rows))
        whole.replace(path)
        partial.unlink()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=4)
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--baseline", default=None, help="bot in the same seat, same seeds")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--models", default=None)
    parser.add_argument("--first-seed", type=int, action="append",
                        help="seed of game 0; given again, another set of --games games, "
                             "all the sets' games taken together")
    parser.add_argument("--cache", type=Path, default=None,
                        help="folder of played runs: a run played before is read, not replayed, "
                             "and a set cut short goes on from its last finished game")
    args = parser.parse_args()
    seeds = args.first_seed or [SEED_BASE]
    if args.models:
        os.environ["SOAN_MODELS"] = args.models
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = {spec: [r for first in seeds for r in run(pool, args, spec, first)]
                   for spec in [args.candidate] + ([args.baseline] if args.baseline else [])}
    fair = 1 / args.players
    print(f"{args.game}, {args.players} seats, one seat against {args.players - 1} x "
          f"{args.opponent}, {args.games * len(seeds)} games (seats rotated, seeds from "
          f"{', '.join(map(str, seeds))}, {args.games} each), "
          f"{time.perf_counter() - started:.0f} s on {args.jobs} processes")
    for spec, rows in results.items():
        s = strength(args.opponent, [r[0] for r in rows])
        per = sum(r[1] for r in rows) / max(1, sum(r[2] for r in rows))
        clear = "above" if s.low > fair else "below" if s.high < fair else "not clear of"
        print(f"  {spec}: {s.share:.1%} ({s.low:.1%}-{s.high:.1%}), {clear} the fair "
              f"{fair:.0%}; {per:.3f} s a decision")
    if args.baseline:
        mean, low, high = astuple(paired_difference([r[0] for r in results[args.baseline]],
                                                    [r[0] for r in results[args.candidate]]))
        print(f"  paired difference {args.candidate} - {args.baseline}: {mean:+.1%} "
              f"({low:+.1%} to {high:+.1%})")


if __name__ == "__main__":
    main()
