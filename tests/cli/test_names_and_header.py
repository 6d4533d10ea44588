"""What the terminal shows: names an English reader can read (the gloss, with the name
as written in brackets), Japanese names alone with --lang ja, and a game header that
says what differs from the draft."""

from __future__ import annotations

import builtins
import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from soan.cli import app
from soan.engine.glossary import content_names
from soan.engine.registry import all_games, get_game
from soan.table import TableSetup
from soan.terminal import header, run_table

SEATS = {"cityplan": ["human", "random"]}


def played(monkeypatch, game_id: str, lang: str, choices: int = 80) -> str:
    """What a person at seat 1 sees in the first moves of a game (the first choice,
    else the next: a card already paid keeps its number but is not open), at a
    terminal wide enough that nothing wraps."""
    answers = iter([str(1 + i % 6) for i in range(choices)])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    console = Console(file=io.StringIO(), width=400, color_system=None)
    seats = SEATS.get(game_id, ["human", "random", "random"])
    run_table(TableSetup.build(game_id, seats, seed=7), console, None, False, lang)
    return console.file.getvalue()


def pairs(game_id: str) -> list[tuple[str, str]]:
    """(name as written, English gloss) of the game's content, the longest first."""
    names = content_names(get_game(game_id).load_content())
    return sorted(names.items(), key=lambda p: -len(p[0] + p[1]))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_in_english_every_name_is_the_gloss_with_the_name_as_written_in_brackets(
        monkeypatch, game_id):
    text = played(monkeypatch, game_id, "en")
    glossed = 0
    for written, english in pairs(game_id):
        for shown in (f"{english} ({written})", f"{english} ({written}, "):  # or more inside
            glossed += text.count(shown)
            text = text.replace(shown, "")
    assert glossed > 5
    alone = [written for written, _ in pairs(game_id) if written in text]
    assert not alone, alone  # no name in Japanese alone


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_in_japanese_names_are_as_written_alone(monkeypatch, game_id):
    text = played(monkeypatch, game_id, "ja")
    assert sum(text.count(written) for written, _ in pairs(game_id)) > 5
    english = [gloss for _, gloss in pairs(game_id)
               if re.search(rf"(?<![A-Za-z]){re.escape(gloss)}(?![A-Za-z])", text)]
    assert not english, english
    assert get_game(game_id).glossary.title in text  # the draft's title


def test_the_header_names_only_the_game_when_it_is_played_as_written():
    setup = TableSetup.build("cityplan", ["human", "random"], seed=1)
    assert header(setup) == ["City Plan Delta - 2 players, variant default"]
    assert header(setup, "ja") == ["シティープラン デルタ - 2 players, variant default"]


def test_the_header_shows_the_variant_changed_rule_numbers_and_the_content_file(tmp_path):
    content = tmp_path / "my_cards.toml"
    CliRunner().invoke(app, ["content", "cityplan", "--out", str(content)])
    setup = TableSetup.build("cityplan", ["human", "heuristic"], seed=1, variant="plain",
                             overrides={"hand_limit": 7}, content_path=content)
    lines = header(setup)
    assert lines[0] == "City Plan Delta - 2 players, variant plain"
    assert lines[1].startswith("Variant plain: The plain edition: no special facilities")
    assert lines[2] == ("Rule numbers changed from the draft: plain=true (draft false), "
                        "hand_limit=7 (draft 8)")
    assert lines[3] == f"Content: {content} (in place of the shipped content)"
    assert header(setup, "ja")[1].startswith("Variant plain: プレーン版")
    same = TableSetup.build("cityplan", ["human", "heuristic"], seed=1,
                            overrides={"hand_limit": 8})  # the draft's own number
    assert len(header(same)) == 1


def test_soan_play_prints_the_header_before_the_game(tmp_path):
    runner = CliRunner()
    content = tmp_path / "my_cards.toml"
    runner.invoke(app, ["content", "cityplan", "--out", str(content)])
    result = runner.invoke(app, ["play", "cityplan", "--seats", "human,heuristic", "--seed", "2",
                                 "--variant", "plain", "--option", "hand_limit=7", "--content",
                                 str(content)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    first = " ".join(result.output.split("Turn 1:")[0].split())
    assert first.startswith("City Plan Delta - 2 players, variant plain Variant plain:")
    assert "hand_limit=7 (draft 8)" in first and "my_cards.toml" in first
    assert runner.invoke(app, ["play", "cityplan", "--lang", "fr"]).exit_code == 2
