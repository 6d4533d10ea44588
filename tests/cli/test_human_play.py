"""People at the terminal: hot seat, private news, menus, pagers, screens that fit."""

from __future__ import annotations

import builtins
import io
import itertools
import json
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from soan.engine.record import Record
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.table import TableSetup
from soan.terminal import menu, print_final, run_table, show_long

CLEAR = "\x1b[2J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def terminal(width: int = 80, colour: bool = False) -> tuple[Console, io.StringIO]:
    """A console that behaves like a terminal (it clears the screen), writing to a string."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=width, height=24,
                      color_system="truecolor" if colour else None, legacy_windows=False)
    return console, out


def answers(monkeypatch, lines: Iterator[str], end: type[BaseException] = EOFError) -> None:
    """Type `lines` at the prompts; then `end` (end of input, or Ctrl-C)."""

    def fake_input(prompt: str = "") -> str:
        try:
            return next(lines)
        except StopIteration:
            raise end from None

    monkeypatch.setattr(builtins, "input", fake_input)


def always(first: str) -> Iterator[str]:
    while True:
        yield first


def first_open(out: io.StringIO) -> Iterator[str]:
    """Always the first open choice of the menu last shown (a card already paid for a
    building keeps its number but is no longer open)."""
    while True:
        text = ANSI.sub("", out.getvalue())
        last = text.rfind("your choice")
        menu_text = text[text.rfind("your choice", 0, last) + 1:last]
        numbers = re.findall(r"^ *(\d+)\. (?!\(paid\))", menu_text, re.M)
        yield numbers[0] if numbers else "1"


def screens(out: io.StringIO) -> list[str]:
    return [ANSI.sub("", screen) for screen in out.getvalue().split(CLEAR)]


def test_hot_seat_clears_the_screen_and_hands_over_before_any_hand_is_shown(monkeypatch):
    console, out = terminal()
    answers(monkeypatch, first_open(out))
    setup = TableSetup.build("cityplan", ["human", "human"], seed=4)
    state = run_table(setup, console, None, quiet=False)
    assert state.over
    shown = screens(out)
    handovers = 0
    for before, screen in itertools.pairwise(shown):
        if "Your hand" not in screen:
            continue
        # a hand is shown only on a fresh screen, after its seat took the keyboard
        asked = re.findall(r"Seat (\d), take the keyboard", before)
        assert len(asked) == 1 and "Your hand" not in before
        assert set(re.findall(r"Seat (\d), your choice", screen)) == set(asked)
        handovers += 1
    assert handovers > 10


def test_a_human_is_told_which_cards_came_into_their_hand(monkeypatch):
    console, out = terminal(200)  # no note wrapped
    answers(monkeypatch, first_open(out))
    run_table(TableSetup.build("cityplan", ["human", "random"], seed=4), console, None, False)
    notes = re.findall(r"Seat 1, into your hand: (.+)", ANSI.sub("", out.getvalue()))
    assert notes
    shown = {f"{card.english} ({card.name})" for card in get_game("cityplan").load_content().deck}
    assert all(card in shown for note in notes for card in note.split(", "))


def test_in_hot_seat_the_news_waits_for_its_owner(monkeypatch):
    console, out = terminal()
    answers(monkeypatch, first_open(out))
    run_table(TableSetup.build("cityplan", ["human", "human"], seed=4), console, None, False)
    shown = screens(out)
    told = 0
    assert "The last events:" in shown[-1]  # at the end everyone may look again
    for before, screen in itertools.pairwise(shown[:-1]):
        owners = set(re.findall(r"Seat (\d), into your hand", screen))
        told += len(owners)
        assert owners <= set(re.findall(r"Seat (\d), take the keyboard", before))
    assert told


def test_the_menu_comes_back_after_help_rules_and_log(monkeypatch):
    console, out = terminal()
    answers(monkeypatch, iter(["help", "log", "rules", "quit"]))
    run_table(TableSetup.build("cityplan", ["human", "random"], seed=2), console, None, False)
    text = ANSI.sub("", out.getvalue())
    assert text.count(" 1. Play action card 1") == 4
    for shown in ("Type the number of a choice", "Turn 1: seat 1 is mayor.",
                  "rules reference"):
        assert " 1. Play action card 1" in text.split(shown, 1)[1]


def test_rules_open_in_a_pager_at_a_terminal_and_print_otherwise(monkeypatch):
    paged = []
    monkeypatch.setattr("pydoc.pager", paged.append)
    console, _ = terminal()
    show_long(console, "the rules [/] of the game")
    assert paged and "the rules [/] of the game" in paged[0]
    plain = Console(file=io.StringIO(), force_terminal=False)
    show_long(plain, "the rules [/] of the game")
    assert "the rules [/] of the game" in plain.file.getvalue()
    assert len(paged) == 1


def test_the_final_table_fits_80_columns_with_five_long_seat_names():
    game = get_game("cityplan")
    state = game.new(5, 3)
    rng = Rng(1)
    while not state.over:
        state.play(rng.choice(state.legal()))
    console, out = terminal(80)
    seats = ["ismcts:iters=500:rollout=heuristic", "my_very_long_bot_file.py:Strategy",
             "heuristic", "human", "isolated:bots/other.py:Bot"]
    print_final(console, state, seats)
    lines = ANSI.sub("", out.getvalue()).splitlines()
    assert max(map(len, lines)) <= 80
    assert all(str(total) in "\n".join(lines) for total in state.scores())
    assert not any("…" in line for line in lines if "total" in line)


def positions(players: int) -> Iterator:
    """Populous positions of a five-seat game in every phase a human meets."""
    game = get_game("populous")
    for seed in (3, 8):
        state = game.new(players, seed)
        rng = Rng(seed)
        seen = set()
        while not state.over and len(state.history) < 400:
            if state.phase not in seen:
                seen.add(state.phase)
                yield state.copy()
            state.play(rng.choice(state.legal()))


@pytest.mark.parametrize("players", [3, 5])
def test_the_populous_screen_and_menu_fit_80_by_24(players):
    for state in positions(players):
        console, out = terminal(80, colour=True)
        console.print(state.game.presenter.screen(state, state.to_move, 80))
        menu(console, state)
        lines = ANSI.sub("", out.getvalue()).rstrip("\n").splitlines()
        assert len(lines) + 1 <= 24, (state.phase, len(lines))  # and the prompt
        assert max(len(line.rstrip()) for line in lines) <= 80


def test_the_populous_map_names_every_cell_and_outlines_the_area():
    state = next(s for s in positions(4) if s.area >= 0)
    console, out = terminal(80, colour=True)
    console.print(state.game.presenter.screen(state, state.to_move, 80))
    text = out.getvalue()
    plain = ANSI.sub("", text)
    world = state.board.world
    for a, b in world.pairs:
        assert f"{a}-{b}" in plain
    assert "[" in plain and "]" in plain
    for colour in ("140;197;107", "91;155;213"):  # plains and sea backgrounds
        assert colour in text
    assert plain.count("6") >= len(world.pairs)  # every tile's sixth cell


def test_markup_in_content_never_breaks_the_output(tmp_path):
    from typer.testing import CliRunner

    from soan.cli import app
    from tests.cli.corpus import content

    def markup(data):
        for card in data["deck"]:
            card["name"], card["english"] = "[/]", "[bold]Tower[/bold] [link=x]"

    (tmp_path / "c.toml").write_bytes(content("cityplan", markup))
    record = tmp_path / "g.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", "cityplan", "--seats", "human,random", "--seed", "4",
                                 "--content", str(tmp_path / "c.toml"), "--record",
                                 str(record)], input="1\n" * 600)
    assert played.exit_code == 0, played.output
    assert "[bold]Tower[/bold] [link=x]" in played.output
    stepped = runner.invoke(app, ["replay", str(record), "--step", "--content",
                                  str(tmp_path / "c.toml")])
    assert stepped.exit_code == 0, stepped.output
    assert "[bold]Tower[/bold]" in stepped.output


def test_a_game_a_human_leaves_is_kept_and_replays_to_where_it_stopped(tmp_path, monkeypatch):
    console, _ = terminal()
    answers(monkeypatch, iter(["1", "1", "quit"]))
    record = tmp_path / "g.json"
    run_table(TableSetup.build("cityplan", ["human", "random"], seed=5), console, record, False)
    kept = Record.load(record)
    assert kept.actions and "seat 1 left the game" in kept.stopped and not kept.result
    from typer.testing import CliRunner

    from soan.cli import app

    result = CliRunner().invoke(app, ["replay", str(record)])
    assert result.exit_code == 0 and "the game stopped there: seat 1 left" in result.output


def test_ctrl_c_keeps_the_record(tmp_path, monkeypatch):
    console, _ = terminal()
    answers(monkeypatch, iter(["1", "1"]), KeyboardInterrupt)
    record = tmp_path / "g.json"
    with pytest.raises(KeyboardInterrupt):
        run_table(TableSetup.build("cityplan", ["human", "random"], seed=5), console, record,
                  False)
    data = json.loads(record.read_text())
    assert data["stopped"] == "interrupted with Ctrl-C" and data["actions"]
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
