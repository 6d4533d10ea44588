"""Every message a seat receives depends only on what that seat may know.

For positions of every registered game, the other seats' hidden parts are
re-dealt (`state.redeal(seat, ...)`: hands, decks, secret picks) and every kind
of message the server sends that seat is built again: the state message, the
refusals of its requests, and whether it may undo. None may change. A spectator's
message may not change whichever seat's view the re-deal keeps.
"""

from __future__ import annotations

import pytest

from soan.engine.core import SoanError, State
from soan.engine.registry import all_games
from soan.engine.rng import Rng
from soan.table import TableSetup
from soan.web.messages import error_message, seat_message
from soan.web.table import Seat, Table
from soan.web.undo import undoable

GAMES = [g.id for g in all_games()]


def table_for(game_id: str, seed: int) -> Table:
    game = next(g for g in all_games() if g.id == game_id)
    seats = ["human"] * max(game.min_seats, 3)
    setup = TableSetup.build(game_id, seats, seed)
    return Table("t", setup, [Seat("human", f"token{s}") for s in range(len(seats))])


def positions(game_id: str) -> list[tuple[Table, State]]:
    """Tables at several points of random games (the last one finished)."""
    out = []
    for seed, plies in ((1, 0), (2, 9), (3, 40), (4, 150), (5, 10**6)):
        table = table_for(game_id, seed)
        rng = Rng(seed)
        while not table.state.over and len(table.state.history) < plies:
            table.state.play(rng.choice(table.state.legal()))
        out.append((table, table.state))
    return out


def redeals(state: State, seat: int) -> list[State]:
    return [state.redeal(seat, Rng(k)) for k in (1, 2, 3)]


def refusal(table: Table, state: State, seat: int, action) -> dict:
    """The error message `seat` gets for `action` with `state` as the table's state."""
    table.state = state
    try:
        table.play(seat, action)
    except SoanError as exc:
        return error_message(str(exc), getattr(exc, "status", 400))
    raise AssertionError(f"{action} was played")


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_message_changes_when_the_others_hidden_parts_are_redealt(game_id):
    for table, real in positions(game_id):
        for seat in range(real.seats):
            expected = seat_message(table, seat, real, undo=False)
            for deal in redeals(real, seat):
                assert seat_message(table, seat, deal, undo=False) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_no_spectator_message_changes_whoever_keeps_their_view(game_id):
    for table, real in positions(game_id):
        expected = seat_message(table, None, real)
        for seat in range(real.seats):
            for deal in redeals(real, seat):
                assert seat_message(table, None, deal) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_no_refusal_changes_when_the_others_hidden_parts_are_redealt(game_id):
    for table, real in positions(game_id):
        for seat in range(real.seats):
            for bad in (("no such action",), ("place", 10**6), ["done", "x"], "junk"):
                expected = refusal(table, real.copy(), seat, bad)
                for deal in redeals(real, seat):
                    assert refusal(table, deal, seat, bad) == expected
        table.state = real


@pytest.mark.parametrize("game_id", GAMES)
def test_whether_a_seat_may_undo_does_not_depend_on_the_others_hidden_parts(game_id):
    for _, real in positions(game_id)[:4]:
        seat = real.to_move
        for action in real.legal()[:6]:
            after = real.copy()
            after.play(action)
            expected = undoable(real, action, after, seat, Rng(9))
            for deal in redeals(real, seat):
                moved = deal.copy()
                moved.play(action)
                assert undoable(deal, action, moved, seat, Rng(9)) == expected


def test_each_choice_says_whether_it_has_no_effect_now(monkeypatch):
    table = table_for("cityplan", 7)
    state = table.state
    useless = state.legal()[0]
    monkeypatch.setattr(type(state), "no_effect", lambda self, action: action == useless)
    message = seat_message(table, state.to_move, undo=False)
    marks = {tuple(c["action"]): c["no_effect"] for c in message["choices"]}
    assert marks[tuple(useless)] is True
    assert sum(marks.values()) == 1 and len(marks) == len(state.legal())
    assert all(m["choices"] == [] for m in (seat_message(table, None),))
