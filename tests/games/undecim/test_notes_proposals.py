"""The proposals of the notes (「問題点」 of seed 002_582a1950c0f44c54.txt) that became
options for issue 22: fief points per round, per night and per settlement (UP7, UP9,
UP10), the 3/2/1 final-order bonus and the two-card last round (UP12)."""

from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim.codes import BITS
from soan.games.undecim.content import EG
from tests.games.undecim.helpers import (
    empty_fronts,
    give_front,
    kind,
    new_with,
    pick_all,
    to_phase,
)

QUIET = tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in range(1, 12))


def one_round(variant: str, night: bool = False, **options):
    """Round 1 of a game whose action cards do nothing: seat 0 holds one fief, seat 1 one
    land (a 森); the round is played to its end (with a red moon night if asked)."""
    state = new_with(*QUIET, seed=5, variant=variant, **options)
    to_phase(state, K.PICK, bonus=1)  # bonus cards as resources or gold: no land
    empty_fronts(state)
    for land in ("草原", "森", "沼地", "山"):
        give_front(state, 0, kind(land, "石"), E.LAND)
    give_front(state, 1, kind("森", "木"), E.LAND)
    if night:
        state.counters = 0
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4}, bonus=1)
    while state.round_no == 1:
        state.play(state.legal()[0])
    return state


def test_fief_round_4_no_land_points_and_four_per_fief_each_round():
    # UP10: 「逆に継続点をなくして版図ボーナス4点とした場合、12〜16点。」 / 「4が妥当か。」
    state = one_round("fief_round_4")
    points = state.breakdown()
    assert [b["lands"] for b in points] == [0, 0, 0, 0]
    assert [b["fiefs"] for b in points] == [4, 0, 0, 0]
    assert state.options.building_vp == (3, 6, 10, 18, 27)


def test_fief_round_1_one_per_kind_and_one_per_fief():
    # UP10: 「土地点を1種1点とする。版図1点のボーナスとして、妨害がなければ期待値25点。」
    points = one_round("fief_round_1").breakdown()
    assert [b["lands"] for b in points][:2] == [4, 1]  # a fief's lands count as kinds
    assert [b["fiefs"] for b in points][:2] == [1, 0]


def test_the_night_scores_three_per_fief_instead_of_doubling():
    # UP9: 「また、赤い月の夜の土地ボーナス2倍だが、版図1つにつき3点とかの方がよいだろう。」
    points = one_round("night_fief", night=True).breakdown()
    assert [b["lands"] for b in points][:2] == [4, 1]  # not doubled
    assert [b["fiefs"] for b in points][:2] == [3, 0]
    as_written = one_round("fief", night=True).breakdown()
    assert [b["lands"] for b in as_written][:2] == [8, 2]
    no_night = one_round("night_fief").breakdown()
    assert [b["fiefs"] for b in no_night][:2] == [0, 0]


def test_fiefs_times_three_per_settlement_and_flat_gold():
    # UP7: 「入植地数が増えると金の価値が上がるというのを止め、…」 / 「入植地1つにつき、
    # 版図数×3ぐらいのボーナスだといいような気がする。」
    state = one_round("fief_settlements")
    state.settlements = [(0, 1, 2, 2, 0, (1, 1))] * 4 + [(1, 1, 2, 2, 0, (1, 1))]
    give_front(state, 0, EG, E.GOLD)
    points = state.breakdown()
    assert points[0]["fief settlements"] == 4 * 1 * 3
    assert points[1]["fief settlements"] == 0  # a settlement but no fief
    assert points[0]["gold"] == 3  # four settlements no longer raise gold to 5


def test_final_order_bonus_three_two_one():
    # UP12: 「最後だけ、決算順ボーナスで3、2、1点もらえるような感じ。」
    state = new_with(*QUIET, seed=9, variant="final_bonus_321")
    rng = Rng(2)
    while not state.over:
        state.play(rng.choice(state.legal()))
    order = sorted(range(4), key=lambda s: state.played[s])
    got = [b["final order"] for b in state.breakdown()]
    assert [got[s] for s in order] == [3, 2, 1, 0]


def test_the_last_round_draws_to_eight_and_plays_both_action_cards():
    # UP12: 「仮に最後手番だけ8枚になるよう引くとして、アクションカードを2枚同時に出す。」 /
    # 「2枚出しても数字順に解決すればそれでよい」
    state = new_with(*QUIET, seed=3, variant="final_two_actions")
    rng = Rng(4)
    while state.round_no < state.options.rounds:
        state.play(rng.choice(state.legal()))
    assert state.hsize == [8, 8, 8, 8]
    held = [BITS[h] for h in state.hands]
    assert all(len(cards) == 2 for cards in held)
    while state.phase == K.BONUS:
        state.play(rng.choice(state.legal()))
    assert state.phase != K.PICK  # nothing to choose: both cards are played
    line = next(x for x in reversed(state.log) if x.startswith("Action cards:"))
    numbers = [int(part.split()[2]) for part in line[len("Action cards: "):-1].split(", ")]
    assert numbers == [c for cards in held for c in cards]  # all eight shown at once
    queue = [state.cur, *state.queue]  # resolved by number (no red card here)
    firsts = sorted((c, s) for s, cards in enumerate(held) for c in cards)
    assert queue == [s for _, s in firsts][-len(queue):]
    assert state.played == [min(cards) for cards in held]
    shown = state.view(1)["seats"][0]
    assert [shown["played"]["number"], shown["played_too"]["number"]] == list(held[0])
    while not state.over:
        assert state.phase != K.PICK
        state.play(rng.choice(state.legal()))
    assert all(h == 0 for h in state.hands)
    assert all(state.field >> c & 1 for cards in held for c in cards)  # all in the 【場】
