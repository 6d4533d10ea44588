"""The rulings made here where the draft and RULINGS.md are silent (G6: QD3, QD11, QD12,
QD16, QD18, QD19, QD25), each written in docs/rules/quovadis.md."""

from soan.engine.rng import Rng
from soan.games.quovadis.codes import CARD, CUBES, MORALE, REVEAL
from tests.games.quovadis.helpers import (
    BLESSING,
    DESERT,
    GAME,
    LABOUR,
    PLAINS,
    REVELATION,
    Dice,
    blank,
    building,
    cells,
    hand,
    on,
    resources,
    terrain,
    workers,
)

PAIR = (2, 3)


def test_qd3_cubes_beyond_the_maxima_are_not_taken():
    state = GAME.new(3, 1, GAME.options(start_cubes=20))
    while state.phase != CUBES:
        state.play(state.legal()[0])
    assert state.legal() == (("cubes", 4, 4, 4),)


def test_qd11_a_side_without_morale_declares_nothing():
    state = blank()
    area = cells(state, PAIR)
    terrain(state, PAIR, [DESERT] * 3)
    workers(state, area[0], 1)
    resources(state, 0, morale=1, food=1)
    hand(state, 0, LABOUR)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.rng = Dice(3, 3)
    state.play(("card", LABOUR, 0))
    assert state.phase == MORALE and state.to_move == 0
    state.play(("morale", 1))
    assert state.phase != MORALE  # seat 2 has none: the dice roll at once


def test_qd12_two_forts_give_one_extra_die():
    state = blank()
    area = cells(state, PAIR)
    building(state, area[0], 1, 2)
    building(state, area[1], 1, 2)
    workers(state, area[0], 0)
    workers(state, area[1], 0)
    state.area = state.board.world.tile_of_pair[PAIR]
    state.contested = (area[0], area[1])
    assert state.war_dice(1) == (6, 2)


def test_qd16_the_last_face_down_skill_is_set_without_a_choice():
    state = blank()
    state.hidden[0] = (state.tables.skill_english.index("Hero"),)
    state.gens[0] = ((1, LABOUR),)
    hand(state, 0, BLESSING)
    terrain(state, PAIR, [PLAINS] * 3)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    state.play(("card", BLESSING, 1))
    assert state.phase != REVEAL and state.hidden[0] == ()
    assert state.tables.skill_english.index("Hero") in state.shown[0]


def test_qd18_qd19_an_empty_deck_and_discard_pile_draw_nothing_and_no_card_is_placed():
    state = blank()
    state.deck = []
    terrain(state, PAIR, [PLAINS] * 3)
    state.play(("area", *PAIR))
    state.play(("place", cells(state, PAIR)[0]))
    assert state.phase != CARD and state.gens[0] == ()
    assert any("has no card to place" in line for line in state.log)
    assert state.hand_size(0) == 0


def test_qd25_a_revelation_can_start_a_war_in_the_area():
    state = blank()
    area = cells(state, PAIR)
    terrain(state, PAIR, [PLAINS] * 3)
    workers(state, area[1], 1)
    hand(state, 0, REVELATION)
    state.play(("area", *PAIR))
    state.play(("place", area[0]))
    state.rng = Dice(6, 1)
    state.play(("card", REVELATION, 0))
    state.play(("move", area[0], area[1]))
    assert on(state, area[1], 1) == 0 and on(state, area[1], 0) == 1


def test_the_turn_order_runs_clockwise_from_the_start_player():
    state = GAME.new(4, 7)
    rng = Rng(7)
    while state.turn() < 6:
        state.play(rng.choice(state.legal()))
    turns = [int(line.split("seat ")[1].split("'")[0]) - 1 for line in state.log
             if line.startswith("Round ")]
    assert turns[:5] == [(state.start + k) % 4 for k in range(5)]
