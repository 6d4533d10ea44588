"""Game-agnostic core: the Game/State contract, seeded chance, content, records."""

from soan.engine.core import Action, Game, IllegalAction, OptionsError, SoanError, State
from soan.engine.rng import Rng

__all__ = ["Action", "Game", "IllegalAction", "OptionsError", "Rng", "SoanError", "State"]
