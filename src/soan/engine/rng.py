"""A small seeded generator whose whole state is one integer.

Every game state owns one, so a game is reproduced exactly from its seed and
its actions, and copying a state for search costs nothing extra. It is a
64-bit linear congruential generator (Knuth's MMIX constants) whose output
is the high 32 bits: good enough for shuffles and dice, and the same on
every platform.
"""

from __future__ import annotations

import numpy as np

_MASK = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407
# From this many swaps a shuffle draws them all in one NumPy step (below it the step's
# own cost is more than the loop it saves): the state after k steps is
# _AHEAD[k - 1] * state + _AFTER[k - 1] (mod 2**64), and NumPy's uint64 wraps the same.
_VECTOR_FROM = 40
_SHIFT = np.uint64(32)


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
        step is written out here because every redeal of a search shuffles a deck, and
        a long list (Quo Vadis' epic deck of 100) draws all its swaps at once in NumPy,
        the same numbers as the loop."""
        swaps = len(items) - 1
        if swaps >= _VECTOR_FROM:
            ahead, after, sizes = _steps(swaps)
            states = ahead * np.uint64(self.state) + after
            draws = ((states >> _SHIFT) * sizes) >> _SHIFT
            for i, j in zip(range(swaps, 0, -1), draws.tolist(), strict=True):
                items[i], items[j] = items[j], items[i]
            self.state = int(states[-1])
            return
        s = self.state
        for i in range(swaps, 0, -1):
            s = (s * _MUL + _INC) & _MASK
            j = ((s >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """A new generator seeded from this one (for a bot or a redeal)."""
        return Rng(self.bits32() << 32 | self.bits32())


def _steps(k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The multipliers and increments that take a state 1..k steps ahead, and the
    sizes k + 1 .. 2 its draws scale to (the tables grow to the longest list met, and
    are replaced in one assignment, so a thread never sees half of them)."""
    global _TABLES
    ahead, after, sizes = _TABLES
    if len(ahead) < k:
        steps, adds, a, c = [], [], 1, 0
        for _ in range(max(k, 2 * len(ahead))):
            a, c = (a * _MUL) & _MASK, (c * _MUL + _INC) & _MASK
            steps.append(a)
            adds.append(c)
        ahead, after = np.array(steps, dtype=np.uint64), np.array(adds, dtype=np.uint64)
        sizes = np.arange(len(steps) + 1, 1, -1, dtype=np.uint64)  # n, n - 1, ..., 2
        _TABLES = ahead, after, sizes
    return ahead[:k], after[:k], sizes[len(sizes) - k:]


_TABLES = (np.empty(0, dtype=np.uint64),) * 3
_steps(128)
