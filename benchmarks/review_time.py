"""How long `soan review GAME` takes at its defaults: the target is 30 minutes per game
with the heuristic on a 2-core machine.

A shared machine's wall clock says little, so this plays a small review (`--games`
per rule set), counts the CPU seconds it and its workers used, and scales them to the
default number of games per rule set over two cores. The small review's start-up and
page are counted as if they were games, so the estimate errs long.

    python benchmarks/review_time.py undecim [--questions FILE] [--games 40]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from soan.engine.registry import get_game
from soan.lab.review.plan import plan_review
from soan.lab.review.questions import load_questions
from soan.lab.review.review import default_games
from soan.lab.run.simulation import default_players
from soan.lab.study import games_for_seat_rates

sys.path.insert(0, str(Path(__file__).parent))
from lab_speed import soan

TARGET_MINUTES = 30.0
CORES = 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--questions", type=Path, default=None)
    parser.add_argument("--games", type=int, default=40, help="games per rule set played")
    args = parser.parse_args()

    game = get_game(args.game)
    seats = default_players(game)
    questions = load_questions(game, args.questions, seats)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "review"
        runs = len(plan_review(game.id, questions, "heuristic", 1, out).runs)
        games = default_games(games_for_seat_rates(seats), runs, seats)
        extra = ["--questions", args.questions] if args.questions else []
        wall, cores = soan("review", game.id, "--games", args.games, "--jobs", 2, "--out", out,
                           *extra)
    cpu = wall * cores
    per_game = cpu / (runs * args.games)
    minutes = per_game * runs * games / CORES / 60
    print(f"{game.title}: {len(questions)} questions, {runs} rule sets, default {games} games "
          f"each ({runs * games:,} games)")
    print(f"small review: {runs * args.games} games, {cpu:.1f} CPU s ({wall:.1f} s wall): "
          f"{1000 * per_game:.0f} CPU ms per game")
    print(f"estimate at the defaults on {CORES} cores: {minutes:.1f} minutes "
          f"(target {TARGET_MINUTES:.0f}) -> {'OK' if minutes <= TARGET_MINUTES else 'TOO SLOW'}")


if __name__ == "__main__":
    main()
