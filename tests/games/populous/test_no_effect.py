"""Grace cards that would only spend their FP (`State.no_effect`): the terminal marks
them "no effect now" and the heuristic passes them over, so playing one must end in
the position that playing no card gives, but for the FP paid and the card."""

from soan.games.populous.codes import DISCARD, GRACE
from soan.games.populous.state import PopulousState
from tests.games.no_effect_check import marked_in_random_games
from tests.games.populous.helpers import fill, house, new
from tests.games.populous.test_grace import card, give, to_grace_phase


def position(state: PopulousState, seat: int) -> tuple:
    """Everything a grace card can change, except the mover's FP and hand."""
    return (state.vp, state.food, state.occ, state.workers, state.houses, state.mods,
            state.free, state.grace, [h for s, h in enumerate(state.hands) if s != seat],
            [f for s, f in enumerate(state.fp) if s != seat], state.vp_src)


def play_out(state: PopulousState, seat: int, k: int) -> PopulousState:
    """A copy where grace card k is played (and, if the grace area overflows, that same
    card discarded)."""
    state = state.copy()
    state.play(("grace", k))
    if state.phase == DISCARD and state.to_move == seat:
        state.play(("discard", k))
    return state


def play_none(state: PopulousState) -> PopulousState:
    """A copy where the grace phase passes with no card played."""
    state = state.copy()
    state.play(("done",))
    return state


def test_the_saint_of_builders_with_no_house_is_marked_and_only_costs_its_fp():
    # SEED 「【恩寵置き場】に配置できる最大枚数は”配置されたハウスの数”となります。
    # 最大枚数を超えてしまった場合、最大枚数になるよう捨て札にしてください」: with no house
    # on the map a saint goes straight to the discards
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Builders", "Rain of Manna")
    to_grace_phase(state, abilities=True)
    saint, manna = card(state, "Saint of Builders"), card(state, "Rain of Manna")
    assert state.phase == GRACE and state.capacity(0) == 0
    assert state.no_effect(("grace", saint)) and not state.no_effect(("grace", manna))
    assert not state.no_effect(("done",))
    played, passed = play_out(state, 0, saint), play_none(state)
    assert repr(position(played, 0)) == repr(position(passed, 0))
    assert state.grace_cost(0, saint) > 0  # 4 FP for nothing (less any race discount)
    assert played.fp[0] == passed.fp[0] - state.grace_cost(0, saint)
    assert saint not in played.hands[0]


def test_festival_with_no_house_is_marked_and_with_one_is_not():
    # provisional content: Festival gives VP per house of the player's on the map
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Festival")
    to_grace_phase(state)
    assert state.no_effect(("grace", card(state, "Festival")))
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Festival")
    fill(state, len(state.board.world.pairs) - 1, [house(0)])
    to_grace_phase(state)
    assert not state.no_effect(("grace", card(state, "Festival")))


def test_in_random_games_every_marked_card_changes_only_its_cost():
    marked = 0
    for state, action in marked_in_random_games(lambda seed: new(3 + seed % 3, seed),
                                                range(60)):
        marked += 1
        seat, k = state.to_move, action[1]
        played, passed = play_out(state, seat, k), play_none(state)
        assert repr(position(played, seat)) == repr(position(passed, seat))
        assert played.fp[seat] == passed.fp[seat] - state.grace_cost(seat, k)
    assert marked > 0
