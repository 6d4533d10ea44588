"""The designer's land arithmetic from the notes of 002_582a1950c0f44c54.txt, played
through whole games: under the notes' "pairs" rule 「土地のみの最大点数は、1ラウンド目に
4枚出せたとして、3+6+9+12+15=45点」 and 「1ラウンド目に4枚、以降は新土地を2枚ずつ出せると
仮定すると、3+4+6+7+9=29ぐらいが現実的なライン」, and what the rules' own land bonus
(and the notes' per-card rule) gives for the same lands (UD9)."""

import pytest

from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import BITS
from tests.games.undecim.helpers import available, give_front, new_with, pick_all

QUIET = tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in range(1, 12))
ALL = ("草原", "森", "沼地", "山")
# lands gained before each round end: the notes' maximum and realistic line
MAXIMUM = [ALL, ALL, ALL, ALL, ALL]
REALISTIC = [ALL, ("草原", "森"), ("沼地", "山"), ("草原", "森"), ("沼地", "山")]


def land_points_by_round(gains, land_rule: str) -> list[int]:
    """Seat 1's land bonus at each round end when it gains these lands each round, every
    action card does nothing, bonus cards are taken as resources and no night falls."""
    state = new_with(*QUIET, seats=4, seed=7, land_rule=land_rule)
    per_round, before = [], 0
    for lands in gains:
        pick_all(state, {s: next(iter(BITS[state.hands[s]])) for s in range(4)}, bonus=1)
        state.counters = 10  # no red moon night
        for land in lands:
            give_front(state, 0, available(state, land), E.LAND)
        while state.phase in K.ACTION_PHASE or state.phase in (K.PICK, K.REPLENISH):
            state.play(state.legal()[0])
        total = state.breakdown()[0]["lands"]
        per_round.append(total - before)
        before = total
    assert state.over and not any("night falls" in line for line in state.log)
    return per_round


def test_the_notes_maximum_3_6_9_12_15_is_45_under_the_pairs_rule():
    # SEED 「3+6+9+12+15=45点」
    assert land_points_by_round(MAXIMUM, "pairs") == [3, 6, 9, 12, 15]
    assert sum(land_points_by_round(MAXIMUM, "pairs")) == 45


def test_the_notes_realistic_line_3_4_6_7_9_is_29_under_the_pairs_rule():
    # SEED 「3+4+6+7+9=29ぐらいが現実的なライン」
    assert land_points_by_round(REALISTIC, "pairs") == [3, 4, 6, 7, 9]


@pytest.mark.parametrize(("gains", "expected"), [(MAXIMUM, [4, 6, 6, 6, 6]),
                                                  (REALISTIC, [4, 4, 6, 6, 6])])
def test_the_rules_own_land_bonus_for_the_same_lands(gains, expected):
    # SEED 「土地の種類毎に1VP…全種類2枚ずつ以上所持していたら、追加で2VP(合計6VP)」: 28 and 26
    assert land_points_by_round(gains, "kinds") == expected


@pytest.mark.parametrize(("gains", "expected"), [(MAXIMUM, [6, 12, 18, 24, 30]),
                                                  (REALISTIC, [6, 8, 12, 14, 18])])
def test_the_notes_per_card_rule_for_the_same_lands(gains, expected):
    # the notes' 「基本的に1枚1点として、4枚セットがある毎に2点のボーナス」
    assert land_points_by_round(gains, "per_card") == expected


@pytest.mark.parametrize(("counts", "points"), [
    ([1, 1, 0, 0], 1), ([1, 1, 1, 0], 1), ([2, 2, 0, 0], 2), ([3, 1, 0, 0], 1),
    ([2, 2, 2, 0], 3), ([1, 1, 1, 1], 3), ([2, 2, 1, 1], 4), ([4, 1, 1, 1], 3),
])
def test_pairs_count_sets_first_then_pairs_of_two_kinds(counts, points):
    # the notes' 「土地2種毎に毎ラウンド1点を得る。4枚セットがあると、追加で1点、つまり3点」 / UD9
    assert scoring.land_points(counts, "pairs", 2)[0] == points
