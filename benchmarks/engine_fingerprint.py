"""What a bot reads from a game, position by position, written to a file so two versions
of an engine can be compared exactly after a change meant only to make it faster.

    python benchmarks/engine_fingerprint.py populous /tmp/before.txt   # on the old code
    python benchmarks/engine_fingerprint.py populous /tmp/after.txt    # on the new one
    cmp /tmp/before.txt /tmp/after.txt && echo identical

For every variant and table size, seeded games are played by random moves mixed with
greedy ones (so wars, ends and rare branches come up too). At every position one line
holds the mover, the legal actions, every seat's `evaluate()` value as `repr` (exact to
the bit), a digest of every seat's encoding (`game.encoder.observe`), the scores, the
state's next random draw, and the same of a copy and of a redeal for the mover: what the
search and the learned model see. `benchmarks/behaviour_snapshot.py` covers what people see.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from soan.bots.heuristic import greedy_action
from soan.engine.core import State
from soan.engine.registry import all_games, get_game
from soan.engine.rng import Rng


def describe(state: State) -> str:
    """One position as a bot reads it, in exact text."""
    game = state.game
    values = game.evaluator.evaluate(state)
    encodings = hashlib.sha256()
    for seat in range(state.seats):
        encodings.update(game.encoder.observe(state, seat).tobytes())
    draw = state.rng.copy().bits32()
    return (f"{state.to_move} {state.legal()!r} {[repr(v) for v in values]} "
            f"{encodings.hexdigest()[:16]} {state.scores()} {draw}")


def fingerprint(game_id: str, games: int) -> list[str]:
    """Lines for `games` seeded games of every variant and table size."""
    game = get_game(game_id)
    content = game.load_content()
    lines = []
    for variant in game.variants:
        options = game.options(variant)
        for seats in range(game.min_seats, game.max_seats + 1):
            for seed in range(games):
                rng = Rng(seed)
                state = game.new(seats, seed, options, content)
                lines.append(f"# {variant} {seats} {seed}")
                while not state.over:
                    lines.append(describe(state))
                    if rng.below(8) == 0:
                        lines.append("copy " + describe(state.copy()))
                        lines.append("redeal " + describe(state.redeal(state.to_move, rng.spawn())))
                    greedy = rng.below(4) == 0
                    state.play(greedy_action(state, rng) if greedy else rng.choice(state.legal()))
                lines.append("end " + describe(state) + f" {state.winners()} {state.usage()}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[game.id for game in all_games()])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=3, help="seeds per variant and table size")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games is the number of seeds per table, at least 1, not {args.games}")
    if not args.out.parent.is_dir():
        parser.error(f"cannot write {args.out}: the folder {args.out.parent} does not exist")
    lines = fingerprint(args.game, args.games)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines):,} positions written to {args.out}")


if __name__ == "__main__":
    main()
