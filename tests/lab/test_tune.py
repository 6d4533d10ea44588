"""soan tune: finds a known optimum, edits content files by path, resumes, refuses bad input."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path

import optuna
import pytest

from soan.engine import registry
from soan.engine.content import ContentError
from soan.engine.core import Game, options_to_dict
from soan.lab.tune import content as tc
from soan.lab.tune.tune import measure, parse_target
from soan.lab.value.value import Plan, Workers
from tests.lab.conftest import soan

TOY_CONTENT = Path(__file__).with_name("toy_content.toml")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    monkeypatch.setitem(registry._GAME_MODULES, "toy", "tests.lab.toy_game")
    yield registry.get_game("toy")


def tune_args(out: Path, content: Path, *extra: object) -> list[object]:
    return ["tune", "toy", "-n", 2, "--games", 80, "--check-games", 80, "--jobs", 1,
            "--content", content, "--out", out, *extra]


def test_tune_finds_the_fair_bonus(toy: Game, tmp_path: Path) -> None:
    """Seat 1 gets first_bonus = 2 points: the game is fair exactly at second_bonus = 2."""
    content = tmp_path / "pick.toml"
    content.write_bytes(TOY_CONTENT.read_bytes())
    out = tmp_path / "study"
    text = soan(*tune_args(out, content, "--param", "second_bonus=0..5",
                           "--param", "cards.gold.points=3,4", "--target", "position",
                           "--trials", 12))
    assert "second_bonus: 0 -> 2" in text
    study = optuna.load_study(study_name="soan-tune", storage=f"sqlite:///{out / 'study.db'}")
    assert study.best_trial.params["second_bonus"] == 2
    assert study.trials[0].params == {"second_bonus": 0, "cards.gold.points": 3}  # the start
    tuned = tomllib.loads((out / "best-content.toml").read_text("utf-8"))
    assert tuned["cards"][0]["points"] == study.best_trial.params["cards.gold.points"]
    assert content.read_bytes() == TOY_CONTENT.read_bytes()  # the original is never touched
    page = (out / "tune.html").read_text("utf-8")
    assert "second_bonus" in page and "fresh seeds" in page and "<script src=" not in page
    soan(*tune_args(out, content, "--param", "second_bonus=0..5",
                    "--param", "cards.gold.points=3,4", "--target", "position",
                    "--trials", 12))  # resumed: nothing left to do
    assert len(optuna.load_study(study_name="soan-tune",
                                 storage=f"sqlite:///{out / 'study.db'}").trials) == 12


def test_a_retuned_file_passes_its_own_balance_check(toy: Game, tmp_path: Path) -> None:
    """The tuned content, played with its rule number, meets its target on fresh seeds."""
    content = tmp_path / "pick.toml"
    content.write_bytes(TOY_CONTENT.read_bytes())
    out = tmp_path / "study"
    soan(*tune_args(out, content, "--param", "first_bonus=0..4", "--target", "position=..0.1",
                    "--option", "second_bonus=3", "--trials", 8))
    tuned = out / "best-content.toml"
    assert tomllib.loads(tuned.read_text("utf-8"))["first_bonus"] == 3
    options = json.dumps(options_to_dict(toy.options(second_bonus=3)), sort_keys=True)
    plan = Plan("toy", "default", options, str(tuned), 2, "heuristic", 5000)
    target = parse_target("position=..0.1", [])
    with Workers(1) as workers:
        figures = measure(plan, [2], 200, [target], workers)
    assert figures.loss(target)[0] == 0


@pytest.mark.parametrize(("extra", "message"), [
    (["--param", "second_bonus"], "--param takes NAME=LO..HI"),
    (["--param", "second_bonus=0..9"], "second_bonus takes 0..6"),
    (["--param", "cards.diamond.points=1..3"], "no entry named 'diamond'"),
    (["--param", "cards.gold.points=0..40"], "the content cannot take 40"),
    (["--param", "colour=1..2"], "neither an option"),
    (["--param", "second_bonus=0..2", "--target", "happiness"], "KIND one of"),
    (["--param", "second_bonus=0..2", "--target", "length"], "length needs a range"),
    (["--param", "second_bonus=0..2", "--target", "worth:keep:diamond=0..0.1"], "no item"),
    (["--param", "second_bonus=0..2", "-n", "2,x"], "table sizes such as 3,4,5"),
])
def test_bad_input_is_refused_with_exit_2(toy: Game, tmp_path: Path, extra: list,
                                         message: str) -> None:
    args = tune_args(tmp_path / "study", TOY_CONTENT, *extra)
    if "--target" not in extra:
        args += ["--target", "position"]
    text = soan(*args, code=2)
    assert message in " ".join(text.split()) and "Traceback" not in text


def test_another_study_in_the_same_folder_is_refused(toy: Game, tmp_path: Path) -> None:
    out = tmp_path / "study"
    soan(*tune_args(out, TOY_CONTENT, "--param", "second_bonus=0..2", "--target", "position",
                    "--trials", 1, "--check-games", 0))
    text = soan(*tune_args(out, TOY_CONTENT, "--param", "second_bonus=0..3",
                           "--target", "position", "--trials", 1), code=2)
    assert "holds another study (it differs in params)" in " ".join(text.split())


# ---- content paths -------------------------------------------------------------------------

RACES = """\
# Races: a comment that must survive.
title = "set"

[[races]]
name = "グロリアス"
english = "Glorious"
effects = [{ effect = "prosperity_vp", amount = 1 }, { effect = "labour_fp", amount = 1 }]

[[races]]
name = "ギガント"
english = "Gigant"  # giants
effects = []

[farm]
power = 2
"""


def test_a_path_addresses_entries_by_name_and_effects_by_effect() -> None:
    raw = tomllib.loads(RACES)
    glorious = tc.parse_path("races.Glorious.prosperity_vp", raw)
    assert tc.get_value(raw, glorious) == 1
    assert tc.get_value(raw, tc.parse_path("races.ギガント.war_strength", raw)) == 0
    text = tc.with_values(RACES, raw, {
        glorious: 0,  # removes the effect
        tc.parse_path("races.Gigant.war_strength", raw): 2,  # adds one
        tc.parse_path("farm.power", raw): 3,
        tc.parse_path("title", raw): "tuned",
    }, header="tuned for a test")
    after = tomllib.loads(text)
    assert after["races"][0]["effects"] == [{"effect": "labour_fp", "amount": 1}]
    assert after["races"][1]["effects"] == [{"effect": "war_strength", "amount": 2}]
    assert after["farm"]["power"] == 3 and after["title"] == "tuned"
    assert text.startswith("# tuned for a test\n")
    assert "# Races: a comment that must survive." in text  # layout and comments kept
    assert text.count("\n") == RACES.count("\n") + 2


def test_a_file_that_cannot_be_edited_in_place_is_written_plainly() -> None:
    spread = 'values = [\n  1,\n  2,\n]\nname = "x"\n'
    raw = tomllib.loads(spread)
    text = tc.with_values(spread, raw, {tc.parse_path("values", raw): [3]})
    assert tomllib.loads(text) == {"values": [3], "name": "x"}


@pytest.mark.parametrize(("path", "message"), [
    ("spells.Fire.cost", "no section 'spells'"),
    ("races.Glorious", "write races.NAME.FIELD"),
    ("farm.power.x", "write farm.FIELD"),
    ("races.Nobody.cost", "names: グロリアス, ギガント"),
])
def test_a_wrong_path_names_what_is_there(path: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        tc.parse_path(path, tomllib.loads(RACES))


def test_targets_read_weights_items_and_ranges() -> None:
    keys = ["built:テレビ塔"]
    t = parse_target("3*worth:built:テレビ塔=0.05..0.15", keys)
    assert (t.kind, t.item, t.low, t.high, t.weight) == ("worth", "built:テレビ塔", 0.05, 0.15, 3)
    assert t.loss(0.10) == 0 and t.loss(0.20) == pytest.approx(0.05)
    assert parse_target("position", keys).loss(0.07) == 0.07
    assert parse_target("position=..0.05", keys).loss(0.07) == pytest.approx(0.02)
    assert parse_target("length=10..12", keys).loss(13.0) == pytest.approx(0.1)
    assert parse_target("worth:built:テレビ塔=0..0.1", keys).loss(-0.02) == pytest.approx(0.02)


# ---- the shipped content passes its own checks in a short run --------------------------------

def shipped_figures(game_id: str, variant: str, players: int, games: int,
                    targets: list) -> object:
    game = registry.get_game(game_id)
    options = json.dumps(options_to_dict(game.options(variant)), sort_keys=True)
    plan = Plan(game_id, variant, options, None, players, "heuristic", 77)
    with Workers(1) as workers:
        return measure(plan, [players], games, targets, workers)


def test_every_city_plan_special_facility_is_built_in_a_short_run() -> None:
    """The content header's claim (each built in at least 5% of seat-games), smoke-tested:
    in 30 four-seat games every special facility is built, and games last 10-12 turns."""
    game = registry.get_game("cityplan")
    content = game.load_content()
    specials = [f"built:{b.name}" for b in content.deck if b.type == "special"]
    targets = [parse_target(f"used:{k}=0.0001..", [*specials]) for k in specials]
    targets.append(parse_target("length=10..12", []))
    figures = shipped_figures("cityplan", "default", 4, 30, targets)
    assert {t.text: figures.loss(t)[0] for t in targets} == {t.text: 0 for t in targets}


def test_every_populous_race_is_near_fair_in_a_short_run() -> None:
    """Races dealt at random to three seats: no race's interval lies beyond 5 points of
    fair (a smoke test of the header's figures, which come from thousands of games)."""
    figures = shipped_figures("populous", "random_races", 3, 60, [parse_target("faction", [])])
    for rate in figures.sizes[0].factions.values():
        assert rate.low < 1 / 3 + 0.05 and rate.high > 1 / 3 - 0.05
