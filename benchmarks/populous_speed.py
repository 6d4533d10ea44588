"""Populous engine speed on one core: random playouts, mid-game copies, evaluations, and
ISMCTS iterations from the search profile's mid-game position.

    python benchmarks/populous_speed.py [--games 300]

Targets (issue 23): at least 250,000 random-playout actions/s; copies and evaluations
as cheap as the search needs.

Times are the process's CPU time: on a machine shared with other jobs the wall clock
varies twice over from run to run. Measured 2026-11-27 on the shared two-core machine,
`--games 300`, median of 3 runs interleaved with the engine before its speed work
(commit 4d17df3); the behaviour is the same to the bit (`engine_fingerprint.py` and
`behaviour_snapshot.py` give identical files):

| per second | before | after | |
|---|---:|---:|---:|
| random-playout actions (3-5 seats, setup included) | 142,722 | 149,474 | 1.05x |
| copy() mid-game | 328,944 | 348,948 | 1.06x |
| redeal() mid-game | 73,689 | 83,630 | 1.13x |
| evaluate() mid-game | 21,345 | 62,984 | 2.95x |
| ismcts:200 iterations (search profile's position) | 2,378 | 3,115 | 1.31x |

Then the world (2026-11-27, against commit 9bca1e5, same machine, three rounds run
interleaved, before and after alternating; medians; behaviour again the same to the bit):
`World` assembles its adjacency from one tile's slot contacts worked out once per cell
pattern instead of hashing every hex, the board builds its 64 masks' area choices from
the 32 number-card subsets, and a seat's presence VP, grace costs and effect totals
take fewer calls. A new 4-seat game fell from about 400 us to 150 us.

| per second | before | after | |
|---|---:|---:|---:|
| random-playout actions, `--games 1000` (3-5 seats, setup included) | 169,614 | 205,575 | 1.21x |
| the same, `engine_table.py --seconds 2 --rounds 1` (4 seats) | 168,661 | 207,588 | 1.23x |
| copy() mid-game | 362,607 | 359,488 | 1.0x |
| redeal() mid-game | 90,664 | 90,979 | 1.0x |
| ismcts:200 iterations (search profile's position) | 3,379 | 3,414 | 1.0x |

Still short of the target: an action costs about 4.9 us, spread thinly over the rules,
their event log and the contract's checks (`State.play`'s own checks are about 7% of a
playout); building the world is now about 75 us of a new game's 150 us, and a new game
about 8% of a 4-seat playout. Mid-game playouts (the search's) lay no world, so they
gain little.

Then what the rules work out once (2026-11-27, against commit 1832047, same machine
under a heavy load, CPU time; before and after alternating, three rounds, medians;
`engine_fingerprint.py populous` and `behaviour_snapshot.py` identical): the rules hand
`State.legal` the legal actions they have just worked out (the area and action choices,
the cells a worker may go to, the grace cards a seat can pay for), so those are no
longer worked out twice an action; an action goes to its handler by one look-up; the
log's cell and area names are made once per tile pair; a seat's added-up effects are
kept by race and grace area, the 64 masks' area choices and the terrain by the world's
tiles; a redeal deals in slices; the evaluation weighs a hand's cards against the
seat's own effects worked out once.

| per second | before | after | |
|---|---:|---:|---:|
| random-playout actions, `--games 1000` (3-5 seats, setup included) | 223,966 | 268,821 | 1.20x |
| the same, `engine_table.py`'s Populous row, 1 s a figure (4 seats) | 221,362 | 263,568 | 1.19x |
| copy() mid-game | 377,026 | 392,746 | 1.04x |
| the same, `engine_table.py`'s copies | 457,235 | 460,456 | 1.0x |
| redeal() mid-game | 88,854 | 98,622 | 1.11x |
| evaluate() mid-game | 71,108 | 79,884 | 1.12x |
| ismcts:200 iterations (search profile's position) | 3,500 | 3,860 | 1.10x |
| the same, `engine_table.py`'s search iterations | 3,447 | 3,770 | 1.09x |

The whole `engine_table.py --seconds 1 --rounds 3 --strong-games 0`, run twice on each
side, alternating, gives Populous ranges of 206,794-231,793 random-playout actions/s
before and 246,977-286,554 after (the low end in the round where City Plan, unchanged,
also fell by 7%), copies 427,623-450,362 and 457,208-494,133, search iterations
3,181-3,514 and 3,577-4,010.

The target is met. What is left of an action is the contract's `play` and `legal`,
the event log's lines, and, for a new game, laying the world (`populous_world`, about
110 us of a new game's 135-190 us, 7% of a 4-seat playout); a copy is mostly its two
dozen lists and the log.
"""

from __future__ import annotations

import argparse
import time

from search_profile import print_mid_game_rates

from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

GAME = "populous"


def playouts(games: int) -> tuple[int, float]:
    """Random games over 3-5 players; returns (actions played, seconds)."""
    game = get_game(GAME)
    content = game.load_content()
    options = game.options()
    actions = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new(3 + seed % 3, seed, options, content)
        rng = Rng(seed)
        below = rng.below
        while state.to_move is not None:
            legal = state.legal()
            state.play(legal[below(len(legal))])
            actions += 1
    return actions, time.process_time() - start


def mid_game_states(count: int) -> list[State]:
    """`count` seeded 4-player positions, each 20 turns in."""
    game = get_game(GAME)
    states = []
    for seed in range(count):
        state = game.new(4, seed)
        rng = Rng(seed)
        while state.turn() < 20 and not state.over:
            state.play(rng.choice(state.legal()))
        states.append(state)
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games is the number of random games, at least 1, not {args.games}")
    actions, seconds = playouts(args.games)
    print(f"random playouts: {args.games} games, {actions} actions in {seconds:.2f} s "
          f"= {actions / seconds:,.0f} actions/s ({actions / args.games:.0f} actions/game)")
    print_mid_game_rates(GAME, mid_game_states(50), "4 seats, turn 20", 200)


if __name__ == "__main__":
    main()
