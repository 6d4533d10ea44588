"""`no_effect` (issue 25): a legal action marked "no effect now" leaves the position as
it was: counters put on a full red moon or taken off an empty one, the moon die set to
the value it shows."""

from soan.games.undecim import codes as K
from tests.games.no_effect_check import marked_in_random_games
from tests.games.undecim.helpers import GAME, new_with, pick_all

QUIET = tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in range(1, 12))
MOON = {"number": 1, "steps": [{"step": "moon", "amount": 2, "direction": "choose"}]}


def position(state) -> tuple:
    """Everything that scores or can come to score: fronts, points, hands, settlements,
    the red moon and its die, the deck (the field fills as the round goes on, whatever
    is chosen)."""
    return (tuple(state.front), tuple(state.pts), tuple(state.hand), tuple(state.hands),
            tuple(state.settlements), state.counters, state.die, state.rolled,
            tuple(state.deck), tuple(state.discard), tuple(state.slain))


def test_counters_cannot_go_on_a_full_moon():
    # SEED 「ただし、タイムカウンターを11個以上乗せることはできませんし、ある分だけしか取り除けません」
    state = new_with(MOON, *QUIET[1:], seed=2)
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    assert state.phase == K.MOON
    state.counters = state.options.moon_counters
    put_on, take_off = state.legal()
    assert put_on[1] > 0 and state.no_effect(put_on) and not state.no_effect(take_off)
    before = position(state)
    state.play(put_on)
    assert position(state) == before
    empty = new_with(MOON, *QUIET[1:], seed=2)
    pick_all(empty, {0: 1, 1: 2, 2: 3, 3: 4})
    empty.counters = 0
    put_on, take_off = empty.legal()
    assert empty.no_effect(take_off) and not empty.no_effect(put_on)


def own_effect(state, action) -> None:
    """Apply only the choice itself: the card's later steps follow whatever is chosen."""
    if state.phase == K.MOON:
        state._moon(action[1])
    else:
        state._set_die(action[1])


def test_every_marked_action_of_random_games_leaves_the_position_unchanged():
    marked = 0
    for state, action in marked_in_random_games(lambda seed: GAME.new(4, seed, GAME.options()),
                                                range(40)):
        marked += 1
        assert action in state.legal()
        after = state.copy()
        own_effect(after, action)
        assert position(after) == position(state), action
    assert marked > 0
