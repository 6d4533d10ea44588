"""5:終了フェイズ, ◇決算 and ■ 最終決算 of 003_b75d8708900d9d94.txt: refill, dominance,
cleanup and ascension, skill set, territory bonus, the end and the tie-break
(rulings Q13, Q14, QD15-QD20)."""

from soan.engine.rng import Rng
from soan.games.quovadis.codes import (
    AREA,
    ASCEND,
    BUILD,
    CITY,
    CITY_SITE,
    FORT,
    OVER,
    PLACE,
    REVEAL,
    RUIN,
    TEMPLE,
)
from tests.games.quovadis.helpers import (
    BLESSING,
    GAME,
    LABOUR,
    PLAINS,
    blank,
    building,
    cells,
    hand,
    new,
    on,
    resources,
    terrain,
    turn_of,
    workers,
)

PAIR = (3, 4)


def simple_turn(state, seat=0, card=LABOUR, change=False):
    """`seat` takes area 3-4 (all plains), places one worker on its first cell, plays
    `card` (building its city there on a change) and builds nothing; no war."""
    turn_of(state, seat)
    state.markers = (0, 0)
    terrain(state, PAIR, [PLAINS] * 3)
    hand(state, seat, card)
    first = cells(state, PAIR)[0]
    state.play(("area", *PAIR))
    state.play(("place", first))
    if state.phase == PLACE:
        state.play(("done",))
    state.play(("card", card, int(change)))
    if state.phase == CITY_SITE:
        state.play(("city", first))
    if state.phase == BUILD:
        state.play(("done",))


def other_tiles(state, count):
    """`count` tiles that are not the area and touch none of it, each with its cells."""
    area = state.board.world.tile_of_pair[PAIR]
    touching = set(state.board.world.tile_adjacent[area]) | {area}
    found = [t for t in range(len(state.board.world.pairs)) if t not in touching]
    return [state.board.tile_cells[t] for t in found[:count]]


def test_the_hand_is_refilled_to_its_maximum():
    # SEED 「山から最大手札枚数まで手札を補充します」
    state = blank()
    simple_turn(state)
    assert state.hand_size(0) == 4


def test_an_empty_deck_is_rebuilt_from_the_discards():
    # SEED 「もしも山が途中で尽きたら、捨て札をリシャッフルして山を作り直してください」
    state = blank()
    state.deck = [BLESSING]
    state.discard = [0, 5, 0, 0, 0]
    state.rng = Rng(3)
    simple_turn(state)
    assert state.hand_size(0) == 4 and sum(state.discard) == 0 and len(state.deck) == 2
    assert any("shuffled into a new deck" in line for line in state.log)


def test_each_own_face_up_city_gains_a_cube():
    # SEED 「配置されている自分の都市(のマス)全てに、【ストック】から1個ずつキューブを配置し、
    # これを「支配力」とします」 (Q13: a destroyed city gains none)
    state = blank()
    (a, b, c), = other_tiles(state, 1)
    building(state, a, 0, CITY, 2)
    building(state, b, 0, RUIN, 2)
    building(state, c, 1, CITY, 2)
    simple_turn(state)
    assert [state.cubes[x] for x in (a, b, c)] == [3, 2, 2]


def test_cleanup_leaves_one_own_worker_a_cell_and_none_beside_own_buildings():
    # SEED 「マスに残るのがワーカー1個、あるいは建造物だけになるよう、ワーカーを手元へ戻して」
    # (Q13: only the active seat's own workers)
    state = blank()
    (a, b, c), = other_tiles(state, 1)
    workers(state, a, 0, 3)
    workers(state, a, 1, 2)
    building(state, b, 0, FORT)
    workers(state, b, 0, 1)
    building(state, c, 1, CITY)
    workers(state, c, 0, 1)
    simple_turn(state)
    assert [on(state, a, 0), on(state, a, 1), on(state, b, 0), on(state, c, 0)] == [1, 2, 0, 1]


def test_a_worker_on_an_own_temple_may_ascend_for_the_count_of_workers_gone():
    # SEED 「自分の神殿のあるマスに配置されたワーカーは、その内1個をアセンションさせることが
    # できます…”ゲームから取り除かれている自分のワーカー数”分のVP」「最初の1個であれば1VP、
    # 2個目であれば2VP、3個目であれば3VP」 (Q13: at most one a turn)
    state = blank()
    (a, _, _), = other_tiles(state, 1)
    building(state, a, 0, TEMPLE)
    for expected in (1, 2, 3):
        workers(state, a, 0, 2)
        simple_turn(state)
        assert state.phase == ASCEND
        state.play(("ascend",))
        assert state.src[3] == sum(range(1, expected + 1)) and state.ascended[0] == expected
        assert on(state, a, 0) == 0  # the other goes home in the cleanup
    assert state.supply[0] + state.ascended[0] + on(state, cells(state, PAIR)[0], 0) == 10


def test_ascending_is_optional():
    state = blank()
    (a, _, _), = other_tiles(state, 1)
    building(state, a, 0, TEMPLE)
    workers(state, a, 0)
    simple_turn(state)
    state.play(("pass",))
    assert state.ascended[0] == 0 and state.phase == AREA


def test_majorities_workers_on_two_cells_or_a_face_up_city():
    # SEED 「1つのエリアに自分のワーカーが2マス以上配置されていると「そのエリアのマジョリティが
    # ある」…1つのエリアに対して複数のプレイヤーがマジョリティを得ることもあります」
    # 「都市は1つでも配置されていたら…破壊されていたら、再建されるまでこの効果は失われます」
    state = blank()
    (a, b, c), (d, e, _), (g, h, i) = other_tiles(state, 3)
    workers(state, a, 0)
    workers(state, b, 0)
    workers(state, a, 1)
    workers(state, c, 1)
    workers(state, d, 0, 2)  # two workers on one cell: no majority
    building(state, e, 1, CITY)
    building(state, g, 0, RUIN)
    building(state, h, 0, FORT)
    workers(state, i, 0)  # a fort does not count (Q13)
    assert state.majorities(0) == 1 and state.majorities(1) == 2


def territory(gens, majorities_wanted=5):
    """Seat 0 with generations `gens` changes generation in area 3-4; its majorities
    afterwards are `majorities_wanted` (one from a city in the area)."""
    state = blank(4)
    state.gens[0] = tuple(gens)
    tiles = other_tiles(state, majorities_wanted - 1)
    for a, b, _ in tiles:
        workers(state, a, 0)
        workers(state, b, 0)
    simple_turn(state, card=BLESSING, change=True)
    return state


def test_territory_bonus_is_the_previous_generations_cards_times_majorities():
    # SEED 「左隣にある【旧世代】(=この手番開始時の【世代】)の枚数を数え、”枚数×マジョリティ数”
    # 分のVPを得てください」「マジョリティ数が5なら、4(第2世代の枚数)×5=20VPとなる」
    state = territory([(1, LABOUR), (4, LABOUR)])
    if state.phase == REVEAL:
        state.play(state.legal()[0])
    assert state.majorities(0) == 5 and state.gens[0][-1] == (1, BLESSING)
    assert state.breakdown()[0]["territory"] == 20
    assert any("4 card(s) x 5 majorities = 20 VP" in line for line in state.log)


def test_the_skill_is_set_before_the_bonus_and_works_only_after_the_turn():
    # SEED 「「スキルセット」→「領土ボーナス」」「この手番の終了後から以後ゲームが終了するまで
    # 常時適用されます」 (Q13)
    state = blank(4)
    kingdom = state.tables.skill_english.index("Kingdom")
    state.hidden[0] = (kingdom, state.tables.skill_english.index("Hero"))
    state.gens[0] = ((2, LABOUR),)
    simple_turn(state, card=BLESSING, change=True)
    assert state.phase == REVEAL
    state.play(("reveal", kingdom))
    assert state.breakdown()[0]["territory"] == 2 * state.majorities(0)
    assert kingdom in state.shown[0] and state.mods[0][7] == 1  # territory_vp from now on


def test_only_a_generation_change_brings_a_settlement():
    # SEED 「「2:創世フェイズ」中に世代交代をしていたら決算処理を行います」
    state = blank()
    state.gens[0] = ((2, LABOUR),)
    simple_turn(state)
    assert state.breakdown()[0]["territory"] == 0 and len(state.hidden[0]) == 6


def play_to_end(seats, seed, variant="default"):
    state = GAME.new(seats, seed, GAME.options(variant))
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


def test_the_game_ends_after_ten_rounds_everyone_having_had_ten_turns():
    # SEED 「10ラウンドが終わるとゲームが終了します」
    for seats in (3, 4, 5):
        state = play_to_end(seats, seats)
        assert state.phase == OVER and state.round_no == 10
        turns = [line for line in state.log if line.startswith("Round ")]
        assert len(turns) == 10 * seats
        assert turns[0].endswith(f"seat {state.start + 1}'s turn.")
    state = play_to_end(3, 1, "rounds12")
    assert state.round_no == 12


def test_final_scoring_counts_the_cubes_on_cities_and_end_skills():
    # SEED 「各プレイヤーは”支配力(=都市の配置されたマスにあるキューブ)”分のVPを得て」
    # 「最終決算時に適用されるスキルに応じたVPを得てください」 (Q13: destroyed cities' cubes too)
    state = blank()
    (a, b, _), = other_tiles(state, 1)
    building(state, a, 1, CITY, 4)
    building(state, b, 1, RUIN, 3)
    state.shown[1] = (state.tables.skill_english.index("Walled Cities"),)
    state._finish()
    assert state.breakdown()[1]["cities"] == 7 and state.breakdown()[1]["skills"] == 1
    assert state.scores()[1] == 8 and state.winners() == [1]


def test_ties_go_to_the_seat_nearest_the_start_player_clockwise():
    # SEED 「複数いれば、スタートプレイヤーに時計回りで近い方が勝利します」 (Q14)
    state = blank(4)
    state.start = 2
    state.vp = [5, 7, 3, 7]
    state.phase, state.to_move = OVER, None
    assert state.winners() == [3]
    state.vp = [7, 7, 7, 7]
    assert state.winners() == [2]


def test_scores_add_up_from_their_sources():
    state = play_to_end(4, 8)
    for total, parts in zip(state.scores(), state.breakdown(), strict=True):
        assert total == sum(parts.values())
    assert new(3, 1).first_player >= 0


def test_resources_never_pass_the_maximum_from_war_or_refill():
    state = blank()
    resources(state, 0, morale=4, food=4, faith=4, wrath=2)
    simple_turn(state)
    assert state.res[0:4] == [4, 4, 4, 2]


def test_all_majorities_agrees_with_each_seats_count():
    for seed in range(6):
        state = GAME.new(3 + seed % 3, seed)
        rng = Rng(seed)
        while not state.over:
            assert state.all_majorities() == [state.majorities(s) for s in range(state.n)]
            state.play(rng.choice(state.legal()))
