"""The City Plan evaluation the bots read counts what a special facility will still do.

Each test takes one effect of the provisional special facilities and checks that
the evaluation gives it the value of that effect over the buildings and turns to
come, on top of its points and its completion-bonus cost.
"""

import pytest

from soan.games.cityplan import evaluation as E
from soan.games.cityplan.state import BUILD, PAY
from tests.games.cityplan.helpers import GAME, add_buildings, new, pick_all, set_hand

PLAIN_CITY = ["Apartment", "Shopping street", "Warehouse"]


def effect_value(state, seat: int = 0) -> float:
    to_end = state.options.end_buildings - max(len(t) for t in state.tableaux)
    return E.effects_value(state, state.tableaux[seat], state.free[seat], to_end)


def test_tv_tower_is_worth_the_power_of_every_building_to_come():
    # SEED 「電力チップの支払いが不要になる「テレビ塔」」
    state = new(2, seed=5)
    add_buildings(state, 0, [*PLAIN_CITY, "TV tower"])
    to_come = state.options.end_buildings - len(state.tableaux[0])  # 5 built of 10
    assert effect_value(state) == pytest.approx(E.POWER_CHIP * E.POWER_PER_BUILDING * to_come)
    before = GAME.evaluator.evaluate(state)[0]
    state.power[0] += 10  # chips a city that pays no power cannot use
    assert GAME.evaluator.evaluate(state)[0] == pytest.approx(before)
    plain = new(2, seed=5)
    add_buildings(plain, 0, PLAIN_CITY)
    before = GAME.evaluator.evaluate(plain)[0]
    plain.power[0] -= 10  # a city that pays power misses them
    assert GAME.evaluator.evaluate(plain)[0] < before


def test_construction_site_counts_its_two_free_buildings_from_the_moment_it_is_chosen():
    # SEED 「2軒がカードコスト0枚で建設できる「建設予定地」など高コストのところにインパクトのあるものを作りました」
    state = new(2, seed=5)
    site, *payment = set_hand(state, 0, ["Construction site", "Apartment", "Apartment",
                                         "Apartment", "Apartment", "Workshop"])
    pick_all(state, {0: 1, 1: 1})
    assert state.phase == BUILD and state.to_move == 0
    state.play(("build", site))
    assert state.phase == PAY
    chosen = GAME.evaluator.evaluate(state)[0]  # paid for as if built: its free buildings included
    for c in payment[:4]:
        state.play(("pay", c))
    assert state.free[0] == 2 and state.to_move == 1
    assert effect_value(state) == pytest.approx(2 * E.CARDS_PER_BUILDING * E.HAND_CARD)
    assert GAME.evaluator.evaluate(state)[0] == pytest.approx(chosen)


def test_a_card_discount_saves_cards_on_the_buildings_of_its_type_to_come():
    # Station (provisional): "residential buildings 1 card cheaper"
    early, late = new(2, seed=5), new(2, seed=5)
    add_buildings(early, 0, ["Station"])
    add_buildings(late, 0, [*PLAIN_CITY, "Apartment", "Apartment", "Station"])
    per_building = E.HAND_CARD * E.TYPE_SHARE
    assert effect_value(early) == pytest.approx(per_building * 8)  # 2 built of 10
    assert effect_value(late) == pytest.approx(per_building * 3)  # 7 built of 10


def test_a_power_discount_saves_power_on_every_building_to_come():
    # Highway (provisional): "every building needs 1 power less"
    state = new(2, seed=5)
    add_buildings(state, 0, ["Highway"])
    assert effect_value(state) == pytest.approx(E.POWER_CHIP * 8)


def test_extra_income_pays_on_the_turns_without_a_building_still_to_come():
    # Construction yard (provisional): "draws an extra card when you build nothing"
    state = new(2, seed=5)
    add_buildings(state, 0, ["Construction yard"])
    add_buildings(state, 1, [*PLAIN_CITY, "Apartment", "Apartment"])  # 6 of 10: 4 to go
    assert effect_value(state) == pytest.approx(E.HAND_CARD * E.TURNS_WITHOUT_BUILDING * 4)


def test_city_hall_is_worth_a_tie_won():
    # SEED 「同点の場合「シティーホール」を建設しているプレイヤーがいればそのプレイヤーの勝利となります」
    state = new(2, seed=5)
    add_buildings(state, 0, ["City Hall"])
    assert effect_value(state) == E.TIE_WIN


def test_a_facility_without_effect_adds_nothing_beyond_its_points():
    state = new(2, seed=5)
    add_buildings(state, 0, ["Park", *PLAIN_CITY])
    assert effect_value(state) == 0


def test_a_card_over_the_hand_limit_counts_until_the_seat_has_built():
    # SEED 「建設フェイズの終了時に手札の枚数をチェックします。9枚以上持っているプレイヤーは 8枚になるまでカードを捨て札にします」
    state = new(2, seed=5)
    limit = state.options.hand_limit
    assert E.hand_cap(state, 0) == limit + E.BUILDING_SPEND  # action phase: still to build
    pick_all(state, {0: 1, 1: 1})
    assert state.phase == BUILD and state.to_move == 0
    assert E.hand_cap(state, 0) == E.hand_cap(state, 1) == limit + E.BUILDING_SPEND
    state.play(("income",))  # the mayor builds nothing: done building for this turn
    assert E.hand_cap(state, 0) == limit and E.hand_cap(state, 1) == limit + E.BUILDING_SPEND


def test_the_bot_pays_with_its_weakest_cards():
    # SEED 「カードコストの枚数のカードを裏向きにして捨て札にします」: which cards is the builder's choice
    from soan.bots.heuristic import greedy_action
    from soan.engine.rng import Rng

    state = new(2, seed=5)
    condo, luxury, apartment, _ = set_hand(state, 0, ["Condominium", "Luxury estate",
                                                      "Apartment", "Apartment"])
    pick_all(state, {0: 1, 1: 1})
    state.hands[0] = [condo, luxury, apartment]  # drop what Income drew: a known hand
    state._legal = None
    state.play(("build", condo))
    assert state.phase == PAY
    assert greedy_action(state, Rng(1)) == ("pay", apartment)  # 1 point, not the estate's 5
