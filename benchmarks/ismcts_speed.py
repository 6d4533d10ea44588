"""ISMCTS iterations per second on one core, from a mid-game City Plan position.

The position: two heuristic bots play seed 11 to turn 6, then on to the next
choice with at least three actions. The search runs from the mover's re-deal
with random playouts capped at 20 actions, then uncapped, then with heuristic
playouts capped at 20.

    python benchmarks/ismcts_speed.py [--iters 3000]
"""

from __future__ import annotations

import argparse
import time

from soan.bots import make_bot
from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts
from soan.bots.match import bot_rngs, choose
from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

SEED, TURN = 11, 6


def mid_game() -> State:
    game = get_game("cityplan")
    state = game.new(2, SEED, content=game.load_content())
    rngs = bot_rngs(SEED, 2)
    while state.turn() < TURN or len(state.legal()) < 3:
        state.play(choose(heuristic_bot, state, rngs[state.to_move]))
    return state


def rate(spec: str, state: State, repeats: int = 3) -> float:
    """The best of `repeats` timed searches, in iterations per second."""
    bot = make_bot(spec)
    assert isinstance(bot, Ismcts)
    best = 0.0
    for k in range(repeats):
        handed = state.redeal(state.to_move, Rng(k))
        start = time.perf_counter()
        bot(handed, Rng(100 + k))
        best = max(best, bot.iters / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iters", type=int, default=3000)
    args = parser.parse_args()
    state = mid_game()
    print(f"City Plan, 2 seats, turn {state.turn()}, {len(state.legal())} legal actions")
    for label, options in (
        ("random playouts, capped at 20 actions", "depth=20"),
        ("random playouts, to the end", "depth=0"),
        ("heuristic playouts, capped at 20 actions", "depth=20:rollout=heuristic"),
    ):
        iters = args.iters if "heuristic" not in options else max(1, args.iters // 5)
        per_second = rate(f"ismcts:iters={iters}:{options}", state)
        print(f"{label:42s} {per_second:8.0f} iterations/s")


if __name__ == "__main__":
    main()
