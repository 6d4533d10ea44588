"""Undecim engine speed: random playouts, copies, redeals, evaluations, ISMCTS iterations.

Run by hand on one core:  taskset -c 0 python benchmarks/undecim_speed.py [--games 2000]
Targets: at least 250,000 actions/s (engine_table.py's 4-seat figure: met, just) and
100,000 copies/s (met).

Measured (`--games 500 --search`, CPU figures; the engine before and after each speed-up
run in turn three times each in the same session on a shared 2-core machine; the
median, and after/before). The first speed-up, the evaluation's:

    random playouts      139,000 -> 144,000 actions/s     1.04x  (target not reached)
    mid-game copy()      390,000 -> 398,000 copies/s      1.0x
    mid-game redeal()     40,800 ->  40,600 redeals/s     1.0x
    evaluate()             3,230 ->   7,230 evaluations/s 2.2x
    ismcts:200 (4 moves)     606 ->     969 iterations/s  1.6x

The evaluation memoises the parts of a front's value on the piece each reads, in a
valuer per seat situation that later positions share.

The second, the rules' own repeated work (the machine loaded about sevenfold, so the
CPU figures are the ones to read):

    random playouts      155,000 -> 183,000 actions/s     1.18x  (target not reached)
    mid-game copy()      404,000 -> 400,000 copies/s      1.0x
    mid-game redeal()     45,300 ->  46,600 redeals/s     1.03x
    evaluate()             7,440 ->   7,720 evaluations/s 1.0x
    ismcts:200 (4 moves)   1,306 ->   1,363 iterations/s  1.04x

and `engine_table.py`'s Undecim row (4 seats, 2 s a figure, 3 rounds in turn): random
playouts 143,500-153,800 -> 176,300-190,800 actions/s (median 1.32x); `valgrind
--tool=callgrind` counts 350M -> 274M instructions for the first 50 playouts (1.28x
fewer), the figure the machine's load cannot blur. A transition that builds the next
choices to know whether one waits (a play, a market, an auto action, a steal) hands them
to `legal()` instead of their being built again; settle choices come from a table by
resource counts, the resolution order and usage keys from the content's tables, scores
from one pass over the settlements (counted once at the game end), awards from their
progress directly. What is left is spread thin over the phases and their log; about a
fifth of a profiled playout is the engine's: `play()`'s checks and notes, and a new
game's options (built and checked again for every game: about 50 us of a 4-seat game's
700 us).

The third, what was left between two actions (the machine loaded by two other
engineers and a measurement run on its 2 cores; CPU figures, the median of three runs in
turn; base 1832047):

    random playouts      216,900 -> 240,800 actions/s     1.11x  (3 and 4 seats)
    mid-game copy()      420,300 -> 414,700 copies/s      1.0x
    mid-game redeal()     50,400 ->  49,700 redeals/s     1.0x
    evaluate()             8,610 ->   9,790 evaluations/s 1.14x
    ismcts:200 (4 moves)   1,596 ->   1,658 iterations/s  1.04x  (four runs in turn)

and `engine_table.py --seconds 1 --rounds 3`'s Undecim row (4 seats): random playouts
214,900-218,800 -> 247,400-254,900 actions/s (median 218,300 -> 250,400, 1.15x: the
250,000 target, just), copies 402,000-409,000 -> 398,000-413,000, ISMCTS 1,347-1,449
-> 1,434-1,512 iterations/s. The transitions that make a choice wait hand it to
`legal()` for the bonus resource, the pick and the replenishment too; card choices are
picked by `itertools.compress` instead of a loop over the 16 types; the placement log
lines are worded once per content (`words.placed_lines`, held by the state); the round
end asks for every seat's award progress and land bonus at once; a steal's takeable
kinds come from counts by kind. The evaluation's plans keep their best card without a
tuple per candidate and read each victim by one slice. The engine's `play()` and
`legal()` with the playout loop are now about a quarter of a random playout; `play()`'s
`is_action` check alone 6-9%.

The fourth, the search's evaluations and the learned value's observation (base 24fef5c;
the machine loaded by other engineers and a measurement run: CPU figures, three runs in
turn, the median):

    random playouts      245,000 -> 244,700 actions/s     1.0x
    mid-game copy()      406,800 -> 409,100 copies/s      1.0x
    mid-game redeal()     49,500 ->  49,500 redeals/s     1.0x
    evaluate()            10,350 ->  12,810 evaluations/s 1.24x
    ismcts:200 (4 moves)   1,841 ->   1,899 iterations/s  1.03x  (1,877-2,059 after)

Instructions counted by `valgrind --tool=callgrind`, which the load cannot blur: two
`ismcts:200` decisions from `search_profile.py`'s position 1,630M -> 1,473M (1.11x
fewer), the 1,130 evaluations they make 1,212M -> 1,083M (1.12x), a strong four-seat
game's first 12 decisions 7,300M -> 6,980M (1.05x, before the observation's share); an
observation on those positions 59-60 -> 52 us CPU (1.15x). `engine_table.py --seconds 1
--rounds 3 --strong-games 1`, run twice each in turn, cannot tell the two apart on this
machine: ISMCTS 1,565-1,665 and 1,564-1,755 -> 1,667-1,845 and 1,574-1,727 iterations/s,
`strong` 9.0 and 8.4 -> 8.3 and 9.3 s a four-seat game (one game a run). A card's plan is
memoised in the seat's valuer by all it reads (front, hand, die, its own card in
resolution, a steal's victims, a `vp` step's count, the moon's rules and counters); the
land, building and enemy parts of a front's value are memoised per rule and shared by
every situation with that rule; a front's value is memoised by front. What stops more:
a search's determinizations deal the other seats new hands, so about half the plans a
search asks for are new (a plan reads the whole hand), and a new plan is a few
microseconds of Python for each card it plays; a leaf after a random playout is a new
position for every seat. The issue's 5x (1,900-2,250 iterations/s) is at the edge of
these figures, and `strong`'s 5 s a game is not reached (8.3-9.3 s): about half of its
time is the evaluation (its own leaves through the learned value's features, and the
heuristic's outcomes for the prior), a sixth the observation, a sixth the rules' moves.

Each figure is given per second of wall clock and per second of this process's CPU
time: on a machine shared with other work the two differ, and the CPU figure is what
one core delivers. `--search` adds one `ismcts:200` decision from
`search_profile.py`'s mid-game position (iterations/s, no profiler).

The engine must behave the same to the bit after a speed-up: `--dump FILE` writes, for
positions of seeded random games in every variant at 3 and 4 seats, the state's legal
actions, every seat's evaluation (`repr` of each float) and every seat's encoding, so
two versions can be compared byte for byte:

    PYTHONPATH=/path/to/old/src python benchmarks/undecim_speed.py --dump /tmp/old.txt
    python benchmarks/undecim_speed.py --dump /tmp/new.txt && cmp /tmp/old.txt /tmp/new.txt
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Callable
from pathlib import Path

from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

GAME = get_game("undecim")


def playouts(games: int) -> tuple[int, float, float]:
    """Random games over 3-4 players; returns (actions played, wall seconds, CPU seconds)."""
    content = GAME.load_content()
    options = GAME.options()
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = GAME.new(3 + seed % 2, seed, options, content)
        rng = Rng(seed)
        below = rng.below
        while state.to_move is not None:
            legal = state.legal()
            state.play(legal[below(len(legal))])
            actions += 1
    return actions, time.perf_counter() - start, time.process_time() - cpu


def mid_game() -> State:
    """A 4-player state in mid-game (round 3) of a random game."""
    state = GAME.new(4, 7)
    rng = Rng(7)
    while state.turn() < 3:
        state.play(rng.choice(state.legal()))
    return state


def positions(games: int, every: int = 1) -> list[State]:
    """Every `every`-th position of seeded random games, all variants, 3 and 4 seats."""
    content = GAME.load_content()
    out = []
    for variant in GAME.variants:
        options = GAME.options(variant)
        for seed in range(games):
            state = GAME.new(3 + seed % 2, seed, options, content)
            rng = Rng(seed)
            while True:
                if len(state.history) % every == 0:
                    out.append(state.copy())
                if state.over:
                    break
                state.play(rng.choice(state.legal()))
    return out


def timed(fn: Callable[[], object], count: int) -> tuple[float, float]:
    """Wall and CPU seconds of `count` calls of `fn`."""
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        fn()
    return time.perf_counter() - start, time.process_time() - cpu


def evaluations(states: list[State]) -> tuple[int, float, float]:
    """One evaluation of every state, each once (the evaluation memoises what it can);
    (count, wall seconds, CPU seconds)."""
    evaluate = GAME.evaluator.evaluate
    start, cpu = time.perf_counter(), time.process_time()
    for state in states:
        evaluate(state)
    return len(states), time.perf_counter() - start, time.process_time() - cpu


def search(iters: int = 200, decisions: int = 4) -> tuple[int, float, float]:
    """`ismcts:iters` decisions in a row from the profile's mid-game position, each seat
    playing the move found, as a bot does in a game (the evaluation's memos carry over
    from one decision to the next); (iterations, wall seconds, CPU seconds)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from search_profile import mid_game as profile_position  # beside this file

    from soan.bots.ismcts import Ismcts

    state = profile_position("undecim")
    bot = Ismcts(iters=iters)
    wall = cpu = 0.0
    for k in range(decisions):
        handed = state.redeal(state.to_move, Rng(k))
        start, started = time.perf_counter(), time.process_time()
        action = bot.search(handed, Rng(100 + k))
        wall, cpu = wall + time.perf_counter() - start, cpu + time.process_time() - started
        state.play(action)
    return iters * decisions, wall, cpu


def dump(path: Path, games: int) -> None:
    """Legal actions, evaluations and encodings of many positions, one line each."""
    evaluate, observe = GAME.evaluator.evaluate, GAME.encoder.observe
    digest = hashlib.sha256()
    with path.open("w", encoding="utf-8") as out:
        for i, state in enumerate(positions(games)):
            values = ",".join(repr(v) for v in evaluate(state))
            codes = [hashlib.sha256(observe(state, s).tobytes()).hexdigest()[:16]
                     for s in range(state.seats)]
            line = f"{i} {state.legal()} {values} {' '.join(codes)}\n"
            digest.update(line.encode())
            out.write(line)
    print(f"{path}: {i + 1} positions, sha256 {digest.hexdigest()[:16]}")


def rate(label: str, count: int, wall: float, cpu: float, unit: str) -> None:
    print(f"{label}: {count:,} {unit}: {count / wall:,.0f} {unit}/s wall, "
          f"{count / cpu:,.0f} {unit}/s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random playouts")
    parser.add_argument("--search", action="store_true", help="time one ismcts:200 decision")
    parser.add_argument("--dump", type=Path, help="write positions' evaluations and encodings")
    parser.add_argument("--dump-games", type=int, default=12, help="games per variant to dump")
    args = parser.parse_args()
    if args.dump:
        dump(args.dump, args.dump_games)
        return
    actions, wall, cpu = playouts(args.games)
    rate(f"random playouts ({args.games} games)", actions, wall, cpu, "actions")
    state = mid_game()
    n = 100_000
    rate("mid-game copy()", n, *timed(state.copy, n), "copies")
    rng = Rng(3)
    n = 20_000
    rate("mid-game redeal()", n, *timed(lambda: state.redeal(1, rng), n), "redeals")
    rate("evaluate() on random games' positions", *evaluations(positions(3)), "evaluations")
    if args.search:
        rate("ismcts:200, 4 decisions from the profile's mid-game position", *search(),
             "iterations")


if __name__ == "__main__":
    main()
