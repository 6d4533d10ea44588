"""Undecim engine speed: random playouts (actions per second) and mid-game copies.

Run by hand on one core:  taskset -c 0 python benchmarks/undecim_speed.py [games]
Targets: at least 100,000 actions/s and 100,000 copies/s.

Each figure is given per second of wall clock and per second of this process's CPU
time: on a machine shared with other work the two differ, and the CPU figure is what
one core delivers.
"""

from __future__ import annotations

import sys
import time

from soan.engine.registry import get_game
from soan.engine.rng import Rng


def playouts(games: int) -> tuple[int, float, float]:
    """Random games over 3-4 players; returns (actions played, wall seconds, CPU seconds)."""
    game = get_game("undecim")
    content = game.load_content()
    options = game.options()
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = game.new(3 + seed % 2, seed, options, content)
        rng = Rng(seed)
        below = rng.below
        while state.to_move is not None:
            legal = state.legal()
            state.play(legal[below(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start, time.process_time() - cpu


def copies(count: int) -> tuple[float, float]:
    """Wall and CPU seconds for `count` copies of a 4-player state in mid-game (round 3)."""
    game = get_game("undecim")
    state = game.new(4, 7)
    rng = Rng(7)
    while state.turn() < 3:
        state.play(rng.choice(state.legal()))
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        state.copy()
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    actions, wall, cpu = playouts(games)
    print(f"random playouts: {games} games, {actions} actions ({actions / games:.0f} a game): "
          f"{actions / wall:,.0f} actions/s wall, {actions / cpu:,.0f} actions/s CPU")
    n = 100_000
    wall, cpu = copies(n)
    print(f"mid-game copy(): {n} copies: {n / wall:,.0f} copies/s wall, "
          f"{n / cpu:,.0f} copies/s CPU")


if __name__ == "__main__":
    main()
