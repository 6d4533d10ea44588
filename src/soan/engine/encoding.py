"""A seat's information set as numbers, and every action of a rule set as an index.

Learned bots and research adapters need a fixed-length `float32` vector of what a seat
may know and a fixed numbering of actions. Each game's `Encoder` (bound by the `Game`
as `game.encoder`, beside its presenter and evaluator) describes both for one table
size, options and content: `Encoding` is that description, built once and cached.

- `Encoding.layout` names every part of the observation, in order, with its length:
  the documentation and the code cannot drift apart, since `observe` writes the parts
  in this order and the length is checked.
- `Encoding.actions` lists every action that can ever be legal at such a table;
  `action_id` and `action_from_id` map between an action and its index, and `mask`
  gives the legal actions of a position as a boolean vector.
- An observation depends only on what the seat may know: two states it cannot tell
  apart (a state and its `redeal(seat, ...)`) encode the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from soan.engine.core import Action, SoanError, State


class EncodingError(SoanError):
    """An action outside a rule set's action index, or an observation of the wrong size."""


@dataclass(frozen=True)
class Encoding:
    """The observation layout and action index of one rule set at one table size."""

    game: str
    seats: int
    layout: tuple[tuple[str, int], ...]  # (part, length), in the observation's order
    actions: tuple[Action, ...]  # index -> action
    index: dict[Action, int] = field(repr=False, compare=False)

    @cached_property
    def size(self) -> int:
        """The observation's length."""
        return sum(n for _, n in self.layout)

    def action_id(self, action: Action) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise EncodingError(
                f"{action!r} is not in the {self.game} action index for {self.seats} seats"
            ) from None

    def action_from_id(self, i: int) -> Action:
        if not 0 <= i < len(self.actions):
            raise EncodingError(f"{self.game} has actions 0 to {len(self.actions) - 1}, not {i}")
        return self.actions[i]

    def mask(self, state: State) -> np.ndarray:
        """The legal actions of `state` as a boolean vector over the action index."""
        out = np.zeros(len(self.actions), dtype=bool)
        out[[self.action_id(a) for a in state.legal()]] = True
        return out


class Encoder:
    """How a game turns positions into numbers. A game overrides `layout`, `actions`
    and `write`; the rest is shared."""

    def layout(self, seats: int, options: Any, content: Any) -> list[tuple[str, int]]:
        """Every part of the observation with its length, in order."""
        raise NotImplementedError

    def actions(self, seats: int, options: Any, content: Any) -> Sequence[Action]:
        """Every action that can be legal at such a table, in a fixed order."""
        raise NotImplementedError

    def write(self, state: State, seat: int, parts: Writer) -> None:
        """Put what `seat` may know of `state`, part by part in the layout's order."""
        raise NotImplementedError

    def encoding(self, state: State) -> Encoding:
        """The layout and action index of `state`'s rule set and table size. The last
        one met is found again by the identity of the options and content objects (a
        search encodes thousands of positions of one game), else by their value."""
        last = self.__dict__.get("_last")
        if (last is not None and last[0] is state.options and last[1] is state.content
                and last[2] == state.seats):
            return last[3]
        key = (state.seats, state.options, state.game.content_hash(state.content))
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            actions = tuple(self.actions(state.seats, state.options, state.content))
            index = {a: i for i, a in enumerate(actions)}
            if len(index) != len(actions):
                raise EncodingError(f"{state.game.id}: the action index repeats an action")
            layout = tuple(self.layout(state.seats, state.options, state.content))
            cache[key] = Encoding(state.game.id, state.seats, layout, actions, index)
        self.__dict__["_last"] = (state.options, state.content, state.seats, cache[key])
        return cache[key]

    def observe(self, state: State, seat: int) -> np.ndarray:
        """What `seat` may know of `state`, as a fixed-length float32 vector."""
        encoding = self.encoding(state)
        out = np.zeros(encoding.size, dtype=np.float32)
        parts = Writer(out, encoding.layout)
        self.write(state, seat, parts)
        parts.done()
        return out


class Writer:
    """Fills an observation part by part, checking each part's length against the
    layout, so a game's `write` reads like its layout."""

    __slots__ = ("at", "layout", "out", "part")

    def __init__(self, out: np.ndarray, layout: Sequence[tuple[str, int]]) -> None:
        self.out, self.layout, self.at, self.part = out, layout, 0, 0

    def put(self, name: str, values: Sequence[float] | np.ndarray) -> None:
        """Write the next part of the layout, which must be `name`."""
        expected, length = self.layout[self.part]
        if name != expected or len(values) != length:
            raise EncodingError(
                f"observation part {self.part} is {expected!r} of {length}, "
                f"not {name!r} of {len(values)}"
            )
        self.out[self.at:self.at + length] = values
        self.at += length
        self.part += 1

    def put_run(self, parts: Sequence[tuple[str, int]],
                values: Sequence[float] | np.ndarray) -> None:
        """Write the next several parts of the layout, which must be `parts`, from one
        array holding them end to end: one copy instead of one a part."""
        end = self.part + len(parts)
        if tuple(self.layout[self.part:end]) != tuple(parts) or len(values) != sum(
                n for _, n in parts):
            raise EncodingError(f"observation parts {self.part} to {end - 1} are not "
                                f"{[name for name, _ in parts]} of {len(values)} numbers")
        self.out[self.at:self.at + len(values)] = values
        self.at += len(values)
        self.part = end

    def done(self) -> None:
        if self.part != len(self.layout):
            raise EncodingError(f"observation stopped before part {self.layout[self.part][0]!r}")
