"""A bot cannot learn the game's seed from its generator, and so cannot rebuild the deal.

A bot holds its own generator, whose whole state is one integer it can read. The
bot generators are derived from the game seed one way (SHA-256, `bots.match.bot_rngs`),
so knowing a generator's state says nothing of the seed. The attack: undo the
generator's seeding (SplitMix64 is invertible), take the result as the game's seed,
set the game up again from it and read the next card off the rebuilt deck. Against
one-way derivation it hits no better than chance; against a generator seeded with
the game's own seed it always hits, so the test would catch such a leak.
"""

from __future__ import annotations

import math

import pytest

from soan.bots.match import bot_rngs
from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng

MASK = (1 << 64) - 1
GAMES = 300


def _unshift(x: int, s: int) -> int:
    """Undo x ^= x >> s on 64 bits."""
    y = x
    for k in range(1, 64 // s + 1):
        y ^= x >> (s * k)
    return y & MASK


def unmix(state: int) -> int:
    """The seed that gives a generator this state (the inverse of SplitMix64)."""
    z = _unshift(state, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    z = _unshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


def test_unmix_inverts_the_generator_seeding():
    for seed in (0, 1, 7, 2**40 + 3, 2**63 - 1):
        assert unmix(Rng(seed).state) == seed


def dealt(state: State) -> State:
    """The game played on (the first choice each time) until a card leaves the shuffled
    deck, so its top is the next card to come (Populous shuffles only after the races)."""
    start = len(state.deck)
    while len(state.deck) == start and not state.over and len(state.history) < 50:
        state.play(state.legal()[0])
    return state


def predicted_next_card(game_id: str, seats: int, rng: Rng) -> int | None:
    """The attack: the seed the generator gives away, the game rebuilt, its next card."""
    guess = unmix(rng.state)
    if guess >= 2**63:
        return None
    return dealt(get_game(game_id).new(seats, guess)).deck[-1]


def hits(game_id: str, seats: int, generator) -> tuple[int, float]:
    """How often the attack names the real next card, and how often chance would (a card
    drawn from the same unseen deck being the same card)."""
    game = get_game(game_id)
    content = game.load_content()
    found, chance = 0, 0.0
    for seed in range(1000, 1000 + GAMES):
        state = dealt(game.new(seats, seed, content=content))
        card = state.deck[-1]
        found += predicted_next_card(game_id, seats, generator(seed, seats)) == card
        chance += state.deck.count(card) / len(state.deck)
    return found, chance


@pytest.mark.parametrize(("game_id", "seats"), [("cityplan", 3), ("populous", 3)])
def test_a_bot_cannot_predict_the_next_card_better_than_chance(game_id, seats):
    found, chance = hits(game_id, seats, lambda seed, n: bot_rngs(seed, n)[0])
    assert found <= chance + 4 * math.sqrt(chance) + 1  # far above it only by a leak


def test_the_attack_works_on_a_generator_that_leaks_the_seed():
    found, _ = hits("cityplan", 3, lambda seed, n: Rng(seed))
    assert found == GAMES


def test_every_seat_gets_a_different_generator_and_games_differ():
    first = [r.state for r in bot_rngs(5, 4)]
    assert len(set(first)) == 4
    assert [r.state for r in bot_rngs(5, 4)] == first
    assert not set(first) & {r.state for r in bot_rngs(6, 4)}
