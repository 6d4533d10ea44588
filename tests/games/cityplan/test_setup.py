"""Setup (ゲームの準備) of 001_43cb0f2ed2dbc10d.txt."""

from soan.games.cityplan.state import PICK
from tests.games.cityplan.helpers import all_places, new


def test_each_seat_gets_a_starting_plant_and_18_power():
    # SEED 「初期発電所1枚、電力チップ18電力ぶんを配ります」
    state = new(4)
    for s in range(4):
        assert len(state.tableaux[s]) == 1
        plant = state.tableaux[s][0]
        assert state.cards.is_plant[plant]
        assert state.power[s] == 18


def test_five_cards_each_and_the_rest_is_the_deck():
    # SEED 「各プレイヤーに5枚ずつ「手札」として配り、残りを裏向きの山札としておきます」
    for seats in range(2, 6):
        state = new(seats)
        assert [len(h) for h in state.hands] == [5] * seats
        assert len(state.deck) == 95 - 5 * seats  # ruling C1: 95 cards in the deck


def test_hundred_building_cards_unused_plants_out_of_play():
    # SEED 「建物カード 100枚」 / ruling C1: 5 starting plants + 95 in the deck
    state = new(2)
    assert len(state.cards.deck_ids) + len(state.cards.plant_ids) == 100
    assert sorted(all_places(state)) == sorted(state.cards.deck_ids + state.cards.plant_ids[:2])


def test_parliament_holds_no_chips_at_start():
    # SEED 「議事堂カードの議員チップ置き場にはまだチップを配置しません」
    state = new(3)
    assert state.parliament == 0 and not state.opened
    assert state.chips == [0, 0, 0]


def test_first_mayor_is_seat_one_and_everyone_picks_an_action_card():
    # SEED 「最初の「市長」を決めます」 (ruling: seat 1) and
    # 「アクションカードの手札から1枚選び、同時に公開します」
    state = new(3)
    assert state.mayor == 0 and state.phase == PICK and state.to_move == 0
    assert state.legal() == (("act", 1), ("act", 2), ("act", 3))
