"""Quo Vadis as numbers (games/quovadis/encoding.py, docs/encoding/quovadis.md): known
positions read back from the observation's parts, seat-relative order, the private
parts of one seat only, and an action index fixed by table size, options and content."""

from __future__ import annotations

import numpy as np
import pytest

from soan.boards.world import quovadis_world
from soan.engine.encoding import Encoder
from soan.engine.rng import Rng
from soan.games.quovadis.codes import AREA, BASIC, CARD, CITY, DRAFT, KEEP, MORALE, PLACE, RACE
from soan.games.quovadis.encoding import (
    AREA_FIELD,
    CARDS_SCALE,
    CELL_BASE,
    CELL_WORKERS,
    CONTESTED_FIELD,
    CUBES_FIELD,
    CUBES_SCALE,
    QuoVadisEncoder,
)
from tests.games.quovadis.helpers import (
    BLESSING,
    DESERT,
    GAME,
    LABOUR,
    MIRACLE,
    blank,
    building,
    cells,
    hand,
    new,
    resources,
    terrain,
    workers,
)

ENCODER = GAME.encoder


def parts(state, seat):
    """The observation of `seat`, cut into its named parts."""
    encoding = ENCODER.encoding(state)
    seen = ENCODER.observe(state, seat)
    out, at = {}, 0
    for name, length in encoding.layout:
        out[name] = seen[at:at + length]
        at += length
    return out


def seat_block(part, n, i):
    """The block of relative seat `i` in a part that lists every seat."""
    size = len(part) // n
    return part[i * size:(i + 1) * size]


def cell_row(state, seen, c):
    size = len(seen["cells"]) // state.board.world.cells
    return seen["cells"][c * size:(c + 1) * size]


def random_positions(seats, seed, every=5, variant="default"):
    state = GAME.new(seats, seed, GAME.options(variant))
    rng = Rng(seed)
    step = 0
    while not state.over:
        if step % every == 0:
            yield state.copy()
        state.play(rng.choice(state.legal()))
        step += 1
    yield state


def test_the_phase_part_is_one_hot_on_the_phase():
    state = GAME.new(4, 3)
    assert state.phase == RACE
    seen = parts(state, 0)
    assert seen["phase"][RACE] == 1.0 and seen["phase"].sum() == 1.0
    state = new(4, 3)
    assert state.phase == AREA
    for seat in range(4):
        seen = parts(state, seat)
        assert seen["phase"][AREA] == 1.0 and seen["phase"].sum() == 1.0


def test_seats_are_listed_from_the_observer_in_turn_order():
    state = blank(4)
    state.vp = [10, 20, 30, 40]
    state.res[4 * 3] = 2  # seat 3's morale
    seen = parts(state, 2)
    assert [seat_block(seen["vp"], 4, i)[0] for i in range(4)] == pytest.approx(
        [0.30, 0.40, 0.10, 0.20])
    assert seat_block(seen["resources"], 4, 1)[0] > 0  # seat 3 sits just after seat 2
    # seat 0 is to move: two seats after seat 2
    assert list(seen["to_move"]) == [0, 0, 1, 0]
    assert list(parts(state, 0)["to_move"]) == [1, 0, 0, 0]


def test_a_placed_worker_shows_on_its_cell_for_every_seat():
    state = blank(3)
    pair = (1, 4)
    area = cells(state, pair)
    terrain(state, pair, [DESERT] * 3)
    resources(state, 0, food=4)
    hand(state, 0, LABOUR)
    state.play(("area", *pair))
    state.play(("place", area[1]))
    assert state.phase == PLACE
    own = cell_row(state, parts(state, 0), area[1])
    assert own[CELL_BASE] == pytest.approx(1 / CELL_WORKERS)  # relative seat 0: the observer
    other = cell_row(state, parts(state, 1), area[1])
    assert other[CELL_BASE + 2] == pytest.approx(1 / CELL_WORKERS)  # seat 0 after seat 1, 2
    assert other[CELL_BASE] == other[CELL_BASE + 1] == 0
    for c in area:
        assert cell_row(state, parts(state, 2), c)[AREA_FIELD] == 1.0  # in the creation area
    seen = parts(state, 0)
    assert seen["area"][state.area] == 1.0 and seen["area"].sum() == 1.0
    assert seen["turn"][6] == pytest.approx(1 / CELL_WORKERS)  # one worker placed this turn


def test_buildings_show_kind_owner_and_cubes():
    state = blank(3)
    c = cells(state, (2, 3))[0]
    building(state, c, 1, CITY, cubes=3)
    row = cell_row(state, parts(state, 1), c)
    assert row[5 + CITY] == 1.0  # after the five terrains
    assert row[CUBES_FIELD] == pytest.approx(3 / CUBES_SCALE)
    assert row[CELL_BASE + 3] == 1.0  # the owner, seat 1, is the observer: relative 0
    row = cell_row(state, parts(state, 0), c)
    assert row[CELL_BASE + 3 + 1] == 1.0
    # the cubes it would score now
    assert seat_block(parts(state, 1)["standing"], 3, 0)[1] > 0


def test_the_own_hand_holds_the_counts_and_other_hands_only_their_size():
    state = blank(4)
    hand(state, 0, BLESSING, BLESSING, MIRACLE)
    hand(state, 2, LABOUR)
    bound = ENCODER.plan(4, state.options, state.content).hand_bound
    seen = parts(state, 0)
    assert list(seen["own_hand"] * bound) == pytest.approx([2, 0, 1, 0, 0])
    other = parts(state, 2)
    assert list(other["own_hand"] * bound) == pytest.approx([0, 1, 0, 0, 0])
    assert not np.array_equal(seen["own_hand"], other["own_hand"])
    # seat 0's hand size, seen by seat 2 (two seats on), but not its kinds
    assert seat_block(other["hands"], 4, 2)[0] * bound == pytest.approx(3)


def test_two_seats_see_different_own_hands_after_the_deal():
    state = new(4, 5)
    hands = [tuple(parts(state, s)["own_hand"]) for s in range(4)]
    assert len(set(hands)) > 1
    for s in range(4):
        bound = ENCODER.plan(4, state.options, state.content).hand_bound
        assert list(np.array(hands[s]) * bound) == pytest.approx(state.hand[5 * s:5 * s + 5])


def test_draft_hand_face_down_skills_and_basic_choice_belong_to_their_seat():
    state = GAME.new(3, 2)
    while state.phase != DRAFT or len(state.draft[0]) != 4:
        state.play(state.legal()[0])
    plan = ENCODER.plan(3, state.options, state.content)
    for seat in range(3):
        seen = parts(state, seat)
        assert {plan.draft[i] for i in np.flatnonzero(seen["own_draft"])} == set(state.draft[seat])
        assert {plan.draft[i] for i in np.flatnonzero(seen["own_face_down"])} == set(
            state.hidden[seat])
    while state.phase != BASIC:
        state.play(state.legal()[0])
    state.play(state.legal()[-1])  # seat 0 lays a basic skill face down
    chosen = state.basic[0]
    seen = parts(state, 0)
    assert [plan.basics[i] for i in np.flatnonzero(seen["own_basic"])] == [chosen]
    other = parts(state, 1)
    assert not other["own_basic"].any()
    assert seat_block(other["hands"], 3, 2)[3] == 1.0  # seat 0 has chosen: that is public
    while state.phase == BASIC:
        state.play(state.legal()[0])
    seen = parts(state, 1)
    assert not seen["own_basic"].any()  # shown now: a face-up skill of seat 0
    assert seat_block(seen["skills"], 3, 2)[chosen] == 1.0


def test_a_war_shows_its_sides_cells_and_morale():
    state = blank(3)
    pair = (1, 4)
    area = cells(state, pair)
    terrain(state, pair, [DESERT] * 3)
    resources(state, 0, morale=2, food=1)
    resources(state, 1, morale=3)
    hand(state, 0, LABOUR)
    workers(state, area[0], 1)
    state.play(("area", *pair))
    state.play(("place", area[0]))
    state.play(("card", LABOUR, 0))
    assert state.phase == MORALE and state.to_move == 0
    state.play(("morale", 2))
    assert state.phase == MORALE and state.to_move == 1
    seen = parts(state, 1)
    war = seen["war"].reshape(3, -1)
    assert war[0][:2].tolist() == [1.0, 0.0]  # seat 1 fights and has yet to declare
    assert war[2][:2].tolist() == [1.0, 1.0]  # seat 0 has declared...
    assert war[2][2] > 0  # ...2 morale
    assert not war[1].any()  # seat 2 is not in the war
    assert cell_row(state, seen, area[0])[CONTESTED_FIELD] == 1.0  # contested
    assert seen["phase"][MORALE] == 1.0


def test_what_a_card_would_do_matches_the_rules():
    for state in random_positions(4, 9, every=3):
        if state.race[0] < 0:
            continue
        for seat in range(4):
            seen = parts(state, seat)
            for i in range(4):
                s = (seat + i) % 4
                block = seat_block(seen["card_actions"], 4, i)
                assert block[0] == (1.0 if state.can_change(s) else 0.0)
                for k in range(5):
                    assert block[1 + 2 * k] == pytest.approx(
                        state.actions_for(s, k, False) / CARDS_SCALE)
                    assert block[2 + 2 * k] == pytest.approx(
                        state.actions_for(s, k, True) / CARDS_SCALE)


def test_the_world_parts_follow_the_tiles_and_their_adjacency():
    state = new(5, 11)
    plan = ENCODER.plan(5, state.options, state.content)
    seen = parts(state, 0)
    pairs = seen["tile_pairs"].reshape(plan.tiles, -1)
    assert [plan.pairs[i] for i in pairs.argmax(axis=1)] == list(state.board.world.pairs)
    adjacent = state.board.adjacent
    for (a, b), x in zip(plan.adjacency_pairs, seen["adjacency"], strict=True):
        assert x == (1.0 if b in adjacent[a] else 0.0)
    # every touching pair of cells of two tiles is listed
    listed = set(plan.adjacency_pairs)
    for a in range(state.board.world.cells):
        for b in adjacent[a]:
            if a < b and a // 3 != b // 3:
                assert (a, b) in listed


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_move_between_touching_cells_is_in_the_index(seats):
    state = GAME.new(seats, 1)
    index = ENCODER.encoding(state).index
    cells = 3 * len(quovadis_world(seats, Rng(0)).pairs)
    moves = [a for a in index if a[0] == "move"]
    assert len(moves) == cells * (cells - cells // 3)  # any other cell but a same slot
    for seed in range(60):
        world = quovadis_world(seats, Rng(seed))
        for a in range(world.cells):
            for b in world.adjacent[a]:
                assert ("move", a, b) in index


def test_the_action_index_is_fixed_by_table_size_options_and_content():
    a, b = GAME.new(4, 1), GAME.new(4, 99)
    assert ENCODER.encoding(a).actions == ENCODER.encoding(b).actions
    assert ENCODER.encoding(a).action_id(("place", 7)) == ENCODER.encoding(b).action_id(
        ("place", 7))
    assert ENCODER.encoding(a).size == ENCODER.encoding(b).size
    sizes = {n: len(ENCODER.encoding(GAME.new(n, 1)).actions) for n in (3, 4, 5)}
    assert sizes[3] < sizes[4] < sizes[5]
    cells = {n: 3 * len(quovadis_world(n, Rng(0)).pairs) for n in (3, 4, 5)}
    default = len(ENCODER.encoding(a).actions)
    # no forts: no fort actions; the loser keeps workers for food: one keep per cell
    assert len(ENCODER.encoding(GAME.new(4, 1, GAME.options("no_forts"))).actions) == (
        default - cells[4])
    assert len(ENCODER.encoding(GAME.new(4, 1, GAME.options("loser_keeps"))).actions) == (
        default + cells[4])
    obs = {n: ENCODER.encoding(GAME.new(n, 1)).size for n in (3, 4, 5)}
    assert obs[3] < obs[4] < obs[5]


def test_morale_actions_reach_the_highest_maximum_of_a_custom_race_board():
    state = GAME.new(3, 1, GAME.options("custom"))
    morale = [a[1] for a in ENCODER.encoding(state).actions if a[0] == "morale"]
    highest = max(m[0] for m in state.tables.race_custom)
    assert morale == list(range(len(morale))) and morale[-1] >= highest


def test_the_keep_phase_shows_the_loser_and_what_it_kept():
    for state in random_positions(4, 4, every=1, variant="loser_keeps"):
        if state.phase == KEEP:
            seen = parts(state, state.to_move)
            war = seen["war"].reshape(4, -1)
            assert war[0][6] == 1.0  # the observer lost and decides what to keep
            contested = [cell_row(state, seen, c)[CONTESTED_FIELD] for c in state.contested]
            assert contested == [1.0] * len(state.contested)
            return
    pytest.fail("no keep phase in this game")


def test_observations_are_scaled_and_unchanged_by_a_redeal_in_the_card_phase():
    for state in random_positions(5, 21, every=2):
        if state.phase != CARD:
            continue
        for seat in range(5):
            seen = ENCODER.observe(state, seat)
            assert seen.min() >= 0 and seen.max() <= 3
            assert np.array_equal(ENCODER.observe(state.redeal(seat, Rng(seat)), seat), seen)


@pytest.mark.parametrize("variant", ["default", "loser_keeps", "fixed_dominance"])
def test_the_fast_observation_is_the_one_the_writer_checks_part_by_part(variant):
    """`QuoVadisEncoder.observe` builds the vector in one buffer and remembers board
    rows; the engine's `Encoder.observe` puts it through the `Writer`: the same numbers,
    every seat, a position met again (from the memo) included."""
    for state in random_positions(4, 13, every=3, variant=variant):
        for seat in range(4):
            fast = ENCODER.observe(state, seat)
            assert fast.dtype == np.float32 and fast.shape == (ENCODER.encoding(state).size,)
            checked = Encoder.observe(ENCODER, state, seat)
            assert fast.tobytes() == checked.tobytes()
            assert ENCODER.observe(state.copy(), seat).tobytes() == fast.tobytes()


def test_remembered_rows_never_cross_rule_sets_or_seats():
    """The encoder remembers board and seat rows across positions: observed after
    games of other rule sets (another number of generations, fixed dominance, other
    table sizes), a position reads as a fresh encoder reads it."""
    shared = QuoVadisEncoder()
    positions = []
    for options in ({"generations": 6}, {"generations": 4}, {"dominance": "fixed"}):
        for seats in (3, 4):
            state = GAME.new(seats, 31, GAME.options(**options))
            rng = Rng(31)
            while not state.over:
                positions.append(state.copy())
                state.play(rng.choice(state.legal()))
    for state in positions:  # every rule set's rows remembered before the comparison
        for seat in range(state.seats):
            shared.observe(state, seat)
    for state in positions[::9]:
        for seat in range(state.seats):
            fresh = QuoVadisEncoder().observe(state, seat)
            assert shared.observe(state, seat).tobytes() == fresh.tobytes()
