"""The Populous encoding (games.populous.encoding, docs/encoding/populous.md): parts of
positions built by hand, relative seats, private hands, and the action index."""

import numpy as np
import pytest

from soan.engine.rng import Rng
from soan.games.populous.codes import (
    AREA,
    BID,
    BLESSING,
    KEEP,
    PLACE,
    PROSPERITY,
    RACE,
    RETURN,
    VANDAL,
)
from soan.games.populous.encoding import TILES, TRACKS, TURN
from tests.games.populous.helpers import (
    GAME,
    Dice,
    cells,
    choose,
    fill,
    house,
    new,
    no_abilities,
    tile,
    turn_of,
    worker,
)

ENCODER = GAME.encoder


def part(state, seat, name):
    """One part of `seat`'s observation of `state`."""
    seen = ENCODER.observe(state, seat)
    at = 0
    for key, length in ENCODER.encoding(state).layout:
        if key == name:
            return seen[at:at + length]
        at += length
    raise KeyError(name)


def counts(cards, kinds):
    out = np.zeros(kinds, dtype=np.float32)
    for k in cards:
        out[k] += 1
    return out


def test_the_layout_and_the_action_index_follow_the_table_size():
    content = GAME.load_content()
    races, kinds = len(content.races), len(content.grace)
    for seats in (3, 4, 5):
        state = GAME.new(seats, 1)
        encoding = ENCODER.encoding(state)
        cells_ = 7 * TILES[seats]
        assert encoding.size == sum(n for _, n in encoding.layout) == (
            14 + 3 + 3 * seats + seats * (len(TRACKS) + races + 17 + 6 + kinds) + 4 * kinds
            + 2 + len(TURN) + 4 * seats + 4 + TILES[seats] * (17 + seats)
            + cells_ * (7 + 2 * seats))
        assert len(encoding.actions) == races + 3 * kinds + 10 + 25 + 5 + 5 + 4 + 5 * cells_
        assert len(ENCODER.observe(state, 0)) == encoding.size
    assert [len(ENCODER.encoding(GAME.new(n, 1)).actions) for n in (3, 4, 5)] == [426, 531, 636]


def test_two_games_at_one_table_share_the_action_index_and_another_size_does_not():
    a, b = GAME.new(4, 1), GAME.new(4, 99)
    assert a.board.world.pairs != b.board.world.pairs  # another world, the same numbering
    assert ENCODER.encoding(a).actions == ENCODER.encoding(b).actions
    assert ENCODER.encoding(a).layout == ENCODER.encoding(b).layout
    three = ENCODER.encoding(GAME.new(3, 1))
    assert len(three.actions) < len(ENCODER.encoding(a).actions)
    assert three.size < ENCODER.encoding(a).size
    # a cell action's index is its cell id after the first of its kind
    encoding = ENCODER.encoding(a)
    first = encoding.action_id(("place", 0))
    assert all(encoding.action_id(("place", c)) == first + c for c in range(84))
    with pytest.raises(Exception, match="not in the"):
        encoding.action_id(("place", 84))


def test_options_that_rule_out_an_action_leave_it_out_of_the_index():
    dealt = GAME.new(4, 1, GAME.options("random_races"))
    assert not any(a[0] == "race" for a in ENCODER.encoding(dealt).actions)
    no_stock = GAME.new(4, 1, GAME.options(vandals=0, houses=0))
    kinds = {a[0] for a in ENCODER.encoding(no_stock).actions}
    assert "vandal" not in kinds and "build" not in kinds and "discard" in kinds


def test_the_phase_part_is_one_hot_on_the_phase():
    state = GAME.new(3, 4)
    assert state.phase == RACE
    assert part(state, 0, "phase").tolist() == [1.0] + [0.0] * 13
    while state.phase != KEEP:
        state.play(state.legal()[0])
    assert np.flatnonzero(part(state, 1, "phase")).tolist() == [KEEP]
    state = new(3, 4)
    assert np.flatnonzero(part(state, 2, "phase")).tolist() == [AREA]


def test_seats_are_relative_to_the_observer():
    state = new(4, 2)
    turn_of(state, 2)
    state.fp = [1, 2, 30, 4]
    for seat in range(4):
        assert np.flatnonzero(part(state, seat, "to_move")).tolist() == [(2 - seat) % 4]
        tracks = part(state, seat, "tracks").reshape(4, len(TRACKS))
        fp = tracks[:, TRACKS.index("fp")] * state.options.end_score
        assert np.allclose(fp, [state.fp[(seat + r) % 4] for r in range(4)])
        lead = tracks[:, TRACKS.index("lead")] * state.options.end_score
        assert np.allclose(lead[(2 - seat) % 4], 30 + state.vp[2] - max(
            state.vp[s] + state.fp[s] for s in range(4) if s != 2))
        races = part(state, seat, "race").reshape(4, -1)
        assert races[0].argmax() == state.race[seat] and races.sum() == 4


def test_the_own_hand_holds_its_counts_and_two_seats_see_different_hands():
    state = new(4, 2)
    kinds = len(state.tables.card_name)
    hands = [part(state, s, "hand") for s in range(4)]
    for s in range(4):
        assert np.array_equal(hands[s], counts(state.hands[s], kinds))
    assert state.hands[0] != state.hands[1] and not np.array_equal(hands[0], hands[1])
    # another seat's hand shows only as a size
    tracks = part(state, 0, "tracks").reshape(4, len(TRACKS))
    assert np.allclose(tracks[:, TRACKS.index("hand_size")] * 10, [3, 3, 3, 3])


def test_the_setup_offer_is_private_and_its_size_public():
    state = GAME.new(3, 4)
    while state.phase != KEEP:
        state.play(state.legal()[0])
    mover = state.to_move
    kinds = len(state.tables.card_name)
    assert np.array_equal(part(state, mover, "offer"), counts(state.offers[mover], kinds))
    other = (mover + 1) % 3
    assert np.array_equal(part(state, other, "offer"), counts(state.offers[other], kinds))
    tracks = part(state, other, "tracks").reshape(3, len(TRACKS))
    assert tracks[(mover - other) % 3, TRACKS.index("offer_size")] == 1.0


def test_unseen_cards_are_the_deck_and_the_others_hands_and_offers():
    state = new(4, 5)
    rng = Rng(5)
    while state.turn() < 12:
        state.play(rng.choice(state.legal()))
    seat = 1
    copies = np.array([state.tables.deck.count(k) for k in range(len(state.tables.card_name))])
    unseen = part(state, seat, "unseen") * copies
    expected = counts(state.deck + [k for s in range(4) if s != seat
                                    for k in state.hands[s] + state.offers[s]], len(copies))
    assert np.allclose(unseen, expected)
    assert np.allclose(part(state, seat, "discard") * copies, counts(state.discard, len(copies)))


def test_a_placed_worker_shows_on_its_cell_for_every_seat():
    state = new(3, 1)
    no_abilities(state)
    turn_of(state, 1)
    t = tile(state, avoid=BLESSING)
    choose(state, state.board.world.pairs[t], BLESSING)
    assert state.phase == PLACE
    turn = part(state, 1, "turn")
    assert turn[TURN.index("blessing")] == 1.0 and turn[TURN.index("free_place")] == 1.0
    assert turn[TURN.index("places_left")] == pytest.approx(2 / 5)
    c = cells(state, t)[3]
    state.play(("place", c))
    width = 6 + 2 * 3 + 1
    for seat in range(3):
        row = part(state, seat, "cells").reshape(-1, width)[c]
        pieces = row[6:]
        assert pieces.tolist() == [1.0 if i == 2 * ((1 - seat) % 3) else 0.0 for i in range(7)]
        assert row[:6].sum() == 1.0 and row[state.board.terrain[c]] == 1.0
        tiles = part(state, seat, "tiles").reshape(TILES[3], -1)
        assert tiles[t, 15] == 1.0 and tiles[:, 15].sum() == 1.0  # the area in play
        a, b = state.board.world.pairs[t]
        assert tiles[t, :15].argmax() == [p for p in ((x, y) for x in range(1, 6)
                                                      for y in range(x, 6))].index((a, b))
        assert tiles[t, 17 + (1 - seat) % 3] == pytest.approx(0.5)  # a worker: 1 VP of 2
    genesis = part(state, 0, "genesis_down").reshape(3, 6)
    assert genesis[1].sum() == 3.0  # seat 1, seen from seat 0, lowered 3 cards


def test_houses_and_vandals_have_their_own_columns():
    state = new(3, 1)
    t = tile(state, avoid=PROSPERITY)
    fill(state, t, [house(2), VANDAL])
    first, second = cells(state, t)[:2]
    rows = part(state, 0, "cells").reshape(-1, 13)
    assert rows[first, 6 + 2 * 2 + 1] == 1.0 and rows[first, 6:].sum() == 1.0
    assert rows[second, 6 + 6] == 1.0 and rows[second, 6:].sum() == 1.0
    tiles = part(state, 0, "tiles").reshape(TILES[3], -1)
    assert tiles[t, 17 + 2] == 1.0  # a house scores the full 2 VP there
    assert tiles[t, 16] == pytest.approx(5 / 7)


def test_a_war_in_progress_shows_its_sides_bids_and_strengths():
    state = new(3, 1)
    no_abilities(state)
    turn_of(state, 0)
    t = tile(state, avoid=BLESSING)
    fill(state, t, [worker(0), worker(2), house(2), VANDAL, worker(1), worker(0)])
    state.food = [3, 0, 3]
    choose(state, state.board.world.pairs[t], BLESSING)
    while state.phase == PLACE:
        state.play(("place", cells(state, t)[6]))
    if state.phase != BID:
        state.play(("done",))
    assert state.phase == BID and state.to_move == 0
    state.play(("bid",))
    war = part(state, 2, "war")  # seen from seat 2: seats 2, 0, 1
    n = 3
    assert war[:n].tolist() == [1.0, 1.0, 1.0]
    assert war[n:2 * n].tolist() == pytest.approx([0.0, 0.2, 0.0])
    assert war[2 * n + 1] == pytest.approx(0.1)  # seat 0 commits a worker: 1
    assert war[4 * n] == 1.0 and war[4 * n + 1] == pytest.approx(0.1)  # one vandal
    assert war[4 * n + 2] == 1.0  # this round of bids added food
    assert war[3 * n:4 * n].tolist() == [0.0] * n  # nobody has lost yet
    # seat 0: 1 + 1, seat 1: 0 + 1, seat 2: 0 + 1, vandals 1 + 1: a tie, everyone loses
    state.rng = Dice(1, 1, 1)
    while state.phase == BID:
        state.play(("pass",))
    assert state.phase == RETURN and state.to_move == 0
    war = part(state, 2, "war")
    assert war[3 * n:4 * n].tolist() == [1.0, 1.0, 1.0] and war[4 * n + 3] == 1.0
    state.play(next(a for a in state.legal()))
    assert part(state, 2, "war")[3 * n:4 * n].tolist() == [1.0, 0.0, 1.0]

