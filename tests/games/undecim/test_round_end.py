"""Action replenishment (3:アクション補充フェイズ), the red moon night (4:赤い月の夜), the
round end (5:ラウンド終了) and the winner of 002_582a1950c0f44c54.txt, with rulings U5,
U7, U12, U13, UD7, UD8, UD10, UD19."""

import pytest

from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim import evaluation, scoring
from soan.games.undecim.codes import BITS
from soan.games.undecim.content import EG, TYPES
from tests.games.undecim.helpers import (
    empty_fronts,
    give_front,
    kind,
    lift,
    new_with,
    pick_all,
    to_phase,
)

QUIET = tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in range(1, 12))


def quiet_game(seats: int = 4, seed: int = 1, **options):
    """Every action card does nothing: the round's other phases can be watched alone."""
    return new_with(*QUIET, seats=seats, seed=seed, **options)


def resolve(state):
    """Finish the action phase (first choices)."""
    while state.phase in K.ACTION_PHASE or state.phase == K.PICK:
        state.play(state.legal()[0])


def test_replenishment_goes_by_the_number_played_and_never_takes_back_your_own_card():
    # SEED 「アクション番号の小さいプレイヤーから順に、【場】にある「自分が出した以外のアクションカード」を1枚選び、それを手札に加えてください」 / U5, UD7
    state = quiet_game(4, 2)
    pick_all(state, {0: 9, 1: 4, 2: 11, 3: 6})
    resolve(state)
    assert state.phase == K.REPLENISH
    field = set(BITS[state.field])
    assert {4, 6, 9, 11} <= field and len(field) == 7  # the played cards joined the 【場】
    order = []
    while state.phase == K.REPLENISH:
        seat = state.to_move
        order.append(seat)
        offered = {a[1] for a in state.legal()}
        assert offered == set(BITS[state.field]) - {state.played[seat]}
        state.play(state.legal()[0])
    assert order == [1, 3, 0, 2]  # 4, 6, 9, 11
    assert len(BITS[state.field]) == 3 and all(len(BITS[h]) == 2 for h in state.hands)


def test_no_replenishment_in_the_last_round():
    # SEED 「5ラウンド目(=最終ラウンド)にこの処理は必要ありません」
    state = quiet_game(4, 2, rounds=1)
    pick_all(state, {0: 9, 1: 4, 2: 11, 3: 6})
    resolve(state)
    assert state.over and all(len(BITS[h]) == 1 for h in state.hands)


def night_game(enemies: list[int], **options):
    """The action choice of round 1 with no counters left and these enemies in front."""
    state = quiet_game(4, 5, **options)
    to_phase(state, K.PICK)
    empty_fronts(state)
    state.counters = 0
    for seat, n in enumerate(enemies):
        give_front(state, seat, EG, E.ENEMY, n)
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    while state.phase != K.NIGHT and state.phase != K.BONUS:
        state.play(state.legal()[0])
    return state


def test_the_night_pays_4_for_one_enemy_and_4_5_6_to_the_seats_with_the_most():
    # SEED 「各プレイヤーは所持している「敵」を1枚捨て札にして4VPを得ることができます」
    # 「最も多く「敵」を所持しているプレイヤー(複数いれば、その全て)は、好きなだけ捨て札にして…1枚目は4VP、2枚目は5VP、3枚目は6VP」 / U12
    state = night_game([3, 3, 2, 0])
    assert state.phase == K.NIGHT and state.to_move == 0
    assert state.view(1)["most_enemies"] == [0, 1]
    for _ in range(3):
        state.play(("slay",))
    assert state.to_move == 1  # seat 1 with the most went on; seat 2 still counts as most
    for _ in range(3):
        state.play(("slay",))
    assert state.to_move == 2
    state.play(("slay",))  # not the most: one enemy only
    assert state.phase != K.NIGHT
    enemies = [b["enemies"] for b in state.breakdown()]
    assert enemies == [15, 15, 4, 0]
    assert state.front[K.W * 2 + K.F_ENEMY] == 1  # its second enemy stays


def test_discarding_at_night_is_optional_and_the_counters_go_back_to_ten():
    # SEED 「捨て札にしてVPを得ることができます」 「以上の処理が終わったら、【赤い月】の上にタイムカウンターを10個置き直してください」
    state = night_game([2, 0, 0, 1])
    state.play(("slay",))
    state.play(("done",))
    state.play(("done",))
    assert [b["enemies"] for b in state.breakdown()] == [4, 0, 0, 0]
    assert state.round_no == 2 and state.counters == 10 - state.rolled
    assert "10 time counters go back on the red moon." in state.log


def test_a_night_without_enemies_still_doubles_the_land_bonus():
    # UD8
    state = quiet_game(4, 5)
    to_phase(state, K.PICK)
    empty_fronts(state)
    state.counters = 0
    give_front(state, 0, kind("森", "木"), E.LAND)
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    resolve(state)
    while state.phase == K.REPLENISH:
        state.play(state.legal()[0])
    assert state.round_no == 2 and state.breakdown()[0]["lands"] == 2
    assert any(line.startswith("The red moon night falls!") for line in state.log)


def test_the_night_is_checked_only_after_the_actions_on_the_counters_then():
    # U12: a card that puts counters back before phase 4 calls the night off
    state = new_with(*QUIET[:4], {"number": 5, "steps": [{"step": "moon", "amount": 2}]},
                     *QUIET[5:])
    to_phase(state, K.PICK)
    state.counters = 0
    pick_all(state, {0: 5, 1: 2, 2: 3, 3: 4})
    resolve(state)
    while state.phase == K.REPLENISH:
        state.play(state.legal()[0])
    assert not any(line.startswith("The red moon night falls!") for line in state.log)


def test_one_night_a_round_at_most():
    state = night_game([0, 0, 0, 0])
    assert state.round_no == 2
    assert sum(line.startswith("The red moon night falls!") for line in state.log) == 1


@pytest.mark.parametrize(("lands", "bonus"), [
    ([0, 0, 0, 0], 0), ([1, 0, 0, 0], 1), ([3, 1, 0, 0], 2), ([1, 1, 1, 1], 4),
    ([2, 2, 2, 1], 4), ([2, 2, 2, 2], 6), ([5, 3, 2, 2], 6),
])
def test_land_bonus_one_per_kind_and_two_more_for_two_of_every_kind(lands, bonus):
    # SEED 「土地の種類毎に1VPを得てください。もしも土地を全種類2枚ずつ以上所持していたら、追加で2VP(合計6VP)」
    assert scoring.land_points(lands, "kinds", 2) == (bonus, min(lands) >= 2)


def test_the_land_bonus_is_scored_each_round_end_and_doubled_after_a_night():
    # SEED 「ラウンド終了時に各種類を所持している毎に土地ボーナス」 「このラウンドに「赤い月の夜」が発生していたら、土地ボーナスを2倍にしてください」 / U13: the +2 too
    state = quiet_game(4, 5)
    to_phase(state, K.PICK, bonus=1)
    empty_fronts(state)
    for land in ("草原", "森", "沼地", "山"):
        give_front(state, 0, kind(land, "石"), E.LAND, 2)
    give_front(state, 1, kind("森", "木"), E.LAND)
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    resolve(state)
    while state.phase == K.REPLENISH:
        state.play(state.legal()[0])
    assert [b["lands"] for b in state.breakdown()] == [6, 1, 0, 0]
    to_phase(state, K.PICK, bonus=1)  # bonus cards as resources or gold: no land, no enemy
    state.counters = 0
    finish_round(state)
    assert [b["lands"] for b in state.breakdown()] == [6 + 12, 1 + 2, 0, 0]


AWARD = {"name": "a", "english": "A", "condition": "enemies", "count": 2, "vp": 5}


def award_game(conditions: list[tuple[str, int]], vp: int = 5):
    awards = [{**AWARD, "name": f"賞{i}", "english": f"Award {i}", "condition": c, "count": n,
               "vp": vp} for i, (c, n) in enumerate(conditions)]
    state = new_with(*QUIET, awards=awards, seed=3)
    state.awards, state.removed = [0, 1, 2, 3], []  # all four face up for the test
    to_phase(state, K.PICK, bonus=1)
    empty_fronts(state)
    return state


def finish_round(state):
    """Play the round out; bonus cards become resources or gold, so lands and enemies stay
    as the test set them."""
    pick_all(state, {s: next(iter(BITS[state.hands[s]])) for s in range(state.seats)}, bonus=1)
    resolve(state)
    while state.phase in (K.REPLENISH, K.NIGHT):
        state.play(state.legal()[0])


def test_an_award_goes_to_whoever_meets_it_at_the_round_end_and_then_leaves_the_game():
    # SEED 「アワードの条件を満たしているプレイヤーがいれば、指定されたVPを得ることができます。その後、達成されたアワードはゲームから取り除いてください」
    state = award_game([("enemies", 2), ("gold", 1), ("land_kinds", 2), ("lands", 3)])
    give_front(state, 1, EG, E.ENEMY, 2)
    give_front(state, 2, EG, E.GOLD, 1)
    give_front(state, 2, kind("森", "木"), E.LAND)
    give_front(state, 2, kind("山", "木"), E.LAND)
    finish_round(state)
    assert [b["awards"] for b in state.breakdown()] == [0, 5, 10, 0]  # UD19: two at once
    assert state.awards == [3]
    finish_round(state)
    assert [b["awards"] for b in state.breakdown()] == [0, 5, 10, 0]  # never scored twice


@pytest.mark.parametrize(("vp", "sharers", "each"), [
    (6, 1, 6), (6, 2, 3), (6, 3, 3), (6, 4, 3),  # half, not a third or a quarter
    (5, 1, 5), (5, 2, 2), (5, 3, 2), (5, 4, 2),  # rounded down
])
def test_a_shared_award_gives_each_achiever_half_rounded_down(vp, sharers, each):
    # SEED 002_582a1950c0f44c54.txt 「もしも同時に複数のプレイヤーが満たした場合、その全員が半分のVPを得てください」 / U7, U13: half, however many share it
    state = award_game([("enemies", 1)] * 4, vp=vp)
    state.awards = [0]
    for seat in range(sharers):
        give_front(state, seat, EG, E.ENEMY)
    bots_see = evaluation.awards_values(state)
    assert bots_see == [each] * sharers + [0.0] * (4 - sharers)  # the bots' evaluation agrees
    finish_round(state)
    assert [b["awards"] for b in state.breakdown()] == [each] * sharers + [0] * (4 - sharers)


def test_every_award_condition():
    state = award_game([("settlements", 2), ("level", 4), ("slain", 2), ("gold", 2)])
    state.settlements += [(0, 1, 2, 2, 0, (1, 1)), (0, 1, 2, 2, 0, (5, 5))]
    state.settlements += [(1, 1, 2, 4, 2, (9, 9))]
    state.slain[2] = 2
    give_front(state, 3, EG, E.GOLD, 2)
    finish_round(state)
    assert [b["awards"] for b in state.breakdown()] == [5, 5, 5, 5]


def test_hands_are_refilled_to_five_and_never_cut():
    # SEED 「各自手札のリソースカードが5枚になるよう山からカードを補充し」 / U13
    state = quiet_game(4, 8)
    to_phase(state, K.PICK)
    for _ in range(2):  # seat 1 holds 7
        lift(state, EG)
        state.hand[EG] += 1
        state.hsize[0] += 1
    finish_round(state)
    assert state.hsize[0] == sum(state.hand[:TYPES]) == 7
    assert state.hsize[1:] == [5, 5, 5]


def test_with_three_players_the_field_is_dealt_again_each_round():
    # SEED 「3人プレイ時は、セットアップ時と同様に【場】にあるアクションカード5枚をシャッフルし、3枚を表向きにして【場】に置いてください」
    changed = 0
    for seed in range(8):
        state = quiet_game(3, seed)
        finish_round(state)
        before = (state.field, state.aside)
        assert len(BITS[state.field]) == 3 and len(BITS[state.aside]) == 2
        finish_round(state)
        assert len(BITS[state.field]) == 3 and len(BITS[state.aside]) == 2
        changed += before != (state.field, state.aside)
    assert changed


def test_after_the_last_round_nothing_is_refilled_and_the_game_ends():
    # SEED 「以上を繰り返し、5ラウンドを終えたらゲームが終了します」 / UD10
    state = quiet_game(4, 8)
    for _ in range(5):
        finish_round(state)
    assert state.over and state.round_no == 5 and state.legal() == ()
    assert state.hsize == [5, 5, 5, 5]  # quiet cards: nothing left the hands, nothing drawn


def test_a_tie_goes_to_the_lower_action_number_played_in_the_last_round():
    # SEED 「複数いたら、最終ラウンドにアクション番号のより小さいアクションカードをプレイしていた方が優先されます」
    state = quiet_game(4, 9)
    rng = Rng(1)
    while not state.over:
        state.play(rng.choice(state.legal()))
    state.pts = [0] * len(state.pts)
    state.settlements = []
    empty_fronts(state)
    state.pts[K.NSOURCES * 1] = state.pts[K.NSOURCES * 3] = 7
    low = min((1, 3), key=lambda s: state.played[s])
    assert state.winners() == [low]
    loose = new_with(*QUIET, variant="final_bonus")
    assert loose.options.tie_break is False


def test_final_order_bonus_replaces_the_tie_break():
    # the notes' 「最後だけ、決算順ボーナスで…4、2かな」 (variant final_bonus, UD12)
    state = quiet_game(4, 9, final_order_bonus=(4, 2, 0), tie_break=False)
    rng = Rng(2)
    while not state.over:
        state.play(rng.choice(state.legal()))
    order = sorted(range(4), key=lambda s: state.played[s])
    got = [b["final order"] for b in state.breakdown()]
    assert got[order[0]] == 4 and got[order[1]] == 2 and sorted(got) == [0, 0, 2, 4]
    state.pts = [0] * len(state.pts)
    state.settlements = []
    empty_fronts(state)
    assert state.winners() == [0, 1, 2, 3]  # no tie-break: a four-way tie is shared
