"""OpenSpiel's Python IS-MCTS at a soan seat, so the ladder can rate it beside soan's own
search at equal iterations:

    soan ladder cityplan -n 3 --games 30 \\
        --bots ismcts:iters=100,soan.adapters.openspiel_bot:OpenSpielIsmcts:iters=100

It searches the re-dealt state every soan bot is handed (so it sees only what its seat
may see), through the OpenSpiel adapter: `resample_from_infostate` is the engine's
`redeal`, rollouts are random to the end of the game, rewards the win share.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from soan.adapters.common import Rules
from soan.adapters.openspiel import GAMES, SoanGame, SoanState
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng


class OpenSpielIsmcts:
    """`iters` simulations a move, UCT constant `c`, `rollouts` random playouts a leaf."""

    def __init__(self, iters: int = 100, c: float = 2.0, rollouts: int = 1) -> None:
        if iters < 1 or c < 0 or rollouts < 1:
            raise ValueError("iters and rollouts must be at least 1, and c at least 0")
        self.iters, self.c, self.rollouts = int(iters), float(c), int(rollouts)
        self._games: dict[tuple, SoanGame] = {}

    def _game(self, state: State) -> SoanGame:
        """The OpenSpiel game of `state`'s rule set, made once."""
        game = state.game
        key = (game.id, state.seats, state.options, game.content_hash(state.content))
        if key not in self._games:
            if game.content_hash(state.content) != game.content_hash(game.load_content()):
                raise OptionsError("OpenSpielIsmcts plays the shipped content only")
            spiel = GAMES[game.id]({"players": state.seats})
            spiel.rules = Rules(game, state.seats, "default", state.options, state.content,
                                game.encoder.encoding(state))
            if spiel.num_distinct_actions() != len(spiel.rules.encoding.actions):
                params = {f.name: getattr(state.options, f.name)
                          for f in dataclasses.fields(state.options)}
                raise OptionsError(f"OpenSpielIsmcts: the rule numbers {params} change the "
                                   "action index; load the game with them as parameters")
            self._games[key] = spiel
        return self._games[key]

    def __call__(self, state: State, rng: Rng) -> Action:
        legal = state.legal()
        if len(legal) == 1:
            return legal[0]
        game = self._game(state)
        seeds = np.random.RandomState(rng.bits32())
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(self.rollouts, seeds),
                               self.c, self.iters, random_state=seeds)
        # its own resampler draws from an unseeded sampler: draw from the bot's instead
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, seeds.uniform))
        action = bot.step(SoanState(game, state.copy()))
        return game.rules.encoding.action_from_id(int(action))
