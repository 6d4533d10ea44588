"""The war phase (5:戦争フェイズ) of 000_46f0bc69916fd492.txt, with ruling P6."""

import pytest

from soan.boards import terrain as T
from soan.engine.core import IllegalAction
from soan.games.populous.codes import AREA, BID, BLESSING, GRACE, RETURN, VANDAL
from tests.games.populous.helpers import (
    Dice,
    cells,
    choose,
    fill,
    house,
    new,
    no_abilities,
    set_terrain,
    tile,
    turn_of,
    worker,
)


def war(codes, seat=0, food=None, dice=(), seats=3, seed=1):
    """`seat`'s Blessing puts a worker on the last empty cell of a tile already holding
    the six `codes`; the war's dice will be `dice`, in order from the active seat.
    Returns (state, tile) at the first war decision."""
    state = new(seats, seed)
    no_abilities(state)
    turn_of(state, seat)
    t = tile(state, avoid=BLESSING)
    set_terrain(state, t, [T.PLAINS] * 7)
    fill(state, t, codes)
    for s, amount in (food or {}).items():
        state.food[s] = amount
    choose(state, state.board.world.pairs[t], BLESSING)
    state.rng = Dice(*dice)
    state.play(("place", cells(state, t)[6]))
    if state.phase == GRACE:
        state.play(("done",))
    return state, t


def pass_all(state):
    while state.phase == BID:
        state.play(("pass",))


def test_no_war_in_an_area_with_an_empty_cell():
    # SEED 「【創世エリア】の全てのマスが埋まっていて」
    state = new(3)
    no_abilities(state)
    turn_of(state, 0)
    t = tile(state, avoid=BLESSING)
    set_terrain(state, t, [T.PLAINS] * 7)
    fill(state, t, [worker(1)] * 4)
    choose(state, state.board.world.pairs[t], BLESSING)
    state.play(("place", cells(state, t)[4]))
    state.play(("done",))
    if state.phase == GRACE:
        state.play(("done",))
    assert state.phase == AREA and state.active == 1


def test_no_war_when_one_owner_fills_the_area():
    # SEED 「かつ、複数のプレイヤーのワーカー(ヴァンダルも含む)が配置されていたら」
    state, _ = war([worker(0), house(0)] * 3, dice=())
    assert state.phase == AREA and not any(line.startswith("War") for line in state.log)


def test_a_vandal_counts_as_an_owner():
    # SEED 「複数のプレイヤーのワーカー(ヴァンダルも含む)」 (P6)
    state, _ = war([worker(0)] * 5 + [VANDAL], food={0: 0}, dice=(3,))
    assert any(line.startswith("War breaks out") and "the vandals" in line for line in state.log)


def test_bidding_goes_round_from_the_active_seat_until_a_round_adds_nothing():
    # SEED 「他のプレイヤーのフード支払い数を聞いてから、フードを追加で支払っても問題ありません」
    # (P6: round the table from the active seat, repeated until a full round adds nothing)
    state, _ = war([worker(0), worker(2), worker(2), worker(1), worker(1), worker(0)],
                   seat=1, food={0: 5, 1: 5, 2: 5}, dice=(1, 1, 1))
    assert state.bidders == (1, 2, 0)
    order = []
    script = {1: ["bid", "pass", "pass", "pass"], 2: ["pass", "bid", "pass", "pass"],
              0: ["pass", "pass", "pass"]}
    while state.phase == BID:
        s = state.to_move
        order.append(s)
        state.play((script[s].pop(0),))
    # round 1: seat 1 bids then passes, 2 and 0 pass; round 2: 2 bids; round 3 adds nothing
    assert order == [1, 1, 2, 0, 1, 2, 2, 0, 1, 2, 0]
    assert state.bids == [0, 1, 1]


def test_bids_are_limited_by_food_and_by_own_pieces_in_the_area():
    # SEED 「フードを1つ支払う毎に(【創世エリア】に配置された自分の)ワーカー1つ、あるいはハウス1つ」
    state, _ = war([worker(1), worker(1), house(1), house(1), worker(2), worker(2)],
                   food={0: 9, 1: 9, 2: 1}, dice=(1, 1, 1))
    assert state.to_move == 0
    state.play(("bid",))  # seat 0 has one piece: its bidding ends by itself
    assert state.to_move == 1
    for _ in range(4):
        state.play(("bid",))
    assert state.to_move == 2 and state.bids[1] == 4 and state.food[1] == 5
    state.play(("bid",))  # seat 2 runs out of food; nobody can add more: the dice roll
    assert state.phase == RETURN and state.bids == [1, 4, 1]


def test_a_seat_without_food_is_not_asked():
    state, _ = war([worker(1)] * 6, food={0: 0, 1: 0, 2: 0}, dice=(1, 1), seed=2)
    assert state.phase == RETURN  # nobody could bid: straight to the dice


def test_two_seats_higher_total_wins_and_scores_like_prosperity():
    # SEED 「サイコロを1個振って出目を加え、戦力の合計値を「戦力値」とします」
    # 「勝者は、各エリア毎に「自分のワーカーかハウスが1つでも配置されていたら」VP」
    # 「敗者は…自分のワーカー/ハウス1つを…戻して2FPを得てください」
    state, t = war([worker(1), worker(1), house(1), worker(1), worker(1), worker(1)],
                   food={0: 1, 1: 2}, dice=(3, 4))  # seat 0 rolls 3, seat 1 rolls 4
    other = next(u for u in range(len(state.board.world.pairs)) if u != t)
    fill(state, other, [worker(0)])
    state.play(("bid",))  # seat 0: 1 food, its worker: 1 + 3 = 4
    state.play(("bid",))  # seat 1: its house first (2)
    state.play(("bid",))  # then a worker (1): 3 + 4 = 7
    pass_all(state)
    assert "seat 2 wins" in state.log[-2]
    assert state.vp[1] == 2  # one area, with a house
    assert state.phase == RETURN and state.to_move == 0
    fp = state.fp[0]
    state.play(("return", cells(state, t)[6]))
    assert state.fp[0] == fp + 2 and state.workers[0] == 15  # the other area still holds one
    assert state.phase == AREA


def test_strongest_pieces_are_committed_first():
    # SEED 「ワーカーを1戦力、ハウスを2戦力として」: k food commits the k strongest (P6)
    state, _ = war([house(1), worker(1), worker(1), worker(2), worker(2), worker(2)],
                   food={0: 0, 1: 1, 2: 3}, dice=(1, 1, 1))
    state.play(("bid",))  # seat 1: one food commits its house (2)
    for _ in range(3):
        state.play(("bid",))  # seat 2: three workers (3)
    pass_all(state)
    war_line = next(line for line in reversed(state.log) if line.startswith("War:"))
    assert "seat 2 pays 1 food, rolls 1: 3" in war_line
    assert "seat 3 pays 3 food, rolls 1: 4" in war_line


def test_vandals_commit_everything_free_and_use_the_highest_die():
    # SEED 「ヴァンダルについては、フードを支払わず全ワーカーが戦闘に参加するものとし、さらに
    # 「参加した全プレイヤーの振った目の中で、最も大きい目を振った」として」
    state, _ = war([VANDAL, VANDAL, worker(1), worker(1), worker(1), worker(1)],
                   food={0: 0, 1: 0}, dice=(2, 5))
    # seat 0 rolls 2, seat 1 rolls 5 with nothing committed; the vandals count 2 + 5 = 7
    assert "the vandals 7" in state.log[-1] and "the vandals win" in state.log[-1]
    assert state.vp == [0, 0, 0]
    # both seats lose; the vandals keep their pieces
    assert state.losers == [0, 1]


def test_losing_vandals_lose_one_piece_to_the_stock_chosen_by_the_active_seat():
    # SEED 「ヴァンダルは、ワーカー1つを【ストック】へ戻してください」
    state, t = war([VANDAL, worker(1), worker(1), worker(1), worker(1), worker(1)],
                   food={0: 0, 1: 5}, dice=(1, 6))
    for _ in range(5):
        state.play(("bid",))  # seat 1: 5 + 6 = 11; vandals: 1 + 6 = 7; seat 0: 1 + 1 = 2
    pass_all(state)
    assert "seat 2 wins" in state.log[-2]
    state.play(("return", cells(state, t)[6]))  # seat 0 loses its worker
    assert state.phase == RETURN and state.to_move == 0 and state.losers == [5]
    assert state.legal() == (("return", cells(state, t)[0]),)
    state.play(("return", cells(state, t)[0]))
    assert state.vandals == 0 and state.occ[cells(state, t)[0]] == -1


def test_a_tie_at_the_top_makes_everyone_a_loser():
    # SEED 「最も大きい(複数不可)プレイヤー1人を勝者…複数いた場合、全員を敗者としてください」
    state, _ = war([worker(1), worker(1), worker(1), worker(2), worker(2), worker(2)],
                   food={0: 0, 1: 0, 2: 0}, dice=(5, 6, 6))
    assert "everyone loses" in state.log[-1]
    assert state.losers == [0, 1, 2] and state.vp == [0, 0, 0]
    for _ in range(3):
        state.play(state.legal()[0])
    assert [state.fp[s] for s in range(3)] == [12, 12, 12]


def test_a_tie_with_the_vandals_at_the_top_costs_them_a_piece_too():
    state, _ = war([VANDAL, worker(1), worker(1), worker(1), worker(1), worker(1)],
                   food={0: 1, 1: 0}, dice=(6, 1))
    state.play(("bid",))  # seat 0: 1 + 6 = 7; vandals: 1 + 6 = 7; seat 1: 0 + 1 = 1
    assert "everyone loses" in state.log[-1]
    assert state.losers == [0, 1, 5]


def test_a_loser_chooses_which_piece_goes_back_even_a_house():
    state, t = war([house(1), worker(1), worker(1), worker(1), worker(1), worker(1)],
                   food={0: 1, 1: 0}, dice=(6, 1))
    state.play(("bid",))
    pass_all(state)
    assert state.to_move == 1
    choices = {a[1] for a in state.legal()}
    assert choices == set(cells(state, t)[:6])
    state.play(("return", cells(state, t)[0]))
    assert state.houses[1] == 6 and state.fp[1] == 12


def test_a_loser_may_return_only_its_own_pieces():
    state, t = war([worker(1)] * 6, food={0: 1, 1: 0}, dice=(6, 1))
    state.play(("bid",))
    pass_all(state)
    with pytest.raises(IllegalAction):
        state.play(("return", cells(state, t)[6]))  # seat 0's worker, but seat 1 loses


def test_a_war_with_another_seat_is_noted_apart_from_one_against_vandals_alone():
    # SEED 「そもそも勢力拡大が遅すぎて他のプレイヤーと干渉しない」: the lab counts the wars a
    # seat fights against another seat (war:seats), vandals aside
    state, _ = war([VANDAL, VANDAL, worker(1), worker(1), worker(1), worker(1)],
                   food={0: 0, 1: 0}, dice=(2, 5))
    usage = state.usage()
    assert [u.get("war:seats") for u in usage] == [1, 1, None]
    alone, _ = war([VANDAL] * 6, food={0: 0}, dice=(3,))
    usage = alone.usage()
    assert usage[0]["war"] == 1 and "war:seats" not in usage[0]
