"""The variants from the notes of 002_582a1950c0f44c54.txt (G1): every Undecim variant of
RULINGS.md is an Options field with its range or choices, and a named preset."""

import dataclasses

import pytest

from soan.engine.core import OptionsError
from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.content import EG
from tests.games.undecim.helpers import (
    GAME,
    empty_fronts,
    give_front,
    kind,
    new,
    new_with,
    pick_all,
    to_phase,
)

QUIET = tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in range(1, 12))


def test_every_variant_is_described_in_one_line_and_only_sets_known_fields():
    fields = {f.name for f in dataclasses.fields(GAME.Options)}
    assert next(iter(GAME.variants)) == "default"
    for name, variant in GAME.variants.items():
        assert variant.about and "\n" not in variant.about, name
        assert set(variant.overrides) <= fields, name
        GAME.options(name)  # within range


@pytest.mark.parametrize(("variant", "table"), [
    ("default", (4, 9, 14, 20, 27)), ("buildings_half", (2, 5, 8, 13, 18)),
    ("buildings_mid", (3, 6, 10, 15, 21)), ("buildings_steep", (3, 6, 10, 18, 27)),
])
def test_the_four_building_tables(variant, table):
    # the rules' 「レベル2(2枚) : 4VP…」 and the notes' three other tables
    state = new(4, 1, variant)
    to_phase(state, K.PICK)
    state.settlements = [(0, K.MIXED, 3, level, 0, (0, 1)) for level in range(2, 7)]
    assert state.breakdown()[0]["buildings"] == sum(table)


def test_gold_2_and_3():
    # the notes' 「金については、現状3点/5点だが、2点/3点ぐらいかなぁ」
    state = new(4, 1, "gold_2_3")
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 0, EG, E.GOLD, 2)
    assert state.breakdown()[0]["gold"] == 4
    state.settlements = [(0, 1, 2, 2, 0, (1, 1))] * 4
    assert state.breakdown()[0]["gold"] == 6


def test_moon_12_starts_and_caps_at_twelve():
    # the notes' 「赤い月を12で発生にする」 / U12: the cap is the starting count
    state = new_with(*QUIET[:4], {"number": 5, "steps": [{"step": "moon", "amount": 5}]},
                     *QUIET[5:], variant="moon_12")
    assert state.counters == 12
    to_phase(state, K.PICK)
    pick_all(state, {0: 5, 1: 1, 2: 2, 3: 3})
    assert state.counters == 12


def test_enemies_from_2():
    # the notes' 「金より1安くして、2とする…2+3+4みたいな感じか」
    state = new_with(*QUIET, variant="enemy_from_2")
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 0, EG, E.ENEMY, 3)
    state.counters = 0
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    while state.phase != K.NIGHT:
        state.play(state.legal()[0])
    for _ in range(3):
        state.play(("slay",))
    assert state.breakdown()[0]["enemies"] == 2 + 3 + 4


def test_a_fief_is_four_lands_of_every_kind_that_invasion_cannot_take():
    # the notes' 「4種まとめて版図化すると侵略を受けない」 (variant fief, UD11)
    state = new_with(QUIET[0], {"number": 2, "red": True, "steps": [{"step": "steal", "face": "land"}]},
                     *QUIET[2:], variant="fief")
    to_phase(state, K.PICK)
    empty_fronts(state)
    for land in ("草原", "森", "沼地"):
        give_front(state, 0, kind(land, "木"), E.LAND)
    give_front(state, 0, kind("森", "石"), E.LAND)
    assert state.front[K.F_FIEF: K.F_FIEF + 16] == [0] * 16
    give_front(state, 0, kind("山", "木"), E.LAND)  # the fourth kind: a fief forms
    assert sum(state.front[K.F_FIEF: K.F_FIEF + 16]) == 4
    assert [state.front[K.F_LANDK + k] for k in range(4)] == [0, 1, 0, 0]
    assert state.view(1)["seats"][0]["front"]["fiefs"] == 1
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    assert state.phase == K.TAKE and state.legal() == (("take", 1),)  # only the spare 森
    state.play(("take", 1))
    assert scoring.land_bonuses(state)[0] == (4, False)  # fief lands still count


def test_options_out_of_range_or_unknown_are_refused():
    with pytest.raises(OptionsError, match="land_rule='squares' is out of range"):
        GAME.options(land_rule="squares")
    with pytest.raises(OptionsError, match="moon_counters=0"):
        GAME.options(moon_counters=0)
    with pytest.raises(OptionsError, match="building_vp=1/2"):
        GAME.options(building_vp=(1, 2))
    with pytest.raises(OptionsError, match="no variant"):
        GAME.options("pairs")


@pytest.mark.parametrize("variant", list(GAME.variants))
def test_every_variant_plays_to_the_end(variant):
    from soan.engine.rng import Rng

    for seats in (3, 4):
        state = new(seats, 5, variant)
        rng = Rng(5)
        while not state.over:
            state.play(rng.choice(state.legal()))
        assert state.winners() and not state.unfinished
