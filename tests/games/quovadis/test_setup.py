"""■ ゲームの準備 of 003_b75d8708900d9d94.txt: world, races, skill draft, epic deck,
starting cubes, basic skills and the start player (rulings Q2, Q3, Q14, QD1-QD4)."""

import pytest

from soan.engine.core import OptionsError
from soan.games.quovadis.codes import AREA, BASIC, CUBES, DRAFT, RACE
from tests.games.quovadis.helpers import GAME, new


@pytest.mark.parametrize(("seats", "tiles"), [(3, 10), (4, 12), (5, 14)])
def test_the_world_has_ten_tiles_and_two_or_four_doubles(seats, tiles):
    # SEED 「「1−1」「2−2」「3−3」「4−4」「5−5」の5枚を取り除きます」「ここまでで10枚配置」
    # 「4人プレイならば…ランダムで2枚、5人プレイであれば4枚」 (Q2)
    for seed in range(10):
        state = GAME.new(seats, seed)
        pairs = state.board.world.pairs
        assert len(pairs) == tiles
        assert sum(a == b for a, b in pairs) == tiles - 10
        assert state.board.world.cells == 3 * tiles  # Q1: 3 cells a tile


def test_races_are_chosen_in_seat_order_each_once():
    # SEED 「好きな方法で種族を1つ選び」 (QD1: seat by seat from seat 1)
    state = GAME.new(4, 3)
    assert state.phase == RACE and state.to_move == 0
    state.play(("race", 3))
    assert state.to_move == 1 and ("race", 3) not in state.legal()
    assert state.faction(0) == "ミスティック" and state.faction(1) is None


def test_random_races_deal_a_race_to_everyone():
    state = GAME.new(5, 2, GAME.options("random_races"))
    assert state.phase == DRAFT
    assert sorted(state.faction(s) for s in range(5)) == sorted(state.tables.race_name)


def draft(seats=3, seed=4):
    state = GAME.new(seats, seed)
    for _ in range(seats):
        state.play(state.legal()[0])
    return state


def test_the_draft_deals_six_skills_without_basic_skills():
    # SEED 「(基本スキルを除いた)スキルカードをよくシャッフルし、全プレイヤーに6枚ずつ配って」
    state = draft(4)
    dealt = [k for hand in state.draft for k in hand]
    assert all(len(hand) == 6 for hand in state.draft)
    assert len(set(dealt)) == 24 and set(dealt) <= set(state.tables.draft)


def test_each_picks_one_and_passes_the_rest_to_the_left():
    # SEED 「手札から好きな1枚を選んで伏せ、残った手札を左隣のプレイヤーに渡して」 (Q14, G4)
    state = draft(3)
    before = [list(hand) for hand in state.draft]
    picks = []
    for s in range(3):
        assert state.to_move == s
        picks.append(before[s][-1])
        state.play(("pick", before[s][-1]))
    assert [state.hidden[s] for s in range(3)] == [(k,) for k in picks]
    for s in range(3):  # seat s now holds what seat s-1 passed on
        assert state.draft[s] == [k for k in before[(s - 1) % 3] if k != picks[(s - 1) % 3]]


def test_the_draft_ends_with_six_face_down_skills_each():
    # SEED 「手札がなくなったら、選んだ6枚を伏せて置いておきます」
    state = draft(5)
    while state.phase == DRAFT:
        state.play(state.legal()[0])
    assert all(len(state.hidden[s]) == 6 for s in range(5))
    assert len({k for s in range(5) for k in state.hidden[s]}) == 30


def test_five_players_need_thirty_skills():
    # SEED 「スキルカード(10枚+30枚)」: 5 x 6 = 30; more than the content holds is refused
    with pytest.raises(OptionsError, match="skill draft"):
        GAME.new(5, 1, GAME.options(draft_cards=7))


def to_cubes(seats=3, seed=5):
    state = GAME.new(seats, seed)
    while state.phase != CUBES:
        state.play(state.legal()[0])
    return state


def test_four_epic_cards_each():
    # SEED 「エピックカードをよくシャッフルして山にし、全プレイヤーは4枚ずつ引いて手札」
    state = to_cubes(4)
    assert [state.hand_size(s) for s in range(4)] == [4, 4, 4, 4]
    assert len(state.deck) == 100 - 16


def test_seven_cubes_split_within_the_maxima():
    # SEED 「キューブを7個得て、≪戦意≫≪食料≫≪信仰≫の3つのリソースへ好きなように分けて配置」
    # 「設定された最大数以上に配置することはできません(≪神の怒り≫はリソースでありません)」 (Q14)
    state = to_cubes()
    splits = state.legal()
    assert all(a[1] + a[2] + a[3] == 7 for a in splits)
    assert all(max(a[1:]) <= 4 for a in splits)  # standard maxima of the shipped content
    assert ("cubes", 3, 2, 2) in splits and ("cubes", 7, 0, 0) not in splits
    state.play(("cubes", 3, 2, 2))
    assert state.res[0:4] == [3, 2, 2, 0]


def test_custom_boards_give_each_race_its_maxima():
    # SEED 「カスタムだとそれらが各種族毎に異なります」
    state = GAME.new(5, 1, GAME.options("custom"))
    for r in range(5):
        state.play(("race", r))
    t = state.tables
    for s in range(5):
        assert tuple(state.cap[4 * s:4 * s + 4]) == t.race_custom[state.race[s]]
    standard = GAME.new(3, 1)
    for r in range(3):
        standard.play(("race", r))
    assert all(tuple(standard.cap[4 * s:4 * s + 4]) == t.standard for s in range(3))


def to_basic(seats=3, seed=6):
    state = GAME.new(seats, seed)
    while state.phase != BASIC:
        state.play(state.legal()[0])
    return state


def test_basic_skills_are_hidden_until_all_have_chosen():
    # SEED 「2枚の基本スキルの内、1枚を選んで伏せて場に出してください」
    # 「全員が出したら表向きにして公開し」
    state = to_basic()
    race = state.race[0]
    assert [a[1] for a in state.legal()] == list(state.tables.basic[race])
    state.play(state.legal()[1])
    assert state.view(1)["seats"][0]["skills"] == [] and "basic_choice" not in state.view(1)
    assert state.view(0)["basic_choice"]["id"] == state.tables.basic[race][1]
    assert not any(state.tables.skill_english[state.basic[0]] in line for line in state.log)
    state.play(state.legal()[0])
    state.play(state.legal()[0])
    assert state.phase == AREA
    assert state.shown[0] == (state.tables.basic[race][1],)
    assert all(len(state.shown[s]) == 1 for s in range(3))


def test_the_start_player_is_drawn_and_starts_round_one():
    # SEED 「じゃんけんなど好きな方法でスタートプレイヤーを決定し」 (G3: drawn by chance)
    starts = set()
    for seed in range(30):
        state = new(4, seed)
        assert state.first_player == state.start == state.active == state.to_move
        assert state.round_no == 1
        starts.add(state.start)
    assert starts == {0, 1, 2, 3}


def test_the_markers_start_on_free():
    # SEED 「【フリー】の上に【ストック】からキューブを2個置き、これをマーカーとして」 (Q3)
    state = new(3, 2)
    assert state.markers == (0, 0)
    assert not any(a[0] in ("free", "free2") for a in state.legal())
