"""Card piles shared by the card games: draw from a deck that refills from its discards."""

from __future__ import annotations

from soan.engine.rng import Rng


def take_cards(deck: list[int], discard: list[int], rng: Rng, k: int) -> tuple[list[int], bool]:
    """Take up to `k` cards from the top (the end) of `deck`. When it runs out, the
    discards are shuffled into a new deck at once; when both are empty, fewer come.
    Returns the cards and whether a reshuffle happened (for the log)."""
    got: list[int] = []
    reshuffled = False
    for _ in range(k):
        if not deck:
            if not discard:
                break
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
            reshuffled = True
        got.append(deck.pop())
    return got, reshuffled
