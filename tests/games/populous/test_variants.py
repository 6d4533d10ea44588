"""The playable proposals of the 「問題点」 notes of 000_46f0bc69916fd492.txt, each a
variant: the rule the note names on a real position, and the draft as written beside it."""

from soan.boards import terrain as T
from soan.engine.rng import Rng
from soan.games.populous.codes import (
    AREA,
    BLESSING,
    BUILD,
    DISASTER,
    DRAW,
    EMPTY,
    LABOUR,
    PLACE,
    PROSPERITY,
    REMOVE,
    REVELATION,
    VANDAL,
)
from soan.games.populous.genesis import DECK, REDRAWN, WILD_CARD
from soan.games.populous.view import genesis_cards
from tests.games.populous.helpers import (
    Dice,
    cells,
    choose,
    fill,
    house,
    new,
    no_abilities,
    put,
    set_terrain,
    turn_of,
    worker,
)


def ready(variant: str, action: int, **options):
    """Seat 0 to move on a plains tile with 3+ neighbours it can name keeping `action`
    raised; race abilities off for exact arithmetic."""
    state = new(3, variant=variant, **options)
    no_abilities(state)
    turn_of(state, 0)
    pairs, adjacent = state.board.world.pairs, state.board.world.tile_adjacent
    t = next(u for u, p in enumerate(pairs)
             if p[0] != p[1] and action not in p and len(adjacent[u]) >= 3)
    set_terrain(state, t, [T.PLAINS] * 7)
    return state, t


def test_connected_placement_costs_4_food_away_from_own_pieces_and_blessing_stays_free():
    # SEED 「例えば、繋がるよう配置するなら1で済むが、全くつながりのない別エリアへ配置するには4必要とか」
    state, t = ready("connected_placement", LABOUR)
    first, *_ = cells(state, t)
    neighbour = state.board.world.adjacent[first][0]
    assert state.place_cost(0, first) == 4  # plains, but touching none of seat 1's pieces
    state.food[0] = 3
    choose(state, state.board.world.pairs[t], LABOUR)
    assert state.phase != PLACE  # 3 food cannot pay for any cell
    state, t = ready("connected_placement", LABOUR)
    put(state, neighbour, worker(0))
    assert state.place_cost(0, first) == 0  # next to its own worker: plains are free
    as_written, _ = ready("default", LABOUR)
    assert as_written.place_cost(0, first) == 0  # the draft: plains are free anywhere
    # 「基本配置は連続したマスにしない限り、フードがいる。そのフードを無視できるから」: Blessing
    state, t = ready("connected_placement", BLESSING)
    state.food[0] = 0
    choose(state, state.board.world.pairs[t], BLESSING)
    assert state.phase == PLACE
    state.play(("place", cells(state, t)[3]))
    assert state.food[0] == 0


def test_connected_placement_pays_the_isolated_price():
    state, t = ready("connected_placement", LABOUR)
    state.food[0] = 5
    choose(state, state.board.world.pairs[t], LABOUR)
    state.play(("place", cells(state, t)[0]))
    assert state.food[0] == 5 - 4 + 1  # paid 4, then Labour gives 1 food for the worker


def test_upkeep_feeds_workers_on_the_map_and_costs_fp_for_food_short():
    # SEED 「ワーカー自体の総数を10前後と仮定し、一定ワーカー数に対して一定食料が必要」 /
    # 「無茶をするなら、維持費分を削って拡張する。で、不足分だけFPが減る」
    state, t = ready("upkeep", LABOUR)
    assert state.workers[0] == 10
    other = next(u for u in range(len(state.board.world.pairs)) if u != t)
    fill(state, other, [worker(0)] * 7)  # 7 workers on the map: 7 // 3 = 2 food due
    state.hands[0] = []
    state.food[0], fp = 1, state.fp[0]
    choose(state, state.board.world.pairs[t], LABOUR)
    state.play(("done",))  # place nothing: Labour yields nothing here
    assert state.phase == AREA and state.active == 1  # the turn ended
    assert state.food[0] == 0 and state.fp[0] == fp - 1  # 1 food paid, 1 short: -1 FP
    assert any("feeds its workers" in line for line in state.log)


def spread(state, t):
    """Seat 1 in two areas next to `t` (a worker, a house), seat 2 in a third, and seat
    1 in an area that is not next to `t`."""
    adjacent = state.board.world.tile_adjacent[t]
    put(state, cells(state, adjacent[0])[0], worker(0))
    put(state, cells(state, adjacent[1])[0], house(0))
    put(state, cells(state, adjacent[2])[0], worker(1))
    far = next(u for u in range(len(state.board.world.pairs))
               if u != t and u not in adjacent)
    put(state, cells(state, far)[0], worker(0))


def test_active_areas_revelation_gives_fp_per_own_area_next_to_the_creation_area():
    # SEED 啓示 「手札操作はやめた方がいい。FPを回収するアクションにするとして…
    # ”【創世エリア】に隣接する、自分のワーカー/ハウスの配置されたエリア数”分だけ得る」
    state, t = ready("active_areas", REVELATION)
    spread(state, t)
    hand, fp = list(state.hands[0]), state.fp[0]
    choose(state, state.board.world.pairs[t], REVELATION)
    assert state.active_areas(0) == 2
    state.play(("place", cells(state, t)[0]))
    assert state.fp[0] == fp + 2 and state.hands[0] == hand and state.phase != DRAW


def test_active_areas_labour_gives_food_per_active_area_and_no_fp():
    # SEED 「労働は活性化エリア分の食料得るつまり、最大でも基本は6」
    state, t = ready("active_areas", LABOUR)
    spread(state, t)
    state.hands[0] = []
    food, fp = state.food[0], state.fp[0]
    choose(state, state.board.world.pairs[t], LABOUR)
    state.play(("place", cells(state, t)[0]))
    assert state.food[0] == food + 2 and state.fp[0] == fp


def test_active_areas_prosperity_places_no_worker_and_scores_active_areas():
    # SEED 繁栄 「マスのワーカーをハウスに置き換える。ワーカーを配置しない。」 /
    # 「”【創世エリア】に隣接する、自分のワーカー/ハウスの配置されたエリア数”分だけVPが手に入る」
    state, t = ready("active_areas", PROSPERITY)
    spread(state, t)
    put(state, cells(state, t)[2], worker(0))
    workers, vp = state.workers[0], state.vp[0]
    choose(state, state.board.world.pairs[t], PROSPERITY)
    assert state.phase == BUILD  # straight to the house: no worker placed
    state.play(("build", cells(state, t)[2]))
    assert state.occ[cells(state, t)[2]] == house(0) and state.workers[0] == workers + 1
    assert state.vp[0] == vp + 2  # two own areas next to t; the far one and t do not count


def test_disaster_no_place_removes_and_places_nothing():
    # SEED 「後、天災はワーカー配置なしにするのがいいかな。マス数が減ってるし、天災即入居は強すぎるだろう」
    state, t = ready("disaster_no_place", DISASTER)
    fill(state, t, [worker(1)])
    workers = state.workers[0]
    choose(state, state.board.world.pairs[t], DISASTER)
    assert state.phase == REMOVE
    state.play(("remove", cells(state, t)[0]))
    assert state.phase != PLACE and state.workers[0] == workers
    assert state.occ[cells(state, t)[0]] == EMPTY


def test_disaster_resist_rolls_for_every_worker_and_a_1_removes_it():
    # SEED 「エリアに存在する全てのワーカーに対してサイコロを振り、除去されるかどうかの抵抗判定
    # ぐらいあった方がいいだろう。基本、1を振ったら死ぬとかそんなぐらい」
    state, t = ready("disaster_resist", DISASTER)
    fill(state, t, [worker(1), worker(2), house(1), VANDAL])
    state.rng = Dice(1, 4, 1)  # seat 2's worker, seat 3's worker, the vandal (no house)
    fp = state.fp[1]
    choose(state, state.board.world.pairs[t], DISASTER)
    area = [state.occ[c] for c in cells(state, t)[:4]]
    assert area == [EMPTY, worker(2), house(1), EMPTY]
    assert state.fp[1] == fp + state.options.disaster_fp and state.vandals == 0


def test_disaster_cell_lets_one_die_pick_the_cell():
    # SEED 「例えば、エリアの3マスを1〜2、3〜4、5〜6に割ってそこを除去とか」 (7 cells here: a 1-7 roll)
    state, t = ready("disaster_cell", DISASTER)
    fill(state, t, [worker(1), worker(2)])
    state.rng = Dice(2)
    choose(state, state.board.world.pairs[t], DISASTER)
    assert [state.occ[c] for c in cells(state, t)[:2]] == [worker(1), EMPTY]


def test_random_genesis_hands_are_dealt_from_the_30_cards_and_refilled_after_each_turn():
    # SEED 「まず、手札ランダム制に戻す必要がある。」 / 「5枚にして、3枚使って即5枚になるよう補充とか。」
    state = new(3, variant="random_genesis_5")
    assert [len(h) for h in state.genesis] == [5, 5, 5] and len(state.gdeck) == 15
    assert sorted(state.gdeck + [n for h in state.genesis for n in h]) == sorted(DECK)
    s = state.to_move
    area = state.legal()[0]
    state.play(area)
    state.play(state.legal()[0])
    assert len(state.genesis[s]) == 2 and len(state.gdiscard) == 3  # 3 lowered, face up
    while state.active == s:
        state.play(state.legal()[-1])  # place nothing, play no card, ...
    assert len(state.genesis[s]) == 5  # 「即5枚になるよう補充」
    assert len(new(3, variant="random_genesis_6").genesis[0]) == 6  # 「6枚はいるんじゃなかろうか」


def test_random_genesis_two_cards_of_one_number_name_the_double():
    state = new(3, variant="random_genesis_5")
    s, present = state.to_move, state.board.world.tile_of_pair
    double = next(a for a in range(1, 6) if (a, a) in present)
    state.genesis[s] = [double, double, 1 if double != 1 else 2, WILD_CARD, 5]
    state._legal = None
    assert ("area", double, double) in state.legal()
    state.play(("area", double, double))
    assert state.area == present[(double, double)] and state.genesis[s].count(double) == 0
    assert set(state.legal()) >= {("wildact", n) for n in range(1, 6)}


def test_random_genesis_hand_that_names_no_tile_is_drawn_again():
    # SEED 「手札ランダム制で最大の問題は、数字が偏った場合、プレイできない瞬間が来るかも知れないこと」
    state = new(3, variant="random_genesis_5")
    present = state.board.world.tile_of_pair
    stuck = next(a for a in range(1, 6) if (a, a) not in present)
    nxt = (state.active + 1) % 3
    pool = [n for n in DECK if n != stuck]  # the next seat holds all five of `stuck`
    for s in range(3):
        state.genesis[s] = [stuck] * 5 if s == nxt else [pool.pop() for _ in range(5)]
    state.gdeck = pool
    state.active = nxt
    state._start_turn()  # the next seat's turn begins with a hand that names no tile
    assert state.genesis[nxt] != [stuck] * 5 and state.legal()
    assert state.usage()[nxt][REDRAWN] >= 1


def test_random_genesis_hands_are_hidden_from_the_other_seats():
    state = new(3, variant="random_genesis_5")
    mine, theirs = state.view(0), state.view(1)
    assert mine["genesis_hand"] == genesis_cards(state.genesis[0]) and len(state.genesis[0]) == 5
    assert theirs["genesis_hand"] == genesis_cards(state.genesis[1])
    assert theirs["seats"][0]["genesis"] == {"up": [], "down": [], "hand_size": 5}  # size only
    again = state.redeal(1, Rng(3))
    assert again.view(1) == theirs and again.genesis[1] == state.genesis[1]
