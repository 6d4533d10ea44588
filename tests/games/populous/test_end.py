"""The end of the game (6:終了フェイズ and the winner) of 000_46f0bc69916fd492.txt."""

from soan.boards import terrain as T
from soan.games.populous.codes import AREA, LABOUR, OVER, VANDAL
from soan.games.populous.scoring import SHARED_AREA
from tests.games.populous.helpers import (
    choose,
    fill,
    house,
    new,
    no_abilities,
    set_terrain,
    tile,
    worker,
)


def quiet_turn(state):
    """The mover takes a Labour on an empty plains tile, placing nothing, and plays no card."""
    no_abilities(state)
    state.down[state.active] = 0
    state._legal = None
    t = tile(state, avoid=LABOUR)
    set_terrain(state, t, [T.PLAINS] * 7)
    choose(state, state.board.world.pairs[t], LABOUR)
    state.play(("done",))
    if state.phase not in (AREA, OVER):
        state.play(("done",))


def test_the_round_is_played_out_after_someone_reaches_60():
    # SEED 「VPとFPの合計が60以上あればゲーム終了条件を満たします。スタートプレイヤーの右隣まで
    # 手番を行い(=全員が同手番数になる)ゲームを終了してください」
    state = new(4, 3)
    start = state.start
    quiet_turn(state)  # the start player's turn
    state.fp[(start + 1) % 4] = 60
    turns = 1
    while not state.over:
        quiet_turn(state)
        turns += 1
    assert turns == 4 and state.turn() == 4
    assert any("the round is played out" in line for line in state.log)
    assert state.to_move is None and state.legal() == ()


def test_reaching_60_on_the_last_seat_of_the_round_ends_at_once():
    state = new(3, 5)
    for _ in range(2):
        quiet_turn(state)
    last = state.active
    assert (last + 1) % 3 == state.start
    state.vp[last] = 55
    state.fp[last] = 5
    quiet_turn(state)
    assert state.over and state.turn() == 3


def test_anyones_score_counts_not_only_the_active_seats():
    state = new(3, 5)
    state.fp[(state.active + 2) % 3] = 70
    quiet_turn(state)
    assert state.ending and not state.over


def test_the_highest_vp_plus_fp_wins():
    # SEED 「VPとFPの合計値の、最も高いプレイヤーがゲームに勝利します」
    state = new(3, 5)
    state.vp = [30, 20, 20]
    state.fp = [5, 45, 20]
    for _ in range(3):
        quiet_turn(state)
    assert state.over
    assert state.scores() == [35, 65, 40]
    assert state.winners() == [1]


def test_a_tie_goes_to_more_workers_on_the_map_then_is_a_draw():
    # SEED 「複数いれば、配置されているワーカー数の多い方(=種族ボードに残っているワーカーの
    # 少ない方)が勝利します。それも同じなら引き分けとしてください」
    state = new(3, 5)
    state.vp = [30, 30, 10]
    state.fp = [30, 30, 10]
    for _ in range(3):
        quiet_turn(state)
    assert state.winners() == []  # a draw: nobody wins (ruling PD14)
    state.occ[0] = worker(1)
    state.workers[1] -= 1
    assert state.winners() == [1]


def test_winners_is_empty_while_the_game_goes_on():
    assert new(3).winners() == []


def test_the_end_counts_the_areas_each_seat_shares_with_another_seat():
    # SEED 「隣接するマップにほぼ意味がないこと…あり得ないぐらいインタラクションの低いゲームになっている」:
    # the lab measures it as the areas a seat shares with another seat when the game ends
    state = new(3, 3)
    fill(state, 0, [worker(0), worker(1)])  # seats 1 and 2 share area 0
    fill(state, 1, [house(0), VANDAL])  # a vandal is no seat
    fill(state, 2, [worker(2), worker(0), worker(1)])  # all three share area 2
    state.fp[0] = 60
    while not state.over:
        quiet_turn(state)
    assert [u.get(SHARED_AREA, 0) for u in state.usage()] == [2, 2, 1]
