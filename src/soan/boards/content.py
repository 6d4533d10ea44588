"""What the content files of the hex-world games share: an area tile's number pair."""

from __future__ import annotations

from pydantic import model_validator

from soan.engine.content import Entry


class TileEntry(Entry):
    """An area tile of a content file, named by its pair of numbers (a <= b, 1 to 5);
    each game adds the terrain of its cells."""

    pair: tuple[int, int]

    @model_validator(mode="after")
    def _pair(self):
        a, b = self.pair
        if not 1 <= a <= b <= 5:
            raise ValueError("a tile's pair is two numbers a <= b from 1 to 5")
        return self
