"""Which end-of-game target teaches the value most? One set of self-play games, one
model a target.

Plays `--train-games` games with the heuristic in every seat (or the bot `--player`
names; 10% random actions, as `soan train`'s generation 0), recording at `--sample` of
positions every seat's features and every target of `soan.learn.train.TARGETS` (the
rows are cached in `--data`, so a second run fits without playing). Fits one model a
target as `soan train` fits one (`soan.learn.train.fit`, `--fits` averaged) and files
each under `OUT/TARGET` as the rule set's model, for `benchmarks/learn_strength.py` to play:

    python benchmarks/learn_targets.py cityplan -n 4 --train-games 2000 --out DIR
    SOAN_MODELS=DIR/lead python benchmarks/learn_strength.py cityplan -n 4 \\
        --candidate learned --baseline heuristic --games 400 --first-seed 3000000
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from soan.engine.registry import get_game
from soan.learn.model import judgement_size
from soan.learn.train import TARGETS, Players, TrainSpec, fit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=4)
    parser.add_argument("--train-games", type=int, default=2000)
    parser.add_argument("--sample", type=float, default=0.1, help="share of positions recorded")
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--alpha", type=float, default=30.0)
    parser.add_argument("--fits", type=int, default=1, help="perceptrons averaged a model")
    parser.add_argument("--rows", type=int, default=0, help="fit on the first ROWS rows (0: all)")
    parser.add_argument("--first-seed", type=int, default=7_000_000, help="of the training games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--player", default=None,
                        help="bot spec that plays the training games (default: the heuristic)")
    parser.add_argument("--data", type=Path, default=None, help="rows cache (.npz)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    unknown = sorted(set(args.targets.split(",")) - set(TARGETS))
    if unknown:
        parser.error(f"--targets: {', '.join(unknown)} not among {', '.join(TARGETS)}")
    game = get_game(args.game)
    spec = TrainSpec(game, args.players, game.options(), game.load_content(),
                     games=args.train_games, jobs=args.jobs, sample=args.sample,
                     player=args.player)
    names = tuple(TARGETS)
    started = time.perf_counter()
    if args.data is not None and args.data.is_file():
        with np.load(args.data) as cached:
            x, y = cached["x"], cached["y"]
    else:
        players = Players(spec)
        try:
            seeds = list(range(args.first_seed, args.first_seed + args.train_games))
            x, y = players.self_play(seeds, None, targets=names)
        finally:
            players.close()
        if args.data is not None:
            np.savez(args.data, x=x, y=y)
    print(f"{len(x):,} rows from {args.train_games} games, {time.perf_counter() - started:.0f} s",
          flush=True)
    if args.rows:
        x, y = x[:args.rows], y[:args.rows]
    seats = args.players
    for name in args.targets.split(","):
        at = names.index(name) * seats
        start = time.perf_counter()
        model, loss, _ = fit(x, y[:, at:at + seats], spec.hidden, 1, judgement_size(seats),
                             alpha=args.alpha, members=args.fits)
        model.card = {"key": spec.key.fields(), "target": name, "rows": len(x),
                      "games": args.train_games, "alpha": args.alpha,
                      "fits": args.fits, "player": args.player}
        model.save(spec.key.path(args.out / name))
        print(f"{name}: held-out loss {loss:.4f}, fitted in {time.perf_counter() - start:.0f} s, "
              f"filed in {args.out / name}", flush=True)


if __name__ == "__main__":
    main()
