"""The learned bot: one-step lookahead on the value learned for this rule set.

Each legal action is tried on a copy of a fresh determinization and the result read by
the model from the mover's own observation (one batch of matrix products in NumPy);
the action with the best expected win share is played, ties broken by the bot's
generator. The model is the one cached for the state's exact rule set (game, seats,
options, content, soan version); without one the bot refuses, saying how to train it
(`soan train GAME -n N`), and never falls back to the heuristic.
"""

from __future__ import annotations

import numpy as np

from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.learn.model import Learned, ModelKey, ValueModel, load_model


def lookahead(learned: Learned, state: State, rng: Rng, explore: float = 0.0) -> Action:
    """The legal action whose result the model values most for the mover (on `state`
    as given); with probability `explore` a uniformly random one instead."""
    legal = state.legal()
    if len(legal) == 1:
        return legal[0]
    if explore and rng.below(1 << 20) < explore * (1 << 20):
        return rng.choice(legal)
    seat = state.to_move
    after = []
    for action in legal:
        s = state.copy()
        s.play(action)
        after.append(s)
    values = learned.values_for(after, seat)
    best = np.flatnonzero(values >= values.max() - 1e-6)
    return legal[int(best[0]) if len(best) == 1 else int(rng.choice(list(best)))]


class LearnedBot:
    """`learned`, or `learned:models=DIR` to read models from another cache folder.
    `explore` plays a random action that often (self-play uses it; 0 to play)."""

    def __init__(self, models: str = "", explore: float = 0.0,
                 model: ValueModel | None = None) -> None:
        if not 0.0 <= explore <= 1.0:
            raise ValueError("explore is a probability from 0 to 1")
        self.models = models or None
        self.explore = float(explore)
        self.model = model  # a given model (training) skips the cache
        self._bound: dict[ModelKey | int, Learned] = {}

    def learned_for(self, state: State) -> Learned:
        key: ModelKey | int = id(self.model) if self.model is not None else ModelKey.of_state(
            state)
        if key not in self._bound:
            model = self.model if self.model is not None else load_model(key, self.models)
            self._bound[key] = Learned(model, state)
        return self._bound[key]

    def __call__(self, state: State, rng: Rng) -> Action:
        learned = self.learned_for(state)  # refuses before anything else without a model
        if len(state.legal()) == 1:
            return state.legal()[0]
        return lookahead(learned, state.redeal(state.to_move, rng), rng, self.explore)

