"""Undo: your own last choice, while no chance was drawn and nothing hidden was revealed
to you by it, and never across another player's choice (soan.web.undo)."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import connect

from soan.engine.rng import Rng
from soan.table import TableSetup
from soan.web.errors import Conflict
from soan.web.table import Seat, Table
from soan.web.undo import undoable


def table_of(game_id: str, seats: int, seed: int = 3, **options) -> Table:
    setup = TableSetup.build(game_id, ["human"] * seats, seed, overrides=options)
    return Table("t", setup, [Seat("human", f"token{s}") for s in range(seats)])


def play(table: Table, action) -> None:
    table.play(table.state.to_move, action)


def views(table: Table) -> list:
    return [table.state.view(s) for s in (None, *range(table.state.seats))]


def test_a_hidden_pick_is_undone_until_someone_else_chooses():
    table = table_of("cityplan", 3)
    start = views(table)
    play(table, ("act", 2))
    assert table.can_undo(0) and not table.can_undo(1) and not table.can_undo(None)
    table.undo(0)
    assert views(table) == start and table.ply == 0
    play(table, ("act", 2))
    play(table, ("act", 1))  # seat 2 chooses: seat 1's choice is no longer the last
    assert not table.can_undo(0)
    with pytest.raises(Conflict, match="cannot undo"):
        table.undo(0)
    assert table.can_undo(1)


def test_the_pick_that_reveals_everyone_s_cards_cannot_be_undone():
    table = table_of("cityplan", 2)
    play(table, ("act", 1))
    play(table, ("act", 3))  # the last pick turns every action card over
    assert table.movers[-1] == 1
    assert not table.can_undo(1)


def test_drawing_a_card_cannot_be_undone_but_discarding_can():
    table = table_of("cityplan", 2, hand_start=12)
    play(table, ("act", 2))
    play(table, ("act", 2))  # both exchange; seat 1 first
    assert table.state.to_move == 0
    card = table.state.hands[0][0]
    play(table, ("discard", card))
    assert table.can_undo(0)  # a discard reveals nothing to its owner
    play(table, ("done",))  # draws the replacement from the deck
    assert not table.can_undo(0)


def test_several_own_choices_are_undone_one_by_one():
    table = table_of("cityplan", 2, hand_start=12)
    play(table, ("act", 2))
    play(table, ("act", 2))
    before = views(table)
    first, second = table.state.hands[0][:2]
    play(table, ("discard", first))
    play(table, ("discard", second))
    table.undo(0)
    table.undo(0)
    assert views(table) == before
    assert not table.can_undo(0)  # the action cards were revealed before


def test_populous_choices_are_undone_unless_they_drew_a_card_or_chance():
    """Through whole random games: a choice that drew a grace card into the mover's hand
    or used the dice is never undone; a placement or build that did neither always is."""
    import random

    seen = {"drew": 0, "placed": 0}
    for seed in (1, 2):
        table = table_of("populous", 3, seed=seed, end_score=20)
        rng = random.Random(seed)
        while not table.state.over:
            state = table.state
            seat, hand, chance = state.to_move, len(state.hands[state.to_move]), state.rng.state
            action = rng.choice(state.legal())
            play(table, action)
            if table.state.over:
                break
            drew = len(table.state.hands[seat]) > hand and action[0] != "keep"  # kept: own offer
            if drew or table.state.rng.state != chance:
                seen["drew"] += 1
                assert not table.can_undo(seat), action
            elif action[0] in ("place", "build"):
                seen["placed"] += 1
                before = table._state_before()
                assert table.can_undo(seat), action
                table.undo(seat)
                assert table.state.view(seat) == before.view(seat)
                play(table, action)
    assert seen["drew"] > 5 and seen["placed"] > 20


def test_undo_is_never_offered_after_the_game_ends():
    table = table_of("cityplan", 2, end_buildings=4)
    import random

    rng = random.Random(1)
    while not table.state.over:
        play(table, rng.choice(table.state.legal()))
    assert not any(table.can_undo(s) for s in range(2))


def test_the_server_tests_undo_away_from_its_loop_and_tells_the_mover(server):
    """A person's move reaches every seat at once; the mover hears again when the undo
    test (made in the bots' quick lane) says yes, and undoes over the same socket."""
    made = server.create(game="populous", seats=["human", "human", "human"])
    table = server.manager.table(made["table"])
    ws_url = server.url.replace("http", "ws")
    mover = table.state.to_move
    with connect(f"{ws_url}/ws/play/{made['seats'][mover]['token']}") as ws:
        first = json.loads(ws.recv(10))
        undoable_moves = [c["action"] for c in first["choices"]
                          if server.call(_undoable_after, table, c["action"])]
        assert undoable_moves, "no choice at the start of Populous can be undone"
        ws.send(json.dumps({"type": "action", "action": undoable_moves[0],
                            "ply": first["ply"]}))
        heard = [json.loads(ws.recv(10))]
        while not heard[-1]["undo"]:
            heard.append(json.loads(ws.recv(10)))
        assert all(m["ply"] == first["ply"] + 1 for m in heard)
        ws.send(json.dumps({"type": "undo"}))
        back = json.loads(ws.recv(10))
        while back["ply"] != first["ply"]:
            back = json.loads(ws.recv(10))
        assert back["your_turn"] and not back["undo"]


def _undoable_after(table: Table, action) -> bool:
    """Whether the seat could take `action` back (tried on a copy of the table)."""
    after = table.state.copy()
    after.play(tuple(action))
    return undoable(table.state, tuple(action), after, table.state.to_move, Rng(1))
