"""`soan review --check BOT` with a bot that reads a learned model: every rule set with a
model is checked, and each one without says so, with the `soan train` command for it,
instead of failing the review or checking it with another rule set's model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from soan.engine.core import Game
from soan.engine.registry import get_game
from soan.lab.review.checking import has_model, train_command
from soan.lab.run.simulation import build_run
from soan.learn.model import ModelKey, ValueModel, judgement_size
from tests.lab.conftest import soan

SMALL = Path(__file__).parent / "fixtures" / "undecim_small.toml"
UNDECIM = get_game("undecim")


def write_model(models: Path, game: Game, seats: int, variant: str = "default") -> str:
    """A small model of random weights for one rule set, filed in `models` under its key
    as `soan train` files it (its strength does not matter here, only that it exists);
    returns how a report names it."""
    state = game.new(seats, 1, game.options(variant), game.load_content())
    size = game.encoder.encoding(state).size + judgement_size(seats)
    rng = np.random.default_rng(1)
    model = ValueModel([rng.normal(size=(size, 4)), rng.normal(size=(4, seats))],
                       [np.zeros(4), np.zeros(seats)], np.zeros(size), np.ones(size))
    key = ModelKey.of_state(state)
    model.card = {"key": key.fields()}
    model.save(key.path(models))
    return f"{key.path(models)}@sha256:{model.weights_digest}"


@pytest.fixture
def models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "models"
    monkeypatch.setenv("SOAN_MODELS", str(folder))
    return folder


def test_a_review_checks_the_rule_sets_with_a_model_and_names_the_others(
    tmp_path: Path, models: Path
) -> None:
    named = write_model(models, UNDECIM, 3)  # the draft as written only
    out = tmp_path / "review"
    output = soan("review", "undecim", "--questions", SMALL, "--players", 3, "--games", 4,
                  "--jobs", 1, "--check", "learned", "--check-games", 2, "--out", out)
    lines = output.splitlines()
    # before any game: one line per rule set
    assert lines[1] == ("Check with learned: 3p-default: checked on the first 2 seeds "
                        f"(model files: {named}).")
    giver = ("3p-giver_chooses: no learned model for this rule set, so not checked; to train "
             "one (about 25 minutes on two cores): soan train undecim -n 3 --variant "
             "giver_chooses --minutes 25")
    assert lines[2] == f"Check with learned: {giver}"
    assert lines[3].endswith("soan train undecim -n 3 --option gold_vp=2 --option "
                             "gold_vp_settled=3 --minutes 25")
    # the draft's check alone is played; the answers read from it alone are checked
    assert [p.name for p in out.glob("*.check-*")] == ["3p-default.check-learned.parquet"]
    answers = {line.split(":")[0]: line for line in lines if line.startswith("UP")}
    for checked in ("UP3", "UP4", "UP10"):
        assert "With learned:" in answers[checked] and "Not checked" not in answers[checked]
    assert answers["UP1"].endswith(
        "Not checked with learned: no learned model for 3p-giver_chooses; to train one (about "
        "25 minutes on two cores): soan train undecim -n 3 --variant giver_chooses "
        "--minutes 25")
    assert "With learned:" not in answers["UP6"] + answers["UP12"]
    english = (out / "review.html").read_text("utf-8")
    japanese = (out / "review.ja.html").read_text("utf-8")
    assert "of each rule set it has a learned model for (1 of 3)" in english
    assert "Not checked for want of a model: UP1, UP6, UP12." in english
    assert ("Not checked with learned: no learned model for 3p-giver_chooses; to train one "
            "(about 25 minutes on two cores): <code>soan train undecim -n 3 --variant "
            "giver_chooses --minutes 25</code>") in english
    assert english.count("With learned:") == 3  # UP3, UP4, UP10
    assert "モデルがないため確認していない問い: UP1, UP6, UP12。" in japanese
    assert "<code>soan train undecim -n 3 --variant giver_chooses --minutes 25</code>" in japanese


def test_a_model_of_the_rule_set_is_found_and_no_other_stands_in(models: Path) -> None:
    write_model(models, UNDECIM, 3, "giver_chooses")
    run = build_run("undecim", 3, "learned", "giver_chooses", [], 1)
    assert has_model(run)
    assert not has_model(build_run("undecim", 3, "learned", "default", [], 1))
    assert not has_model(build_run("undecim", 4, "learned", "giver_chooses", [], 1))
    assert has_model(build_run("undecim", 3, "heuristic", "default", [], 1))  # needs none


def test_the_train_command_names_exactly_the_rule_set() -> None:
    run = build_run("undecim", 3, "learned", "giver_chooses", ["gold_vp=2"], 1)
    assert train_command(run, "strong:models=/m") == (
        "soan train undecim -n 3 --variant giver_chooses --option gold_vp=2 --models /m "
        "--minutes 25")
    # a rule number the variant already sets is no option of the command
    variant = UNDECIM.variants["gold_2_3"]
    spelled = [f"{k}={v}" for k, v in variant.overrides.items()]
    assert train_command(build_run("undecim", 4, "learned", "gold_2_3", spelled, 1),
                         "learned") == "soan train undecim -n 4 --variant gold_2_3 --minutes 25"


def test_a_review_with_no_model_at_all_still_answers_and_says_so(
    tmp_path: Path, models: Path
) -> None:
    out = tmp_path / "review"
    output = soan("review", "undecim", "--questions", SMALL, "--players", 3, "--games", 3,
                  "--jobs", 1, "--check", "learned", "--out", out)
    assert output.count("no learned model for this rule set") == 3
    assert not list(out.glob("*.check-*"))  # nothing checked, and no other bot stood in
    english = (out / "review.html").read_text("utf-8")
    assert "(0 of 3)" in english and "With learned:" not in english
    assert "Not checked for want of a model: UP1, UP3, UP4, UP6, UP10, UP12." in english
