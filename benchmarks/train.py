"""Train a learned value for a game and measure the learned bot against the heuristic.

Trains for `--minutes` (the rules as written, `-n` seats), then plays `--games` games on
paired seeds: the same seeds twice, once with the learned bot in the tested seat and once
with the heuristic there, the heuristic in every other seat and the tested seat rotated
by game. Prints the learned bot's win share with a 95% Wilson interval against the fair
share, the paired difference to the heuristic in the same seat (a normal interval on the
per-game differences), and the time per decision of each bot.

    python benchmarks/train.py undecim -n 4 --minutes 10 --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import astuple

from soan.bots.heuristic import heuristic_bot
from soan.bots.learned import LearnedBot
from soan.bots.match import bot_rngs, choose
from soan.engine.registry import get_game
from soan.lab.report.metrics import paired_difference
from soan.learn.train import TARGETS, Players, TrainSpec, strength, train


def decision_time(bot, game, seats, options, content, seeds) -> float:
    """Mean seconds a decision of `bot` in every seat."""
    spent, decisions = 0.0, 0
    for seed in seeds:
        state = game.new(seats, seed, options, content)
        rngs = bot_rngs(seed, seats)
        while not state.over:
            start = time.perf_counter()
            action = choose(bot, state, rngs[state.to_move])
            spent += time.perf_counter() - start
            decisions += 1
            state.play(action)
    return spent / max(1, decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=4)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--train-games", type=int, default=1000, help="games a generation")
    parser.add_argument("--games", type=int, default=400, help="measuring games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--models", default=None, help="model cache (default: a temporary one)")
    parser.add_argument("--target", default="win", choices=list(TARGETS),
                        help="what a finished game teaches")
    args = parser.parse_args()

    game = get_game(args.game)
    options, content = game.options(), game.load_content()
    models = args.models or tempfile.mkdtemp(prefix="soan-models-")
    spec = TrainSpec(game, args.players, options, content, minutes=args.minutes,
                     games=args.train_games, eval_games=0, jobs=args.jobs, models=models,
                     target=args.target)
    started = time.perf_counter()

    def show(state) -> None:
        if state["phase"] in ("fitting", "gating") and state["loss"] is not None:
            print(f"  {state['elapsed']:6.0f} s  generation {state['generation']}  "
                  f"{state['phase']}  games {state['games']}  loss {state['loss']:.4f}  "
                  f"{state['strength'] or ''}", flush=True)

    result = train(spec, show)
    trained = time.perf_counter() - started
    card = result.card
    print(f"{game.title}, {args.players} seats: trained {trained / 60:.1f} min, "
          f"{card['generations']} generations (kept {card['kept_generations']}), "
          f"{card['games']} games, {card['rows']:,} rows, loss {card['loss']:.4f}")
    for h in card["history"]:
        print("  ", h)

    players = Players(spec)
    seeds = list(range(900_000, 900_000 + args.games))
    try:
        learned = players.match(seeds, ("learned", result.model), ("heuristic", None))
        baseline = players.match(seeds, ("heuristic", None), ("heuristic", None))
    finally:
        players.close()
    fair = 1 / args.players
    s = strength("heuristic", learned)
    b = strength("heuristic", baseline)
    mean, low, high = astuple(paired_difference(baseline, learned))
    print(f"learned in one seat vs heuristic: {s.share:.1%} ({s.low:.1%}-{s.high:.1%}), "
          f"fair {fair:.1%}, {s.games} games")
    print(f"heuristic in the same seat, same seeds: {b.share:.1%} ({b.low:.1%}-{b.high:.1%})")
    print(f"paired difference: {mean:+.1%} ({low:+.1%} to {high:+.1%})")
    few = seeds[:10]
    t_learned = decision_time(LearnedBot(model=result.model), game, args.players, options,
                              content, few)
    t_heur = decision_time(heuristic_bot, game, args.players, options, content, few)
    print(f"time per decision: learned {t_learned * 1000:.2f} ms, heuristic "
          f"{t_heur * 1000:.2f} ms")


if __name__ == "__main__":
    main()
