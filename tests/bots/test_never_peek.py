"""Bots never peek: handed different deals of one information set, a bot with the
same generator makes the same choice.

A bot is handed `real_state.redeal(seat, ...)`, so the hidden parts it sees are
a guess; but a bot that looked at that guess would still answer differently to
different guesses. The bots re-deal from their own generator before looking, so
their choice depends only on the seat's information set, provided the game's
`redeal` depends only on what the seat may see and the generator, and not on
how the hidden cards happen to lie in the state it starts from.
"""

from __future__ import annotations

import pytest

from soan.bots import make_bot
from soan.engine.core import Action, State
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.bots.bot_positions import random_position
from tests.bots.hidden_cards import GAME as HIDDEN_CARDS

SPECS = ("heuristic", "ismcts:iters=60", "ismcts:iters=20:rollout=heuristic:depth=6")


def deals(state: State) -> list[State]:
    """The state and three re-deals of what its mover cannot see."""
    seat = state.to_move
    return [state, *(state.redeal(seat, Rng(k)) for k in (1, 2, 3))]


def choices(bot, state: State) -> set[Action]:
    return {bot(deal, Rng(7)) for deal in deals(state)}


def redeal_is_canonical(state: State) -> bool:
    """Whether re-dealing two different deals with one generator gives one deal."""
    seat = state.to_move
    a, b = (d.redeal(seat, Rng(3)) for d in deals(state)[1:3])
    return all(a.view(s) == b.view(s) for s in range(state.seats))


def hidden_card_positions() -> list[State]:
    out = []
    for seed in range(12):
        state = HIDDEN_CARDS.new(2, seed)
        if seed % 2:
            state.play(state.legal()[seed % 3])
        out.append(state)
    return out


def game_positions(game_id: str) -> list[State]:
    """Three-seat positions of a real game at several stages, each with a choice."""
    game = get_game(game_id)
    content = game.load_content()
    out = []
    for seed, plies in ((1, 0), (2, 17), (3, 48), (4, 77), (5, 120)):
        state = random_position(game, 3, seed, plies, content)
        while not state.over and len(state.legal()) < 2:
            state.play(state.legal()[0])
        if not state.over:
            out.append(state)
    assert len(out) >= 4
    return out


def test_deals_share_the_information_set_and_differ_in_hiding():
    for state in hidden_card_positions():
        seat = state.to_move
        others = deals(state)[1:]
        assert all(d.view(seat) == state.view(seat) for d in others)
        assert any(d.hands[1 - seat] != state.hands[1 - seat] for d in others)


@pytest.mark.parametrize("spec", SPECS)
def test_bots_never_peek_in_a_hidden_hand_game(spec):
    bot = make_bot(spec)
    for state in hidden_card_positions():
        assert len(choices(bot, state)) == 1


def peeking_bot(state: State, rng: Rng) -> Action:
    """Plays the smallest card that beats everything the other hand holds: a cheat."""
    best_other = max(state.hands[1 - state.to_move])
    legal = state.legal()
    return next((a for a in legal if a[1] > best_other), legal[0])


def test_the_check_catches_a_bot_that_peeks():
    assert any(len(choices(peeking_bot, state)) > 1 for state in hidden_card_positions())


@pytest.mark.parametrize("game_id", ["cityplan", "populous"])
def test_redeal_depends_only_on_the_information_set(game_id):
    assert all(redeal_is_canonical(state) for state in game_positions(game_id))


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("game_id", ["cityplan", "populous"])
def test_bots_never_peek_in_the_games(spec, game_id):
    bot = make_bot(spec)
    for state in game_positions(game_id):
        assert len(choices(bot, state)) == 1
