"""`soan train`: bad input is one line and exit code 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from soan.cli import app


@pytest.mark.parametrize("args, words", [
    (["nogame"], "no game"),
    (["undecim", "-n", "9"], "3 to 4 players"),
    (["undecim", "--minutes", "0"], "more than 0 minutes"),
    (["undecim", "--games", "1"], "at least 2 games"),
    (["undecim", "--jobs", "0"], "at least 1 process"),
    (["undecim", "--option", "nosuch=1"], "no option 'nosuch'"),
    (["undecim", "--variant", "nosuch"], "no variant"),
    (["undecim", "--content", "missing.toml"], "no such file"),
    (["undecim", "--from", "/nowhere/model"], "--from /nowhere/model"),
    (["undecim", "--target", "score"], "--target score: one of win"),
    (["undecim", "--fits", "0"], "'--fits'"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = CliRunner().invoke(app, ["train", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert result.output.count("error:") == 1


def test_train_writes_a_model_and_prints_its_card(tmp_path):
    result = CliRunner().invoke(app, ["train", "populous", "-n", "3", "--minutes", "0.01",
                                      "--games", "2", "--eval-games", "3", "--jobs", "1",
                                      "--models", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Model card:" in result.output and "against heuristic" in result.output
    assert "target lead, 5 fits a generation" in result.output
    (card,) = tmp_path.glob("populous-3p-*/card.json")
    assert json.loads(card.read_text())["target"] == "lead"
