"""1:エリア選択 of 003_b75d8708900d9d94.txt: two unmarked genesis cards, Free and its
faith, and only tiles that are in the world (ruling Q3)."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.quovadis.codes import PLACE, WRATH
from tests.games.quovadis.helpers import blank, resources


def test_two_unmarked_number_cards_name_the_area_lowest_first():
    # SEED 「選んだ2枚の数字を低い順に並べ…例えば、4と2を選んだら、2−4が【創世エリア】」
    state = blank()
    state.markers = (1, 3)
    legal = state.legal()
    assert ("area", 2, 4) in legal
    assert not any(a[0] == "area" and {1, 3} & set(a[1:]) for a in legal)
    state.play(("area", 2, 4))
    assert state.board.world.pairs[state.area] == (2, 4)
    assert state.markers == (2, 4)


def test_the_cards_just_marked_are_not_free_to_take():
    # SEED 「マーカーを移動させた後のカードを「マーカーの乗せられていない創世カード」として
    # 扱うことはできません」
    state = blank()
    state.play(("area", 1, 2))
    state.play(("place", state.board.tile_cells[state.area][0]))
    assert state.markers == (1, 2)
    state.markers = (1, 2)
    state.phase, state.active, state.to_move, state._legal = 4, 1, 1, None
    assert all(not {1, 2} & set(a[1:]) for a in state.legal() if a[0] == "area")


def test_free_is_any_number_for_one_faith():
    # SEED 「【フリー】は1〜5の好きな数字を選ぶことができますが、≪信仰≫を1個支払う必要が」
    state = blank()
    state.markers = (1, 2)
    resources(state, 0, faith=1, food=1)
    assert ("free", 3, 1) in state.legal()  # Free as the marked 1: area 1-3
    assert not any(a[0] == "free2" for a in state.legal())  # 2 faith needed
    state.play(("free", 3, 1))
    assert state.board.world.pairs[state.area] == (1, 3)
    assert state.res[2] == 0 and state.markers == (0, 3)


def test_free_twice_costs_two_faith():
    # SEED 「2枚とも【フリー】を選択することもできますが、その場合は≪信仰≫を2個支払って」
    state = blank()
    state.markers = (1, 2)
    resources(state, 0, faith=2)
    state.play(("free2", 1, 2))
    assert state.res[2] == 0 and state.markers == (0, 0)
    assert state.board.world.pairs[state.area] == (1, 2)


def test_without_faith_there_is_no_free():
    state = blank()
    state.markers = (1, 2)
    assert not any(a[0] in ("free", "free2") for a in state.legal())


def test_a_pair_without_its_tile_cannot_be_chosen():
    # Q3: 「それと同じ番号のエリアタイル」 only exists for tiles laid in the world
    state = blank(3)  # no doubles with three players
    state.markers = (4, 5)
    resources(state, 0, faith=2)
    assert ("free", 1, 1) not in state.legal() and ("free2", 3, 3) not in state.legal()
    with pytest.raises(IllegalAction):
        state.play(("free2", 2, 2))


def test_a_double_in_the_world_can_be_named_with_free():
    # Q2, Q3: with 4-5 players the doubles laid can be named, with a number card and Free
    state = blank(5)
    x = next(a for a, b in state.board.world.pairs if a == b)
    resources(state, 0, faith=2)
    state.markers = tuple(sorted(m for m in range(1, 6) if m != x)[:2])
    assert ("free", x, x) in state.legal() and ("free2", x, x) in state.legal()
    assert ("area", x, x) not in state.legal()  # one card cannot be taken twice


def test_wrath_comes_first_when_three_are_held():
    # SEED 「「神の怒り」「ワーカー配置」「手札配置」の順番で処理を行います」
    state = blank()
    resources(state, 0, wrath=3)
    state.play(("area", 1, 2))
    assert state.phase == WRATH
    state = blank()
    resources(state, 0, wrath=2)
    state.play(("area", 1, 2))
    assert state.phase == PLACE
