"""Round start (1:ラウンド開始) and the action phase (2:アクションフェイズ) of
002_582a1950c0f44c54.txt: the moon die, the bonus resource, hidden picks, red-text
order, gains and their faces, the auto action, and the effect vocabulary of the
provisional cards (rulings G4, U1, U4, U8, U9, U13, UD4-UD7, UD13, UD14, UD17, UD18)."""

import pytest

from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim.content import EG, TYPES
from tests.games.undecim.helpers import (
    empty_fronts,
    give_front,
    kind,
    new,
    new_with,
    pick_all,
    set_hand,
    skip_autos,
    to_phase,
)

FOREST_WOOD = kind("森", "木")
SWAMP_CLAY = kind("沼地", "粘土")
MOUNTAIN_STONE = kind("山", "石")
GRASS_IRON = kind("草原", "鉄")
DRAW1 = [{"step": "draw", "amount": 1}]


def quiet(*numbers):
    """Cards that do nothing (draw no card), for the seats a test does not watch."""
    return tuple({"number": n, "steps": [{"step": "draw", "amount": 0}]} for n in numbers)


def front(state, seat, index):
    return state.front[K.W * seat + index]


def lands(state, seat):
    return [front(state, seat, K.F_LANDK + k) for k in range(4)]


def test_the_moon_die_takes_that_many_counters_off_or_as_many_as_there_are():
    # SEED 「出目の分だけ【赤い月】からタイムカウンターを取り除きます…タイムカウンターが足りない場合は、あるだけ取り除いてください」
    state = new(3, 11)
    to_phase(state, K.BONUS)
    assert state.counters == 10 - state.die and state.rolled == state.die
    assert f"the moon die shows {state.die}" in state.log[-1]
    for seed in range(12):
        low = new(3, seed)
        low.counters = 2
        to_phase(low, K.BONUS)
        assert low.rolled == min(low.die, 2) and low.counters == 2 - low.rolled


def test_the_roll_feeds_this_rounds_action_effects():
    # SEED 「出目はこのラウンドのアクション効果にも影響を与えます」: an amount by the roll
    for die in range(1, 7):
        state = new_with({"number": 5, "steps": [{"step": "draw", "amount": [1, 2, 3, 4, 5, 6]}]},
                         *quiet(1, 2, 3), seed=die)
        to_phase(state, K.PICK)
        state.die = die
        pick_all(state, {0: 1, 1: 2, 2: 5, 3: 3})
        assert f"Seat 3 draws {die} card(s)." in state.log


def test_the_bonus_resource_goes_into_the_front_with_the_face_chosen_in_seat_order():
    # SEED 「各自山から1枚引いてボーナスリソースを獲得(※後述)」 / U9: in front, face chosen, in seat order, public
    state = new(4, 2)
    to_phase(state, K.BONUS)
    order = []
    while state.phase == K.BONUS:
        seat, card = state.to_move, state.bonus
        order.append(seat)
        for other in range(4):
            assert state.view(other)["bonus_card"]["type"] == card  # the table sees the draw
        faces = ("enemy", "gold") if card == EG else ("land", "resource")
        assert [a[0] for a in state.legal()] == list(faces)
        state.play(state.legal()[1])
        index = K.F_GOLD if card == EG else K.F_RES + card
        assert front(state, seat, index) == 1
    assert order == [0, 1, 2, 3]
    assert state.phase == K.PICK and sum(state.hsize) == 20  # the hands are untouched


def test_action_cards_are_picked_face_down_and_revealed_together():
    # SEED 「各自手札から好きなアクションカードを1枚選び、それを伏せて場に出します。全員出したら一斉公開してください」 / G4
    state = new(3, 6)
    to_phase(state, K.PICK)
    mine = state.legal()[0][1]
    state.play(("play", mine))
    assert state.view(0)["my_pick"]["number"] == mine
    for other in (1, 2, None):
        view = state.view(other)
        assert view["seats"][0]["picked"] is True and view["seats"][0]["played"] is None
        assert "my_pick" not in view
    state.play(state.legal()[0])
    state.play(state.legal()[0])
    assert all(seat["played"] for seat in state.view(1)["seats"])
    assert state.log.count(next(line for line in state.log if line.startswith("Action cards:"))) == 1


def test_red_text_cards_resolve_first_by_number_then_the_others_each_followed_by_its_auto_action():
    # SEED 「効果テキストが赤文字で書かれたアクションカードが出されていたら、まずその効果を適用してください」
    # 「複数ある場合は、アクション番号の小さい順に」 「その後、各自自分が出したアクションカードの効果を適用します」
    # 「アクション効果を適用後、資源があれば入植か発展を1回行うことができます」 / U4, UD5
    state = new_with(
        {"number": 3, "red": True, "steps": DRAW1}, {"number": 8, "red": True, "steps": DRAW1},
        {"number": 2, "steps": DRAW1}, {"number": 5, "steps": DRAW1},
    )
    to_phase(state, K.PICK)
    for seat, land in enumerate(("草原", "森", "沼地", "山")):
        give_front(state, seat, kind(land, "木"), E.RESOURCE, 2)  # each can settle
    pick_all(state, {0: 5, 1: 2, 2: 8, 3: 3})
    seen = []
    while state.phase == K.AUTO:
        seen.append(state.to_move)
        state.play(("settle", 1, 1))
    assert seen == [3, 2, 1, 0]  # red 3, red 8, then 2, then 5
    draws = [line for line in state.log if line.endswith("draws 1 card(s).")]
    assert draws == [f"Seat {s} draws 1 card(s)." for s in (4, 3, 2, 1)]


def test_red_text_cannot_touch_cards_gained_by_actions_this_round_in_round_one_only_the_bonus():
    # SEED 「このラウンドでアクションから得るリソースは対象になりません。1ラウンド目の土地や資源などを奪う効果は、ボーナスリソースだけが対象となります」 / U13
    state = new_with(
        {"number": 1, "red": True, "steps": [{"step": "play", "amount": 2, "faces": ["land"]}]},
        {"number": 2, "red": True, "steps": [{"step": "steal", "face": "land", "amount": 2}]},
        *quiet(3, 4),
    )
    state.deck[-4:] = [SWAMP_CLAY, SWAMP_CLAY, SWAMP_CLAY, SWAMP_CLAY]  # the bonus draws
    to_phase(state, K.BONUS)
    while state.phase == K.BONUS:
        state.play(state.legal()[0])  # each takes its bonus card as a 沼地 land
    set_hand(state, 0, [FOREST_WOOD, MOUNTAIN_STONE, GRASS_IRON, GRASS_IRON, GRASS_IRON])
    pick_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    state.play(("land", FOREST_WOOD))
    state.play(("land", MOUNTAIN_STONE))
    assert lands(state, 0) == [0, 1, 1, 1]
    # seat 2's Invasion goes round from seat 3; each has only its bonus 沼地 to lose,
    # and seat 1 keeps the two lands its own card gave it this round
    for victim in (2, 3, 0):
        assert state.phase == K.TAKE and state.victims[0] == victim
        assert state.legal() == (("take", 2),)
        state.play(("take", 2))
    assert lands(state, 0) == [0, 1, 0, 1]
    assert lands(state, 1) == [0, 0, 4, 0]
    assert lands(state, 2) == lands(state, 3) == [0, 0, 0, 0]


def test_a_gain_takes_the_face_chosen_and_a_named_kind_must_be_shown():
    # SEED 「上下好きな方を選ぶことができ、上部になっている方をリソースとして扱います」
    # 「「資源」や「金」など指定して得るもの…獲得したリソースは指定された種類が上になるよう配置してください」
    state = new_with(
        {"number": 5, "steps": [{"step": "play", "amount": 2}]},
        {"number": 7, "steps": [{"step": "play", "amount": 2, "faces": ["gold"]}]},
        *quiet(1, 2),
    )
    to_phase(state, K.PICK)
    set_hand(state, 0, [FOREST_WOOD, EG, EG, SWAMP_CLAY, SWAMP_CLAY])
    set_hand(state, 1, [FOREST_WOOD, EG, EG, SWAMP_CLAY, SWAMP_CLAY])
    pick_all(state, {0: 5, 1: 7, 2: 1, 3: 2})
    skip_autos(state)
    while state.to_move != 0 or state.phase != K.PLAY:
        state.play(state.legal()[0])
        skip_autos(state)
    assert set(state.legal()) == {("land", FOREST_WOOD), ("resource", FOREST_WOOD), ("enemy",),
                                  ("gold",), ("land", SWAMP_CLAY), ("resource", SWAMP_CLAY)}
    state.play(("resource", FOREST_WOOD))
    state.play(("enemy",))
    assert front(state, 0, K.F_RES + FOREST_WOOD) == 1 and front(state, 0, K.F_ENEMY) == 1
    skip_autos(state)
    assert state.to_move == 1 and state.legal() == (("gold",),)  # 金 named: only gold
    state.play(("gold",))
    state.play(("gold",))
    assert front(state, 1, K.F_GOLD) == 2


def test_a_gain_is_compulsory_up_to_its_number_and_stops_when_nothing_fits():
    # SEED 「指定された場所から、指定された枚数だけ、リソースカードを獲得」 / UD4
    state = new_with({"number": 5, "steps": [{"step": "play", "amount": 3, "faces": ["enemy"]}]},
                     *quiet(1, 2, 3))
    to_phase(state, K.PICK)
    set_hand(state, 0, [EG, EG, FOREST_WOOD, FOREST_WOOD, FOREST_WOOD])
    pick_all(state, {0: 5, 1: 1, 2: 2, 3: 3})
    while state.to_move != 0 or state.phase != K.PLAY:
        state.play(state.legal()[0])
    assert state.legal() == (("enemy",),)  # no "done": the gain is not optional
    state.play(("enemy",))
    state.play(("enemy",))
    assert front(state, 0, K.F_ENEMY) == 2 and state.phase != K.PLAY  # the hand has no more


def test_an_effect_counts_settlements_before_the_auto_action():
    # SEED 「例えばアクション効果で入植地数などを参照する場合、オートアクションを先に行い、入植地を増やしてからアクション効果を適用する。といったことはできません」
    state = new_with({"number": 5, "steps": [{"step": "vp", "amount": 2, "per": "settlement"}]},
                     *quiet(9, 10, 11))
    to_phase(state, K.PICK)
    give_front(state, 0, FOREST_WOOD, E.RESOURCE, 4)
    state.settlements.append((0, 1, 2, 2, 0, (FOREST_WOOD, FOREST_WOOD)))
    give_front(state, 3, FOREST_WOOD, E.RESOURCE, 0)
    pick_all(state, {0: 5, 1: 9, 2: 10, 3: 11})
    while state.to_move != 0 or state.phase != K.AUTO:
        state.play(state.legal()[0])
    assert state.pts[K.NSOURCES * 0 + K.P_CARDS] == 2  # one settlement before the auto action
    state.play(("settle", 1, 1))
    assert state.pts[K.NSOURCES * 0 + K.P_CARDS] == 2


def test_gold_boosts_an_effect_and_the_spent_gold_is_discarded():
    # SEED 「金は様々なアクション効果を高める為に使用されます」 / UD13
    state = new_with({"number": 5, "steps": [{"step": "draw", "amount": 1, "gold_boost": 2}]},
                     *quiet(9, 10, 11))
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 0, EG, E.GOLD, 3)
    pick_all(state, {0: 5, 1: 9, 2: 10, 3: 11})
    while state.to_move != 0 or state.phase != K.BOOST:
        state.play(state.legal()[0])
    discards = state.discard.count(EG)
    state.play(("spend",))
    assert state.phase == K.BOOST  # up to 2
    state.play(("spend",))
    assert "Seat 1 draws 3 card(s)." in state.log
    assert front(state, 0, K.F_GOLD) == 1 and state.discard.count(EG) == discards + 2


def test_moon_counters_are_never_put_above_ten_nor_taken_below_none():
    # SEED 「タイムカウンターを11個以上乗せることはできませんし、ある分だけしか取り除けません」 / U12
    state = new_with({"number": 5, "steps": [{"step": "moon", "amount": 4, "direction": "choose"}]},
                     *quiet(9, 10, 11))
    to_phase(state, K.PICK)
    state.counters = 8
    pick_all(state, {0: 5, 1: 9, 2: 10, 3: 11})
    while state.phase != K.MOON:
        state.play(state.legal()[0])
    assert set(state.legal()) == {("moon", 4), ("moon", -4)}
    state.play(("moon", 4))
    assert state.counters == 10
    low = new_with({"number": 5, "steps": [{"step": "moon", "amount": 4, "direction": "remove"}]},
                   *quiet(9, 10, 11))
    to_phase(low, K.PICK)
    low.counters = 3
    pick_all(low, {0: 5, 1: 9, 2: 10, 3: 11})
    skip_autos(low)
    assert low.counters == 0


def test_setting_the_die_changes_later_amounts_and_can_recount_the_counters():
    # SEED 「出目はこのラウンドのアクション効果にも影響を与えます」 and the notes' 「目を直接弄る…1か6にする」 / UD17, UD18
    state = new_with(
        {"number": 1, "red": True, "steps": [{"step": "set_die", "values": [1, 6], "recount": True}]},
        {"number": 5, "steps": [{"step": "draw", "amount": [1, 2, 3, 4, 5, 6]}]},
        *quiet(10, 11),
    )
    to_phase(state, K.PICK)
    state.counters, state.die, state.rolled = 7, 3, 3  # 10 before the roll
    pick_all(state, {0: 1, 1: 5, 2: 10, 3: 11})
    assert state.phase == K.DIE and state.legal() == (("die", 1), ("die", 6))
    state.play(("die", 6))
    assert state.counters == 4  # as if the roll had been 6
    skip_autos(state)
    assert "Seat 2 draws 6 card(s)." in state.log


def test_invasion_takes_from_each_other_seat_round_the_table_skipping_seats_with_nothing():
    # the notes' 侵略戦争 (U1): taker chooses which land / UD6
    state = new_with({"number": 2, "red": True, "steps": [{"step": "steal", "face": "land"}]},
                     *quiet(5, 10, 11))
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 0, FOREST_WOOD, E.LAND)
    give_front(state, 0, SWAMP_CLAY, E.LAND)
    give_front(state, 3, MOUNTAIN_STONE, E.LAND)
    pick_all(state, {0: 5, 1: 2, 2: 10, 3: 11})
    # seat 2 takes: seat 3 has nothing and is skipped, then seat 4, then seat 1
    assert state.phase == K.TAKE and state.to_move == 1 and state.victims[0] == 3
    assert state.legal() == (("take", 3),)
    state.play(("take", 3))
    assert state.victims[0] == 0 and set(state.legal()) == {("take", 1), ("take", 2)}
    state.play(("take", 2))
    assert lands(state, 1) == [0, 0, 1, 1] and lands(state, 0) == [0, 1, 0, 0]


def test_under_giver_chooses_the_seat_giving_up_a_land_picks_it():
    # the notes' 「渡す土地は渡すプレイヤーが選ぶ」 (variant giver_chooses)
    state = new_with({"number": 2, "red": True, "steps": [{"step": "steal", "face": "land"}]},
                     *quiet(5, 10, 11), giver_chooses=True)
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 0, FOREST_WOOD, E.LAND)
    give_front(state, 0, SWAMP_CLAY, E.LAND)
    pick_all(state, {0: 5, 1: 2, 2: 10, 3: 11})
    assert state.phase == K.GIVE and state.to_move == 0
    state.play(("give", 1))
    assert lands(state, 0) == [0, 0, 1, 0] and lands(state, 1) == [0, 1, 0, 0]


def test_a_one_target_steal_chooses_among_seats_that_have_something_and_can_destroy():
    state = new_with({"number": 11, "red": True, "steps": [
        {"step": "steal", "face": "gold", "targets": "one", "keep": False}]}, *quiet(5, 9, 10))
    to_phase(state, K.PICK)
    empty_fronts(state)
    give_front(state, 2, EG, E.GOLD, 2)
    give_front(state, 3, EG, E.GOLD, 1)
    pick_all(state, {0: 11, 1: 5, 2: 10, 3: 9})
    assert state.phase == K.TARGET and set(state.legal()) == {("target", 2), ("target", 3)}
    discards = state.discard.count(EG)
    state.play(("target", 2))
    state.play(("take", 0))
    assert front(state, 2, K.F_GOLD) == 1 and front(state, 0, K.F_GOLD) == 0
    assert state.discard.count(EG) == discards + 1


def test_a_market_reveals_cards_you_take_some_and_the_rest_are_discarded():
    # the notes' 蚤の市 (U1) / UD14, UD15
    state = new_with({"number": 8, "steps": [{"step": "market", "amount": 4, "take": 2}]},
                     *quiet(5, 9, 10))
    to_phase(state, K.PICK)
    state.deck[-4:] = [FOREST_WOOD, EG, SWAMP_CLAY, MOUNTAIN_STONE]
    pick_all(state, {0: 8, 1: 5, 2: 10, 3: 9})
    while state.phase != K.MARKET:
        state.play(state.legal()[0])
    market = state.view(2)["market"]  # everyone sees it
    assert sorted(c["type"] for c in market) == sorted([FOREST_WOOD, EG, SWAMP_CLAY, MOUNTAIN_STONE])
    discards = len(state.discard)
    state.play(("gold",))
    state.play(("land", SWAMP_CLAY))
    assert sum(state.market) == 0 and len(state.discard) == discards + 2
    assert {FOREST_WOOD, MOUNTAIN_STONE} <= set(state.discard)


def test_a_build_step_gives_more_auto_actions():
    state = new_with({"number": 10, "steps": [{"step": "build", "amount": 2}]}, *quiet(1, 5, 9))
    to_phase(state, K.PICK)
    give_front(state, 0, FOREST_WOOD, E.RESOURCE, 6)
    pick_all(state, {0: 10, 1: 5, 2: 1, 3: 9})
    while state.to_move != 0 or state.phase != K.AUTO:
        state.play(state.legal()[0])
    for _ in range(3):
        assert state.phase == K.AUTO and state.to_move == 0
        state.play(("settle", 1, 1))
    assert sum(1 for st in state.settlements if st[0] == 0) == 3


@pytest.mark.parametrize("seats", [3, 4])
def test_drawn_cards_go_into_the_hidden_hand(seats):
    state = new_with({"number": 5, "steps": [{"step": "draw", "amount": 2}]}, *quiet(9, 10, 11),
                     seats=seats)
    to_phase(state, K.PICK)
    picks = {0: 5, 1: 9, 2: 10} | ({3: 11} if seats == 4 else {})
    pick_all(state, picks)
    while state.hsize[0] == 5:
        state.play(state.legal()[0])
    assert state.hsize[0] == 7 == sum(state.hand[:TYPES])
    assert state.view(1)["seats"][0]["hand_size"] == 7 and "hand" not in state.view(1)["seats"][0]
