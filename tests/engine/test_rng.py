"""The seeded generator (engine/rng.py): a shuffle draws exactly what `below` would,
whether its swaps are stepped one by one or drawn at once for a long list."""

from __future__ import annotations

import pytest

from soan.engine.rng import Rng


def shuffled_by_below(items: list, rng: Rng) -> list:
    """Fisher-Yates written with `below`: the definition `shuffle` must match."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("size", [0, 1, 2, 3, 20, 39, 40, 41, 100, 101, 257, 1000])
def test_a_shuffle_draws_what_below_draws_and_leaves_the_same_state(size):
    for seed in (0, 1, 7, 2**40 + 3, 2**63 - 1):
        items = [k % 5 for k in range(size)]  # repeated values, as a deck of kinds
        reference, rng = Rng(seed), Rng(seed)
        expected = shuffled_by_below(items, reference)
        rng.shuffle(items)
        assert items == expected
        assert rng.state == reference.state
        assert rng.bits32() == reference.bits32()


def test_shuffles_of_growing_and_shrinking_lengths_keep_to_the_definition():
    rng, reference = Rng(11), Rng(11)
    for size in (50, 300, 45, 2000, 60, 5):
        items = list(range(size))
        expected = shuffled_by_below(items, reference)
        rng.shuffle(items)
        assert items == expected and rng.state == reference.state
