"""`soan train`: bad input is one line and exit code 2."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from soan.cli import app
from soan.lab.report.sets import set_key
from soan.lab.run.results import read_results


def read_provenance(path):
    return json.loads(pq.read_schema(path).metadata[b"soan.provenance"])


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
    assert "1 job; target lead, 5 fits a generation" in result.output
    (card,) = tmp_path.glob("populous-3p-*/card.json")
    assert json.loads(card.read_text())["target"] == "lead"


def test_results_and_pages_name_the_model_files_their_bots_read(tmp_path, models):
    """A results file's provenance names each model its bots read (folder and weights
    digest), and so do the report's provenance and its check line; hand-written bots
    read none."""
    runner = CliRunner()
    trained = runner.invoke(app, ["train", "cityplan", "-n", "3", "--minutes", "0.01",
                                  "--games", "2", "--eval-games", "0", "--jobs", "1"])
    assert trained.exit_code == 0, trained.output
    (card,) = models.glob("cityplan-3p-*/card.json")
    digest = json.loads(card.read_text())["weights_digest"]
    assert f"(weights sha256:{digest})" in trained.output
    named = f"{card.parent}@sha256:{digest}"
    first = tmp_path / "a.parquet"
    for args in (["simulate", "cityplan", "-n", "3", "--games", "4", "--bots", "random",
                  "--jobs", "1", "--out", str(first)],
                 ["report", str(first), "--check", "learned", "--check-games", "2",
                  "--jobs", "1", "--out", str(tmp_path / "page.html")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    assert read_provenance(first)["models"] == []
    assert read_provenance(tmp_path / "a.check-learned.parquet")["models"] == [named]
    page = (tmp_path / "page.html").read_text("utf-8")
    assert f"model files: {named}" in page  # the check line
    assert "none (hand-written bots)" in page  # the first set's provenance


def test_a_model_trained_again_with_other_numbers_makes_another_run(tmp_path, models):
    """A results file played with one model is not continued with another, and two
    files played with different models are two sets, never pooled."""
    runner = CliRunner()

    def train(seed):
        result = runner.invoke(app, ["train", "cityplan", "-n", "3", "--minutes", "0.01",
                                     "--games", "2", "--eval-games", "0", "--jobs", "1",
                                     "--seed", str(seed)])
        assert result.exit_code == 0, result.output

    def simulate(out, games):
        return runner.invoke(app, ["simulate", "cityplan", "-n", "3", "--games", str(games),
                                   "--bots", "learned", "--jobs", "1", "--out", str(out)])

    train(1)
    assert simulate(tmp_path / "a.parquet", 2).exit_code == 0
    train(2)  # the same rule set's folder, other numbers
    refused = simulate(tmp_path / "a.parquet", 4)
    assert refused.exit_code == 2
    assert "holds a different run (models:" in refused.output
    assert simulate(tmp_path / "b.parquet", 2).exit_code == 0
    first, second = (read_results(tmp_path / n) for n in ("a.parquet", "b.parquet"))
    assert first.provenance["models"] != second.provenance["models"]
    assert set_key(first) != set_key(second)
