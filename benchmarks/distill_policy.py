"""Can a score fitted to the search's choice among the heuristic's best moves play like
the search, at the heuristic's cost? (Issue 21's expert iteration with a policy target,
fitted as a classifier: benchmarks/distill_search.py regressed the children's mean
rewards instead, and lost.)

Heuristic games (10% random actions) are played; at `--sample` of the positions the
mover's `ismcts:iters=ITERS` tree is grown, and the heuristic's best `--top` moves
(`soan.bots.learned.shortlist`) each give a row: the features of the position after it,
read by the mover, and the share of the search's visits it drew among them. A linear
score of the standardised features is fitted by a listwise loss (the cross-entropy of
the softmax of the scores within a position against the visit shares, plus an L2
penalty on all but the judgement's weights), and filed as a model whose first output is
that score, so the learned bot chooses by it (it is a score, not a win share: a search
must not read it as a value).
Held-out agreement (the search's most visited move being the one the score, or the
game's own judgement, ranks first) is printed; the bot is then measured with

    python benchmarks/distill_policy.py cityplan -n 4 --train-games 600 --out DIR
    SOAN_MODELS=DIR python benchmarks/learn_strength.py cityplan -n 4 \\
        --candidate learned:top=5 --baseline heuristic --games 400 --first-seed 3000000
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial
from pathlib import Path

import numpy as np

from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts
from soan.bots.learned import shortlist
from soan.bots.match import bot_rngs, choose
from soan.engine.core import options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.learn.model import ModelKey, ValueModel, features, judgement_size
from soan.learn.train import MIN_SCALE, Exploring


@cache
def table(game_id: str) -> tuple:
    """The game, its default options and its content, read once a process."""
    game = get_game(game_id)
    return game, options_from_dict(game, {}), game.load_content(None)


def labelled(game_id: str, seats: int, iters: int, sample: float, top: int, seed: int
             ) -> list[tuple[int, float, np.ndarray]]:
    """(position, visit share among the shortlist, features after the move) per move of
    the heuristic's shortlist, at the sampled positions of one game."""
    game, options, content = table(game_id)
    state = game.new(seats, seed, options, content)
    bot, rngs, picker = Exploring(heuristic_bot, 0.1), bot_rngs(seed, seats), Rng(seed ^ 0xD15)
    search, rows, position = Ismcts(iters=iters, reuse=False), [], 0
    while not state.over:
        if len(state.legal()) > 1 and picker.below(1 << 20) < sample * (1 << 20):
            mover, position = state.to_move, position + 1
            options_ = shortlist(state, top)
            if len(options_) > 1:
                children = search.grow(state, Rng(seed * 7919 + position)).children
                visits = np.array([children[o.action].visits if o.action in children else 0
                                   for o in options_], dtype=np.float64)
                if visits.sum() > 0:
                    for o, v in zip(options_, visits / visits.sum(), strict=True):
                        rows.append((seed * 10_000 + position, float(v),
                                     features(o.after, mover, o.values)))
        state.play(choose(bot, state, rngs[state.to_move]))
    return rows


def fit_listwise(z: np.ndarray, target: np.ndarray, groups: np.ndarray, l2: float,
                 free: int) -> np.ndarray:
    """Weights of a linear score whose softmax within each group matches `target`, by
    L-BFGS on the mean cross-entropy + l2 |w|^2, the last `free` columns (the game's
    judgement) not penalised: the score starts from the heuristic's own ranking and the
    penalty holds the observation's part to what the data can carry."""
    from scipy.optimize import minimize

    _, index = np.unique(groups, return_inverse=True)
    count = index.max() + 1
    penalised = np.ones(z.shape[1])
    penalised[z.shape[1] - free:] = 0.0

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = z @ w
        top = np.full(count, -np.inf)
        np.maximum.at(top, index, s)
        e = np.exp(s - top[index])
        total = np.bincount(index, e, count)
        p = e / total[index]
        ce = -np.sum(target * (s - top[index] - np.log(total[index]))) / count
        grad = z.T @ (p - target) / count
        held = w * penalised
        return ce + l2 * float(held @ held), grad + 2 * l2 * held

    result = minimize(loss, np.zeros(z.shape[1]), jac=True, method="L-BFGS-B",
                      options={"maxiter": 500})
    return result.x


def agreement(groups: np.ndarray, target: np.ndarray, scores: np.ndarray) -> float:
    """Share of positions where the highest score is the search's most visited move."""
    hits = total = 0
    for g in np.unique(groups):
        idx = np.flatnonzero(groups == g)
        total += 1
        hits += int(np.argmax(scores[idx]) == np.argmax(target[idx]))
    return hits / max(total, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=4)
    parser.add_argument("--train-games", type=int, default=600)
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--sample", type=float, default=0.1)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--l2", default="0.001,0.01,0.1", help="penalties to try")
    parser.add_argument("--first-seed", type=int, default=6_000_000, help="of the training games")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", type=Path, default=None, help="rows cache (.npz)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    seats, start = args.players, time.perf_counter()
    if args.data is not None and args.data.is_file():
        with np.load(args.data) as cached:
            groups, target, x = cached["groups"], cached["target"], cached["x"]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            label = partial(labelled, args.game, seats, args.iters, args.sample, args.top)
            rows = [r for part in pool.map(label, range(args.first_seed,
                                                        args.first_seed + args.train_games),
                                           chunksize=4) for r in part]
        groups = np.array([r[0] for r in rows])
        target = np.array([r[1] for r in rows])
        x = np.stack([r[2] for r in rows]).astype(np.float32)
        if args.data is not None:
            np.savez(args.data, groups=groups, target=target, x=x)
    print(f"{len(x):,} rows, {len(np.unique(groups)):,} positions from {args.train_games} "
          f"games, {time.perf_counter() - start:.0f} s", flush=True)
    held = np.isin(groups, np.unique(groups)[::5])
    mean = x[~held].mean(axis=0)
    scale = np.maximum(x[~held].std(axis=0), MIN_SCALE)
    z = ((x - mean) / scale).astype(np.float64)
    judged = x[:, -seats]  # the mover's own lead after the move: the heuristic's ranking
    print(f"held-out agreement with the search's move: the game's judgement "
          f"{agreement(groups[held], target[held], judged[held]):.1%}", flush=True)
    game, options, content = table(args.game)
    key = ModelKey.of(game, seats, options, content)
    for l2 in [float(v) for v in args.l2.split(",")]:
        w = fit_listwise(z[~held], target[~held], groups[~held], l2, judgement_size(seats))
        scores = z[held] @ w
        weights = np.zeros((x.shape[1], seats), dtype=np.float32)
        weights[:, 0] = w
        model = ValueModel([weights], [np.zeros(seats)], mean, scale, "identity",
                           {"key": key.fields(), "target": "search policy (a score)",
                            "l2": l2, "rows": len(x), "games": args.train_games})
        model.save(key.path(args.out / f"l2_{l2:g}"))
        print(f"l2 {l2:g}: held-out agreement {agreement(groups[held], target[held], scores):.1%}"
              f", filed in {args.out / f'l2_{l2:g}'}", flush=True)


if __name__ == "__main__":
    main()
