"""Actions that change nothing (`State.no_effect`): the terminal marks them "no effect now"
and the heuristic passes them over, so they must really change nothing."""

from soan.games.cityplan.state import BUILD, EXCHANGE, PICK, CityPlanState
from tests.games.cityplan.helpers import new, pick_all
from tests.games.no_effect_check import marked_in_random_games


def position(state: CityPlanState, seat: int) -> tuple:
    """What the seat's action can change: its hand, city, power, chips, free builds."""
    return (sorted(state.hands[seat]), list(state.tableaux[seat]), state.power[seat],
            state.chips[seat], state.free[seat], state.parliament)


def test_exchange_with_an_empty_hand_is_marked_and_exchanges_nothing():
    # SEED 「2. 交換 手札から好きな枚数カードを裏向きに捨て札にし、捨てた枚数だけ山札からカードを引きます」:
    # with no card in hand there is nothing to exchange
    state = new(3)
    state.discard.extend(state.hands[0])
    state.hands[0] = []
    state._legal = None
    assert state.no_effect(("act", 2))
    assert not state.no_effect(("act", 1)) and not state.no_effect(("act", 3))
    before = position(state, 0)
    pick_all(state, {0: 2, 1: 1, 2: 1})
    assert state.phase == EXCHANGE and state.legal() == (("done",),)  # nothing to discard
    state.play(("done",))
    assert state.phase == BUILD
    assert position(state, 0) == before
    other = new(3)
    assert not other.no_effect(("act", 2))  # five cards in hand: exchanging does something


def test_in_random_games_every_marked_action_leaves_the_position_unchanged():
    marked = 0
    for state, action in marked_in_random_games(lambda seed: new(2 + seed % 4, seed),
                                                range(120)):
        marked += 1
        seat = state.to_move
        after = state.copy()
        after.play(action)
        # the others pick Income; once the action phase resolves, the seat's
        # hand, city, power and chips are as before (others draw only for themselves)
        while after.phase == PICK:
            after.play(("act", 1))
        while after.phase == EXCHANGE and after.to_move == seat:
            after.play(("done",))
        assert position(after, seat)[:5] == position(state, seat)[:5]
    assert marked > 0
