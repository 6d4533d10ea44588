"""The proposals of the notes (「問題点」 of seed 003_b75d8708900d9d94.txt) that became
options for issue 22: the attrition mode of dominance (QP3, QP10), war attrition and
the last proposal (QP12), and the counts that measure QP9."""

from soan.games.quovadis.codes import CITY, RUIN
from tests.games.quovadis.helpers import (
    DESERT,
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

PAIR = (1, 5)


def war(variant="default", rolls=(6, 1), setup=None, **options):
    """Seat 0 places one worker on the first cell of area 1-5 (desert), where `setup`
    has put seat 1's pieces; the dice give seat 0 a 6 and seat 1 a 1."""
    state = blank(3, variant=variant, **options)
    area = cells(state, PAIR)
    terrain(state, PAIR, [DESERT] * 3)
    resources(state, 0, food=1)
    hand(state, 0, LABOUR)
    if setup:
        setup(state, area)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.rng = Dice(*rolls)
    state.play(("card", LABOUR, 0))
    return state, area


def test_attrition_a_lost_war_takes_one_cube_and_scores_it_for_the_winner():
    # QP10: 「攻撃されると減るし、相手にも得点を献上してしまう。」 / 「4回殴られないと破壊されない」
    state, area = war("attrition_dominance", setup=lambda s, a: building(s, a[0], 1, CITY, 4))
    assert state.bld[area[0]] == 1 << 2 | CITY and state.cubes[area[0]] == 3
    assert state.vp[0] == 1  # one cube, not the whole city (「4点がでかすぎる」)


def test_attrition_the_last_cube_destroys_the_city_and_it_scores_nothing():
    # QP3: 「支配力が尽きるまで破壊されないとして、破壊されたら単に得点にならない。」
    state, area = war("attrition_dominance", setup=lambda s, a: building(s, a[0], 1, CITY, 1))
    assert state.bld[area[0]] == 1 << 2 | RUIN and state.cubes[area[0]] == 0
    state._finish()
    assert state.breakdown()[1]["cities"] == 0


def test_attrition_wrath_takes_a_cube_too():
    state = blank(3, variant="attrition_dominance")
    area = cells(state, PAIR)
    building(state, area[0], 1, CITY, 4)
    resources(state, 0, wrath=5)
    state.play(("area", *PAIR))
    state.play(("wrath",))
    state.play(("smite", area[0], 1))
    assert state.bld[area[0]] == 1 << 2 | CITY and state.cubes[area[0]] == 3


def test_war_attrition_winner_loses_one_worker_loser_two():
    # QP12: 「戦争。勝ったらワーカー1減衰。負けたらワーカー2減衰。」
    state, area = war("war_attrition", setup=lambda s, a: workers(s, a[0], 1, 3))
    assert on(state, area[0], 1) == 1  # 3 - 2: the rest stays on the cell
    assert on(state, area[0], 0) == 0  # the winner's one worker went home
    assert state.supply[1] == state.options.workers - 1
    as_written, _ = war(setup=lambda s, a: workers(s, a[0], 1, 3))
    assert on(as_written, area[0], 1) == 0 and on(as_written, area[0], 0) == 1


def test_last_proposal_a_city_comes_with_one_cube_and_grows_in_the_creation_area():
    # QP12: 「まず、タウンを作ると1個支配力がついてくる。」 / 「創世エリアに自分のタウンがあった場合、
    # 支配力が1個増える。」
    state = blank(3, variant="last_proposal")
    area = cells(state, PAIR)
    far = next(c for c in range(len(state.bld)) if c not in area)
    building(state, far, 0, CITY, 1)
    terrain(state, PAIR, [PLAINS] * 3)
    hand(state, 0, LABOUR)
    state.gens[0] = ((1, LABOUR),)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", LABOUR, 1))
    assert state.bld[area[0]] == CITY
    assert state.cubes[area[0]] == 2  # 1 to start, +1: it stands in the creation area
    assert state.cubes[far] == 1  # outside the area: no growth


def test_last_proposal_each_cube_scores_three():
    # QP12: 「支配力は1個3VPであるとする。」
    state = blank(3, variant="last_proposal")
    building(state, cells(state, PAIR)[0], 1, CITY, 2)
    state._finish()
    assert state.breakdown()[1]["cities"] == 6


def test_an_uphill_war_and_an_uphill_wrath_are_counted():
    # QP9: 「ガッチガチに固めた所を殴って落とすことはできるのか。」 / 「神の怒りでもなければ
    # どうにもならない大帝国」
    state, _ = war(setup=lambda s, a: workers(s, a[0], 1, 3))
    used = state.usage()[0]
    assert used["war:uphill"] == 1 and used["war:uphill:won"] == 1  # 1 + 6 beat 3 + 1
    even, _ = war(setup=lambda s, a: workers(s, a[0], 1, 1))
    assert "war:uphill" not in even.usage()[0]
    state = blank(3)
    area = cells(state, PAIR)
    workers(state, area[0], 1, 3)
    resources(state, 0, wrath=3)
    state.play(("area", *PAIR))
    state.play(("wrath",))
    state.play(("smite", area[0], 0))
    assert state.usage()[0]["wrath:uphill"] == 1
