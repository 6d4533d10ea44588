"""The income phase (収入フェイズ) and the end of the game, 001_43cb0f2ed2dbc10d.txt."""

from soan.games.cityplan.state import OVER, PICK
from tests.games.cityplan.helpers import add_buildings, first_income_at, new, pick_all

AT_THREE = first_income_at(3)  # Development plan: someone has 3 buildings, everyone draws 1


def finish_turn(state):
    """Everyone draws in the action phase and builds nothing; discards if over the limit."""
    pick_all(state, {s: 1 for s in range(state.seats)})
    while state.phase not in (PICK, OVER):
        state.play(("income",) if ("income",) in state.legal() else state.legal()[0])


def test_first_income_card_opens_parliament_with_players_times_three():
    # SEED 「最初の収入カードの条件を満たした時点で、議会が開会します…プレイ人数×3枚の議員チップを配置します」
    state = new(3, content=AT_THREE)
    add_buildings(state, 1, ["Warehouse", "Warehouse"])  # 3 buildings: Development plan
    finish_turn(state)
    assert state.opened and state.parliament == 9
    assert state.fired[0]


def test_parliament_holds_at_most_fifteen_chips():
    # SEED 「議員チップ 15枚」 / ruling C6: players x 3, at most 15
    state = new(5, content=AT_THREE, councillors_per_player=4)
    add_buildings(state, 0, ["Warehouse", "Warehouse"])
    finish_turn(state)
    assert state.parliament == 15


def test_income_cards_pay_every_player_and_fire_once():
    # SEED 「誰かが収入カードに書かれた条件を満たすと、全プレイヤーに収入として山札からカードが配られます」
    # SEED 「1枚の収入カードは、ゲーム中に 1回しか条件を満たすことができません」
    state = new(3, content=AT_THREE)
    add_buildings(state, 2, ["Warehouse", "Warehouse"])
    sizes = [len(h) for h in state.hands]
    finish_turn(state)
    # +1 action-phase income, +2 build-phase income, +1 Development plan
    assert [len(h) for h in state.hands] == [n + 4 for n in sizes]
    sizes = [len(h) for h in state.hands]
    finish_turn(state)
    assert [min(len(h), 8) for h in state.hands] == [min(n + 3, 8) for n in sizes]


def test_income_cards_are_checked_lowest_first_and_several_fire_in_one_turn():
    # SEED 「収入カードの数値の低い順に、収入条件のチェックを行います」 / ruling C6
    state = new(2, content=AT_THREE)
    add_buildings(
        state, 0, ["Apartment", "Detached houses", "Eco housing", "Condominium"]
    )  # 5 buildings, 4 residential
    finish_turn(state)
    fired = [line for line in state.log if line.startswith("Income card")]
    assert fired[0].startswith("Income card 1 Development plan")
    assert fired[1].startswith("Income card 2 Housing grant")
    assert state.fired[:2] == [True, True]


def test_income_card_with_a_building_limit_skips_big_cities():
    # ruling C11: 補助金 Subsidy lets players with 7 buildings receive income too; others pay up to 6
    state = new(2)
    add_buildings(
        state,
        0,
        ["Apartment", "Detached houses", "Condominium", "Eco housing", "Workshop", "Factory"],
    )
    add_buildings(state, 1, ["Apartment", "Detached houses"])  # 3 buildings incl. the plant
    state.fired[0] = True
    finish_turn(state)
    housing = next(line for line in state.log if "Housing grant" in line)
    assert "seat 2" in housing and "seat 1" not in housing  # seat 1 has 7 buildings
    subsidy = next(line for line in state.log if "Subsidy" in line)
    assert "seat 1" in subsidy and "seat 2" in subsidy  # the Subsidy pays up to 7 buildings


def test_game_ends_after_the_turn_in_which_someone_has_ten_buildings():
    # SEED 「誰かが(初期発電所)を含め建物を10軒建設したら、そのターンでゲームが終了します」
    state = new(3)
    add_buildings(state, 1, ["Warehouse"] * 3 + ["Apartment"] * 6)  # 10 with the starting plant
    pick_all(state, {0: 1, 1: 1, 2: 1})
    assert not state.over  # the turn is played out first
    while not state.over:
        state.play(("income",) if ("income",) in state.legal() else state.legal()[0])
    assert state.phase == OVER and state.to_move is None
    assert state.winners()


def test_mayor_card_passes_to_the_left():
    # SEED 「市長カードを左隣のプレイヤーに渡し、次のターンが始まります」
    state = new(3)
    finish_turn(state)
    assert state.mayor == 1 and state.to_move == 1 and state.turn_no == 2
    finish_turn(state)
    finish_turn(state)
    assert state.mayor == 0
