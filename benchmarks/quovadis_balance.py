"""Quo Vadis content check: how the provisional content plays with heuristic bots.

Plays seeded four-seat games (heuristic bots in every seat, races chosen by the
bots, start player drawn by the game) and prints what the content header of
`src/soan/games/quovadis/content.toml` quotes: the winners' mean score, every
race's win rate against the fair 1/4 (95% Wilson intervals), how often forts,
temples, ascensions, wraths and wars happen per game, and where the points come
from. Run by hand, niced, on all cores:

    nice -n 10 python benchmarks/quovadis_balance.py --games 600
    nice -n 10 python benchmarks/quovadis_balance.py --games 200 --variant custom
    nice -n 10 python benchmarks/quovadis_balance.py --content my_content.toml --skills
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections import Counter

from soan.bots import make_bot
from soan.bots.match import bot_rngs, play_out
from soan.engine.registry import get_game
from soan.lab.report.metrics import mean
from soan.lab.report.metrics import wilson_interval as wilson

SEED_BASE = 50_000
EVENTS = ("fort", "temple", "ascension", "wrath", "wrath:buildings", "war", "generation change",
          "inheritance", "rebuild", "御無心", "free")


def play_one(task: tuple[int, int, str, str, str | None]) -> dict:
    """One game: each seat's race, score and points by source, the winner, the events."""
    index, seats, variant, bot, content = task
    game = get_game("quovadis")
    seed = SEED_BASE + index
    state = game.new(seats, seed, game.options(variant), game.load_content(content))
    state = play_out(state, [make_bot(bot) for _ in range(seats)], bot_rngs(seed, seats))
    events: Counter[str] = Counter()
    for counts in state.usage():
        for key, value in counts.items():
            if key in EVENTS or key.startswith("skill:"):
                events[key] += value
    wars = sum(line.startswith("War:") for line in state.log)
    events["war"] = wars  # one war, however many sides
    return {
        "races": [state.faction(s) for s in range(seats)],
        "basics": [state.tables.skill_name[state.basic[s]] for s in range(seats)],
        "set": [[state.tables.skill_name[k] for k in state.shown[s][1:]] for s in range(seats)],
        "scores": state.scores(),
        "breakdown": state.breakdown(),
        "winner": state.winners()[0],
        "first": state.first_player,
        "events": events,
    }


def report(results: list[dict], seats: int, verbose: bool = False) -> str:
    games = len(results)
    lines = [f"{games} games, {seats} seats, heuristic bots"]
    winners = [r["scores"][r["winner"]] for r in results]
    winning = mean(winners)
    everyone = [x for r in results for x in r["scores"]]
    lines.append(f"winners' mean score {winning.value:.1f} "
                 f"(95% interval {winning.low:.1f}-{winning.high:.1f}; "
                 f"median {statistics.median(winners)}), "
                 f"all seats' mean {statistics.mean(everyone):.1f}")
    lines.append(f"race win rates (fair {1 / seats:.1%}):")
    lines += _rates([(race, s == r["winner"]) for r in results
                     for s, race in enumerate(r["races"])])
    lines.append("basic skill win rates:")
    lines += _rates([(race + " " + basic, s == r["winner"]) for r in results
                     for s, (race, basic) in enumerate(zip(r["races"], r["basics"], strict=True))])
    if verbose:
        lines.append("win rates of seats that set each drafted skill (confounded: winners "
                     "change generations more):")
        lines += _rates([(name, s == r["winner"]) for r in results
                         for s, names in enumerate(r["set"]) for name in names])
    first = sum((r["winner"] - r["first"]) % seats == 0 for r in results)
    low, high = wilson(first, games)
    lines.append(f"start player wins {first / games:.1%} [{low:.1%} - {high:.1%}]")
    lines.append("per game:")
    for key in EVENTS:
        total = sum(r["events"][key] for r in results)
        share = sum(1 for r in results if r["events"][key]) / games
        lines.append(f"  {key:<18} {total / games:5.2f}  (in {share:.0%} of games)")
    sources = list(results[0]["breakdown"][0])
    lines.append("mean points by source, winners / everyone:")
    for source in sources:
        win = statistics.mean(r["breakdown"][r["winner"]][source] for r in results)
        every = statistics.mean(b[source] for r in results for b in r["breakdown"])
        lines.append(f"  {source:<11} {win:5.1f} / {every:5.1f}")
    skills: Counter[str] = Counter()
    for r in results:
        skills.update({k: v for k, v in r["events"].items() if k.startswith("skill:")})
    rare = [k for k, _ in sorted(skills.items(), key=lambda kv: kv[1])[:5]]
    lines.append("least used skills: " + ", ".join(f"{k[6:]} {skills[k] / games:.2f}"
                                                     for k in rare))
    return "\n".join(lines)


def _rates(outcomes: list[tuple[str, bool]]) -> list[str]:
    """One line per name: its win rate with a 95% interval, and its games."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for name, win in outcomes:
        played[name] += 1
        won[name] += win
    lines = []
    for name in sorted(played):
        low, high = wilson(won[name], played[name])
        lines.append(f"  {name:<24} {won[name] / played[name]:6.1%}  "
                     f"[{low:.1%} - {high:.1%}]  in {played[name]} games")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--variant", default="default")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--skills", action="store_true", help="also each drafted skill's rate")
    parser.add_argument("--content", help="an edited copy of the content file")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    tasks = [(i, args.seats, args.variant, args.bot, args.content) for i in range(args.games)]
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play_one, tasks, chunksize=8)
    print(report(results, args.seats, args.skills))
    print(f"{time.perf_counter() - start:.0f} s on {args.workers} worker(s); "
          f"variant {args.variant}; seeds {SEED_BASE}-{SEED_BASE + args.games - 1}")


if __name__ == "__main__":
    main()
