"""soan's engines and search beside OpenSpiel's, measured side by side in one run.

Per engine, on one core (CPU seconds of this process, so other work on the machine
counts less than on a wall clock), each figure the range over `--rounds` interleaved
rounds:

- random playouts: actions a second, uniformly random legal actions to the end of a
  game (soan's games at four seats, tic-tac-toe at two);
- copies a second of a mid-game state (`copy()`; OpenSpiel's `clone()`);
- search iterations a second from that position: soan's `ismcts` at its defaults
  (random playouts capped at 20 actions, progressive widening on the heuristic) and
  OpenSpiel's Python MCTS with one random rollout a leaf. The searches differ in kind
  (soan's deals a determinization and ranks moves at a new node): read the rate as
  what each costs, not as the same work.

The rows: City Plan, Populous, Quo Vadis, Undecim; OpenSpiel's C++ tic-tac-toe
(`pyspiel`) and its pure-Python tic-tac-toe (`open_spiel.python.games`). With
`--strong-games N` (and models in the cache, `SOAN_MODELS`), four seats of the `strong`
bot play N games per soan game: its time a decision and a game.

    python benchmarks/engine_table.py [--seconds 2] [--rounds 3] [--strong-games 1]
        [--out benchmarks/results/engine_table.md]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.games import tic_tac_toe

from soan.bots import make_bot
from soan.bots.ismcts import Ismcts
from soan.bots.match import bot_rngs, choose
from soan.engine.registry import get_game
from soan.engine.rng import Rng

sys.path.insert(0, str(Path(__file__).parent))
from search_profile import mid_game

GAMES = ("cityplan", "populous", "quovadis", "undecim")
SEATS, ITERS = 4, 200


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of `work` a CPU second, repeating it for at least `seconds`."""
    done, start = 0, time.process_time()
    while (spent := time.process_time() - start) < seconds:
        done += work()
    return done / spent


class Soan:
    """One soan game's three measurements."""

    def __init__(self, game_id: str) -> None:
        self.game = get_game(game_id)
        self.content = self.game.load_content()
        self.middle = mid_game(game_id)
        self.seed = 0

    def playout(self) -> int:
        self.seed += 1
        state = self.game.new(SEATS, self.seed, content=self.content)
        rng, actions = Rng(self.seed), 0
        while not state.over:
            state.play(rng.choice(state.legal()))
            actions += 1
        return actions

    def copies(self) -> int:
        for _ in range(100):
            self.middle.copy()
        return 100

    def iterations(self) -> int:
        bot = Ismcts(iters=ITERS)
        bot.search(self.middle.redeal(self.middle.to_move, Rng(self.seed)), Rng(self.seed))
        self.seed += 1
        return ITERS


class Spiel:
    """OpenSpiel's tic-tac-toe (C++ or pure Python): the same three measurements."""

    def __init__(self, game: pyspiel.Game) -> None:
        self.game, self.random = game, random.Random(1)
        self.middle = game.new_initial_state()
        for action in (4, 0, 8):
            self.middle.apply_action(action)

    def playout(self) -> int:
        state, actions = self.game.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(self.random.choice(state.legal_actions()))
            actions += 1
        return actions

    def copies(self) -> int:
        for _ in range(100):
            self.middle.clone()
        return 100

    def iterations(self) -> int:
        evaluator = mcts.RandomRolloutEvaluator(
            1, np.random.RandomState(self.random.randrange(2**31)))
        bot = mcts.MCTSBot(self.game, 2.0, ITERS, evaluator, random_state=np.random.RandomState(1))
        bot.step(self.middle.clone())
        return ITERS


def engines() -> dict[str, Soan | Spiel]:
    out: dict[str, Soan | Spiel] = {}
    for game_id in GAMES:
        engine = Soan(game_id)
        out[engine.game.title] = engine
    out["OpenSpiel, C++ tic-tac-toe"] = Spiel(pyspiel.load_game("tic_tac_toe"))
    out["OpenSpiel, pure-Python tic-tac-toe"] = Spiel(tic_tac_toe.TicTacToeGame())
    return out


def span(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:,.0f}" if f"{low:,.0f}" == f"{high:,.0f}" else f"{low:,.0f}-{high:,.0f}"


def strong_times(game_id: str, games: int) -> tuple[float, float]:
    """CPU seconds a decision and a game for four `strong` seats in one process (the
    process's own time, so a figure holds on a busy machine too)."""
    game = get_game(game_id)
    content = game.load_content()
    decisions, start = 0, time.process_time()
    for seed in range(games):
        state = game.new(SEATS, 900_000 + seed, content=content)
        bots, rngs = [make_bot("strong") for _ in range(SEATS)], bot_rngs(900_000 + seed, SEATS)
        while not state.over:
            decisions += len(state.legal()) > 1
            state.play(choose(bots[state.to_move], state, rngs[state.to_move]))
    spent = time.process_time() - start
    return spent / max(decisions, 1), spent / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--strong-games", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    table = engines()
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in table}
    for round_no in range(args.rounds):
        for name, engine in table.items():
            for what in ("playout", "copies", "iterations"):
                figures[name].setdefault(what, []).append(
                    rate(getattr(engine, what), args.seconds))
        print(f"round {round_no + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    lines = [f"# Engines side by side: one core, {args.rounds} rounds of {args.seconds:g} CPU s "
             "a figure", "",
             f"`python benchmarks/engine_table.py --seconds {args.seconds:g} --rounds "
             f"{args.rounds} --strong-games {args.strong_games}`", "",
             "| engine | random-playout actions/s | copies/s | search iterations/s |",
             "|---|---:|---:|---:|"]
    for name, found in figures.items():
        lines.append(f"| {name} | {span(found['playout'])} | {span(found['copies'])} | "
                     f"{span(found['iterations'])} |")
    if args.strong_games:
        lines += ["", f"Four seats of `strong`, {args.strong_games} game(s) per game "
                  "(CPU seconds):", "", "| game | s a decision | s a game |", "|---|---:|---:|"]
        for game_id in GAMES:
            decision, whole = strong_times(game_id, args.strong_games)
            lines.append(f"| {get_game(game_id).title} | {decision:.3f} | {whole:.1f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
