"""The skill vocabulary (ruling Q6; 「スキル効果は…常時適用」「1度だけ任意のタイミングで効果を
適用するもの」): every effect a designer can write in content.toml does what it says."""

import pytest

from soan.games.quovadis import content as C
from soan.games.quovadis.codes import AREA, CITY, FORT, TEMPLE
from tests.games.quovadis.helpers import (
    BLESSING,
    DESERT,
    GAME,
    LABOUR,
    MOUNTAIN,
    PLAINS,
    PROSPERITY,
    Dice,
    building,
    cells,
    hand,
    on,
    resources,
    terrain,
    turn_of,
    workers,
)

EFFECTS = {
    "MaxFood": '{ effect = "raise_max", resource = "food", amount = 3 }',
    "Hand": '{ effect = "hand_size", amount = 2 }',
    "Strength": '{ effect = "war_strength", amount = 2 }',
    "Dice": '{ effect = "war_dice", amount = 1 }',
    "WinVP": '{ effect = "war_win_vp", amount = 3 }',
    "LossFaith": '{ effect = "war_loss_gain", resource = "faith", amount = 2 }',
    "Mountain": '{ effect = "free_terrain", terrain = "mountain" }',
    "Extra": '{ effect = "extra_worker_discount", amount = 1 }',
    "MoreLabour": '{ effect = "action_bonus", card = "労働", amount = 2 }',
    "Inherit": '{ effect = "inheritance_bonus", amount = 1 }',
    "Rich": '{ effect = "prosperity_cap", amount = 2 }',
    "Dominance": '{ effect = "dominance_bonus", amount = 2 }',
    "Ascend": '{ effect = "ascension_vp", amount = 3 }',
    "FreeFree": '{ effect = "free_discount", amount = 1 }',
    "Plea": '{ effect = "plea_discount", amount = 2 }',
    "City": '{ effect = "city_strength", amount = 2 }',
    "Morale": '{ effect = "turn_gain", resource = "morale", amount = 1 }',
    "EndFort": '{ effect = "end_vp", per = "fort", amount = 3 }',
    "EndFood": '{ effect = "end_vp", per = "food", amount = 1, every = 2 }',
}
ONCE = {
    "OnceVP": '{ effect = "gain_vp", amount = 5 }',
    "OnceWrath": '{ effect = "gain", resource = "wrath", amount = 4 }',
    "OnceDraw": '{ effect = "draw", amount = 2 }',
    "OnceFree": '{ effect = "free_placement" }',
}


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    text = C.DEFAULT_PATH.read_text("utf-8")
    for name, effect in {**EFFECTS, **ONCE}.items():
        once = "once = true\n" if name in ONCE else ""
        text += (f'\n[[skills]]\nname = "{name}"\nenglish = "{name}"\n{once}'
                 f'effects = [{effect}]\nprovisional = true\nreason = "a test skill"\n')
    path = tmp_path_factory.mktemp("content") / "content.toml"
    path.write_text(text, "utf-8")
    return GAME.load_content(str(path))


def game(content, *names, seats=3):
    """Seat 0 at area selection in an empty world, with skills `names` face up."""
    state = GAME.new(seats, 1, content=content)
    while state.phase != AREA:
        state.play(state.legal()[0])
    n = state.n
    state.wk = [0] * (state.board.world.cells * n)
    state.bld = [-1] * state.board.world.cells
    state.supply = [10] * n
    state.res = [0] * (4 * n)
    state.hand = [0] * (5 * n)
    state.gens = [()] * n
    state.vp = [0] * n
    state.src = [0] * len(state.src)
    state.markers = (0, 0)
    for s in range(n):
        state.shown[s] = ()
        state._refresh(s)
    state.shown[0] = tuple(state.tables.skill_english.index(x) for x in names)
    state._refresh(0)
    turn_of(state, 0)
    return state


PAIR = (2, 4)


def test_raise_max(content):
    assert game(content, "MaxFood").cap[1] == 4 + 3


def test_hand_size(content):
    state = game(content, "Hand")
    hand(state, 0, LABOUR)
    terrain(state, PAIR, [PLAINS] * 3)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    state.play(("card", LABOUR, 0))
    assert state.hand_size(0) == 6


def test_war_strength_and_city_strength(content):
    state = game(content, "Strength", "City")
    area = cells(state, PAIR)
    building(state, area[0], 0, CITY)
    workers(state, area[0], 1)
    state.area = state.board.world.tile_of_pair[PAIR]
    state.contested = (area[0],)
    assert state.strength(0) == 1 + 2 + 2


def war(content, names, rolls, loser_names=()):
    state = game(content, *names)
    area = cells(state, PAIR)
    terrain(state, PAIR, [DESERT] * 3)
    for x in loser_names:
        state.shown[1] = (*state.shown[1], state.tables.skill_english.index(x))
    state._refresh(1)
    workers(state, area[0], 1)
    resources(state, 0, food=1)
    hand(state, 0, LABOUR)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    dice = Dice(*rolls)
    state.rng = dice
    state.play(("card", LABOUR, 0))
    return state, dice


def test_war_dice(content):
    _, dice = war(content, ["Dice"], (1, 6, 1))
    assert dice.sides == [6, 6, 6]


def test_war_win_vp_and_loss_gain(content):
    state, _ = war(content, ["WinVP"], (6, 1), loser_names=["LossFaith"])
    assert state.breakdown()[0]["war"] == 3 and state.res[4 + 2] == 2


def test_free_terrain_and_extra_worker_discount(content):
    state = game(content, "Mountain", "Extra")
    terrain(state, PAIR, [MOUNTAIN] * 3)
    hand(state, 0, LABOUR)
    state.play(("area", *PAIR))
    area = cells(state, PAIR)
    state.play(("place", area[0]))
    state.play(("place", area[1]))  # extra worker: 1 - 1 = 0 food, mountain free
    state.play(("place", area[2]))
    assert [on(state, c, 0) for c in area] == [1, 1, 1] and state.res[1] == 0


def test_action_bonus_and_inheritance_bonus(content):
    state = game(content, "MoreLabour", "Inherit")
    state.gens[0] = ((3, LABOUR), (1, BLESSING))
    assert state.actions_for(0, LABOUR, True) == 3 + 1 + 2
    assert state.actions_for(0, BLESSING, False) == 2


def test_prosperity_cap(content):
    state = game(content, "Rich")
    terrain(state, PAIR, [PLAINS] * 3)
    state.gens[0] = ((6, PROSPERITY),)
    hand(state, 0, PROSPERITY)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    state.play(("card", PROSPERITY, 0))
    assert state.vp[0] == 3 + 2


def test_dominance_bonus_only_in_the_area(content):
    state = game(content, "Dominance")
    terrain(state, PAIR, [PLAINS] * 3)
    area = cells(state, PAIR)
    building(state, area[1], 0, CITY, 1)
    elsewhere = next(c for c in range(state.board.world.cells) if c not in area)
    building(state, elsewhere, 0, CITY, 1)
    hand(state, 0, LABOUR)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", LABOUR, 0))
    assert state.cubes[area[1]] == 1 + 1 + 2 and state.cubes[elsewhere] == 2


def test_ascension_vp(content):
    state = game(content, "Ascend")
    elsewhere = cells(state, (1, 5))[0]
    building(state, elsewhere, 0, TEMPLE)
    workers(state, elsewhere, 0)
    terrain(state, PAIR, [PLAINS] * 3)
    hand(state, 0, LABOUR)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    state.play(("card", LABOUR, 0))
    state.play(("ascend",))
    assert state.breakdown()[0]["ascension"] == 1 + 3


def test_free_and_plea_discounts(content):
    state = game(content, "FreeFree", "Plea")
    assert state.free_cost(0) == 0 and state.plea_cost(0) == 0
    state.markers = (1, 2)
    state._legal = None
    assert ("free2", 1, 3) in state.legal()


def test_turn_gain(content):
    state = game(content, "Morale")
    state._start_turn()  # seat 0's turn begins
    assert state.res[0] == 1 and any("gains 1 morale from its skills" in x for x in state.log)


def test_end_vp_counts(content):
    state = game(content, "EndFort", "EndFood")
    building(state, cells(state, PAIR)[0], 0, FORT)
    resources(state, 0, food=3)
    state._finish()
    assert state.breakdown()[0]["skills"] == 3 + 1
    assert state.skill_vp(0, state.tables.skill_english.index("EndFort")) == 3


def test_once_skills_are_used_once_at_the_start_of_an_own_turn(content):
    state = game(content, "OnceVP", "OnceWrath", "OnceDraw", "OnceFree")
    ids = [state.tables.skill_english.index(x) for x in ONCE]
    assert {("skill", k) for k in ids} <= set(state.legal())
    state.play(("skill", ids[0]))
    assert state.vp[0] == 5 and ("skill", ids[0]) not in state.legal()
    state.play(("skill", ids[1]))
    assert state.res[3] == 4
    state.play(("skill", ids[2]))
    assert state.hand_size(0) == 2
    state.play(("skill", ids[3]))
    terrain(state, PAIR, [MOUNTAIN] * 3)
    state.play(("area", *PAIR))
    state.play(("pass",))  # keep the wrath
    area = cells(state, PAIR)
    for c in area:
        state.play(("place", c))
    assert state.res[1] == 0 and [on(state, c, 0) for c in area] == [1, 1, 1]
    assert state.usage()[0]["skill:OnceVP"] == 1


def test_a_face_down_once_skill_cannot_be_used(content):
    state = game(content)
    state.hidden[0] = (state.tables.skill_english.index("OnceVP"),)
    assert not any(a[0] == "skill" for a in state.legal())
