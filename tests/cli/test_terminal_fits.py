"""Every game at an 80x24 and a 120-column terminal: lines that fit, a legend and the
points so far; hot-seat privacy; City Plan's stable payment numbers and its ending;
Populous' pieces, legend and races; Quo Vadis' map for the width it is given."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.cells import cell_len
from rich.console import Console

from soan.engine.core import State
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.games.cityplan.codes import PAY
from soan.games.populous.presentation import SEAT_LETTERS, brief, screen
from soan.table import TableSetup
from soan.terminal import CLEAR_SCROLLBACK, MENU_ROWS, Screen, choices, run_table
from tests.cli.test_human_play import ANSI, answers, first_open

LEGEND = {"cityplan": "Legend:", "populous": "scorched", "quovadis": "M mountain",
          "undecim": "Legend:"}
SCORES = {"cityplan": "Points so far:", "populous": "VP", "quovadis": "VP", "undecim": "VP"}


def terminal(width: int, colour: bool = True) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=width, height=24,
                      color_system="truecolor" if colour else None, legacy_windows=False)
    return console, out


def positions(game_id: str, players: int, seed: int = 3, limit: int = 600) -> Iterator[State]:
    """A position at each phase the game passes through in a random game."""
    game = get_game(game_id)
    state = game.new(players, seed)
    rng = Rng(seed)
    seen = set()
    while not state.over and len(state.history) < limit:
        if state.phase not in seen:
            seen.add(state.phase)
            yield state.copy()
        state.play(rng.choice(state.legal()))


def shown(state: State, width: int, colour: bool = True, lang: str = "en") -> list[str]:
    """What the seat to move sees at a terminal `width` wide: its picture and menu, the
    content's names shown for `lang` (in English with the Japanese name beside)."""
    console, out = terminal(width, colour)
    seat = state.to_move
    content = state.game.load_content()
    Screen(console, state, [seat], False, lang, content)._show(seat)
    return ANSI.sub("", out.getvalue()).rstrip("\n").splitlines()


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("game_id", ["cityplan", "populous", "quovadis", "undecim"])
def test_every_game_fits_the_width_with_a_legend_and_the_points(game_id, width):
    game = get_game(game_id)
    for players in sorted({game.min_seats, game.max_seats}):
        for state in positions(game_id, players):
            for colour, lang in ((True, "en"), (False, "en"), (True, "ja")):
                lines = shown(state, width, colour, lang)
                assert max(map(cell_len, lines)) <= width, (game_id, state.phase)
                text = "\n".join(lines)
                assert LEGEND[game_id] in text, (game_id, state.phase)
                assert SCORES[game_id] in text, (game_id, state.phase)


def test_hot_seat_clears_the_scrollback_and_asks_to_pass_the_device(monkeypatch):
    console, out = terminal(80, colour=False)
    answers(monkeypatch, first_open(out))
    run_table(TableSetup.build("cityplan", ["human", "human"], seed=4), console, None, False)
    text = out.getvalue()
    clears = text.count("\x1b[2J")
    assert clears > 10 and text.count("\x1b[2J\x1b[H" + CLEAR_SCROLLBACK) == clears
    # every hand-over: a fresh screen saying whose turn it is, before any hand is shown
    for piece in text.split(CLEAR_SCROLLBACK)[1:]:
        asked = re.findall(r"Seat (\d), take the keyboard", piece)
        if asked:
            assert f"Pass the device to seat {asked[0]}." in piece
            assert "Your hand" not in piece


def paying(seed: int = 4) -> State:
    """A City Plan position where a seat pays at least two cards for one building."""
    for s in range(seed, seed + 40):
        state = get_game("cityplan").new(2, s)
        rng = Rng(s)
        while not state.over:
            if state.phase == PAY and state.owed >= 2 and len(state.legal()) >= 3:
                return state
            state.play(rng.choice(state.legal()))
    raise AssertionError("no payment of two cards")


def test_city_plan_keeps_every_card_number_while_paying():
    state = paying()
    first = choices(state)
    assert all(action is not None for _, action in first)
    number, (_, action) = 2, first[1]  # pay with the second card
    state.play(action)
    then = choices(state)
    assert len(then) == len(first)
    assert then[number - 1][1] is None and then[number - 1][0].startswith("(paid)")
    for (before, kept), (after, still) in zip(first, then, strict=True):
        if kept != action:
            assert (before, kept) == (after, still)  # same number, same card
    console, out = terminal(80, colour=False)
    Screen(console, state, [state.to_move], quiet=False)._show(state.to_move)
    assert re.search(rf"^ *{number}\. \(paid\) ", out.getvalue(), re.M)


def test_a_paid_card_is_refused_by_its_number(monkeypatch):
    state = paying()
    seat = state.to_move
    state.play(choices(state)[0][1])
    console, out = terminal(80, colour=False)
    answers(monkeypatch, iter(["1", "2"]))
    action = Screen(console, state, [seat], quiet=False).ask(seat)
    assert "Choice 1 is not open now" in out.getvalue()
    assert action == choices(state)[1][1]


def test_city_plan_shows_every_seats_points_so_far():
    for state in positions("cityplan", 3):
        text = state.game.presenter.render(state, state.to_move)
        scores = ", ".join(f"seat {s + 1} {p}" for s, p in enumerate(state.scores()))
        assert f"Points so far: {scores}" in text


@pytest.mark.parametrize("seats", [["human", "random"], ["human", "human"]])
def test_the_final_table_comes_after_the_last_events(monkeypatch, seats):
    console, out = terminal(200, colour=False)
    answers(monkeypatch, first_open(out))
    state = run_table(TableSetup.build("cityplan", seats, seed=4), console, None, False)
    assert state.over
    text = ANSI.sub("", out.getvalue())
    before, table = text.split("final scores", 1)
    ending = before.rstrip().splitlines()
    assert ending[-2] == state.log[-1]  # the line that ends the game, then the title
    assert state.log[-1] not in table and "into your hand" not in table


def test_populous_draws_pieces_as_seat_letters_with_a_legend():
    state = next(s for s in positions("populous", 4) if s.workers[0] < 16 and s.area >= 0)
    console, out = terminal(80)
    console.print(screen(state, 0, 80))
    plain = ANSI.sub("", out.getvalue())
    assert "A worker" in plain and "A house" in plain and "V vandal" in plain
    for key in ("plains", "mountain", "desert", "snow", "sea", "scorched"):
        assert key in plain
    for line in plain.splitlines():  # the map's part of a line shows no seat digit
        assert not re.search(r"\b\d[A-E]?\d\b", line[:40].replace("-", " ")), line
    assert any(letter in plain[:40 * 15] for letter in SEAT_LETTERS[:4])


def test_populous_race_choice_shows_each_race_ability():
    state = get_game("populous").new(5, 3)
    console, out = terminal(80, colour=False)
    Screen(console, state, [0], quiet=False)._show(0)
    text = out.getvalue()
    tables = state.tables
    for action in state.legal():
        r = action[1]
        assert f"{tables.race_english[r]} (" in text
        assert brief(tables.race_text[r]).split(";")[0] in text


@pytest.mark.parametrize("width", [80, 120])
def test_quo_vadis_area_choice_keeps_the_map_on_screen(width):
    state = get_game("quovadis").new(4, 3)
    rng = Rng(3)
    while not (len(state.legal()) > 20 and state.legal()[0][0] == "area"):
        state.play(rng.choice(state.legal()))
    lines = shown(state, width)
    menu_lines = [line for line in lines if re.match(r" *\d+\. ", line)]
    assert len(menu_lines) <= MENU_ROWS
    assert all(cell_len(line) <= width for line in lines)
    text = "\n".join(lines)
    world = state.board.world
    if width < 100:  # the compact map: every area, one a line, each cell numbered
        for a, b in world.pairs:
            assert re.search(rf"^ [ *]{a}-{b}", text, re.M)
        assert re.search(r"\b29[PMDSW]\b", text)
    else:  # the map itself, its hexes numbered
        assert re.search(r"\b29[PMDSW]", text) and "[ ] creation area" in text
