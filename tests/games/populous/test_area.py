"""Area selection (1:エリア選択), the genesis cards and the end phase reset, from
000_46f0bc69916fd492.txt."""

import pytest

from soan.boards.world import PAIRS
from soan.engine.core import IllegalAction
from soan.games.populous.board import ALL_DOWN, WILD
from soan.games.populous.codes import ACTION, AREA, BLESSING, LABOUR, PUT_VANDAL, VANDAL
from tests.games.populous.helpers import choose, new, tile, turn_of


def test_two_lowered_cards_in_rising_order_name_the_area():
    # SEED 「4と2を下げたら、2−4が【創世エリア】となります」
    state = new(5)
    turn_of(state, state.start)
    state.play(("area", 2, 4))
    assert state.board.world.pairs[state.area] == (2, 4)
    assert state.down[state.start] == 0b1010
    assert state.phase == ACTION


def test_a_pair_whose_tile_is_not_in_the_world_cannot_be_chosen():
    # Ruling P2: with 3 players only 9 of the 15 tiles are laid.
    state = new(3, 2)
    present = set(state.board.world.pairs)
    missing = [p for p in PAIRS if p not in present]
    assert len(missing) == 6
    named = set()
    for action in state.legal():
        if action[0] == "area":
            named.add((action[1], action[2]))
        else:
            named.add((min(action[1:]), max(action[1:])))
    assert named == present
    a, b = next(p for p in missing if p[0] != p[1])
    with pytest.raises(IllegalAction):
        state.play(("area", a, b))


def test_the_wild_card_stands_for_any_number_and_brings_a_vandal():
    # SEED 「オールマイティは好きな数字として扱うことができますが、【創世エリア】にヴァンダルが発生します」
    # and 「【創世エリア】の空いている好きなマスに、ヴァンダルを1つ配置してください」 (P3: the active seat picks)
    state = new(3, 4)
    double = next(p for p in state.board.world.pairs if p[0] == p[1])
    turn_of(state, state.active)
    seat = state.active
    state.play(("wild", *double))
    assert state.down[seat] >> WILD & 1
    state.play(next(a for a in state.legal() if a[0] == "act"))
    while state.phase != PUT_VANDAL:
        state.play(state.legal()[0])
    cells = state.board.tile_cells[state.area]
    assert state.to_move == seat
    assert {a[1] for a in state.legal()} == {c for c in cells if state.occ[c] == -1}
    target = state.legal()[-1][1]
    state.play(("vandal", target))
    assert state.occ[target] == VANDAL and state.vandals == 1


def test_the_wild_card_as_the_action_also_brings_a_vandal():
    state = new(3, 4)
    pair = state.board.world.pairs[tile(state)]
    turn_of(state, state.active)
    choose(state, pair, BLESSING, wild="action")
    while state.phase != PUT_VANDAL:
        state.play(state.legal()[0])
    state.play(state.legal()[0])
    assert state.vandals == 1


def test_no_vandal_without_an_empty_cell_or_a_vandal_in_the_stock():
    # SEED 「空きマスがなければ、配置する必要はありません」; the stock is an option (ruling PD7)
    state = new(3, 4, vandals=0)
    pair = state.board.world.pairs[tile(state)]
    turn_of(state, state.active)
    choose(state, pair, BLESSING, wild="action")
    while state.phase not in (AREA, PUT_VANDAL):
        state.play(state.legal()[0])
    assert state.vandals == 0


def test_the_action_card_is_one_of_the_raised_cards():
    # SEED 「【創世記】から好きな1枚を選んで少し下げ」
    state = new(3, 1)
    turn_of(state, state.active)
    a, b = state.board.world.pairs[tile(state)]
    state.play(("area", a, b))
    acts = state.legal()
    numbers = {x[1] for x in acts if x[0] == "act"}
    assert numbers == {1, 2, 3, 4, 5} - {a, b}
    assert {x[1] for x in acts if x[0] == "wildact"} == {1, 2, 3, 4, 5}


def test_all_six_lowered_rise_in_the_end_phase():
    # SEED 「【創世記】に配置されたカードが全て下げられていたら、リセットされます」
    state = new(3, 1)
    seat = state.active
    turn_of(state, seat)
    a, b = state.board.world.pairs[tile(state)]
    state.down[seat] = ALL_DOWN & ~(1 << (a - 1) | 1 << (b - 1) | 1 << WILD)
    state.play(("area", a, b))
    state.play(("wildact", LABOUR))
    while state.active == seat and not state.over:
        state.play(state.legal()[-1])
    assert state.down[seat] == 0


def test_raised_cards_that_name_no_tile_all_rise():
    # Ruling PD8 (G6): three raised number cards naming no tile would stop play.
    for seed in range(200):
        state = new(3, seed)
        present = state.board.world.tile_of_pair
        stuck = [(m, n, o) for m in range(1, 6) for n in range(m + 1, 6) for o in range(n + 1, 6)
                 if not {(m, n), (m, o), (n, o)} & set(present)]
        if stuck:
            break
    else:
        raise AssertionError("no world among 200 seeds leaves three raised cards naming no tile")
    m, n, o = stuck[0]
    seat = (state.active + 1) % 3
    state.down[seat] = ALL_DOWN & ~(1 << (m - 1) | 1 << (n - 1) | 1 << (o - 1))
    while state.active != seat:
        state.play(state.legal()[-1])
    assert state.down[seat] == 0 and state.legal()
    assert any("name no tile" in line for line in state.log)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_raised_mask_offers_exactly_its_pairs_then_its_wild_pairs(seats):
    # The board builds all 64 masks' choices at setup from the number cards' subsets;
    # each must be the rule read plainly: two raised numbers a < b naming a tile of the
    # world, then (wild raised) a raised number x as itself and the wild as any y.
    for seed in range(8):
        state = new(seats, seed)
        present = set(state.board.world.pairs)
        for up in range(ALL_DOWN + 1):
            numbers = [n for n in range(1, 6) if up >> (n - 1) & 1]
            expected = [("area", a, b) for a in numbers for b in numbers
                        if a < b and (a, b) in present]
            if up >> WILD & 1:
                expected += [("wild", x, y) for x in numbers for y in range(1, 6)
                             if (min(x, y), max(x, y)) in present]
            assert state.board.area_choices[up] == tuple(expected), (seed, up)
