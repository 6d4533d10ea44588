"""◇ワーカー配置 and 〇ワーカーの追加配置 of 003_b75d8708900d9d94.txt (ruling Q9, QD22)."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.quovadis.codes import CARD, CITY, PLACE
from tests.games.quovadis.helpers import (
    DESERT,
    MOUNTAIN,
    PLAINS,
    SNOW,
    blank,
    building,
    cells,
    hand,
    on,
    resources,
    skill,
    terrain,
    workers,
)

PAIR = (2, 3)


def placing(food=0, seats=3):
    state = blank(seats)
    resources(state, 0, food=food)
    hand(state, 0, 0)
    terrain(state, PAIR, [PLAINS, MOUNTAIN, DESERT])
    state.play(("area", *PAIR))
    return state, cells(state, PAIR)


def test_the_first_worker_is_compulsory():
    # SEED 「【創世エリア】の好きなマスに、ワーカーを1個配置してください」 (Q9)
    state, area = placing()
    assert state.phase == PLACE and ("done",) not in state.legal()
    state.play(("place", area[0]))
    assert state.phase == CARD  # no food: nothing more can be placed


def test_plains_and_the_home_terrain_are_free_others_cost_one_food():
    # SEED 「「平地(緑)」か、(あれば)種族毎に適性のある地形(=色)であれば、そのまま配置できます。
    # そうでない場合、≪食料≫を1個支払ってください」
    state, area = placing(food=0)
    assert state.legal() == (("place", area[0]),)  # seat 0 is Glorious: plains only
    state, area = placing(food=1)
    assert ("place", area[1]) in state.legal()
    state.play(("place", area[1]))
    assert state.res[1] == 0


def test_a_home_terrain_is_free():
    state = blank()
    state.race[0] = state.tables.race_english.index("Gigant")
    state._refresh(0)
    terrain(state, PAIR, [SNOW, MOUNTAIN, DESERT])
    state.play(("area", *PAIR))
    assert state.legal() == (("place", cells(state, PAIR)[1]),)


def test_an_extra_worker_costs_one_food_plus_its_terrain():
    # SEED 「≪食料≫を1個支払う毎に、追加でワーカーを1個配置できます。この追加で配置するワーカーも
    # 配置のルールを守る必要があり、必要があれば配置の際に≪食料≫を支払ってください」
    state, area = placing(food=3)
    state.play(("place", area[0]))
    assert state.res[1] == 3
    state.play(("place", area[1]))  # 1 for the extra worker + 1 for the mountain
    assert state.res[1] == 1
    state.play(("place", area[0]))  # 1 for the extra worker, plains free
    assert state.res[1] == 0 and state.placed == 3 and state.phase == CARD


def test_placing_more_is_optional():
    state, area = placing(food=3)
    state.play(("place", area[0]))
    state.play(("done",))
    assert state.phase == CARD and state.res[1] == 3


def test_cells_with_any_pieces_take_workers_and_stacking_is_allowed():
    # SEED 「ワーカーや建造物…が配置されているマスにも配置できます。それが他人のワーカーや
    # 建造物であっても配置できます」「同じマスに自分のワーカーを複数配置する」
    state, area = placing(food=2)
    building(state, area[0], 1, CITY, 2)
    workers(state, area[0], 2)
    state.play(("place", area[0]))
    state.play(("place", area[0]))
    assert on(state, area[0], 0) == 2


def test_without_workers_in_hand_nothing_is_placed():
    # SEED 「手元にワーカーが残っていない…場合、ワーカーを配置することはできません」
    state = blank()
    hand(state, 0, 0)
    state.supply[0] = 0
    state.play(("area", *PAIR))
    assert state.phase == CARD
    assert any("cannot place" in line for line in state.log)


def test_no_food_no_worker_on_a_costly_cell():
    # SEED 「≪食料≫を支払えないなどの場合、ワーカーを配置することはできません」
    state = blank()
    hand(state, 0, 0)
    terrain(state, PAIR, [MOUNTAIN, MOUNTAIN, DESERT])
    state.play(("area", *PAIR))
    assert state.phase == CARD
    with pytest.raises(IllegalAction):
        state.play(("place", cells(state, PAIR)[0]))


def test_skills_make_placement_cheaper():
    state, area = placing(food=1)
    skill(state, 0, "Mountaineers")
    state._legal = None
    state.play(("place", area[1]))
    assert state.res[1] == 1
