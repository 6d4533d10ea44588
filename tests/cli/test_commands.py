"""The commands around play: rules, content, --version, --debug, replay --step, seeds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from soan.cli import app
from soan.engine.registry import get_game
from soan.games.cityplan.content import DEFAULT_PATH

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and re.fullmatch(r"soan \d+\.\d+\.\d+\S*\n", result.output)


def test_rules_prints_the_english_reference():
    result = run("rules", "populous")
    assert result.exit_code == 0
    assert result.output.strip() == get_game("populous").rules_text().strip()


def test_content_writes_an_editable_copy_that_plays(tmp_path):
    out = tmp_path / "mine.toml"
    result = run("content", "cityplan", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text("utf-8") == DEFAULT_PATH.read_text("utf-8")
    out.write_text(out.read_text("utf-8").replace('cost = 1', 'cost = 2', 1), "utf-8")
    assert run("content", "cityplan", "--out", str(out)).exit_code == 2
    assert "cost = 2" in out.read_text("utf-8")
    assert run("content", "cityplan", "--out", str(out), "--force").exit_code == 0
    assert out.read_text("utf-8") == DEFAULT_PATH.read_text("utf-8")
    played = run("play", "cityplan", "--content", str(out), "--quiet", "--seed", "2")
    assert played.exit_code == 0, played.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


def test_a_drawn_seed_is_secret_until_the_game_ends_and_kept_in_the_record(tmp_path):
    seeds = []
    for name in ("a.json", "b.json"):
        record = tmp_path / name
        result = run("play", "cityplan", "--seats", "human,random", "--record", str(record),
                     input="1\n" * 5 + "quit\n")
        assert result.exit_code == 0, result.output
        seed = json.loads(record.read_text())["seed"]
        head, _, tail = result.output.partition(f"Seed {seed}.")
        assert tail and str(seed) not in head and "your choice" not in tail
        seeds.append(seed)
    assert seeds[0] != seeds[1]


def test_a_given_seed_gives_the_same_game(tmp_path):
    first = run("play", "cityplan", "--seed", "7", "--quiet").output
    assert first == run("play", "cityplan", "--seed", "7", "--quiet").output
    assert "Seed 7." in first


def test_replay_step_shows_the_board_as_a_spectator_sees_it(tmp_path):
    record = tmp_path / "g.json"
    run("play", "cityplan", "--seats", "random,random", "--seed", "3", "--record", str(record))
    result = run("replay", str(record), "--step")
    assert result.exit_code == 0, result.output
    actions = len(json.loads(record.read_text())["actions"])
    assert result.output.count("Parliament:") == actions + 1  # the board before and after each
    assert "Your hand" not in result.output and "cards in hand" in result.output


def test_debug_shows_the_traceback_and_a_bug_says_it_is_one(tmp_path, monkeypatch):
    quiet = run("play", "cityplan", "--record", str(tmp_path / "no" / "g.json"))
    assert quiet.exit_code == 2 and isinstance(quiet.exception, SystemExit)
    assert "Traceback" not in quiet.output
    loud = run("--debug", "play", "cityplan", "--record", str(tmp_path / "no" / "g.json"))
    assert loud.exit_code == 1 and type(loud.exception).__name__ == "FileError"

    def broken(*args, **kwargs):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr("soan.terminal.print_final", broken)
    bug = run("play", "cityplan", "--quiet", "--seed", "1")
    assert bug.exit_code == 1
    assert "this is a bug" in bug.output and "ZeroDivisionError: oops" in bug.output
    assert "Traceback" not in bug.output


def test_isolate_runs_every_bot_from_a_file_in_its_own_process(tmp_path):
    bot = tmp_path / "mine.py"
    bot.write_text("import sys\ndef Bot(state, rng):\n"
                   "    assert sys._getframe(1).f_code.co_name == '_serve'\n"
                   "    return state.legal()[0]\n")
    record = tmp_path / "g.json"
    result = run("play", "cityplan", "--seats", f"random,{bot}:Bot", "--isolate", "--seed", "2",
                 "--record", str(record))
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text())["seats"] == ["random", f"isolated:{bot}:Bot"]
    alone = run("play", "cityplan", "--seats", f"random,{bot}:Bot", "--seed", "2")
    assert alone.exit_code == 2 and "AssertionError" in alone.output


def test_a_reader_that_leaves_early_is_no_error() -> None:
    """`soan ... | head` closes the pipe mid-output: soan stops quietly, no error line."""
    soan_bin = Path(sys.executable).with_name("soan")
    done = subprocess.run(f"'{soan_bin}' review --help | head -1", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert len(done.stdout.splitlines()) == 1
    assert done.stderr == ""
