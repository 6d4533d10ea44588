"""City Plan engine speed on one core: random playouts, mid-game copies, redeals and
evaluations, and ISMCTS iterations from the search profile's mid-game position.

    python benchmarks/cityplan_speed.py [--games 2000]

Targets (issue 23): at least 250,000 random-playout actions/s; copies and evaluations
as cheap as the search needs.

Times are the process's CPU time: on a machine shared with other jobs the wall clock
varies twice over from run to run. Measured 2026-11-27 on the shared two-core machine,
`--games 500`, median of 3 runs interleaved with the engine before its speed work
(commit 4d17df3, timed by this same script); the behaviour is the same to the bit
(`engine_fingerprint.py` and `behaviour_snapshot.py` give identical files):

| per second | before | after | |
|---|---:|---:|---:|
| random-playout actions (2-5 seats, setup included) | 231,398 | 245,223 | 1.06x |
| copy() mid-game | 520,277 | 503,201 | 0.97x |
| redeal() mid-game | 38,233 | 40,871 | 1.07x |
| evaluate() mid-game | 56,094 | 104,008 | 1.85x |
| ismcts:200 iterations (search profile's position) | 4,368 | 4,695 | 1.07x |

Playouts reach the target in some runs (248,000) and not in others; a search spends
most of its time in playouts and the tree's own bookkeeping, not in the evaluation.
"""

from __future__ import annotations

import argparse
import time

from search_profile import print_mid_game_rates

from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

GAME = "cityplan"


def playouts(games: int) -> tuple[int, float]:
    """Random games over 2-5 players; returns (actions played, seconds)."""
    game = get_game(GAME)
    content = game.load_content()
    options = game.options()
    rng = Rng(12345)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new(2 + seed % 4, seed, options, content)
        while not state.over:
            state.play(rng.choice(state.legal()))
            actions += 1
    return actions, time.process_time() - start


def mid_game_states(count: int) -> list[State]:
    """`count` seeded 4-player positions, each 60 random actions in."""
    game = get_game(GAME)
    rng = Rng(7)
    states = []
    for seed in range(count):
        state = game.new(4, seed)
        for _ in range(60):
            state.play(rng.choice(state.legal()))
        states.append(state)
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games is the number of random games, at least 1, not {args.games}")
    actions, seconds = playouts(args.games)
    print(f"random playouts: {args.games} games, {actions} actions in {seconds:.2f} s "
          f"= {actions / seconds:,.0f} actions/s ({args.games / seconds:,.0f} games/s)")
    print_mid_game_rates(GAME, mid_game_states(50), "4 seats, 60 actions in", 400)


if __name__ == "__main__":
    main()
