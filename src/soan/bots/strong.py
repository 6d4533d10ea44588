"""`strong`: the best bot soan has for the game and rule set in use.

Which bot that is was measured per game (benchmarks/learn_strength.py,
benchmarks/results/learn.md): ISMCTS with the learned value at its leaves and the
learned judgement as its prior, at a budget of iterations that keeps a decision
under 0.2 s on a two-core machine, in City Plan, Populous and Undecim; `learned`
(reading each move at the end of the turn) in Quo Vadis, where that search, one seat
against three `learned` seats, won 3.0 points less than `learned` in the same seat on
the same 1,000 deals (-6.5 to +0.5). A game not in the table (a toy game of the
tests) plays `learned`. Both read the model trained for the exact rule set; without
one, `strong` refuses with the `soan train` command and its time, and never falls
back to a weaker bot.
"""

from __future__ import annotations

from typing import Any

from soan.bots.ismcts import Ismcts
from soan.bots.learned import LearnedBot
from soan.bots.root_parallel import check_workers
from soan.engine.core import Action, State
from soan.engine.rng import Rng

DEFAULT: tuple[str, dict[str, Any]] = ("learned", {})  # a game without a measured choice

# game id -> (bot name, its options): search with random playouts and the learned
# value where they stop, at a budget under 0.2 s a decision on this two-core machine
# (CPU time a decision: City Plan 60 ms, Populous 83 ms, Undecim 58 ms;
# benchmarks/results/engine_table.md). In each game's
# ladder of random, heuristic, learned, plain ISMCTS and this bot (4 seats, rotated
# line-ups; benchmarks/results/learn.md) it rated first in Populous and Undecim, and
# level with plain ISMCTS in City Plan (second, not apart). Quo Vadis plays `learned`:
# the search (100 iterations) was no stronger on 1,000 paired deals, and cost forty
# times as much a decision (learn.md, "Is `learned` now as strong as `strong`?").
STRONG: dict[str, tuple[str, dict[str, Any]]] = {
    "cityplan": ("ismcts", {"eval": "learned", "iters": 200, "rollout": "random"}),
    "populous": ("ismcts", {"eval": "learned", "iters": 200, "rollout": "random"}),
    "quovadis": ("learned", {}),
    "undecim": ("ismcts", {"eval": "learned", "iters": 100, "rollout": "random"}),
}


def strong_spec(game_id: str) -> str:
    """The seat spec `strong` plays as in `game_id`, for provenance and docs."""
    name, options = STRONG.get(game_id, DEFAULT)
    return ":".join([name, *(f"{k}={v}" for k, v in options.items())])


class StrongBot:
    """`strong`, or `strong:models=DIR` to read models from another cache folder;
    `strong:workers=N` searches each decision with N processes (root parallelism: the
    same iterations split over them; a game `strong` plays `learned` in ignores it)."""

    def __init__(self, models: str = "", workers: int = 1) -> None:
        check_workers(workers)
        self.models, self.workers = models, workers
        self._bots: dict[str, Ismcts | LearnedBot] = {}

    def bot_for(self, state: State) -> Ismcts | LearnedBot:
        """The bot for `state`'s game; it refuses (`NoModel`) without a model."""
        game = state.game.id
        if game not in self._bots:
            name, options = STRONG.get(game, DEFAULT)
            if name == "ismcts":
                self._bots[game] = Ismcts(models=self.models, workers=self.workers,
                                          **options)
            else:
                self._bots[game] = LearnedBot(models=self.models, **options)
        bot = self._bots[game]
        learned = bot if isinstance(bot, LearnedBot) else bot.learned
        if learned is not None:  # `strong` always reads a model: this refuses without one
            learned.learned_for(state)
        return bot

    def models_for(self, state: State) -> list[str]:
        """The model file `strong` reads in `state`'s rule set (`NoModel` without one)."""
        return self.bot_for(state).models_for(state)

    def __call__(self, state: State, rng: Rng) -> Action:
        return self.bot_for(state)(state, rng)

    def close(self) -> None:
        """End the search workers of every game met, if any."""
        for bot in self._bots.values():
            if isinstance(bot, Ismcts):
                bot.close()
