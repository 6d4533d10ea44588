"""The creation phase (2:創世フェイズ): worker placement and the five actions of
000_46f0bc69916fd492.txt."""

import pytest

from soan.boards import terrain as T
from soan.engine.core import IllegalAction
from soan.games.populous import effects as E
from soan.games.populous.codes import (
    BLESSING,
    BUILD,
    DISASTER,
    DRAW,
    EMPTY,
    LABOUR,
    PLACE,
    PROSPERITY,
    REMOVE,
    REVELATION,
    VANDAL,
)
from tests.games.populous.helpers import (
    cells,
    choose,
    fill,
    house,
    new,
    put,
    set_terrain,
    tile,
    turn_of,
    worker,
)


def setup(action, seed=1, terrain=None, **options):
    """Seat 0 to move at area selection; a tile it can name with number cards while
    keeping card `action` raised."""
    state = new(3, seed, **options)
    turn_of(state, 0)
    t = tile(state, avoid=action)
    if terrain is not None:
        set_terrain(state, t, terrain)
    return state, t, state.board.world.pairs[t]


def aptitude(state, seat=0):
    return state.tables.race_aptitude[state.race[seat]]


def off_terrain(state, seat=0):
    """A terrain that is neither plains nor the seat's aptitude (nor free by ability)."""
    return next(x for x in (T.SCORCHED, T.SEA, T.SNOW, T.MOUNTAIN, T.DESERT)
                if not state.free[seat] >> x & 1)


def test_workers_go_only_on_empty_cells():
    # SEED 「空いている(=ワーカー/ハウスが配置されていない)マスにしか配置できず、
    # 1つのマスに複数のワーカーを配置することはできません」
    state, t, pair = setup(LABOUR, terrain=[T.PLAINS] * 7)
    fill(state, t, [worker(1), house(2), VANDAL])
    choose(state, pair, LABOUR)
    placeable = {a[1] for a in state.legal() if a[0] == "place"}
    assert placeable == set(cells(state, t)[3:])
    with pytest.raises(IllegalAction):
        state.play(("place", cells(state, t)[0]))


def test_plains_are_free_other_terrain_costs_one_food():
    # SEED 「「平地(緑)」か、(あれば)種族毎に適性のある色であればそのまま配置できますが、
    # そうでない(=適性がない)場合、ワーカー1個につきフード1個を支払ってください」
    state, t, pair = setup(LABOUR, seed=2)
    off = off_terrain(state)
    set_terrain(state, t, [T.PLAINS, off, off, off, off, off, off])
    state.food[0] = 0
    choose(state, pair, LABOUR)
    assert {a[1] for a in state.legal() if a[0] == "place"} == {cells(state, t)[0]}
    state.food[0] = 1
    state._legal = None
    assert len([a for a in state.legal() if a[0] == "place"]) == 7
    state.play(("place", cells(state, t)[1]))
    assert any("paying 1 food" in line for line in state.log[-3:])


def test_the_races_own_terrain_is_free():
    # SEED 「(あれば)種族毎に適性のある色であればそのまま配置できます」
    for seed in range(1, 30):
        state, t, pair = setup(BLESSING, seed=seed)
        if aptitude(state) >= 0:
            break
    set_terrain(state, t, [aptitude(state)] * 7)
    state.food[0] = 0
    choose(state, pair, BLESSING)
    assert len([a for a in state.legal() if a[0] == "place"]) == 7
    state.play(state.legal()[0])
    assert state.food[0] == 0


def test_placement_pays_food_once_per_worker_on_foreign_terrain():
    state, t, pair = setup(PROSPERITY, seed=3)
    off = off_terrain(state)
    set_terrain(state, t, [off] * 7)
    state.food[0] = 3
    choose(state, pair, PROSPERITY)
    state.play(("place", cells(state, t)[0]))
    assert state.food[0] == 2


def test_no_placeable_cell_means_no_placement():
    # SEED 「もしも配置可能なマスがなかった場合、ワーカーを配置できません」
    state, t, pair = setup(BLESSING, terrain=[T.PLAINS] * 7)
    fill(state, t, [worker(1)] * 7)
    choose(state, pair, BLESSING)
    assert state.phase != PLACE
    assert state.workers[0] == 16


def test_no_worker_left_means_no_placement():
    # SEED 「【ワーカー置き場】にワーカーが残っていなかった場合も配置できません」
    state, _t, pair = setup(BLESSING, terrain=[T.PLAINS] * 7)
    state.workers[0] = 0
    choose(state, pair, BLESSING)
    assert state.phase != PLACE and all(c == EMPTY for c in state.area_codes())


def test_placing_is_optional_done_stops():
    # SEED 「指定された数だけ…ワーカーを配置することができます」 (ruling PD2)
    state, _t, pair = setup(BLESSING, terrain=[T.PLAINS] * 7)
    choose(state, pair, BLESSING)
    assert ("done",) in state.legal()
    state.play(("done",))
    assert state.workers[0] == 16


def test_blessing_places_two_workers_without_food_on_any_terrain():
    # SEED 「【創世エリア】にワーカーを2つ配置してください。この時、フードを支払わずに
    # 適性がないマスへ配置することができます」
    state, t, pair = setup(BLESSING)
    off = off_terrain(state)
    set_terrain(state, t, [off] * 7)
    state.food[0] = 0
    choose(state, pair, BLESSING)
    state.play(("place", cells(state, t)[0]))
    assert state.phase == PLACE
    state.play(("place", cells(state, t)[1]))
    assert state.workers[0] == 14 and state.food[0] == 0
    assert state.phase != PLACE


def test_revelation_draws_one_then_one_more_per_food_up_to_own_workers_in_the_area():
    # SEED 「山から1枚引いて手札に加えてください…フードを1支払う毎に、山から追加で1枚引いて…
    # ただし、”【創世エリア】に配置されている自分のワーカー数”を超えて行うことはできません」
    state, t, pair = setup(REVELATION, terrain=[T.PLAINS] * 7)
    extra = state.mods[0][E.REVELATION_DRAW]  # the Mystic draws one more
    fill(state, t, [worker(0), house(0), worker(1)])
    state.food[0] = 10
    hand = len(state.hands[0])
    choose(state, pair, REVELATION)
    state.play(("place", cells(state, t)[3]))
    assert state.phase == DRAW and len(state.hands[0]) == hand + 1 + extra
    state.play(("draw",))
    state.play(("draw",))
    # two own workers in the area (the house does not count): no third draw
    assert state.phase != DRAW
    assert len(state.hands[0]) == hand + 3 + extra and state.food[0] == 8


def test_revelation_extra_draws_need_food():
    state, t, pair = setup(REVELATION, terrain=[T.PLAINS] * 7)
    state.food[0] = 0
    choose(state, pair, REVELATION)
    state.play(("place", cells(state, t)[0]))
    assert state.phase != DRAW


def test_prosperity_turns_a_worker_into_a_house_and_scores_every_area():
    # SEED 「【創世エリア】から自分のワーカー1個を【ワーカー置き場】へ戻し、同マスにハウスを1個配置」
    # 「各エリア毎に「自分のワーカーかハウスが1つでも配置されていたら」VP…ワーカーなら1VP、ハウスなら2VP…
    # 両方配置されていても3VPではなく2VP…複数配置されていても1つとして計算」
    state, t, pair = setup(PROSPERITY, terrain=[T.PLAINS] * 7)
    others = [u for u in range(len(state.board.world.pairs)) if u != t]
    fill(state, others[0], [worker(0), worker(0), worker(0)])  # 1 VP, not 3
    fill(state, others[1], [worker(0), house(0)])  # 2 VP, not 3
    fill(state, others[2], [worker(1)])  # someone else's: nothing
    vp_bonus = state.mods[0][E.PROSPERITY_VP]
    choose(state, pair, PROSPERITY)
    state.play(("place", cells(state, t)[0]))
    assert state.phase == BUILD and state.legal() == (("build", cells(state, t)[0]),)
    workers = state.workers[0]
    state.play(("build", cells(state, t)[0]))
    assert state.occ[cells(state, t)[0]] == house(0)
    assert state.workers[0] == workers + 1 and state.houses[0] == 6 - 2
    assert state.vp[0] == 1 + 2 + 2 + vp_bonus


def test_prosperity_builds_nothing_without_an_own_worker_or_a_house_left():
    # SEED 「【創世エリア】に自分のワーカーが1個もなければ、建設できません。
    # また、ハウスが残っていない時も建設できません」
    state, t, pair = setup(PROSPERITY, terrain=[T.PLAINS] * 7)
    state.houses[0] = 0
    choose(state, pair, PROSPERITY)
    state.play(("place", cells(state, t)[0]))
    assert state.phase != BUILD
    assert state.vp[0] == 1 + state.mods[0][E.PROSPERITY_VP]


def test_disaster_removes_any_worker_gives_its_owner_1_fp_then_places_and_gives_ether():
    # SEED 「【創世エリア】からワーカーを1つ選び、その持ち主の【ワーカー置き場】へ戻してください
    # (自分のワーカーを選ぶこともできます)。そして、そのプレイヤーは1FPを得ます。
    # この時、ハウスを選ぶことはできません」「ワーカーを1つ配置し、1エーテルを得てください」 (P5)
    state, t, pair = setup(DISASTER, terrain=[T.PLAINS] * 7)
    fill(state, t, [worker(1), house(1), worker(0)])
    choose(state, pair, DISASTER)
    assert state.phase == REMOVE
    assert {a[1] for a in state.legal()} == {cells(state, t)[0], cells(state, t)[2]}
    state.play(("remove", cells(state, t)[0]))
    assert state.fp[1] == 11 and state.workers[1] == 16
    assert state.phase == PLACE
    fp = state.fp[0]
    state.play(("place", cells(state, t)[0]))
    assert state.fp[0] == fp + 1 + state.mods[0][E.DISASTER_FP]


def test_disaster_on_your_own_worker_gives_you_the_fp():
    state, t, pair = setup(DISASTER, terrain=[T.PLAINS] * 7)
    fill(state, t, [worker(0)])
    choose(state, pair, DISASTER)
    state.play(("remove", cells(state, t)[0]))
    assert state.fp[0] == 11


def test_disaster_sends_a_vandal_to_the_stock_with_no_fp():
    # Ruling P5: 「Disaster may remove a vandal (to the stock, no FP to anyone)」
    state, t, pair = setup(DISASTER, terrain=[T.PLAINS] * 7)
    fill(state, t, [VANDAL])
    choose(state, pair, DISASTER)
    before = list(state.fp)
    state.play(("remove", cells(state, t)[0]))
    assert state.vandals == 0 and state.fp == before


def test_disaster_with_no_worker_in_the_area_goes_straight_to_placing():
    state, t, pair = setup(DISASTER, terrain=[T.PLAINS] * 7)
    fill(state, t, [house(1)])
    choose(state, pair, DISASTER)
    assert state.phase == PLACE


def test_no_ether_variant_gives_nothing_for_the_ether():
    # Ruling P5 variant: 「1エーテル」 is nothing.
    state, t, pair = setup(DISASTER, terrain=[T.PLAINS] * 7, variant="no_ether")
    choose(state, pair, DISASTER)
    state.play(("place", cells(state, t)[0]))
    assert state.fp[0] == 10 + state.mods[0][E.DISASTER_FP]


def test_labour_gives_food_and_fp_for_own_workers_and_houses_in_the_area():
    # SEED 「【創世エリア】に配置された自分のワーカー/ハウスの数に応じてフードとFPを得ます。
    # ワーカーは1、ハウスは2として、計算してください」
    state, t, pair = setup(LABOUR, terrain=[T.PLAINS] * 7)
    fill(state, t, [house(0), worker(0), worker(1)])
    food_bonus, fp_bonus = state.mods[0][E.LABOUR_FOOD], state.mods[0][E.LABOUR_FP]
    choose(state, pair, LABOUR)
    state.play(("place", cells(state, t)[3]))
    count = 2 + 1 + 1
    assert state.food[0] == count + food_bonus
    assert state.fp[0] == 10 + count + fp_bonus


def test_putting_pieces_keeps_the_supply_count():
    state, t, _ = setup(LABOUR)
    put(state, cells(state, t)[0], house(2))
    assert state.houses[2] == 5


def test_disaster_ether_comes_even_when_no_worker_can_be_placed():
    # Ruling PD3: 「ワーカーを1つ配置し、1エーテルを得てください」 — the ether is the action's own
    state, _, pair = setup(DISASTER, terrain=[T.PLAINS] * 7)
    state.workers[0] = 0
    choose(state, pair, DISASTER)
    assert state.fp[0] == 10 + 1 + state.mods[0][E.DISASTER_FP]
