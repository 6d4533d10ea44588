"""Restricted play: a bot that may never use one content item, or must use it.

What a card (race, action card, grace card…) is worth shows when a bot may not
use it: the same bot, the same seeds, one item taken away. `Restricted` wraps any
bot. Seen through it, the seat's own legal actions are filtered by
`State.uses(action)`:

- ``forbid``: every action that would use a forbidden key is gone (unless every
  legal action would: then the choice is unavoidable and all stay, and the use
  shows in `usage()`);
- ``force``: when some legal action uses the key, only those remain (a race
  assigned, a card built whenever affordable, an action card always played).

The filter holds in every state the bot derives from the one it is handed
(copies and re-deals), so a searching bot plans knowing what it may not do, and
an evaluation that reads `legal()` sees the same. When nothing is filtered the
wrapped bot makes exactly the calls it would make unwrapped, so a restricted
game and its unrestricted twin on the same seed stay identical until the item
matters: that is what makes the paired comparison of `soan value` sharp.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from soan.engine.core import Action, SoanError, State
from soan.engine.rng import Rng

FORBID, FORCE = "forbid", "force"
MODES = (FORBID, FORCE)


def filter_actions(
    state: State, actions: Sequence[Action], keys: frozenset[str], mode: str
) -> Sequence[Action]:
    """The actions a seat restricted by `keys` and `mode` may take among `actions`."""
    if mode == FORBID:
        allowed = [a for a in actions if keys.isdisjoint(state.uses(a))]
        return allowed or actions
    forced = [a for a in actions if not keys.isdisjoint(state.uses(a))]
    return forced or actions


@cache
def _restricted_class(base: type[State], seat: int, keys: frozenset[str], mode: str) -> type:
    """A subclass of `base` whose `seat` sees only the actions it may take. It adds
    no slots, so an existing state can take it on; copies and re-deals keep it."""

    class RestrictedState(base):  # type: ignore[valid-type, misc]  # a base chosen at run time
        __slots__ = ()

        def _legal_actions(self) -> Sequence[Action]:
            actions = base._legal_actions(self)
            if self.to_move != seat:
                return actions
            return filter_actions(self, actions, keys, mode)

        def copy(self) -> State:
            other = base.copy(self)
            other.__class__ = type(self)
            return other

        def redeal(self, s: int, rng: Rng) -> State:
            other = base.redeal(self, s, rng)
            other.__class__ = type(self)
            other._legal = None
            return other

    RestrictedState.__name__ = RestrictedState.__qualname__ = f"Restricted{base.__name__}"
    return RestrictedState


def restrict(state: State, seat: int, keys: frozenset[str], mode: str) -> State:
    """`state` (changed in place: hand it a copy) as `seat` restricted by `keys` sees it."""
    state.__class__ = _restricted_class(type(state), seat, keys, mode)
    state._legal = None
    return state


class Restricted:
    """`bot` restricted by usage keys: ``forbid`` never uses them when it can help it,
    ``force`` uses them whenever it can."""

    def __init__(self, bot: Any, keys: Sequence[str], mode: str = FORBID) -> None:
        if mode not in MODES:
            raise SoanError(f"a restriction is {' or '.join(MODES)}, not {mode!r}")
        if not keys:
            raise SoanError("a restricted bot needs at least one usage key")
        self.bot, self.keys, self.mode = bot, frozenset(keys), mode

    def __call__(self, state: State, rng: Rng) -> Action:
        return self.bot(restrict(state, state.mover, self.keys, self.mode), rng)
