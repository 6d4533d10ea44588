"""Playing one game between bots, each seeing only what its seat may see."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from soan.bots.base import Bot
from soan.engine.core import Action, IllegalAction, State, is_action
from soan.engine.rng import Rng


def bot_rngs(seed: int, seats: int) -> list[Rng]:
    """Each seat's generator, derived one-way (SHA-256) from the game seed: the game
    replays exactly, and nothing a bot reads of its generator leads back to the seed."""
    out = []
    for s in range(seats):
        digest = hashlib.sha256(f"soan bot seat {s} of game {seed}".encode()).digest()
        out.append(Rng(int.from_bytes(digest[:8], "big")))
    return out


def as_action(value: Any) -> Action:
    """A bot's answer as a plain action: NumPy integers (anything with `__index__`)
    become `int`; anything else that is not a tuple of str and int is refused."""
    if isinstance(value, list):
        value = tuple(value)
    if type(value) is tuple and not is_action(value):
        value = tuple(x if type(x) is str else _whole(x, value) for x in value)
    if not is_action(value):
        raise IllegalAction(f"a bot answered {value!r}, which is not an action")
    return value


def _whole(x: Any, action: Any) -> Any:
    if isinstance(x, bool) or not hasattr(x, "__index__"):
        return x  # refused by the caller
    return int(x.__index__())


def choose(bot: Bot, state: State, rng: Rng) -> Action:
    """Ask `bot` for the mover's action, handing it only what that seat may see."""
    return as_action(bot(state.redeal(state.mover, rng.spawn()), rng))


def play_out(
    state: State,
    bots: Sequence[Bot],
    rngs: Sequence[Rng],
    on_action: Callable[[State, Action], None] | None = None,
) -> State:
    """Play `state` to the end with one bot per seat."""
    while not state.over:
        seat = state.mover
        action = choose(bots[seat], state, rngs[seat])
        state.play(action)
        if on_action is not None:
            on_action(state, action)
    return state
