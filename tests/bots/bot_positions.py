"""Positions for the bot tests, reached by seeded random play."""

from __future__ import annotations

from soan.bots import random_bot
from soan.engine.core import Game, State
from soan.engine.rng import Rng


def random_position(game: Game, seats: int, seed: int, plies: int, content: object) -> State:
    """A position `plies` random actions into a seeded game (or its end)."""
    state = game.new(seats, seed, content=content)
    rng = Rng(seed)
    for _ in range(plies):
        if state.over:
            break
        state.play(random_bot(state, rng))
    return state
