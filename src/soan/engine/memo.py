"""A memo that starts afresh when full: the rules' and evaluations' caches of positions.

A search or a long study meets positions without end, so a memo keyed by what a position
holds must be bounded; emptying it when full keeps the newest positions' neighbours (the
ones a search asks about next) at no bookkeeping cost per hit, which an LRU would add.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of at most `size` entries: `keep` empties it first when it is full."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def keep(self, key: K, value: V) -> V:
        """Remember `value` for `key` and return it."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value
