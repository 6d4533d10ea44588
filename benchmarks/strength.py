"""The strength ladder: how often each bot beats the rung below, per game.

Each pairing puts one candidate bot against opponents for a number of seeded
games, the candidate's seat rotating through every position. A game's result
for the candidate is its win share (1 for a sole win, 1/k for a k-way shared
win, 0 otherwise); the table gives the mean share with a 95% Wilson interval.
Games run in parallel over the machine's cores.

    python benchmarks/strength.py                     # the full ladder
    python benchmarks/strength.py --scale 0.25        # a quarter of the games
    python benchmarks/strength.py --only cityplan     # one game's rungs
    python benchmarks/strength.py --pairing cityplan,2,ismcts:iters=500,heuristic,40
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from dataclasses import dataclass
from pathlib import Path

from soan.bots import make_bot
from soan.bots.match import bot_rngs, play_out
from soan.engine.core import SoanError
from soan.engine.registry import get_game
from soan.lab.report.metrics import wilson_interval as wilson

RESULTS = Path(__file__).with_name("results") / "strength.md"
SEED_BASE = 20_000


@dataclass(frozen=True)
class Pairing:
    game: str
    seats: int
    candidate: str
    opponent: str
    games: int

    def lineup(self, index: int) -> tuple[int, list[str]]:
        """The candidate's seat and every seat's spec in game `index`."""
        seat = index % self.seats
        specs = [self.opponent] * self.seats
        specs[seat] = self.candidate
        return seat, specs


LADDER = (
    Pairing("cityplan", 2, "heuristic", "random", 200),
    Pairing("cityplan", 2, "ismcts:iters=200", "heuristic", 100),
    Pairing("cityplan", 2, "ismcts:iters=1000", "heuristic", 300),  # near its 65% target
    Pairing("cityplan", 2, "ismcts:iters=1000", "ismcts:iters=200", 100),
    Pairing("populous", 3, "heuristic", "random", 200),
    Pairing("populous", 4, "ismcts:iters=200", "heuristic", 100),
    Pairing("populous", 4, "ismcts:iters=1000", "heuristic", 100),
    Pairing("populous", 4, "ismcts:iters=1000", "ismcts:iters=200", 100),
    Pairing("quovadis", 3, "heuristic", "random", 200),
    Pairing("quovadis", 4, "ismcts:iters=1000", "heuristic", 100),
    Pairing("undecim", 3, "heuristic", "random", 200),
    Pairing("undecim", 4, "ismcts:iters=1000", "heuristic", 100),
)


_CONTENT: dict[str, object] = {}


def play_one(task: tuple[Pairing, int]) -> tuple[Pairing, float, float]:
    """One game: the candidate's win share and the seconds it took."""
    pairing, index = task
    start = time.perf_counter()
    game = get_game(pairing.game)
    seat, specs = pairing.lineup(index)
    seed = SEED_BASE + index
    state = game.new(pairing.seats, seed, content=_content(pairing.game))
    state = play_out(state, [make_bot(s) for s in specs], bot_rngs(seed, pairing.seats))
    winners = state.winners()
    share = 1 / len(winners) if seat in winners else 0.0
    return pairing, share, time.perf_counter() - start


def _content(game_id: str) -> object:
    """Each worker loads a game's content once, not once a game."""
    if game_id not in _CONTENT:
        _CONTENT[game_id] = get_game(game_id).load_content()
    return _CONTENT[game_id]


def table(results: dict[Pairing, list[tuple[float, float]]]) -> str:
    lines = [
        "| game | seats | candidate | opponents | games | win share | 95% interval | s/game |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p, rows in results.items():
        n = len(rows)
        wins = sum(share for share, _ in rows)
        low, high = wilson(wins, n)
        seconds = sum(t for _, t in rows) / max(n, 1)
        lines.append(
            f"| {p.game} | {p.seats} | {p.candidate} | {p.seats - 1} x {p.opponent} | {n} "
            f"| {wins / max(n, 1):.1%} | {low:.1%} - {high:.1%} | {seconds:.2f} |"
        )
    return "\n".join(lines)


def available(game_id: str) -> bool:
    try:
        get_game(game_id)
    except SoanError:
        return False
    return True


def parse_pairing(text: str) -> Pairing:
    game, seats, candidate, opponent, games = text.split(",")
    return Pairing(game, int(seats), candidate, opponent, int(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the games to play")
    parser.add_argument("--only", help="play only this game's rungs")
    parser.add_argument(
        "--pairing", action="append", type=parse_pairing,
        help="game,seats,candidate,opponent,games instead of the ladder (repeatable)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the table")
    args = parser.parse_args()
    ladder = [
        Pairing(p.game, p.seats, p.candidate, p.opponent, max(1, round(p.games * args.scale)))
        for p in args.pairing or LADDER
        if (args.only in (None, p.game)) and available(p.game)
    ]
    tasks = [(p, i) for p in ladder for i in range(p.games)]
    tasks.sort(key=lambda t: "ismcts" not in t[0].candidate)  # long games first
    results: dict[Pairing, list[tuple[float, float]]] = {p: [] for p in ladder}
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for done, (pairing, share, seconds) in enumerate(pool.imap_unordered(play_one, tasks), 1):
            results[pairing].append((share, seconds))
            if done % 20 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} games, {time.perf_counter() - start:.0f} s", flush=True)
    text = table(results)
    note = (
        "Win share: 1 for a sole win, 1/k for a k-way shared win. Seats rotate. "
        "Populous seats 3-5, so its heuristic-vs-random rung is one heuristic against two "
        "random bots (first-place rate; chance alone is 1/3), and ismcts plays three heuristic "
        "bots in four-seat games (chance alone is 1/4); Quo Vadis and Undecim likewise."
    )
    elapsed = time.perf_counter() - start
    footer = f"{len(tasks)} games in {elapsed:.0f} s on {args.workers} worker(s)."
    print(text)
    print(footer)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        f"# Strength ladder\n\n`python benchmarks/strength.py`\n\n{text}\n\n{note}\n\n{footer}\n"
    )


if __name__ == "__main__":
    main()
