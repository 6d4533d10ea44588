"""Where an ISMCTS iteration spends its time, per game: the profile behind cheaper search.

For each game at four seats, heuristic seats play a seeded game to its middle (half of
a heuristic game's length, then on to a choice of at least three actions); one
`ismcts:200` search from there runs under cProfile. Two tables per game:

- the iteration's stages (cumulative time of each call made by `Ismcts._iterate`):
  dealing the determinization (`redeal`), ranking for progressive widening
  (`ranked_outcomes`), the playout (`_play_out`), the leaf reward (`rewards`, the
  evaluation), and the tree's own bookkeeping (selection and back-up: the rest);
- the rules' primitives wherever they are called (these overlap the stages):
  `copy`, `legal`, `play`, the game's `evaluate`.

    python benchmarks/search_profile.py [--games cityplan,undecim] [--iters 200]
        [--out benchmarks/results/search_profile.md]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable
from pathlib import Path

from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts
from soan.bots.match import bot_rngs, choose
from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

GAMES = ("cityplan", "populous", "quovadis", "undecim")
SEATS, SEED = 4, 7
STAGES = {"redeal": "deal (redeal)", "ranked_outcomes": "widening (ranked_outcomes)",
          "_play_out": "playout", "rewards": "leaf reward (evaluate)"}
PRIMITIVES = {"copy": "copy()", "legal": "legal()", "play": "play()",
              "evaluate": "evaluate()"}
# where each primitive is defined (a same-named helper elsewhere is not it)
HOMES = {"copy": "state.py", "legal": "core.py", "play": "core.py",
         "evaluate": "evaluation.py", "redeal": "", "ranked_outcomes": "heuristic.py",
         "_play_out": "ismcts.py", "rewards": "ismcts.py"}


def mid_game(game_id: str) -> State:
    """A seeded heuristic game's middle, at a choice of at least three actions."""
    game = get_game(game_id)
    content = game.load_content()
    whole = game.new(SEATS, SEED, content=content)
    rngs = bot_rngs(SEED, SEATS)
    while not whole.over:
        whole.play(choose(heuristic_bot, whole, rngs[whole.to_move]))
    state, rngs = game.new(SEATS, SEED, content=content), bot_rngs(SEED, SEATS)
    while len(state.history) < len(whole.history) // 2 or len(state.legal()) < 3:
        state.play(choose(heuristic_bot, state, rngs[state.to_move]))
    return state


def per_second(fn: Callable[[State], object], states: list[State], repeats: int) -> float:
    """Calls of `fn` a CPU second over `states`, `repeats` times each."""
    start = time.process_time()
    for _ in range(repeats):
        for state in states:
            fn(state)
    return repeats * len(states) / (time.process_time() - start)


def search_rate(game_id: str, iters: int = 200, repeats: int = 3) -> float:
    """ISMCTS iterations a CPU second of `ismcts:200` from `mid_game(game_id)`."""
    state = mid_game(game_id)
    bot = Ismcts(iters=iters)
    start = time.process_time()
    for k in range(repeats):
        bot.search(state.redeal(state.to_move, Rng(1 + k)), Rng(2 + k))
    return iters * repeats / (time.process_time() - start)


def print_mid_game_rates(game_id: str, states: list[State], where: str, repeats: int) -> None:
    """What a game's speed benchmark prints after its playouts: copies, re-deals and
    evaluations a CPU second over mid-game `states` (copies five times as often), and
    `ismcts:200`'s iterations."""
    judge = get_game(game_id).evaluator.evaluate
    rng = Rng(3)
    copies = per_second(lambda s: s.copy(), states, 5 * repeats)
    redeals = per_second(lambda s: s.redeal(s.to_move, rng), states, repeats)
    print(f"copy() mid-game ({where}): {copies:,.0f}/s")
    print(f"redeal() mid-game: {redeals:,.0f}/s")
    print(f"evaluate() mid-game: {per_second(judge, states, repeats):,.0f}/s")
    print(f"ismcts:200 mid-game: {search_rate(game_id):,.0f} iterations/s")


def cumulative(stats: pstats.Stats, names: dict[str, str]) -> dict[str, float]:
    """Seconds spent inside each named function: per file the outermost definition of
    that name (a wrapper and the body it calls count once), summed over the games."""
    per_file: dict[tuple[str, str], float] = {}
    for (path, _, func), (_, _, _, cum, _) in stats.stats.items():  # type: ignore[attr-defined]
        if func in names and "soan" in path and path.endswith(HOMES[func]):
            per_file[path, func] = max(per_file.get((path, func), 0.0), cum)
    out = dict.fromkeys(names.values(), 0.0)
    for (_, func), seconds in per_file.items():
        out[names[func]] += seconds
    return out


def profile(game_id: str, iters: int) -> tuple[float, dict[str, float], dict[str, float]]:
    state = mid_game(game_id)
    bot = Ismcts(iters=iters)
    handed = state.redeal(state.to_move, Rng(1))
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.runcall(bot.search, handed, Rng(2))
    total = time.perf_counter() - start
    stats = pstats.Stats(profiler)
    stages = cumulative(stats, STAGES)
    stages["tree bookkeeping (selection, back-up)"] = max(
        0.0, sum(v[3] for k, v in stats.stats.items()  # type: ignore[attr-defined]
                 if k[2] == "_iterate") - sum(stages.values()))
    return total, stages, cumulative(stats, PRIMITIVES)


def table(title: str, parts: dict[str, float], total: float) -> list[str]:
    lines = [f"| {title} | seconds | share |", "|---|---:|---:|"]
    for name, seconds in sorted(parts.items(), key=lambda item: -item[1]):
        lines.append(f"| {name} | {seconds:.2f} | {seconds / total:.0%} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines = [f"# ISMCTS profile: one `ismcts:{args.iters}` decision, mid-game, {SEATS} seats",
             "", f"`python benchmarks/search_profile.py --iters {args.iters}` (under cProfile, "
             "which slows every call about alike: read the shares, not the seconds).", ""]
    for game_id in args.games.split(","):
        total, stages, primitives = profile(game_id, args.iters)
        lines += [f"## {game_id}: {total:.2f} s for {args.iters} iterations "
                  f"({args.iters / total:,.0f} iterations/s under the profiler)", ""]
        lines += [*table("stage of an iteration", stages, total), ""]
        lines += [*table("rules primitive (all callers)", primitives, total), ""]
        print("\n".join(lines[-(len(stages) + len(primitives) + 8):]), flush=True)
    if args.out:
        args.out.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
