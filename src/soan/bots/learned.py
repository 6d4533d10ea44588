"""The learned bot: lookahead on the value learned for this rule set.

The heuristic's best few actions (by its one-step lead) are tried on a copy of a fresh
determinization and each result read by the model from the mover's own features (one
batch of matrix products in NumPy); the action with the best expected win share is
played, ties broken by the bot's generator. The shortlist keeps the model to moves like
those it learned from: outside them its value is a guess, and a guess that is a little
too high for one bad move is enough to lose every game.

A turn is often several choices in a row by one seat. In the games of `TURN_END` the
model reads each tried action's position at the end of the mover's turn, the rest of
the turn played by the heuristic: a position halfway through a plan is judged on what
the plan will likely make of it, not guessed. That was measured stronger in those games
and weaker in the others (benchmarks/results/learn.md, "Reading the model at the end
of the turn"); `turn=on` or `turn=off` overrides the game's default.

The model is the one cached for the state's exact rule set (game, seats, options,
content, soan version); without one the bot refuses, saying how to train it (`soan
train GAME -n N`), and never falls back to the heuristic.
"""

from __future__ import annotations

import numpy as np

from soan.bots.base import SWITCHES
from soan.bots.heuristic import Outcome, finish_turn, outcomes
from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.learn.model import Learned, ModelKey, ValueModel, load_model, model_file

TOP = 3  # the heuristic's best few actions the model chooses among
# games whose learned bot reads the model at the end of the mover's turn (measured
# stronger there, weaker in Populous)
TURN_END = frozenset({"cityplan", "quovadis", "undecim"})


def shortlist(state: State, top: int) -> list[Outcome]:
    """The heuristic's `top` actions by lead (all tied at the last place included), each
    with the position it leads to: the moves the model has seen played and can judge,
    where an action no good player would take is a guess outside its data."""
    scored = outcomes(state)
    if top and len(scored) > top:
        cut = sorted((o.lead for o in scored), reverse=True)[top - 1]
        scored = [o for o in scored if o.lead >= cut]
    return scored


def lookahead(learned: Learned, state: State, rng: Rng, explore: float = 0.0,
              top: int = TOP, turn: bool = False) -> Action:
    """Among the heuristic's `top` actions (0: all), the one whose result (at the end
    of the mover's turn with `turn`) the model values most for the mover (on `state` as
    given); with probability `explore` a uniformly random legal action instead."""
    legal = state.legal()
    if len(legal) == 1:
        return legal[0]
    if explore and rng.below(1 << 20) < explore * (1 << 20):
        return rng.choice(legal)
    options = shortlist(state, top)
    if len(options) == 1:
        return options[0].action
    seat = state.mover
    if turn:
        options = [finish_turn(o, seat, rng) for o in options]
    values = learned.values_for(options, seat)
    best = np.flatnonzero(values >= values.max() - 1e-6)
    return options[int(best[0]) if len(best) == 1 else int(rng.choice(list(best)))].action


class LearnedBot:
    """`learned`, or `learned:models=DIR` to read models from another cache folder.
    `explore` plays a random action that often (self-play uses it; 0 to play); `top`
    is how many of the heuristic's best actions the model chooses among (0: all);
    `turn` whether the model reads positions at the end of the mover's turn (`auto`:
    as measured best for the game, `TURN_END`; `on`; `off`)."""

    def __init__(self, models: str = "", explore: float = 0.0, top: int = TOP,
                 model: ValueModel | None = None, turn: str = "auto") -> None:
        if not 0.0 <= explore <= 1.0:
            raise ValueError("explore is a probability from 0 to 1")
        if top < 0:
            raise ValueError("top is 0 (every action) or more")
        if turn != "auto" and str(turn).lower() not in SWITCHES:
            raise ValueError(f"turn is auto, on or off, not {turn!r}")
        self.turn = None if turn == "auto" else SWITCHES[str(turn).lower()]
        self.top = int(top)
        self.models = models or None
        self.explore = float(explore)
        self.model = model  # a given model (training) skips the cache
        self._bound: dict[ModelKey | int, Learned] = {}

    def learned_for(self, state: State) -> Learned:
        if self.model is not None:
            key: ModelKey | int = id(self.model)
            if key not in self._bound:
                self._bound[key] = Learned(self.model, state)
        else:
            key = ModelKey.of_state(state)
            if key not in self._bound:
                self._bound[key] = Learned(load_model(key, self.models), state)
        return self._bound[key]

    def models_for(self, state: State) -> list[str]:
        """The model file this bot reads in `state`'s rule set (`NoModel` without one)."""
        if self.model is not None:
            return [f"memory@sha256:{self.model.weights_digest}"]
        return [model_file(ModelKey.of_state(state), self.models)]

    def __call__(self, state: State, rng: Rng) -> Action:
        learned = self.learned_for(state)  # refuses before anything else without a model
        if len(state.legal()) == 1:
            return state.legal()[0]
        turn = state.game.id in TURN_END if self.turn is None else self.turn
        return lookahead(learned, state.redeal(state.mover, rng), rng, self.explore,
                         self.top, turn)

