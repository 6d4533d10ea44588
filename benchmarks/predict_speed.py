"""What one prediction of a game's learned value costs, by batch size.

Search asks the model for one row at a leaf and for two or three at a node's prior;
the `learned` bot for every legal move at once. Rows are real features (observation
and judgement) of positions a few random moves after `search_profile.py`'s mid-game,
so they are as sparse as the search's. Each figure is the best of five passes over
the batches, in microseconds a call; run it on two versions (`PYTHONPATH=OTHER/src`)
to compare them.

    SOAN_MODELS=DIR python benchmarks/predict_speed.py [games]

Folding the standardisation into the first layer and reading only the inputs a small
batch sets (2026-11-28: commit 85a30d6's `predict` and the new one timed side by side
in one process on rows made as here, one BLAS thread, the machine shared with a
two-process benchmark, so ratios rather than figures; the outputs agree within 2e-7,
and every action of seeded four-seat `strong` games is the same in Quo Vadis (seeds 5
and 11), Undecim and City Plan (seed 5); Populous' seed 5 parts after a near tie):

    rows            1            2            3            8           32
    Quo Vadis   16.7 -> 14.9  39.5 -> 28.3  119 -> 58    53.0 -> 30.7  139 -> 115
    Undecim     22.6 -> 20.9  26.5 -> 17.6  35.8 -> 20.0 32.9 -> 22.4  77.8 -> 65.8
    City Plan   10.7 -> 8.9   17.6 -> 15.0  22.2 -> 16.9 20.8 -> 18.5  43.2 -> 36.8
    Populous    24.2 -> 17.6  53.8 -> 38.6  47.4 -> 21.3 41.3 -> 23.4  106 -> 89.3

Populous' default model has since become an average of five fits, one perceptron
with a first layer of 1,894 x 320 weights: one row (a leaf) now reads only the inputs
it sets there too (`SPARSE_ONE_ROW`). Commit 46f8e6a against e08fab5, alternating
runs beside three benchmark processes, one row: 447 and 415 -> 186 and 198
microseconds a call (the other batch sizes unchanged); in one process on 137 rows of a
heuristic game, 110 -> 48. Narrower models (the other three games, 64 units) keep BLAS
for one row, which is faster there.
"""

from __future__ import annotations

import sys
import timeit

import numpy as np
from search_profile import mid_game  # benchmarks/ is the script's path

from soan.engine.core import State
from soan.engine.rng import Rng
from soan.learn.model import Learned, ModelKey, features, load_model

GAMES = ("cityplan", "populous", "quovadis", "undecim")
BATCHES = (1, 2, 3, 8, 32)
ROWS = 320


def rows(state: State) -> np.ndarray:
    """`ROWS` feature rows of re-dealt positions, 0 to 39 random moves past `state`."""
    rng, out = Rng(1), []
    for i in range(ROWS):
        det = state.redeal(state.to_move, rng)
        for _ in range(i % 40):
            if det.over:
                break
            legal = det.legal()
            det.play(legal[rng.below(len(legal))])
        out.append(features(det, state.to_move))
    return np.array(out)


def main(games: list[str]) -> None:
    print("game       " + "".join(f"{b:>10} rows" for b in BATCHES) + "   (us a call)")
    for game_id in games:
        state = mid_game(game_id)
        model = load_model(ModelKey.of_state(state))
        Learned(model, state)  # refuses a model of another shape
        x = rows(state)
        cells = []
        for size in BATCHES:
            batches = [x[i:i + size] for i in range(0, ROWS - size + 1, size)]
            best = min(timeit.repeat(lambda m=model, bs=batches: [m.predict(b) for b in bs],
                                     number=1, repeat=5))
            cells.append(f"{best / len(batches) * 1e6:15.1f}")
        print(f"{game_id:11s}" + "".join(cells))


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
