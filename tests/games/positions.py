"""Positions of a random game, for tests that check a short cut against the long way."""

from soan.engine.core import State
from soan.engine.rng import Rng


def random_positions(state: State, seed: int, every: int = 1) -> list[State]:
    """Copies of every `every`-th position of a game played at random from `state` (with
    a generator seeded `seed`), and its last."""
    rng = Rng(seed)
    out = []
    while not state.over:
        if len(state.history) % every == 0:
            out.append(state.copy())
        state.play(rng.choice(state.legal()))
    return [*out, state]
