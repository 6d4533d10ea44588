"""The build phase (建設フェイズ) of 001_43cb0f2ed2dbc10d.txt."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.cityplan.state import BUILD, EXCHANGE, PAY, PICK
from tests.games.cityplan.helpers import add_buildings, first_income_at, new, pick_all, set_hand


def to_build_phase(state, picks=None):
    """Everyone picks (default: Income); exchanges discard nothing."""
    pick_all(state, picks or {s: 1 for s in range(state.seats)})
    while state.phase == EXCHANGE:
        state.play(("done",))
    assert state.phase == BUILD


def test_build_phase_goes_from_the_mayor_clockwise():
    # SEED 「市長から始まり時計回りに、次の2つのうちどちらかを行います」
    state = new(3)
    state.mayor = state.to_move = 2
    to_build_phase(state)
    order = []
    while state.phase == BUILD:
        order.append(state.to_move)
        state.play(("income",))
    assert order == [2, 0, 1]


def test_building_discards_card_cost_and_pays_power():
    # SEED 「カードコストの枚数のカードを裏向きにして捨て札にします。発電所以外の建物については、電力チップを消費電力ぶんだけ支払います」
    state = new(2)
    condo, a, b, c = set_hand(state, 0, ["Condominium", "Apartment", "Apartment", "Workshop"])
    to_build_phase(state, {0: 2, 1: 1})  # seat 1 exchanges nothing
    hand_before = len(state.hands[0])
    state.play(("build", condo))
    assert state.phase == PAY
    assert ("pay", condo) not in state.legal()  # ruling C4: the *other* hand cards
    state.play(("pay", a))
    state.play(("pay", c))
    assert state.tableaux[0][-1] == condo
    assert state.power[0] == 18 - 4
    assert len(state.hands[0]) == hand_before - 3
    assert a in state.discard and c in state.discard and b in state.hands[0]


def test_a_power_plant_pays_no_power_and_adds_its_output():
    # SEED 「発電所以外の建物については」 / ruling C4: a built plant adds its output at once
    state = new(2)
    thermal, _ = set_hand(state, 0, ["Thermal power plant", "Apartment"])
    to_build_phase(state)
    state.play(("build", thermal))
    state.play(("pay", state.legal()[0][1]))
    assert state.power[0] == 18 + 6


def test_cannot_build_without_enough_cards_or_power():
    # SEED 「コストが支払えない場合、建設することはできません」
    state = new(2)
    mall, apt = set_hand(state, 0, ["Shopping mall", "Apartment"])  # mall needs 3 other cards
    to_build_phase(state, {0: 2, 1: 1})
    assert ("build", mall) not in state.legal()
    assert ("build", apt) in state.legal()
    state.power[0] = 1
    state._legal = None
    assert ("build", apt) not in state.legal()  # the apartment needs 2 power


def test_not_building_draws_two():
    # SEED 「建設しなかった場合、山札からカードを2枚引きます」
    state = new(2)
    to_build_phase(state)
    before = len(state.hands[0])
    state.play(("income",))
    assert len(state.hands[0]) == before + 2


def test_illegal_build_is_refused_and_changes_nothing():
    state = new(2)
    mall, *_ = set_hand(state, 0, ["Shopping mall", "Apartment"])
    to_build_phase(state, {0: 2, 1: 1})
    before = state.view(None), list(state.hands[0]), list(state.history)
    with pytest.raises(IllegalAction, match="not legal for seat 1"):
        state.play(("build", mall))
    assert (state.view(None), list(state.hands[0]), list(state.history)) == before


def test_hand_limit_is_checked_at_the_end_of_the_build_phase():
    # SEED 「建設フェイズの終了時に手札の枚数をチェックします。9枚以上持っているプレイヤーは 8枚になるまでカードを捨て札にします」
    state = new(2)
    set_hand(state, 0, ["Apartment"] * 3 + ["Workshop"] * 4 + ["Supermarket"] * 2)  # 9 cards
    pick_all(state, {0: 1, 1: 1})  # 10 cards after income: allowed during the action phase
    assert len(state.hands[0]) == 10
    state.play(("income",))  # seat 1 draws 2: 12
    state.play(("income",))  # seat 2
    assert state.to_move == 0 and len(state.hands[0]) == 12
    for _ in range(4):
        state.play(("discard", state.hands[0][0]))
    assert len(state.hands[0]) == 8
    assert state.phase == PICK


def test_income_phase_may_exceed_the_limit_until_the_next_build_phase():
    # SEED 「収入フェイズで一時的にカードが 9枚以上になることがありますが、次の建設フェイズの終了時まで…捨て札にする必要はありません」
    state = new(2, content=first_income_at(3))
    set_hand(state, 0, ["Apartment"] * 2 + ["Workshop"] * 3)  # 5 cards
    add_buildings(state, 0, ["Warehouse", "Warehouse"])  # 3 buildings: Development plan fires
    pick_all(state, {0: 1, 1: 1})  # 6
    state.play(("income",))  # 8 after drawing 2: within the limit
    state.play(("income",))
    assert state.phase == PICK
    assert len(state.hands[0]) == 9  # the income card's draw may take it past 8
    pick_all(state, {0: 1, 1: 1})  # 10, still allowed during the action phase
    assert len(state.hands[0]) == 10


def until_seat_one_builds(state):
    """Others draw (and discard down to the limit) until seat 1 is to build."""
    while state.phase != BUILD or state.to_move != 0:
        state.play(("act", 2) if state.phase == PICK else state.legal()[-1])


def test_construction_site_makes_the_next_two_buildings_cost_no_cards():
    # ruling C11: 建設予定地 Construction Site: two buildings at card cost 0
    state = new(2)
    site, *payment = set_hand(state, 0, ["Construction site"] + ["Apartment"] * 4)
    to_build_phase(state)
    state.play(("build", site))
    for c in payment:
        state.play(("pay", c))
    assert state.free[0] == 2
    set_hand(state, 0, ["Luxury estate", "Shopping street", "Workshop"])
    until_seat_one_builds(state)
    assert state.card_cost(0, state.hands[0][0]) == 0
    state.play(("build", state.hands[0][0]))  # no payment step
    assert state.cards.english[state.tableaux[0][-1]] == "Luxury estate" and state.free[0] == 1
    until_seat_one_builds(state)
    state.play(("build", state.hands[0][0]))
    assert state.free[0] == 0
    assert state.card_cost(0, state.hands[0][0]) > 0


def test_tv_tower_pays_no_power():
    # ruling C11: テレビ塔 TV Tower: no power payment
    state = new(2)
    add_buildings(state, 0, ["TV tower"])
    complex_, *_ = set_hand(state, 0, ["Industrial complex", "Apartment", "Apartment", "Apartment"])
    state.power[0] = 0
    to_build_phase(state)
    state.play(("build", complex_))
    for _ in range(3):
        state.play(state.legal()[0])
    assert state.tableaux[0][-1] == complex_ and state.power[0] == 0


def test_station_makes_residential_one_card_cheaper_and_highway_one_power():
    # RULINGS: 駅, 空港, みなと, 高速道路 have cost-reducing effects
    state = new(2)
    add_buildings(state, 0, ["Station", "Highway"])
    condo, _, work = set_hand(state, 0, ["Condominium", "Apartment", "Workshop"])
    assert state.card_cost(0, condo) == 1 and state.power_cost(0, condo) == 3
    assert state.card_cost(0, work) == 1 and state.power_cost(0, work) == 2


def test_construction_yard_draws_an_extra_card_when_building_nothing():
    state = new(2)
    add_buildings(state, 0, ["Construction yard"])
    to_build_phase(state)
    before = len(state.hands[0])
    state.play(("income",))
    assert len(state.hands[0]) == before + 3
