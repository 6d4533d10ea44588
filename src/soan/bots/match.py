"""Playing one game between bots, each seeing only what its seat may see."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from soan.bots import Bot
from soan.engine.core import Action, State
from soan.engine.rng import Rng


def bot_rngs(seed: int, seats: int) -> list[Rng]:
    """Each seat's generator, derived from the game seed so a game replays exactly."""
    return [Rng(seed * 7919 + 104729 * (s + 1)) for s in range(seats)]


def choose(bot: Bot, state: State, rng: Rng) -> Action:
    """Ask `bot` for the mover's action, handing it only what that seat may see."""
    seat = state.to_move
    return bot(state.redeal(seat, rng.spawn()), rng)


def play_out(
    state: State,
    bots: Sequence[Bot],
    rngs: Sequence[Rng],
    on_action: Callable[[State, Action], None] | None = None,
) -> State:
    """Play `state` to the end with one bot per seat."""
    while not state.over:
        action = choose(bots[state.to_move], state, rngs[state.to_move])
        state.play(action)
        if on_action is not None:
            on_action(state, action)
    return state
