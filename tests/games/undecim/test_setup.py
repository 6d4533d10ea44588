"""Setup (■ ゲームの準備), the mulligan (◎マリガンルール) and expand mode (◎エキスパンドモード)
of 002_582a1950c0f44c54.txt, with rulings U3, U5, U11, U13, UD1, UD2."""

import pytest

from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim.codes import BITS
from soan.games.undecim.content import TYPES
from tests.games.undecim.helpers import GAME, new


def test_the_red_moon_starts_with_ten_time_counters():
    # SEED 「赤い月の夜を置いて【赤い月】とし、その上にタイムカウンターを10個置いてください」
    state = new()
    assert state.counters == 10
    assert state.view(0)["moon"] == {"counters": 10, "cap": 10, "die": None, "night": False}


@pytest.mark.parametrize("seats", [3, 4])
def test_two_action_cards_each_and_three_face_up_in_the_field(seats):
    # SEED 「各プレイヤーに2枚ずつ配って手札とします」 「残りのアクションカード3枚は、表向きで【場】に置きます」
    # 「3人プレイ時は、残りのアクションカード5枚をシャッフルし、3枚を表向きにして【場】に置いてください」
    state = new(seats, 5)
    assert [len(BITS[h]) for h in state.hands] == [2] * seats
    assert len(BITS[state.field]) == 3
    assert len(BITS[state.aside]) == (2 if seats == 3 else 0)
    view = state.view(0)
    assert len(view["field"]) == 3 and view["face_down_actions"] == len(BITS[state.aside])
    every = sorted([c for h in state.hands for c in BITS[h]] + list(BITS[state.field | state.aside]))
    assert every == list(range(1, 12))


def test_five_resource_cards_each_make_a_hand_of_seven():
    # SEED 「リソースカードをよくシャフルして山にし、各プレイヤーに5枚ずつ配ります」
    # 「アクションカード2枚、リソースカード5枚で、手札は計7枚」
    state = new(4, 2)
    for s in range(4):
        assert sum(state.hand[TYPES * s: TYPES * (s + 1)]) == state.hsize[s] == 5
        view = state.view(s)
        assert sum(c["count"] for c in view["hand"]) + len(view["action_cards"]) == 7
    assert len(state.deck) == 100 - 20


def test_two_awards_face_up_and_the_rest_removed_unseen():
    # SEED 「アワードカードをよくシャッフルし、2枚を表向きに配置して【アワード】とし、残りはゲームから取り除いてください」
    seen = set()
    for seed in range(20):
        state = new(3, seed)
        assert len(state.awards) == 2 and len(state.removed) == 2
        assert sorted(state.awards + state.removed) == [0, 1, 2, 3]
        assert len(state.view(1)["awards"]) == 2
        seen.add(tuple(state.awards))
    assert len(seen) > 3  # shuffled


def test_the_start_player_is_seat_one_and_never_moves():
    # SEED 「じゃんけんなど、好きな方法でスタートプレイヤーを決定します」 / UD1, U13
    state = new(4, 3)
    rng = Rng(3)
    starts = []
    while not state.over:
        if state.phase == K.BONUS and len(state.queue) == state.seats - 1:
            starts.append((state.round_no, state.to_move))
        assert state.first_player == 0
        state.play(rng.choice(state.legal()))
    assert starts == [(r, 0) for r in range(1, 6)]  # every round's bonus draw begins with seat 1
    assert state.faction(2) is None


def test_mulligan_swaps_one_action_card_for_one_face_up_field_card_in_seat_order():
    # SEED 「スタートプレイヤーから時計回りで順に、手札1枚と【議会】にある好きな1枚を交換できます」 (U3: 【議会】 is the 【場】, U11)
    state = new(4, 7)
    assert state.phase == K.MULLIGAN and state.to_move == 0
    mine, field = BITS[state.hands[0]], BITS[state.field]
    assert set(state.legal()) == {("swap", g, t) for g in mine for t in field} | {("done",)}
    state.play(("swap", mine[0], field[0]))
    assert state.hands[0] == (1 << mine[1]) | (1 << field[0])
    assert state.field >> mine[0] & 1 and not state.field >> field[0] & 1
    assert state.to_move == 1
    # the card taken from the field is known to everyone; the one dealt stays secret
    known = [c["number"] for c in state.view(2)["seats"][0]["known_action_cards"]]
    assert known == [field[0]]


def test_mulligan_is_not_compulsory_and_can_be_left_out():
    # SEED 「これは強制でなく、必要なければ交換しなくても構いません」 / 「マリガンを行うこともできます」
    state = new(3, 4)
    hands = list(state.hands)
    for _ in range(3):
        state.play(("done",))
    assert state.hands == hands and state.phase == K.BONUS and state.round_no == 1
    direct = new(3, 4, mulligan=False)
    assert direct.phase == K.BONUS and direct.round_no == 1


def test_with_three_players_only_face_up_field_cards_can_be_taken_in_the_mulligan():
    # SEED 「3人プレイ時は…3枚を表向きにして【場】に置いてください」: the other 2 are not in the 【場】
    state = new(3, 8)
    taken = {a[2] for a in state.legal() if a[0] == "swap"}
    assert taken == set(BITS[state.field])
    assert not taken & set(BITS[state.aside])


def test_expand_mode_replaces_the_numbered_cards_and_adds_each_sets_award_face_up():
    # SEED 「使用するセットのアワードカードを【アワード】に追加します。そして、アクションカードを、指定された番号のアクションカードと差し替えてください」
    # 「複数のセットを同時に使用することもできます」 / UD2
    content = GAME.load_content()
    base = GAME.new(4, 1, GAME.options())
    both = GAME.new(4, 1, GAME.options(module_dark=True, module_gold=True))
    replaced = {a.number: a.name for m in content.modules if m.key in ("dark", "gold")
                for a in m.actions}
    for n in range(1, 12):
        expected = replaced.get(n, base.tables.card_name[n])
        assert both.tables.card_name[n] == expected
    names = [both.tables.award_name[a] for a in both.awards]
    assert len(names) == 4
    assert {m.award.name for m in content.modules if m.key in ("dark", "gold")} <= set(names)
    assert len(both.view(0)["awards"]) == 4
    assert GAME.options("expand_all").modules == ("dark", "storm", "gold")
