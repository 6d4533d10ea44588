"""◇手札配置 of 003_b75d8708900d9d94.txt: generations, inheritance, 御無心 and the five
actions (rulings Q4, Q10, QD5-QD8)."""

import pytest

from soan.engine.core import IllegalAction
from soan.games.quovadis.codes import CARD, CITY, DISCARD, MIRACLE, MOVE, PROSPER
from tests.games.quovadis.helpers import (
    BLESSING,
    LABOUR,
    PLAINS,
    PROSPERITY,
    REVELATION,
    blank,
    building,
    cells,
    hand,
    on,
    play_card,
    resources,
    terrain,
    workers,
)
from tests.games.quovadis.helpers import (
    MIRACLE as MIRACLE_CARD,
)

PAIR = (1, 4)


def at_card(gens=(), kinds=(BLESSING,), morale=0, food=0, faith=0, seats=3, **options):
    """Seat 0 at card placement in area 1-4 (all plains) with one worker placed there."""
    state = blank(seats, **options)
    state.gens[0] = tuple(gens)
    hand(state, 0, *kinds)
    resources(state, 0, morale, food, faith)
    terrain(state, PAIR, [PLAINS] * 3)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    assert state.phase == CARD
    return state


def test_round_one_places_on_the_first_generation_once():
    # SEED 「1ラウンド目は左端の【世代(第1世代)】に手札を配置」「1ラウンド目は必ずアクションを
    # 1回適用」
    state = at_card()
    assert state.legal() == (("card", BLESSING, 0),)
    play_card(state, BLESSING)
    assert state.gens[0] == ((1, BLESSING),) and state.res[0] == 1


def test_continuing_acts_once_per_card_in_the_generation():
    # SEED 「配置したカードのアクションを”配置した【世代】の枚数”回適用してください。これは、
    # この手番で配置したカードも枚数に含めます」
    state = at_card(gens=[(2, LABOUR)], kinds=(LABOUR,))
    play_card(state, LABOUR)
    assert state.gens[0] == ((3, LABOUR),) and state.res[1] == 3


def test_gains_above_the_maximum_are_lost():
    # SEED 「ただし、最大数を超えた分は得られず【ストック】へ戻されます」 (Q10)
    state = at_card(gens=[(5, BLESSING)], morale=2)
    play_card(state, BLESSING)
    assert state.res[0] == 4  # the standard maximum


def test_a_generation_change_needs_a_city_and_a_worker_on_a_free_cell():
    # SEED 「都市の建設条件(※後述)を満たさない場合、世代交代は行えません」 (Q4)
    state = at_card(gens=[(1, LABOUR)])
    assert ("card", BLESSING, 1) in state.legal()
    state = at_card(gens=[(1, LABOUR)])
    state.cities[0] = 0
    state._legal = None
    assert ("card", BLESSING, 1) not in state.legal()
    state = at_card(gens=[(1, LABOUR)])
    building(state, cells(state, PAIR)[0], 0, CITY)  # the only own worker stands on a city
    assert ("card", BLESSING, 1) not in state.legal()


def test_no_change_beyond_the_sixth_generation():
    # SEED 「ただし、第6世代にまで到達していたら、それ以上世代交代はできません」
    state = at_card(gens=[(1, LABOUR)] * 6)
    assert ("card", BLESSING, 1) not in state.legal()
    state = at_card(gens=[(1, LABOUR)] * 5)
    assert ("card", BLESSING, 1) in state.legal()


def test_a_change_opens_the_next_generation_with_one_action():
    # SEED 「世代交代したら、1つ右側の新しい【世代】に手札を配置し…世代継続と同じ処理」
    state = at_card(gens=[(3, LABOUR)], kinds=(BLESSING, BLESSING))
    play_card(state, BLESSING, change=True)
    assert state.gens[0] == ((3, LABOUR), (1, BLESSING)) and state.res[0] == 1
    assert state.changed and state.prev_count == 3


def test_inheritance_takes_the_highest_old_generation_three_not_five():
    # SEED 「「祝福」が一番上に配置されている3枚で構成された【旧世代】があった場合、新しい【世代】
    # の1枚目に「祝福」を配置したら、本来は1回の筈のアクションが3回になります」
    # 「「祝福」が一番上に配置されている2枚で構成された【旧世代】が別にあったとしても、一番多いのは
    # 3枚なので、アクション回数は3回となります。5回にはなりません」
    state = at_card(gens=[(3, BLESSING), (2, BLESSING)], kinds=(BLESSING, BLESSING))
    assert state.actions_for(0, BLESSING, True) == 3
    play_card(state, BLESSING, change=True)
    assert state.res[0] == 3 and "3 action(s)" in state.log[-2]


def test_inheritance_also_raises_a_continued_generation():
    # SEED 「世代継続…世代交代を1回でも行っていた場合、以下のチェックを行います」
    state = at_card(gens=[(4, LABOUR), (1, BLESSING)], kinds=(LABOUR,))
    play_card(state, LABOUR)
    assert state.res[1] == 4  # 4 by inheritance, not 2


def test_the_current_generation_does_not_inherit_from_itself():
    # SEED 「【旧世代】(=現在配置を行っている【世代】より、左側にある【世代】)」
    state = at_card(gens=[(3, LABOUR)], kinds=(BLESSING,))
    assert state.actions_for(0, LABOUR, False) == 4
    assert state.actions_for(0, BLESSING, False) == 4
    state = at_card(gens=[(1, BLESSING), (2, LABOUR)])
    assert state.actions_for(0, BLESSING, False) == 3  # 3 cards; the old one holds only 1


def test_a_plea_treats_the_card_as_any_other_for_two_faith():
    # SEED 「御無心: ≪信仰≫を2個支払うことによって、「この手番の間だけ」配置したカードを好きな
    # カードとして扱うことができます」「同じカード(御無心しても可)」 (Q10)
    state = at_card(gens=[(3, BLESSING), (1, LABOUR)], kinds=(LABOUR,), faith=2)
    state.play(("plea", LABOUR, BLESSING, 1))
    assert state.res[2] == 0 and state.res[0] == 3  # acts as 祝福, inherits 3
    assert state.gens[0][-1] == (1, LABOUR)  # afterwards it is its printed 労働


def test_a_plea_needs_two_faith():
    state = at_card(faith=1)
    assert not any(a[0] == "plea" for a in state.legal())
    state = at_card(faith=2)
    assert ("plea", BLESSING, LABOUR, 0) in state.legal()


def test_miracle_gains_faith_and_may_turn_three_into_one_wrath_once():
    # SEED 「奇跡: アクション1回につき、≪信仰≫1個を得ます…また、≪信仰≫3個を≪神の怒り≫1個に
    # 変換できます。ただし、最大で1個までしか変換できません」 (Q10, QD6)
    state = at_card(gens=[(1, MIRACLE_CARD)], kinds=(MIRACLE_CARD,), faith=4)
    play_card(state, MIRACLE_CARD)
    assert state.phase == MIRACLE
    state.play(("convert",))
    assert state.res[2:4] == [3, 1]  # 4 - 3 + 2, and 1 wrath
    state = at_card(gens=[(1, MIRACLE_CARD)], kinds=(MIRACLE_CARD,), faith=4)
    play_card(state, MIRACLE_CARD)
    state.play(("pass",))
    assert state.res[2:4] == [4, 0]


def test_miracle_converts_after_gaining_when_faith_was_short():
    state = at_card(gens=[(1, MIRACLE_CARD)], kinds=(MIRACLE_CARD,), faith=1)
    play_card(state, MIRACLE_CARD)
    state.play(("convert",))
    assert state.res[2:4] == [0, 1]


def test_no_conversion_is_offered_without_three_faith_in_reach():
    state = at_card(kinds=(MIRACLE_CARD,), faith=1)
    play_card(state, MIRACLE_CARD)
    assert state.res[2] == 2 and state.phase != MIRACLE


def miracle_at(faith, cap, actions, rate=3):
    """Seat 0 resolving a 奇跡 of `actions` actions with this faith, maximum faith and
    conversion rate (at the convert/pass choice if it is offered)."""
    gens = [(actions - 1, MIRACLE_CARD)] if actions > 1 else []
    state = at_card(gens=gens, kinds=(MIRACLE_CARD,), faith=faith, miracle_faith=rate)
    state.cap[2] = cap
    play_card(state, MIRACLE_CARD)
    return state


def every_point(faith, cap, actions, rate=3):
    """The faith left at the end by converting after k of the gains, for every k (0 to
    all of them) where the faith is there: the gains come one per action, each capped
    at the maximum."""
    left = []
    for k in range(actions + 1):
        f = faith
        for _ in range(k):
            f = min(f + 1, cap)
        if f < rate:
            continue
        f -= rate
        for _ in range(actions - k):
            f = min(f + 1, cap)
        left.append(f)
    return left


def test_miracle_converts_where_faith_reaches_three_before_the_maximum_wastes_gains():
    # SEED 「奇跡: アクション1回につき、≪信仰≫1個を得ます。ただし、最大数を超えた分は得られず
    # 【ストック】へ戻されます…また、≪信仰≫3個を≪神の怒り≫1個に変換できます」 (Q10: at any
    # point of the resolution; QD6)
    assert every_point(2, 5, 4) == [3, 3, 3, 2]  # after 1, 2, 3 or all 4 gains
    state = miracle_at(faith=2, cap=5, actions=4)
    assert state.phase == MIRACLE
    state.play(("convert",))
    assert state.res[2:4] == [3, 1]  # 2+1 = 3 -> 0, +3; after all gains: 5 - 3 = 2


@pytest.mark.parametrize("rate", [1, 2, 3, 4])
def test_miracle_conversion_leaves_the_best_of_every_point_and_is_offered_at_any(rate):
    # SEED 「≪信仰≫3個を≪神の怒り≫1個に変換できます。ただし、最大で1個までしか変換できません」
    # (Q10: once, at any point of the resolution; QD6: the earliest point is never worse)
    for cap in range(7):
        for faith in range(cap + 1):
            for actions in range(1, 6):
                case = (faith, cap, actions, rate)
                left = every_point(faith, cap, actions, rate)
                state = miracle_at(faith, cap, actions, rate)
                if not left:  # no point of the resolution holds the rate: no choice
                    assert state.phase != MIRACLE, case
                    assert state.res[2:4] == [min(faith + actions, cap), 0], case
                    continue
                assert state.phase == MIRACLE, case
                assert set(state.legal()) == {("convert",), ("pass",)}, case
                state.play(("convert",))
                assert state.res[2:4] == [max(left), 1], case
                state = miracle_at(faith, cap, actions, rate)
                state.play(("pass",))
                assert state.res[2:4] == [min(faith + actions, cap), 0], case


def test_miracle_conversion_is_optional_and_passing_keeps_all_the_faith():
    # SEED 「≪信仰≫3個を≪神の怒り≫1個に変換できます」: can, not must
    for faith, cap, actions in [(2, 5, 4), (4, 4, 1), (0, 7, 5), (3, 3, 2)]:
        state = miracle_at(faith, cap, actions)
        assert state.phase == MIRACLE
        state.play(("pass",))
        assert state.res[2:4] == [min(faith + actions, cap), 0]


def test_revelation_moves_own_workers_one_cell_per_action_even_out_of_the_area():
    # SEED 「【創世エリア】に配置されている自分のワーカー1個を選び、1アクションにつき1マス分、
    # 隣接するマスへ移動させます。この効果により、【創世エリア】外のマスへ移動させることも、また
    # 【創世エリア】外へ移動したワーカーをさらに移動させることもできます」 (Q10)
    state = at_card(gens=[(2, REVELATION)], kinds=(REVELATION,))
    start = cells(state, PAIR)[0]
    play_card(state, REVELATION)
    assert state.phase == MOVE and state.acts == 3
    adjacent = state.board.adjacent
    outside = next(c for c in adjacent[start] if c not in cells(state, PAIR))
    further = next(c for c in adjacent[outside] if c != start)
    state.play(("move", start, outside))
    state.play(("move", outside, further))
    assert on(state, further, 0) == 1 and on(state, start, 0) == 0
    state.play(("done",))  # the third step may be left unused
    assert state.phase != MOVE


def test_revelation_ignores_terrain_and_food():
    # SEED 「移動先マスの地形を無視し、≪食料≫を支払うことなく移動させることができます」
    state = at_card(kinds=(REVELATION,))
    start = cells(state, PAIR)[0]
    play_card(state, REVELATION)
    target = state.board.adjacent[start][0]
    state.terr[target] = 1  # mountain
    state.play(("move", start, target))
    assert state.res[1] == 0 and on(state, target, 0) == 1


def test_revelation_moves_only_workers_that_started_in_the_area():
    # Q10: "啓示 moves only own workers that started in the creation area"
    state = at_card(gens=[(1, REVELATION)], kinds=(REVELATION,))
    elsewhere = next(c for c in range(state.board.world.cells)
                     if c not in cells(state, PAIR)
                     and not set(state.board.adjacent[c]) & set(cells(state, PAIR)))
    workers(state, elsewhere, 0)
    play_card(state, REVELATION)
    assert all(a[1] != elsewhere for a in state.legal() if a[0] == "move")


def test_revelation_steps_are_shared_among_workers():
    # SEED 「ワーカーが複数いた場合、アクション回数を任意に振り分けることもできます」
    state = at_card(gens=[(1, REVELATION)], kinds=(REVELATION,))
    a, b = cells(state, PAIR)[0], cells(state, PAIR)[1]
    workers(state, b, 0)
    play_card(state, REVELATION)
    state.play(("move", a, b))
    state.play(("move", b, a))
    assert on(state, a, 0) == 1 and on(state, b, 0) == 1 and state.phase != MOVE


def test_prosperity_scores_one_vp_an_action_at_most_three():
    # SEED 「繁栄: アクション1回につき1VPを得ます。ただし、最大で3VPまでしか得られません」
    state = at_card(gens=[(4, PROSPERITY)], kinds=(PROSPERITY,))
    play_card(state, PROSPERITY)
    assert state.vp[0] == 3 and state.breakdown()[0]["prosperity"] == 3


def test_prosperity_may_discard_or_exchange_once_per_action():
    # SEED 「必要があればアクション1回につき、手札1枚を捨て札にするか、好きなリソース1個を他の
    # リソース1個に変換することができます。これは任意で、VPだけ得ることも選択できます」 (QD7)
    state = at_card(gens=[(1, PROSPERITY)], kinds=(PROSPERITY, LABOUR, LABOUR), morale=2)
    play_card(state, PROSPERITY)
    assert state.phase == PROSPER and state.vp[0] == 2
    assert ("exchange", 0, 1) in state.legal() and ("discard", LABOUR) in state.legal()
    assert not any(a[0] == "exchange" and 3 in a[1:] for a in state.legal())  # wrath is none
    state.play(("exchange", 0, 2))
    state.play(("discard", LABOUR))
    assert state.phase != PROSPER
    assert state.res[0:3] == [1, 0, 1] and state.hand[LABOUR] == 1 and state.discard[LABOUR] == 1
    state = at_card(gens=[(1, PROSPERITY)], kinds=(PROSPERITY, LABOUR), morale=1)
    play_card(state, PROSPERITY)
    state.play(("done",))
    assert state.res[0] == 1 and state.vp[0] == 2


def test_after_a_change_any_number_of_cards_may_be_discarded():
    # SEED 「最後に、手札を好きなだけ捨て札にすることができます」 (QD8)
    state = at_card(gens=[(2, LABOUR)], kinds=(BLESSING, LABOUR, LABOUR, MIRACLE_CARD))
    play_card(state, BLESSING, change=True)
    assert state.phase == DISCARD
    state.play(("discard", LABOUR))
    state.play(("discard", MIRACLE_CARD))
    assert state.hand[0:5] == [0, 1, 0, 0, 0] and state.discard[LABOUR] == 1
    state.play(("done",))
    assert state.phase != DISCARD


def test_a_card_not_in_hand_cannot_be_placed():
    state = at_card(kinds=(BLESSING,))
    with pytest.raises(IllegalAction):
        play_card(state, LABOUR)
