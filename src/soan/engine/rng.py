"""A small seeded generator whose whole state is one integer.

Every game state owns one, so a game is reproduced exactly from its seed and
its actions, and copying a state for search costs nothing extra. It is a
64-bit linear congruential generator (Knuth's MMIX constants) whose output
is the high 32 bits: good enough for shuffles and dice, and the same on
every platform.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


def _mix(seed: int) -> int:
    """SplitMix64 finaliser: turns nearby seeds into unrelated states."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """Seeded chance for one game (or one bot)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def bits32(self) -> int:
        self.state = s = (self.state * _MUL + _INC) & _MASK
        return s >> 32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) for n <= 2**32 (multiply-shift)."""
        self.state = s = (self.state * _MUL + _INC) & _MASK
        return ((s >> 32) * n) >> 32

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place, each swap drawn as `below(i + 1)` would draw it: the
        step is written out here because every redeal of a search shuffles a deck."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s * _MUL + _INC) & _MASK
            j = ((s >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """A new generator seeded from this one (for a bot or a redeal)."""
        return Rng(self.bits32() << 32 | self.bits32())
