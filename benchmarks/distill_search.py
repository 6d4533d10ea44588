"""Can a model fitted to the search's judgement of moves play like the search, at the
heuristic's cost? (Issue 21's expert iteration with a search policy target.)

Heuristic games (10% random actions) are played; at a sampled share of positions the
mover's `ismcts:iters=ITERS` tree is grown and each root child tried at least
`--min-visits` times gives a row: the features of the position after that move, read
by the mover, and the child's mean reward per seat (seat-relative). A value model is
fitted to them as `soan train` fits one (`soan.learn.train.fit`); the learned bot
with it (the heuristic's best three, judged by the model) then plays one seat against
three heuristic seats on paired seeds, beside the heuristic in the same seat. Before
that, on held-out positions, how often the search's most visited move is the one the
game's own judgement or the model values most (`agreement`).

    python benchmarks/distill_search.py cityplan -n 4 --train-games 1000 --games 400
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial

import numpy as np

from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts
from soan.bots.learned import LearnedBot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.lab.report.metrics import paired_difference
from soan.learn.model import features, judgement_size
from soan.learn.train import Exploring, fit, match, relative, strength


@cache
def table(game_id: str) -> tuple:
    """The game, its default options and its content, read once a process."""
    game = get_game(game_id)
    return game, options_from_dict(game, {}), game.load_content(None)


def labelled(game_id: str, seats: int, iters: int, sample: float, min_visits: int,
             seed: int) -> list[tuple[int, int, np.ndarray, list[float]]]:
    """(position, visits, features after the move, its mean rewards) per root child."""
    game, options, content = table(game_id)
    state = game.new(seats, seed, options, content)
    bot, rngs, picker = Exploring(heuristic_bot, 0.1), bot_rngs(seed, seats), Rng(seed ^ 0xD15)
    search, rows, position = Ismcts(iters=iters), [], 0
    while not state.over:
        if len(state.legal()) > 1 and picker.below(1 << 20) < sample * (1 << 20):
            mover, position = state.to_move, position + 1
            for action, child in search.grow(state, Rng(seed * 7919 + position)).children.items():
                if child.visits >= min_visits:
                    after = state.copy()
                    after.play(action)
                    rows.append((seed * 10_000 + position, child.visits, features(after, mover),
                                 relative([t / child.visits for t in child.totals], mover)))
        state.play(choose(bot, state, rngs[state.to_move]))
    return rows


def agreement(groups: np.ndarray, visits: np.ndarray, scores: np.ndarray) -> float:
    """Share of positions where the highest score is the search's most visited move."""
    hits = total = 0
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        if len(idx) > 1:
            total += 1
            hits += int(np.argmax(scores[idx]) == np.argmax(visits[idx]))
    return hits / max(total, 1)


def played(game_id: str, seats: int, bot: object, chunk: tuple[list[int], int]) -> list[float]:
    game, options, content = table(game_id)
    return match(game, seats, options, content, chunk[0], bot, heuristic_bot, chunk[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=4)
    parser.add_argument("--train-games", type=int, default=1000)
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--sample", type=float, default=0.1)
    parser.add_argument("--min-visits", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seats, start = args.players, time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        label = partial(labelled, args.game, seats, args.iters, args.sample, args.min_visits)
        rows = [r for part in pool.map(label, range(5_000_000, 5_000_000 + args.train_games),
                                       chunksize=4) for r in part]
        groups = np.array([r[0] for r in rows])
        visits = np.array([r[1] for r in rows])
        x = np.stack([r[2] for r in rows]).astype(np.float32)
        y = np.array([r[3] for r in rows], dtype=np.float32)
        print(f"{len(rows):,} rows from {args.train_games} games, "
              f"{time.perf_counter() - start:.0f} s")
        held = np.isin(groups, np.unique(groups)[::5])
        model, _, _ = fit(x[~held], y[~held], (64, 64), 1, judgement_size(seats))
        judged = x[held][:, -2 * seats]  # the mover's own evaluation after the move
        print(f"held-out agreement with the search's move: the game's judgement "
              f"{agreement(groups[held], visits[held], judged):.1%}, the model "
              f"{agreement(groups[held], visits[held], model.predict(x[held])[:, 0]):.1%}")
        seeds = list(range(args.first_seed, args.first_seed + args.games))
        chunks = [(seeds[i:i + 25], i) for i in range(0, args.games, 25)]
        shares = {}
        for name, bot in (("learned (search-fitted)", LearnedBot(model=model)),
                          ("heuristic", heuristic_bot)):
            shares[name] = [s for part in pool.map(partial(played, args.game, seats, bot),
                                                   chunks) for s in part]
            s = strength("heuristic", shares[name])
            print(f"{name} in one seat: {s.text(seats)}")
    diff = paired_difference(shares["heuristic"], shares["learned (search-fitted)"])
    print(f"paired difference, learned minus heuristic: {diff.value:+.1%} ({diff.low:+.1%} "
          f"to {diff.high:+.1%}); {time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
