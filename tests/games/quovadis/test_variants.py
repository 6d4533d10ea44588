"""The designer's notes as variants (ruling G1; RULINGS.md's Quo Vadis list, QD23):
each is an Options field the lab can sweep, and each does what its note says."""

import dataclasses

import pytest

from soan.engine.core import OptionsError
from soan.games.quovadis.codes import BUILD, CITY, KEEP, RUIN
from tests.games.quovadis.helpers import (
    DESERT,
    GAME,
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
NOTES = {  # variant: the note it comes from
    "rounds12": "ラウンド数を12から10に変更",
    "no_war_morale": "戦争に勝ったら1戦意…なくてもいいだろう",
    "fixed_dominance": "都市を建てると「支配力」が4個もらえる",
    "wrath_one_cube": "神の怒りも、都市の価値を1減らすだけにすればいいかも",
    "building_food": "建設には1食料が必要",
    "no_forts": "実は、砦とかいらんかな",
    "no_cleanup": "1マスに1個制限を解除したい",
    "loser_ascends": "戦争で負けた後、ワーカーを手元へ戻さずにアセンションさせる",
    "loser_keeps": "単純に1ワーカー残すのに1フード必要的な",
}


def test_every_variant_of_the_rulings_is_named_described_and_valid():
    # RULINGS.md, Quo Vadis: "Variants from the notes (each an Options field the lab can sweep)"
    assert next(iter(GAME.variants)) == "default"
    assert set(NOTES) <= set(GAME.variants)
    for name, variant in GAME.variants.items():
        assert variant.about and "\n" not in variant.about
        options = GAME.options(name)
        for key in variant.overrides:
            assert getattr(options, key) != getattr(GAME.options(), key)


def test_every_rule_number_has_a_range_and_refuses_values_outside_it():
    for field in dataclasses.fields(GAME.Options):
        assert field.metadata["about"]
    with pytest.raises(OptionsError, match="rounds"):
        GAME.options(rounds=0)
    with pytest.raises(OptionsError, match="war_loser"):
        GAME.options(war_loser="flee")


def war(variant, rolls=(6, 1), setup=None):
    """Seat 0 attacks seat 1's pieces on the first cell of area 1-5 (desert)."""
    state = blank(3, variant=variant)
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


def test_no_war_morale():
    state, area = war("no_war_morale", setup=lambda s, a: workers(s, a[0], 1))
    assert state.res[0] == 0 and on(state, area[0], 1) == 0


def test_fixed_dominance_gives_four_and_scores_them_to_the_destroyer():
    # 「破壊されると、破壊したプレイヤーは支配力分のVPを得て、支配力が1個減る。そして、再建しないと
    # ゲーム終了時に得点にならない」
    state, area = war("fixed_dominance", setup=lambda s, a: building(s, a[0], 1, CITY, 4))
    assert state.vp[0] == 4 and state.bld[area[0]] == 1 << 2 | RUIN and state.cubes[area[0]] == 3
    state._finish()
    assert state.breakdown()[1]["cities"] == 0


def test_fixed_dominance_cities_start_with_four_and_do_not_grow():
    state = blank(3, variant="fixed_dominance")
    area = cells(state, PAIR)
    terrain(state, PAIR, [PLAINS] * 3)
    hand(state, 0, LABOUR)
    state.gens[0] = ((1, LABOUR),)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("card", LABOUR, 1))
    assert state.bld[area[0]] == CITY and state.cubes[area[0]] == 4


def test_wrath_removes_one_cube_and_leaves_the_city_standing():
    state = blank(3, variant="wrath_one_cube")
    area = cells(state, PAIR)
    building(state, area[0], 1, CITY, 5)
    resources(state, 0, wrath=5)
    state.play(("area", *PAIR))
    state.play(("wrath",))
    state.play(("smite", area[0], 1))
    assert state.bld[area[0]] == 1 << 2 | CITY and state.cubes[area[0]] == 4


def test_no_forts():
    state = blank(3, variant="no_forts")
    area = cells(state, PAIR)
    workers(state, area[0], 0, 2)
    state.phase, state.to_move, state._legal = BUILD, 0, None
    assert ("fort", area[0]) not in state.legal() and ("temple", area[0]) in state.legal()


def test_no_cleanup_keeps_several_workers_on_a_cell():
    state = blank(3, variant="no_cleanup")
    area = cells(state, PAIR)
    terrain(state, PAIR, [PLAINS] * 3)
    hand(state, 0, LABOUR)
    resources(state, 0, food=1)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.play(("place", area[0]))
    state.play(("card", LABOUR, 0))
    state.play(("done",))  # no fort or temple
    assert on(state, area[0], 0) == 2


def test_a_losing_worker_ascends():
    state, _ = war("loser_ascends", setup=lambda s, a: workers(s, a[0], 1, 2))
    assert state.ascended[1] == 2 and state.breakdown()[1]["ascension"] == 1 + 2
    assert state.supply[1] == 8


def test_the_loser_may_pay_food_to_keep_workers():
    def setup(s, a):
        workers(s, a[0], 1, 2)
        resources(s, 1, food=1)

    state, area = war("loser_keeps", setup=setup)
    assert state.phase == KEEP and state.to_move == 1
    state.play(("keep", area[0]))
    assert on(state, area[0], 1) == 1 and state.supply[1] == 9 and state.res[5] == 0
    state, area = war("loser_keeps", setup=setup)
    state.play(("done",))
    assert on(state, area[0], 1) == 0 and state.res[5] == 1
