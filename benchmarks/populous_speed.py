"""Populous engine speed: random playouts (actions per second) and mid-game copies.

Run by hand on one core:  python benchmarks/populous_speed.py [games]
Targets: at least 50,000 actions/s and 50,000 copies/s.
"""

from __future__ import annotations

import sys
import time

from soan.engine.registry import get_game
from soan.engine.rng import Rng


def playouts(games: int) -> tuple[int, float]:
    """Random games over 3-5 players; returns (actions played, seconds)."""
    game = get_game("populous")
    content = game.load_content()
    options = game.options()
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(3 + seed % 3, seed, options, content)
        rng = Rng(seed)
        below = rng.below
        while state.to_move is not None:
            legal = state.legal()
            state.play(legal[below(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start


def copies(count: int) -> float:
    """Seconds for `count` copies of a 4-player state in mid-game."""
    game = get_game("populous")
    state = game.new(4, 7)
    rng = Rng(7)
    while state.turn() < 20:
        state.play(rng.choice(state.legal()))
    start = time.perf_counter()
    for _ in range(count):
        state.copy()
    return time.perf_counter() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    actions, seconds = playouts(games)
    print(f"random playouts: {games} games, {actions} actions in {seconds:.2f} s "
          f"= {actions / seconds:,.0f} actions/s ({actions / games:.0f} actions/game)")
    n = 100_000
    seconds = copies(n)
    print(f"mid-game copy(): {n} copies in {seconds:.2f} s = {n / seconds:,.0f} copies/s")


if __name__ == "__main__":
    main()
