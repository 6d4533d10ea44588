"""◇神の怒り of 003_b75d8708900d9d94.txt with rulings Q7 and Q8 (and QD9)."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.quovadis.codes import CITY, EMPTY, FORT, PLACE, RUIN, SMITE, TEMPLE
from tests.games.quovadis.helpers import (
    MOUNTAIN,
    PLAINS,
    SEA,
    blank,
    building,
    cells,
    on,
    race_of,
    resources,
    skill,
    terrain,
    turn_of,
    workers,
)

PAIR = (1, 2)


def wrath(paid, seats=3, variant="default"):
    state = blank(seats, variant=variant)
    resources(state, 0, wrath=paid)
    state.play(("area", *PAIR))
    return state, cells(state, PAIR)


def test_wrath_is_optional():
    # SEED 「(これは任意で、行っても行わなくても構いません)」
    state, _ = wrath(4)
    state.play(("pass",))
    assert state.phase == PLACE and state.res[3] == 4


def test_all_the_wrath_is_paid():
    # SEED 「≪神の怒り≫を3個以上持っていれば、その「全て」を支払って」
    state, _ = wrath(5)
    state.play(("wrath",))
    assert state.res[3] == 0 and state.phase == SMITE


@pytest.mark.parametrize(("paid", "strikes"), [(3, 1), (4, 2), (5, 3)])
def test_three_four_five_wrath_strike_one_two_three_cells(paid, strikes):
    # SEED 「3個支払ったら…好きなマスを1つ」「4個支払った場合、好きなマスを2つまで」
    # 「5個以上支払った場合、好きなマスを3つまで」
    state, area = wrath(paid)
    for c in area:
        workers(state, c, 1)
    state.play(("wrath",))
    for i in range(strikes):
        state.play(("smite", area[i], 0))
    assert state.phase == PLACE
    assert [on(state, c, 1) for c in area] == [0] * strikes + [1] * (3 - strikes)


def test_fewer_cells_may_be_struck():
    # SEED 「1マスだけ選んでも構いません」 (QD9: at least one)
    state, area = wrath(4)
    state.play(("wrath",))
    assert ("done",) not in state.legal()
    state.play(("smite", area[0], 0))
    state.play(("done",))
    assert state.phase == PLACE


def test_every_worker_on_a_struck_cell_goes_home_the_payers_too():
    # SEED 「そこに配置されているワーカーを持ち主の手元へ戻してください」 (Q7: the payer's own too)
    state, area = wrath(3)
    workers(state, area[0], 0, 2)
    workers(state, area[0], 2, 1)
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    assert on(state, area[0], 0) == on(state, area[0], 2) == 0
    assert state.supply[0] == state.supply[2] == 10


def test_buildings_stay_below_five():
    # SEED 「建造物トークンはそのままにします」
    state, area = wrath(4)
    building(state, area[0], 1, CITY, 3)
    state.play(("wrath",))
    assert ("smite", area[0], 1) not in state.legal()
    state.play(("smite", area[0], 0))
    assert state.bld[area[0]] == 1 << 2 | CITY


def test_five_wrath_may_destroy_buildings():
    # SEED 「さらに、効果適用マスにある建造物を破壊することもできます。砦と神殿は持ち主の手元へ
    # 戻し、都市は裏向きにして破壊状態に…支配力…を半分(端数切り捨て)に減らして」 (Q7: 5 -> 2)
    state, area = wrath(5)
    building(state, area[0], 1, CITY, 5)
    building(state, area[1], 2, FORT)
    state.play(("wrath",))
    state.play(("smite", area[0], 1))
    state.play(("smite", area[1], 1))
    assert state.bld[area[0]] == 1 << 2 | RUIN and state.cubes[area[0]] == 2
    assert state.bld[area[1]] == EMPTY and state.forts[2] == 2


def test_destroying_is_optional_per_cell():
    # Q7: "optional per cell"
    state, area = wrath(5)
    building(state, area[0], 1, CITY, 4)
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    assert state.bld[area[0]] == 1 << 2 | CITY and state.cubes[area[0]] == 4


def test_a_destroyed_city_is_not_destroyed_again():
    # Q11: "A destroyed city is never destroyed again"
    state, area = wrath(5)
    building(state, area[0], 1, RUIN, 3)
    state.play(("wrath",))
    assert ("smite", area[0], 1) not in state.legal()


def test_a_temple_in_the_area_shields_its_owner_everywhere_in_it():
    # SEED 「【創世エリア】に神殿があった場合、そのプレイヤーのワーカー、建造物を破壊できなく」
    # 「神殿を持たないプレイヤーのみ、神の怒りの効果を適用することができます」 (Q8)
    state, area = wrath(5)
    building(state, area[2], 1, TEMPLE)
    building(state, area[0], 1, CITY, 2)
    workers(state, area[0], 1, 1)
    workers(state, area[0], 2, 1)
    state.play(("wrath",))
    assert ("smite", area[0], 1) not in state.legal()
    assert ("smite", area[2], 1) not in state.legal()  # the temple itself too
    state.play(("smite", area[0], 0))
    assert on(state, area[0], 1) == 1 and on(state, area[0], 2) == 0


def test_the_payers_home_ring_changes_the_whole_area():
    # SEED 「自分の種族が適性を持つ地形リングを…中央マスを囲うように配置します。以降、このエリアの
    # 全てのマスは、この地形リングと同じ地形」「神殿の有無に関わらず…必ず適用されます」
    state, area = wrath(3)
    race_of(state, 0, "Deep One")
    terrain(state, PAIR, [PLAINS, MOUNTAIN, PLAINS])
    building(state, area[0], 1, TEMPLE)
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    t = state.board.world.tile_of_pair[PAIR]
    assert state.ring[t] == SEA and all(state.terr[c] == SEA for c in area)
    assert state.rings_left[SEA] == 7


def test_only_the_newest_ring_counts_and_the_old_one_returns():
    # SEED 「この地形リングは各エリアにつき最新の1個だけ有効で…差し替えとなります」 (Q7)
    state, area = wrath(3)
    race_of(state, 0, "Deep One")
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    turn_of(state, 0)
    state.markers = (0, 0)
    race_of(state, 0, "Gigant")
    resources(state, 0, wrath=3)
    state.play(("area", *PAIR))
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    t = state.board.world.tile_of_pair[PAIR]
    assert state.ring[t] == MOUNTAIN and state.rings_left[SEA] == 8
    assert state.rings_left[MOUNTAIN] == 2 and all(state.terr[c] == MOUNTAIN for c in area)


def test_no_ring_is_laid_when_none_is_left():
    # Q7: "none left = no ring"
    state, area = wrath(3)
    state.rings_left[PLAINS] = 0
    before = [state.terr[c] for c in area]
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    assert [state.terr[c] for c in area] == before
    assert any("No plains ring" in line for line in state.log)


def test_a_skill_can_add_a_cell():
    state, _ = wrath(3)
    skill(state, 0, "Sandstorm")
    state._legal = None
    state.play(("wrath",))
    assert state.strikes == 2


def test_a_struck_cell_cannot_be_struck_twice():
    state, area = wrath(4)
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    with pytest.raises(IllegalAction):
        state.play(("smite", area[0], 0))
