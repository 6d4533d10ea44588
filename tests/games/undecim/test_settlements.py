"""Settling (・入植), developing (・発展), gold (・金) and the final 精算 of
002_582a1950c0f44c54.txt, with rulings U6, U10, UD5, UD13."""

import pytest

from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.content import EG
from tests.games.undecim.helpers import empty_fronts, give_front, kind, new, to_phase

STONE, WOOD, CLAY, IRON = range(4)


def seat_with(resources: dict[int, int], gold: int = 0, settlements=()):
    """Seat 1 at the action choice with these resources (kind -> count) and gold in front."""
    state = new(4, 3)
    to_phase(state, K.PICK)
    empty_fronts(state)
    lands = ("山", "森", "沼地", "草原")
    for r, n in resources.items():
        for i in range(n):
            give_front(state, 0, kind(lands[i % 4], ("石", "木", "粘土", "鉄")[r]), E.RESOURCE)
    give_front(state, 0, EG, E.GOLD, gold)
    state.settlements.extend(settlements)
    return state


def options(state):
    return set(state.build_options(0))


def test_a_settlement_is_two_or_three_of_one_resource_or_two_different_ones():
    # SEED 「同じ資源2〜3枚か、あるいは異なる資源2枚をまとめて横倒しにし、これを「入植地」としてください」
    state = seat_with({STONE: 3, WOOD: 1})
    assert options(state) == {
        ("settle", STONE, STONE), ("settle", STONE, STONE, STONE), ("settle", STONE, WOOD),
        ("done",),
    }
    state = seat_with({STONE: 1, WOOD: 1, CLAY: 1})
    assert options(state) == {("settle", STONE, WOOD), ("settle", STONE, CLAY),
                              ("settle", WOOD, CLAY), ("done",)}  # never three different


def test_gold_never_founds_a_settlement():
    # SEED 「金を入植に用いることはできません。金は発展時のみ使用できます」
    assert seat_with({STONE: 1}, gold=3).build_options(0) == []
    assert seat_with({}, gold=2).build_options(0) == []


def test_nothing_to_settle_or_develop_means_no_auto_action():
    # SEED 「資源があれば入植か発展を1回行うことができます」 / UD5
    assert seat_with({WOOD: 1}).build_options(0) == []


def test_a_same_resource_settlement_develops_with_that_resource_or_gold():
    # SEED 「資源で行う場合、同一資源の入植地であれば同じ資源が必要です」 「金で行う場合、同一資源の入植地でも…行えます」
    same = (0, WOOD, 1 << WOOD, 2, 0, (kind("森", "木"),) * 2)
    state = seat_with({STONE: 1, WOOD: 1}, gold=1, settlements=[same])
    assert options(state) == {("settle", STONE, WOOD), ("develop", 0, WOOD), ("develop", 0, 4),
                              ("done",)}


def test_a_mixed_settlement_develops_with_a_resource_not_in_it_or_gold():
    # SEED 「異なる資源の入植地であれば、被らない資源が必要となります」 「金で行う場合…異なる資源の入植地であっても行えます」 / U10
    mixed = (0, K.MIXED, 1 << STONE | 1 << WOOD, 2, 0, (kind("山", "石"), kind("森", "木")))
    state = seat_with({STONE: 1, CLAY: 1}, gold=1, settlements=[mixed])
    assert options(state) == {("settle", STONE, CLAY), ("develop", 0, CLAY), ("develop", 0, 4),
                              ("done",)}
    state._build(0, ("develop", 0, CLAY))
    assert state.settlements[0][K.MASK] == 0b0111 and state.settlements[0][K.LEVEL] == 3
    state._legal = None
    assert ("develop", 0, CLAY) not in state.build_options(0)  # each resource once


def test_develop_adds_one_card_and_the_kind_is_fixed_at_founding():
    # SEED 「既にある入植地に資源か金を、追加する形で枚数を増やします」 / U10
    state = seat_with({WOOD: 2, STONE: 1}, gold=2)
    state._build(0, ("settle", WOOD, WOOD))
    assert state.settlements == [(0, WOOD, 1 << WOOD, 2, 0, (kind("森", "木"), kind("山", "木")))]
    state._build(0, ("develop", 0, 4))
    state._build(0, ("develop", 0, 4))
    assert state.settlements[0][K.LEVEL] == 4 and state.settlements[0][K.SGOLD] == 2
    assert ("develop", 0, STONE) not in state.build_options(0)  # still a 木 settlement
    assert state.front[K.F_GOLD] == 0


def test_there_is_no_limit_on_settlements():
    # SEED 「入植地に最大数はありません。いくつでも所持することができます」
    state = seat_with({WOOD: 12})
    for _ in range(6):
        state._build(0, ("settle", WOOD, WOOD))
    assert len(scoring.settlements_of(state, 0)) == 6
    assert ("develop", 5, WOOD) not in state.build_options(0)  # no wood left


@pytest.mark.parametrize(("level", "vp"), [(2, 4), (3, 9), (4, 14), (5, 20), (6, 27), (7, 27), (9, 27)])
def test_every_row_of_the_building_table(level, vp):
    # SEED 「レベル2(2枚) : 4VP」 「レベル3(3枚) : 9VP」 「レベル4(4枚) :14VP」 「レベル5(5枚) :20VP」 「レベル6(6枚)以上:27VP」
    state = seat_with({})
    state.settlements.append((0, K.MIXED, 0b11, level, level - 2, (0, 1)))
    assert state.breakdown()[0]["buildings"] == vp


def test_buildings_score_each_settlement_by_its_own_level():
    # SEED 「セット枚数に応じて、以下のVPを得ます」
    state = seat_with({})
    state.settlements += [(0, WOOD, 2, 2, 0, (1, 1)), (0, WOOD, 2, 3, 0, (1, 1, 1)),
                          (1, STONE, 1, 5, 0, (0,) * 5)]
    assert [b["buildings"] for b in state.breakdown()] == [4 + 9, 20, 0, 0]


@pytest.mark.parametrize(("settlements", "each"), [(0, 3), (3, 3), (4, 5), (6, 5)])
def test_gold_scores_3_each_or_5_each_with_four_or_more_settlements(settlements, each):
    # SEED 「1枚につき3VPを得ます。もしも、入植地を4つ以上作っていた場合は、1枚につき5VPを得ることができます」
    state = seat_with({}, gold=2)
    state.settlements += [(0, WOOD, 2, 2, 0, (1, 1))] * settlements
    assert state.breakdown()[0]["gold"] == 2 * each


def test_gold_inside_a_settlement_is_not_gold_held():
    # UD13: developed gold is a card of the settlement
    state = seat_with({}, gold=1, settlements=[(0, WOOD, 2, 2, 0, (1, 1))])
    state._build(0, ("develop", 0, 4))
    assert state.breakdown()[0]["gold"] == 0 and state.breakdown()[0]["buildings"] == 9


def test_lands_resources_and_enemies_left_over_score_nothing_at_the_end():
    # SEED 「その他、残っている資源については得点になりません」
    state = seat_with({WOOD: 1, STONE: 1})
    give_front(state, 0, kind("森", "鉄"), E.LAND, 2)
    give_front(state, 0, EG, E.ENEMY, 3)
    assert state.scores()[0] == 0
