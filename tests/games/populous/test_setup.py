"""Setup (■ ゲームの準備) of 000_46f0bc69916fd492.txt."""

import pytest

from soan.games.populous.board import ALL_DOWN
from soan.games.populous.codes import AREA, KEEP, RACE
from tests.games.populous.helpers import GAME, new


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_tracks_and_supplies_start_as_written(seats):
    # SEED 「スコアトラックのVP(左側)0と、FP(右側)10の部分に」; P7: no food at setup;
    # 「ワーカーポーン(80個) 各色毎に16個」「ハウス(30個) 各色毎に6個」
    state = new(seats)
    assert state.vp == [0] * seats and state.fp == [10] * seats and state.food == [0] * seats
    assert state.workers == [16] * seats and state.houses == [6] * seats
    assert state.scores() == [10] * seats


def test_starting_food_is_an_option_with_a_variant():
    # Ruling P7: 「variant value allowed」
    assert new(3, variant="food3").food == [3, 3, 3]
    assert new(3, start_food=5).food == [5, 5, 5]


def test_races_are_chosen_in_seat_order_each_once():
    # SEED 「使用する種族ボードを1枚選んでください」 (ruling PD1: seat order 1..N)
    state = GAME.new(4, 3)
    assert state.phase == RACE
    chosen = []
    for seat in range(4):
        assert state.to_move == seat
        legal = state.legal()
        assert all(("race", r) not in legal for r in chosen)
        state.play(legal[-1])
        chosen.append(legal[-1][1])
    assert sorted(state.race) == sorted(chosen) and len(set(chosen)) == 4


def test_random_races_variant_deals_distinct_races():
    for seed in range(10):
        state = GAME.new(5, seed, GAME.options("random_races"))
        assert state.phase == KEEP and sorted(state.race) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_s_marked_wild_card_picks_the_start_player(seats):
    # SEED 「Sマークの付いたオールマイティを受け取ったプレイヤーが、スタートプレイヤー」,
    # 「5人より少ない場合は、Sマークの付いていないオールマイティを抜いて」: it is always dealt
    starts = set()
    for seed in range(60):
        state = new(seats, seed)
        assert state.active == state.start and state.to_move == state.start
        assert any("S-marked wild card" in line for line in state.log)
        starts.add(state.start)
    assert starts == set(range(seats))


def test_every_seat_starts_with_cards_1_to_5_and_the_wild_raised():
    # SEED 「創世カードの1〜5を1枚ずつ受け取り…オールマイティを…1枚ずつプレイヤーに配ります」
    state = new(4)
    assert state.down == [0] * 4
    assert len(state.board.area_choices[ALL_DOWN]) > 0


def test_grace_setup_draw_seven_keep_three_one_card_at_a_time():
    # SEED 「山から7枚ずつ引き、その中から3枚を選びます…選ばなかったカードは山へ戻し…シャッフル」
    state = GAME.new(3, 8)
    for _ in range(3):
        state.play(state.legal()[0])
    assert state.phase == KEEP
    total = len(state.tables.deck)
    assert all(len(o) == 7 for o in state.offers)
    assert len(state.deck) == total - 21
    first = state.to_move
    assert first == state.start
    offer = list(state.offers[first])
    legal = state.legal()
    assert legal == tuple(("keep", k) for k in sorted(set(offer)))
    state.play(legal[0])
    assert state.to_move == first and len(state.hands[first]) == 1
    state.play(state.legal()[0])
    state.play(state.legal()[0])
    assert state.to_move == (first + 1) % 3 and state.offers[first] == []
    while state.phase == KEEP:
        state.play(state.legal()[0])
    assert state.phase == AREA
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.deck) == total - 9
    assert sorted(state.deck + [k for h in state.hands for k in h]) == sorted(state.tables.deck)


def test_a_small_deck_is_refused_for_many_players():
    from soan.engine.core import OptionsError

    with pytest.raises(OptionsError, match="cannot deal"):
        GAME.new(5, 1, GAME.options(grace_draw=10))  # 50 cards from 46
