"""4:建設フェイズ of 003_b75d8708900d9d94.txt: the city of a generation change, rebuilding,
forts and temples (rulings Q4, Q12, QD14)."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.quovadis.codes import BUILD, CITY, CITY_SITE, EMPTY, FORT, RUIN, TEMPLE
from tests.games.quovadis.helpers import (
    BLESSING,
    LABOUR,
    PLAINS,
    Dice,
    blank,
    building,
    cells,
    hand,
    on,
    resources,
    terrain,
    workers,
)

PAIR = (2, 5)


def turn(change=False, food=0, seats=3):
    """Seat 0 in area 2-5 (all plains) with a 祝福 to place (after one 労働 generation)."""
    state = blank(seats)
    terrain(state, PAIR, [PLAINS] * 3)
    resources(state, 0, food=food)
    hand(state, 0, BLESSING)
    state.gens[0] = ((1, LABOUR),)
    return state, cells(state, PAIR)


def far(state, avoid=()):
    near = set(cells(state, PAIR)) | set(avoid)
    for c in list(near):
        near.update(state.board.adjacent[c])
    return next(c for c in range(state.board.world.cells) if c not in near)


def test_a_generation_change_builds_a_city_where_the_seat_chooses():
    # SEED 「この手番で「世代交代」を行っていたら、自分の都市を1つ建設します。自分のワーカー1個を
    # 手元へ戻し、都市トークンを代わりに配置」「【創世エリア】以外でも行うことができます」
    state, area = turn()
    elsewhere = far(state)
    workers(state, elsewhere, 0)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", BLESSING, 1))
    assert state.phase == CITY_SITE
    assert set(state.legal()) == {("city", area[0]), ("city", elsewhere)}
    state.play(("city", elsewhere))
    assert state.bld[elsewhere] == CITY and on(state, elsewhere, 0) == 0
    assert state.cities[0] == 4 and state.supply[0] == 9


def test_a_single_site_takes_the_city_without_a_choice():
    state, area = turn()
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", BLESSING, 1))
    assert state.bld[area[0]] == CITY


def test_a_change_stands_when_war_took_the_citys_worker():
    # Q12: "If the worker for the generation-change city is gone after the war, the change
    # stands and no city is built."
    state, area = turn()
    workers(state, area[0], 1)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.rng = Dice(1, 6)
    state.play(("card", BLESSING, 1))
    state.play(("morale", 0))  # 祝福 gave seat 1 a morale to declare
    assert state.cities[0] == 5 and CITY not in state.bld
    assert len(state.gens[0]) == 2
    assert any("no city is built" in line for line in state.log)


def test_an_own_destroyed_city_with_an_own_worker_is_rebuilt():
    # SEED 「破壊された都市(=裏向きの都市トークン)と同じマスに自分のワーカーが配置されていたら、
    # 都市を再建します。都市を表向きに直してワーカー1個を手元へ戻してください」 (Q12)
    state, area = turn()
    building(state, area[1], 0, RUIN, 3)
    workers(state, area[1], 0)
    elsewhere = far(state)
    building(state, elsewhere, 1, RUIN, 1)
    workers(state, elsewhere, 0)  # another seat's ruin is not ours to rebuild
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", BLESSING, 0))
    assert state.bld[area[1]] == CITY and state.cubes[area[1]] == 3 + 1  # +1 dominance
    assert on(state, area[1], 0) == 0
    assert state.bld[elsewhere] == 1 << 2 | RUIN


def test_forts_and_temples_need_two_own_workers_on_a_free_cell():
    # SEED 「同じマスに自分のワーカーを複数配置することにより、建設(※後述)することができます」
    # 「自分のワーカー1個を手元へ戻し、砦トークンを代わりに配置」 (Q12)
    state, area = turn(food=1)
    elsewhere = far(state)
    workers(state, elsewhere, 0, 2)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("place", area[0]))
    state.play(("card", BLESSING, 0))
    assert state.phase == BUILD
    assert set(state.legal()) == {("fort", area[0]), ("temple", area[0]), ("fort", elsewhere),
                                  ("temple", elsewhere), ("done",)}
    state.play(("temple", elsewhere))
    assert state.bld[elsewhere] == TEMPLE and on(state, elsewhere, 0) == 1
    assert ("temple", area[0]) not in state.legal()  # the only temple is built
    state.play(("fort", area[0]))
    assert state.bld[area[0]] == FORT and state.forts[0] == 1


def test_building_is_optional():
    state, area = turn(food=1)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("place", area[0]))
    state.play(("card", BLESSING, 0))
    state.play(("done",))
    assert state.bld[area[0]] == EMPTY


def test_one_building_a_cell_a_destroyed_city_included():
    # SEED 「建造物(都市、砦、神殿)は、自分のであれ、他人のであれ、1つのマスに2つ配置できません。
    # また、破壊された都市(=裏向きの都市トークン)も建造物として扱ってください」
    state, area = turn(food=1)
    building(state, area[0], 1, RUIN, 0)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("place", area[0]))
    assert not any(a[0] in ("fort", "temple") for a in state._build_choices(0))
    with pytest.raises(IllegalAction):
        state.play(("fort", area[0]))


def test_forts_and_temples_cost_food_in_the_variant():
    # 「建設には1食料が必要、というぐらいが適正か」 (variant building_food)
    state = blank(3, variant="building_food")
    area = cells(state, PAIR)
    workers(state, area[0], 0, 2)
    resources(state, 0, food=1)
    state.phase, state.to_move, state.active, state._legal = BUILD, 0, 0, None
    state.play(("fort", area[0]))
    assert state.res[1] == 0 and state.bld[area[0]] == FORT
