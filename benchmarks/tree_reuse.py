"""What tree reuse saves: iterations a choice with and without it, over whole games.

Four seats of one ISMCTS spec (default: the game's `strong` spec) play seeded games
twice, with `reuse` on and off; per game, the choices searched (more than one legal
action), how many started from a kept subtree, the iterations run a choice and the time
a game. Needs the models for `eval=learned`
specs (`SOAN_MODELS`).

    python benchmarks/tree_reuse.py quovadis [--games 2] [--spec ismcts:iters=100]
"""

from __future__ import annotations

import argparse
import time

from soan.bots import make_bot
from soan.bots.ismcts import Ismcts
from soan.bots.match import bot_rngs, choose
from soan.bots.strong import strong_spec
from soan.engine.registry import get_game

SEATS, FIRST_SEED = 4, 100


def play(game_id: str, spec: str, reuse: bool, seed: int) -> tuple[int, int, int, float]:
    """One game: choices, choices on a kept subtree, iterations run, seconds."""
    game = get_game(game_id)
    state = game.new(SEATS, seed, content=game.load_content())
    bots = [make_bot(f"{spec}:reuse={reuse}") for _ in range(SEATS)]
    if not all(isinstance(bot, Ismcts) for bot in bots):
        raise SystemExit(f"{spec!r} is not an ismcts spec")
    rngs = bot_rngs(seed, SEATS)
    choices = kept = iterations = 0
    start = time.perf_counter()
    while not state.over:
        seat = state.to_move
        searched = len(state.legal()) > 1
        state.play(choose(bots[seat], state, rngs[seat]))
        if searched:
            choices += 1
            iterations += bots[seat].iterations_run
            kept += bots[seat].iterations_run < bots[seat].iters
    return choices, kept, iterations, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--spec", default=None, help="an ismcts spec (default: strong's)")
    args = parser.parse_args()
    spec = args.spec or strong_spec(args.game)
    print(f"{args.game}, 4 seats of {spec}, {args.games} game(s) from seed {FIRST_SEED}")
    for reuse in (True, False):
        totals = [0, 0, 0, 0.0]
        for seed in range(FIRST_SEED, FIRST_SEED + args.games):
            for i, value in enumerate(play(args.game, spec, reuse, seed)):
                totals[i] += value
        choices, kept, iterations, seconds = totals
        print(f"  reuse={str(reuse).lower()}: {choices / args.games:.0f} choices a game, "
              f"{kept / args.games:.0f} on a kept subtree, {iterations / choices:.0f} "
              f"iterations a choice, {seconds / args.games:.1f} s a game")


if __name__ == "__main__":
    main()
