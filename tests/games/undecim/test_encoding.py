"""Undecim's observation and action index (games/undecim/encoding.py,
docs/encoding/undecim.md): parts read back from positions built by hand, the observing
seat first, hidden things kept hidden, and one action index per table size and rule set."""

import numpy as np
import pytest

from soan.engine.encoding import EncodingError
from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim import effects as E
from soan.games.undecim.content import EG, TYPES
from soan.games.undecim.encoding import max_settlements
from tests.games.undecim.helpers import (
    GAME,
    empty_fronts,
    give_action,
    give_front,
    kind,
    new,
    new_with,
    set_hand,
    to_phase,
)

ENCODER = GAME.encoder
STONE, WOOD, CLAY, IRON = range(4)


def part(state, seat: int, name: str) -> np.ndarray:
    """One named part of what `seat` sees."""
    layout = ENCODER.encoding(state).layout
    seen = ENCODER.observe(state, seat)
    at = 0
    for part_name, length in layout:
        if part_name == name:
            return seen[at:at + length]
        at += length
    raise KeyError(name)


def rows(state, seat: int, name: str) -> np.ndarray:
    """A per-seat part as one row per seat, the observer's first."""
    return part(state, seat, name).reshape(state.seats, -1)


def at_pick(seats: int = 4, seed: int = 3, **options):
    state = new(seats, seed, **options)
    to_phase(state, K.PICK)
    return state


def test_the_layout_adds_up_and_names_each_part_once():
    for seats in (3, 4):
        encoding = ENCODER.encoding(new(seats, 1))
        names = [name for name, _ in encoding.layout]
        assert len(names) == len(set(names))
        assert encoding.size == sum(n for _, n in encoding.layout)
        assert ENCODER.observe(new(seats, 1), 0).shape == (encoding.size,)
    assert ENCODER.encoding(new(4, 1)).size > ENCODER.encoding(new(3, 1)).size


def test_the_phase_is_one_hot_on_the_phase_being_played():
    state = new(4, 2)
    assert state.phase == K.MULLIGAN
    assert list(part(state, 0, "phase")) == [float(p == K.MULLIGAN) for p in range(15)]
    to_phase(state, K.PICK)
    phase = part(state, 2, "phase")
    assert phase.sum() == 1 and phase[K.PICK] == 1
    assert part(state, 2, "round")[0] == pytest.approx(1 / 5)  # round 1 of 5
    die = part(state, 2, "die")
    assert die.sum() == 1 and die[state.die - 1] == 1


def test_the_own_hand_part_counts_the_seats_hidden_cards_by_type_and_kind():
    # SEED 「リソースカードを…5枚ずつ配ります」: the hand is hidden, so only its holder sees it
    state = at_pick()
    mountain_stone, forest_wood = kind("山", "石"), kind("森", "木")
    set_hand(state, 1, [mountain_stone, mountain_stone, forest_wood, EG])
    hand = part(state, 1, "own_hand")
    assert hand[:TYPES] * 5 == pytest.approx(
        [2 if t == mountain_stone else 1 if t in (forest_wood, EG) else 0 for t in range(TYPES)])
    lands, resources = hand[TYPES:TYPES + 4] * 5, hand[TYPES + 4:] * 5
    assert list(lands) == pytest.approx([0, 1, 0, 2])  # 草原 森 沼地 山
    assert list(resources) == pytest.approx([2, 1, 0, 0])  # 石 木 粘土 鉄
    assert rows(state, 1, "seat_info")[0][0] * 10 == pytest.approx(4)  # its hand size
    assert rows(state, 0, "seat_info")[1][0] * 10 == pytest.approx(4)  # seen by seat 1's left


def test_two_seats_see_their_own_hands_and_not_each_other():
    state = at_pick()
    set_hand(state, 0, [kind("草原", "鉄")] * 3)
    set_hand(state, 2, [kind("沼地", "粘土")] * 3)
    mine, theirs = part(state, 0, "own_hand"), part(state, 2, "own_hand")
    assert not np.array_equal(mine, theirs)
    assert not np.array_equal(part(state, 0, "own_actions"), part(state, 2, "own_actions"))
    # what seat 0 sees of seat 2's cards is only what is unseen: the same with another hand
    before = part(state, 0, "unseen")
    set_hand(state, 2, [kind("沼地", "粘土"), kind("山", "石"), EG])
    assert np.array_equal(part(state, 0, "unseen"), before)
    assert np.array_equal(part(state, 0, "own_hand"), mine)


def test_the_observing_seat_comes_first_then_the_others_in_turn_order():
    state = at_pick()
    empty_fronts(state)
    give_front(state, 2, kind("森", "木"), E.LAND, 3)
    for seat in range(4):
        front = rows(state, seat, "front")
        row = (2 - seat) % 4
        assert front[row][1] * 10 == pytest.approx(3)  # 3 forest lands
        assert all(front[r][:4].sum() == 0 for r in range(4) if r != row)
        position = part(state, seat, "position")
        assert position.argmax() == seat and position.sum() == 1
        to_move = part(state, seat, "to_move")
        assert to_move.argmax() == (state.to_move - seat) % 4


def test_the_own_pick_is_seen_by_its_seat_only_and_the_others_see_that_it_picked():
    state = at_pick()
    give_action(state, 0, 5)
    state.play(("play", 5))
    pick = part(state, 0, "own_pick")
    assert pick.argmax() == 4 and pick.sum() == 1  # card 5
    assert part(state, 1, "own_pick").sum() == 0
    picked = 3
    assert rows(state, 1, "seat_info")[3][picked] == 1  # seat 0 is seat 1's fourth row
    assert rows(state, 1, "seat_info")[0][picked] == 0
    for k in range(3):  # another pick of seat 0 looks the same to seat 1
        other = state.redeal(1, Rng(k))
        assert np.array_equal(ENCODER.observe(other, 1), ENCODER.observe(state, 1))


def test_revealed_cards_and_cards_taken_from_the_field_are_public():
    state = at_pick()
    while state.phase == K.PICK:
        state.play(state.legal()[0])
    played = rows(state, 3, "played")
    for s in range(4):
        assert played[(s - 3) % 4].argmax() + 1 == state.played[s]
    # every action card is in one place the seat knows of, or among those it cannot place
    # (the dealt cards of the others): the field, its hand, another hand that took it from
    # the field, or on the table being resolved
    places = (part(state, 3, "field") + part(state, 3, "own_actions")
              + rows(state, 3, "known_actions")[1:].sum(axis=0)
              + part(state, 3, "unseen_actions") + played.sum(axis=0))
    assert list(places) == [1.0] * 11
    unseen = {c for s in range(3) for c in K.BITS[state.secret[s]]}
    assert {c + 1 for c in np.flatnonzero(part(state, 3, "unseen_actions"))} == unseen


def test_the_settlement_slots_follow_the_tables_order_of_the_develop_actions():
    state = at_pick()
    empty_fronts(state)
    state.settlements.extend([
        (2, WOOD, 1 << WOOD, 3, 1, (kind("森", "木"),) * 2),
        (0, K.MIXED, 1 << STONE | 1 << CLAY, 2, 0, (kind("山", "石"), kind("沼地", "粘土"))),
    ])
    n, width = 4, 12 + 4
    slots = part(state, 1, "settlements").reshape(-1, width)
    assert len(slots) == max_settlements(state.tables) == 36
    first, second = slots[0], slots[1]
    assert first[0] == 1 and first[1 + WOOD] == 1 and first[6] * 6 == pytest.approx(3)
    assert first[7] * 6 == pytest.approx(1)  # one gold in it
    assert first[12 + (2 - 1) % n] == 1  # seat 2 is seat 1's next
    assert second[1 + K.MIXED] == 1 and list(second[8:12]) == [1, 0, 1, 0]
    assert second[12 + (0 - 1) % n] == 1
    assert slots[2:].sum() == 0
    settled = rows(state, 1, "settled")
    assert settled[1][0] * 8 == pytest.approx(1) and settled[1][1] * 6 == pytest.approx(3)
    index = ENCODER.encoding(state)
    assert index.action_from_id(index.action_id(("develop", 1, 4))) == ("develop", 1, 4)


def test_a_steal_in_progress_shows_the_card_its_step_and_the_victim():
    # 略奪 (11, red): take a gold from one other player of your choice
    state = at_pick(seed=5)
    empty_fronts(state)
    give_front(state, 2, EG, E.GOLD, 2)
    give_action(state, 0, 11)
    while state.phase == K.PICK:
        s = state.to_move
        state.play(("play", 11) if s == 0 else next(
            a for a in state.legal() if a[1] != 11))
    assert state.phase == K.TARGET and state.cur == 0
    resolving = part(state, 3, "resolving")
    assert resolving[(0 - 3) % 4] == 1  # seat 0 resolves: seat 3's second row
    assert resolving[4 + 10] == 1  # card 11
    assert resolving[4 + 11 + 3 + E.STEAL] == 1
    steal = part(state, 3, "steal").reshape(2, 4)
    assert steal[0][(2 - 3) % 4] == 1 and steal[0].sum() == 1  # seat 2, the only one with gold
    state.play(("target", 2))
    assert state.phase == K.TAKE
    assert part(state, 0, "steal").reshape(2, 4)[1][2] == 1  # the victim, from seat 0


def test_the_action_index_is_one_per_table_size_options_and_content():
    a = ENCODER.encoding(new(4, 1))
    b = ENCODER.encoding(new(4, 99))
    assert a.actions == b.actions and a.layout == b.layout
    three = ENCODER.encoding(new(3, 1))
    # 略奪 targets one other seat by its number: one target more at four seats
    assert len(a.actions) == len(three.actions) + 1
    assert ("target", 3) in a.index and ("target", 3) not in three.index
    with pytest.raises(EncodingError, match="not in the"):
        three.action_id(("target", 3))
    no_mulligan = ENCODER.encoding(new(4, 1, mulligan=False))
    assert len(a.actions) - len(no_mulligan.actions) == 110  # the swaps, g != t
    assert ("spend",) in a.index  # 開拓 (4) takes a gold for +1
    plain = ENCODER.encoding(new_with({"number": 4, "steps": [{"step": "draw", "amount": 2}]}))
    assert set(a.actions) - set(plain.actions) == {("spend",)}
    storm = ENCODER.encoding(new(4, 1, module_storm=True))
    assert {("die", v) for v in range(1, 7)} <= set(storm.index)
    assert ("moon", 1) in storm.index and ("moon", -1) in storm.index
    giver = ENCODER.encoding(new(4, 1, "giver_chooses"))
    assert ("give", 3) in giver.index and ("take", 0) not in giver.index


@pytest.mark.parametrize("variant", ["default", "expand_all", "fief", "giver_chooses"])
def test_every_position_hides_what_the_seat_cannot_see_and_shows_every_move(variant):
    """Every position of a game: redeals look the same; every action changes what
    every seat sees (something public always moves: the seat to move, at least)."""
    state = new(4, 7, variant)
    rng = Rng(7)
    while not state.over:
        seen = [ENCODER.observe(state, s) for s in range(4)]
        for s in range(4):
            assert np.array_equal(ENCODER.observe(state.redeal(s, Rng(s)), s), seen[s])
        state.play(rng.choice(state.legal()))
        for s in range(4):
            assert not np.array_equal(ENCODER.observe(state, s), seen[s])
    final = ENCODER.observe(state, 0)
    assert np.isfinite(final).all() and part(state, 0, "phase")[K.OVER] == 1
    totals = rows(state, 1, "points")[:, -1] * 100  # seat 1 first: seats 1, 2, 3, 0
    scores = state.scores()
    assert list(totals) == pytest.approx([scores[(1 + r) % 4] for r in range(4)], abs=1e-3)
