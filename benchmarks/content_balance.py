"""The balance figures of a content file, per table size: what its header quotes.

For each table size: the mean number of turns, each turn position's and each
faction's win rate (95% Wilson intervals, fair = 1/N; a game without a winner gives
every seat 1/N) and the share of seat-games that used each item of a kind.

    python benchmarks/content_balance.py cityplan --players 2,3,4,5 --games 800
    python benchmarks/content_balance.py cityplan --variant plain --players 2,3,4,5
    python benchmarks/content_balance.py populous --variant random_races --players 3,4,5 \\
        --games 2000
    python benchmarks/content_balance.py cityplan --players 4 --bot ismcts:iters=200 --games 40

Game i uses seed S+i (default S = 1), as `soan simulate` does, with the same bot in
every seat.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from soan.engine.core import options_to_dict
from soan.engine.registry import get_game
from soan.lab.report.metrics import Estimate
from soan.lab.run.runner import default_jobs
from soan.lab.tune.tune import size_figures
from soan.lab.value.value import Plan, Workers, play_games, seat_usage


def rate(e: Estimate) -> str:
    """A win rate with its 95% interval, in percent."""
    return f"{100 * e.value:.1f}% [{100 * e.low:.1f}–{100 * e.high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="")
    parser.add_argument("--variant", default="default")
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--content", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", default="built:", help="usage keys to list, by prefix")
    parser.add_argument("--jobs", type=int, default=0)
    args = parser.parse_args()
    game = get_game(args.game)
    sizes = [int(n) for n in args.players.split(",")] if args.players else [game.min_seats]
    options = json.dumps(options_to_dict(game.options(args.variant)), sort_keys=True)
    print(f"{game.title}, {args.variant}, {args.bot} in every seat, {args.games} games "
          f"per table size, seeds {args.seed}..{args.seed + args.games - 1}")
    with Workers(args.jobs or default_jobs()) as workers:
        for players in sizes:
            started = time.perf_counter()
            plan = Plan(game.id, args.variant, options, args.content, players, args.bot,
                        args.seed)
            rows = play_games(plan, args.games, workers)
            f = size_figures(rows, players)
            print(f"\n{players} players ({time.perf_counter() - started:.0f} s): "
                  f"{f.length.value:.2f} turns [{f.length.low:.2f}–{f.length.high:.2f}]; "
                  f"fair {100 / players:.1f}%")
            print("  positions: " + ", ".join(
                f"{k + 1}: {rate(r)}" for k, r in enumerate(f.positions)))
            for name, r in f.factions.items():
                print(f"  {name}: {rate(r)}")
            used = Counter(k for u in seat_usage(rows) for k in u if k.startswith(args.kind))
            if used:
                print("  used in seat-games: " + ", ".join(
                    f"{k.removeprefix(args.kind)} {100 * v / len(rows):.1f}%"
                    for k, v in used.most_common()))


if __name__ == "__main__":
    main()
