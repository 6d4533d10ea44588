"""3:戦争フェイズ of 003_b75d8708900d9d94.txt with rulings Q5 and Q11 (and QD11-QD13)."""

from soan.games.quovadis.codes import AREA, CITY, EMPTY, FORT, MORALE, RUIN, TEMPLE
from tests.games.quovadis.helpers import (
    DESERT,
    LABOUR,
    MOUNTAIN,
    Dice,
    blank,
    building,
    cells,
    hand,
    on,
    resources,
    terrain,
    turn_of,
    workers,
)

PAIR = (1, 4)


def setup(seats=3):
    """Seat 0 to move in area 1-4 (all desert: nobody's home), with food for one worker
    and a 労働 card; the world empty."""
    state = blank(seats)
    terrain(state, PAIR, [DESERT] * 3)
    resources(state, 0, food=1)
    hand(state, 0, LABOUR)
    return state, cells(state, PAIR)


def go(state, place, rolls=(), card=LABOUR):
    """Choose the area, place one worker on `place`, play the card; dice are `rolls`."""
    dice = Dice(*rolls)
    state.play(("area", *PAIR))
    state.play(("place", place))
    state.rng = dice
    state.play(("card", card, 0))
    return dice


def away(state, area):
    """A cell touching no cell of the area."""
    near = set(area)
    for c in area:
        near.update(state.board.adjacent[c])
    return next(c for c in range(state.board.world.cells) if c not in near)


def test_a_cell_with_two_seats_pieces_is_contested():
    # SEED 「【創世エリア】に「複数のプレイヤーのワーカーや都市が配置されているマス」があれば、
    # それを【係争マス】として戦争が発生します」 (Q11: forts and temples too)
    state, area = setup()
    workers(state, area[0], 1)
    go(state, area[0], rolls=(6, 1))
    assert any(line.startswith("War over cell(s) " + str(area[0])) for line in state.log)
    state, area = setup()
    building(state, area[1], 2, TEMPLE)
    go(state, area[1], rolls=(6, 1))
    assert any(line.startswith("War over") for line in state.log)


def test_a_destroyed_city_contests_nothing():
    # Q5, Q11: "face-up pieces"; a destroyed city gives no strength
    state, area = setup()
    building(state, area[0], 1, RUIN, 2)
    go(state, area[0])
    assert not any(line.startswith("War") for line in state.log)


def test_no_war_outside_the_area():
    # SEED 「【創世エリア】以外のエリアに【係争マス】ができても、そこは係争対象外となります」
    state, area = setup()
    elsewhere = away(state, area)
    workers(state, elsewhere, 1)
    workers(state, elsewhere, 2)
    go(state, area[0])
    assert not any(line.startswith("War") for line in state.log)
    assert on(state, elsewhere, 1) == on(state, elsewhere, 2) == 1


def test_war_breaks_out_without_the_active_seat():
    # SEED 「【係争マス】に手番プレイヤーのワーカーや建造物が配置されていない場合でも戦争は発生」
    state, area = setup()
    workers(state, area[1], 1)
    workers(state, area[1], 2)
    go(state, area[0], rolls=(3, 4))
    assert any(line.startswith("War over cell(s) " + str(area[1]) + ": seat 2, seat 3")
               for line in state.log)


def test_strength_counts_pieces_on_the_contested_cells_and_their_neighbours_once():
    # SEED 「【係争マス】と、その【隣接マス】(【創世エリア】外も可)に、自分のワーカーや建造物
    # (都市、砦、神殿)が配置されていたら1個につき1戦力」「その全ての【隣接マス】から」 (Q11)
    state, area = setup(3)
    workers(state, area[0], 1)
    workers(state, area[1], 1)
    workers(state, area[1], 2)  # a and b contested
    outside = next(c for c in state.board.adjacent[area[0]] if c not in area)
    workers(state, outside, 0, 2)
    building(state, area[2], 0, FORT)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.contested = state.contested_cells()
    assert set(state.contested) == {area[0], area[1]}
    assert state.strength(0) == 1 + 2 + 1  # the worker placed, two next door, the fort
    assert state.strength(1) == 2 and state.strength(2) == 1


def test_morale_is_declared_once_each_clockwise_from_the_active_seat():
    # SEED 「手番プレイヤーから時計回りで順番…に、この戦争で消費する≪戦意≫数を宣言し、
    # ≪戦意≫を1個消費する毎に1戦力」 (Q5)
    state, area = setup(4)
    turn_of(state, 2)
    resources(state, 2, food=1)
    hand(state, 2, LABOUR)
    for s in (0, 1, 3):
        workers(state, area[0], s)
        resources(state, s, morale=2)
    state.play(("area", *PAIR))
    state.play(("place", area[1]))  # seat 2 is not in the war
    state.rng = Dice(1, 1, 1)
    state.play(("card", LABOUR, 0))
    assert state.phase == MORALE and state.to_move == 3  # the nearest clockwise from seat 2
    state.play(("morale", 2))
    assert state.to_move == 0
    state.play(("morale", 0))
    assert state.to_move == 1
    state.play(("morale", 1))
    assert state.res[0] == 2 and state.res[4] == 1
    assert state.res[4 * 3] == 0 + 1  # all spent, then 1 for the win
    assert "seat 4 wins" in next(line for line in state.log if line.startswith("War:"))


def test_the_aptitude_terrain_rolls_a_d8():
    # SEED 「【係争マス】(複数あれば、そのいずれか1つでも)に適性があれば、6面体サイコロではなく、
    # 8面体サイコロを振ってください」
    state, area = setup()
    state.terr[area[0]] = MOUNTAIN  # seat 2 is Gigant
    resources(state, 0, food=2)
    workers(state, area[0], 2)
    dice = go(state, area[0], rolls=(1, 1))
    assert dice.sides == [6, 8]


def test_a_fort_on_a_contested_cell_rolls_two_dice_keeping_the_best():
    # SEED 「【係争マス】に自分の砦があれば、サイコロを2個振って高い方の目を選ぶことができます」
    state, area = setup()
    building(state, area[0], 1, FORT)
    dice = go(state, area[0], rolls=(2, 1, 5))
    assert dice.sides == [6, 6, 6]
    line = next(line for line in state.log if line.startswith("War:"))
    assert "seat 2 6 (d6 best of 2: 5)" in line and "seat 2 wins" in line


def test_seven_three_seven_is_a_draw_for_the_sevens_and_a_loss_for_the_three():
    # SEED 「プレイヤーAが7戦力、プレイヤーBが3戦力、プレイヤーCが7戦力だったとします。この場合、
    # プレイヤーAとプレイヤーCは引き分けでワーカー、タウンはそのまま。プレイヤーBは敗北で、
    # ワーカーを手元へ戻し、タウンを裏返してください」 (Q4)
    state, area = setup(3)
    workers(state, area[0], 1)
    workers(state, area[0], 2)
    building(state, area[1], 1, CITY, 4)
    workers(state, area[1], 2)
    building(state, area[2], 2, CITY, 3)
    workers(state, area[2], 0)
    # strengths: A (seat 1) two workers = 2, B (seat 2) a worker and a city = 2,
    # C (seat 3) two workers and a city = 3; every cell of the area is contested
    go(state, area[0], rolls=(5, 1, 4))
    line = next(line for line in state.log if line.startswith("War:"))
    assert "seat 1 7" in line and "seat 2 3" in line and "seat 3 7" in line
    assert "draw" in line
    assert on(state, area[0], 0) == 1 and on(state, area[0], 2) == 1  # A and C stay
    assert on(state, area[0], 1) == 0 and state.bld[area[1]] == 1 << 2 | RUIN  # B goes home
    assert state.bld[area[2]] == 2 << 2 | CITY  # C's town stays
    assert state.cubes[area[1]] == 2 and state.vp == [0, 0, 0]  # no winner, no VP


def test_seven_five_five_has_one_winner_and_two_losers():
    # Q11: "everyone below the top loses (7/5/5: one winner, two losers)"
    state, area = setup(3)
    workers(state, area[0], 1)
    workers(state, area[0], 2)
    go(state, area[0], rolls=(6, 4, 4))
    assert on(state, area[0], 0) == 1 and on(state, area[0], 1) == on(state, area[0], 2) == 0
    assert state.res[4 + 3] == state.res[8 + 3] == 1


def test_the_loser_returns_workers_forts_and_temples_and_gains_wrath():
    # SEED 「敗北したプレイヤーは【係争マス】に配置された自分のワーカー、砦、神殿を手元へ戻し、
    # ≪神の怒り≫1個を得てください」
    state, area = setup()
    building(state, area[0], 1, FORT)
    workers(state, area[0], 1, 2)
    building(state, area[1], 1, TEMPLE)
    workers(state, area[1], 0)  # a second contested cell; same result there
    go(state, area[0], rolls=(6, 1, 1))
    assert state.bld[area[0]] == state.bld[area[1]] == EMPTY
    assert state.forts[1] == 2 and state.temples[1] == 1 and state.supply[1] == 10
    assert state.res[4 + 3] == 1


def test_the_winner_gains_morale_and_scores_the_cubes_returned():
    # SEED 「≪戦意≫1個を得てください」「支配力…を半分(端数切り捨て)に減らして【ストック】へ戻し、
    # 戦争に勝利したプレイヤーはその”【ストック】へ戻したキューブ数”分のVPを得てください」
    state, area = setup()
    building(state, area[0], 1, CITY, 5)
    go(state, area[0], rolls=(6, 1))
    assert state.bld[area[0]] == 1 << 2 | RUIN and state.cubes[area[0]] == 2
    assert state.vp[0] == 3 and state.breakdown()[0]["war"] == 3
    assert state.res[0] == 1


def test_war_gains_are_capped():
    # Q11: "War gains (morale, wrath) are capped at the maxima"
    state, area = setup()
    resources(state, 0, morale=4, food=1)
    resources(state, 1, wrath=5)
    workers(state, area[0], 1)
    go(state, area[0], rolls=(6, 1))
    assert state.res[0] == 4 - 0 and state.res[4 + 3] == 5


def test_a_draw_leaves_the_pieces_and_the_next_war_follows_later():
    # SEED 「引き分けであれば、そのまま処理を終了します(1つのマスに複数のプレイヤーのワーカーが
    # 残されたまま、次のフェイズへ進みます)」
    state, area = setup()
    workers(state, area[0], 1)
    go(state, area[0], rolls=(4, 4))
    assert on(state, area[0], 0) == on(state, area[0], 1) == 1
    assert state.phase == AREA and state.to_move == 1
    state.rng = Dice(1, 6)
    resources(state, 1, food=1)
    hand(state, 1, LABOUR)
    state.markers = (0, 0)
    state.play(("area", *PAIR))
    state.play(("place", area[2]))
    state.play(("card", LABOUR, 0))  # seat 2: 2 + 1 = 3, seat 1: 1 + 6 = 7
    assert on(state, area[0], 0) == 1 and on(state, area[0], 1) == 0
