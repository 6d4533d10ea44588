"""`strong`: the best bot soan has for the game and rule set in use.

Which bot that is was measured per game (benchmarks/learn_strength.py,
benchmarks/results/learn.md): ISMCTS with the learned value at its leaves and the
learned judgement as its prior, at a budget of iterations that keeps a decision
under 0.2 s on a two-core machine, or the learned bot's one-step lookahead where that
played better or search was not measured. Both read the model trained for the exact
rule set; without one, `strong` refuses with the `soan train` command and its time,
and never falls back to a weaker bot.
"""

from __future__ import annotations

from soan.bots.ismcts import Ismcts
from soan.bots.learned import LearnedBot
from soan.engine.core import Action, State
from soan.engine.rng import Rng

# game id -> (bot name, its options). City Plan, one seat against three heuristic seats
# on the same 40 seeds: search with random playouts and the learned value where they
# stop won 41.2%, as ismcts:200 did, search scoring its leaves at once 32.5-35%, the
# learned bot 28.6% of 400; on 200 fresh seeds 44.8% against ismcts:200's 41.0%. In
# the other games search with the learned value is not measured yet, so `strong` is the
# learned bot (benchmarks/results/learn.md).
STRONG: dict[str, tuple[str, dict[str, object]]] = {
    "cityplan": ("ismcts", {"eval": "learned", "iters": 200, "rollout": "random"}),
}
DEFAULT = ("learned", {})


def strong_spec(game_id: str) -> str:
    """The seat spec `strong` plays as in `game_id`, for provenance and docs."""
    name, options = STRONG.get(game_id, DEFAULT)
    return ":".join([name, *(f"{k}={v}" for k, v in options.items())])


class StrongBot:
    """`strong`, or `strong:models=DIR` to read models from another cache folder."""

    def __init__(self, models: str = "") -> None:
        self.models = models
        self._bots: dict[str, Ismcts | LearnedBot] = {}

    def bot_for(self, state: State) -> Ismcts | LearnedBot:
        """The bot for `state`'s game; it refuses (`NoModel`) without a model."""
        game = state.game.id
        if game not in self._bots:
            name, options = STRONG.get(game, DEFAULT)
            maker = Ismcts if name == "ismcts" else LearnedBot
            self._bots[game] = maker(models=self.models, **options)  # type: ignore[arg-type]
        bot = self._bots[game]
        (bot if isinstance(bot, LearnedBot) else bot.learned).learned_for(state)
        return bot

    def __call__(self, state: State, rng: Rng) -> Action:
        return self.bot_for(state)(state, rng)
