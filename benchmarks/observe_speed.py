"""What one observation (`game.encoder.observe`) costs, per game, at four seats.

A search with the learned value encodes a position at every leaf and two or three at
a node's prior: in four-seat City Plan `strong`, 47,667 observations a game, about a
quarter of its CPU time (2026-11-28, seed 7). Positions are those of seeded heuristic
games, every seat observing; each figure is the best of `--passes` passes over them, in
CPU microseconds an observation. Run it on two versions (`PYTHONPATH=OTHER/src`) to
compare them, and check with `engine_fingerprint.py` that the observations are the same.

    python benchmarks/observe_speed.py [games] [--passes 5] [--seeds 3]

2026-11-28, the machine shared with two benchmark processes (ratios rather than
figures), City Plan before (commit 90d16b9) and after summing each city once per
tableau met and writing the observation in one copy, `cityplan --passes 3`: 77.0 ->
47.4 microseconds; the engine fingerprint (19,764 positions) identical.

Populous, the same day, before and after gathering the parts up to the war in one list
with precomputed one-hot rows (commit 46f8e6a against e08fab5, three alternating runs
of `populous --passes 3` beside three benchmark processes): 86.0, 95.7, 87.0 -> 71.1,
74.4, 72.4 microseconds; every seat's observation over three heuristic games of each
rule set and table size the same to the bit.
"""

from __future__ import annotations

import argparse
import time

import soan  # noqa: F401  (thread limits first)
from soan.bots import make_bot
from soan.bots.match import bot_rngs
from soan.engine.core import State
from soan.engine.registry import all_games, get_game


def positions(game_id: str, seeds: int) -> list[State]:
    """Every position of `seeds` four-seat heuristic games, from seed 1."""
    game = get_game(game_id)
    content = game.load_content()
    out: list[State] = []
    for seed in range(1, seeds + 1):
        state = game.new(4, seed, content=content)
        bots = [make_bot("heuristic") for _ in range(4)]
        rngs = bot_rngs(seed, 4)
        while not state.over:
            seat = state.mover
            state.play(bots[seat](state, rngs[seat]))
            out.append(state.copy())
    return out


def microseconds(states: list[State], passes: int) -> float:
    """The best pass's CPU time an observation, every seat of every position."""
    encoder = states[0].game.encoder
    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        for state in states:
            for seat in range(state.seats):
                encoder.observe(state, seat)
        best = min(best, time.process_time() - start)
    return best / (len(states) * states[0].seats) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=3, help="heuristic games a game")
    args = parser.parse_args()
    for game_id in args.games or [g.id for g in all_games()]:
        states = positions(game_id, args.seeds)
        print(f"{game_id}: {microseconds(states, args.passes):.1f} us an observation "
              f"({len(states)} positions x 4 seats, best of {args.passes})", flush=True)


if __name__ == "__main__":
    main()
