"""How much a seat cannot see: the games' information-set sizes over random play.

For a seat, a position's hidden items are the entries of the other seats' own views
(`view(t)`, flattened: cards in hand, hidden tiles, secret choices; a list's entry,
such as a card, counts once) that a
re-deal of what the seat cannot see (`redeal(seat, rng)`) changes in at least one of
`--redeals` re-deals. The deck's order is hidden on top of these and not counted. Each
game is played at random; positions are taken at the first decision and half-way
through (by actions), for every seat, over `--games` games.

    python benchmarks/info_sets.py --games 10
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from soan.engine.registry import get_game
from soan.engine.rng import Rng

TABLES = (("cityplan", 4), ("populous", 4), ("quovadis", 4), ("undecim", 4))


def leaves(value: Any, path: str = "", in_list: bool = False) -> dict[str, Any]:
    """A JSON-ready value flattened to {path: item}: a list's entries are items (a card
    described by a dict is one item, not one per field)."""
    if isinstance(value, dict) and not in_list:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(leaves(item, f"{path}/{key}"))
        return out
    if isinstance(value, list | tuple):
        out = {}
        for i, item in enumerate(value):
            out.update(leaves(item, f"{path}/{i}", in_list=True))
        return out
    return {path: json.dumps(value, sort_keys=True) if in_list else value}


def hidden_items(state: Any, seat: int, redeals: int, rng: Rng) -> int:
    """Entries of the other seats' views that some re-deal for `seat` changes."""
    def others(s: Any) -> dict[str, Any]:
        return {f"{t}{k}": v for t in range(s.seats) if t != seat
                for k, v in leaves(s.view(t)).items()}

    real = others(state)
    changed: set[str] = set()
    for _ in range(redeals):
        dealt = others(state.redeal(seat, rng))
        changed |= {k for k in real.keys() | dealt.keys() if real.get(k) != dealt.get(k)}
    return len(changed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--redeals", type=int, default=20)
    args = parser.parse_args()
    print("| game | players | hidden items at the start | hidden items half-way |")
    print("|---|---|---|---|")
    for game_id, seats in TABLES:
        game = get_game(game_id)
        content = game.load_content()
        start, middle = [], []
        for seed in range(args.games):
            rng = Rng(seed)
            trail = [game.new(seats, seed, content=content)]
            while not trail[-1].over:
                nxt = trail[-1].copy()
                nxt.play(rng.choice(nxt.legal()))
                trail.append(nxt)
            for at, out in ((0, start), (len(trail) // 2, middle)):
                state = trail[at]
                out += [hidden_items(state, s, args.redeals, rng) for s in range(seats)]
        print(f"| {game.title} | {seats} | {statistics.median(start):g} "
              f"({min(start)}-{max(start)}) | {statistics.median(middle):g} "
              f"({min(middle)}-{max(middle)}) |", flush=True)


if __name__ == "__main__":
    main()
