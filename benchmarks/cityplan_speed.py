"""City Plan engine speed on one core: random playouts and mid-game copies.

    python benchmarks/cityplan_speed.py [--games 2000]

Targets (issue 2): at least 50,000 random-playout actions per second and
50,000 copy() per second mid-game.
"""

from __future__ import annotations

import argparse
import time

from soan.engine.registry import get_game
from soan.engine.rng import Rng


def playouts(games: int) -> tuple[int, float]:
    game = get_game("cityplan")
    rng = Rng(12345)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(2 + seed % 4, seed)
        while not state.over:
            state.play(rng.choice(state.legal()))
            actions += 1
    return actions, time.perf_counter() - start


def mid_game_states(count: int) -> list:
    game = get_game("cityplan")
    rng = Rng(7)
    states = []
    for seed in range(count):
        state = game.new(4, seed)
        for _ in range(60):
            state.play(rng.choice(state.legal()))
        states.append(state)
    return states


def per_second(fn, states: list, repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            fn(state)
    return repeats * len(states) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    actions, seconds = playouts(args.games)
    states = mid_game_states(50)
    rng = Rng(3)
    print(
        f"random playouts: {args.games} games, {actions} actions in {seconds:.2f} s "
        f"= {actions / seconds:,.0f} actions/s ({args.games / seconds:,.0f} games/s)"
    )
    copies = per_second(lambda s: s.copy(), states, 2000)
    print(f"copy() mid-game (4 seats, 60 actions in): {copies:,.0f}/s")
    print(f"redeal() mid-game: {per_second(lambda s: s.redeal(1, rng), states, 400):,.0f}/s")


if __name__ == "__main__":
    main()
