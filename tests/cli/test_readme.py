"""Every command the README shows runs as written.

The README's `sh` blocks are run in order in one empty folder (so `soan replay
game.json` finds the record the line before wrote), each `soan` command through the
real command line. What would take long is made small and said so here:
`--games` becomes 4 and `--jobs` 1 (a tune plays 2 trials; a ladder 4 games), ISMCTS plays 10 iterations a
move, and human seats
are fed "1" (the first choice) from standard input. Setting up the environment
(`python3 -m venv`, activating it, `pip install`) is what this test runs in, and
`pytest` is this very run; `ruff check .` and `mypy` run as written. The README's Python block
runs too.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soan.cli import app

REPOSITORY = Path(__file__).resolve().parents[2]
README = REPOSITORY / "README.md"
ENVIRONMENT = ("python3 -m venv", ". .venv/bin/activate", "pip install")
SERVERS = ("serve",)  # run until stopped: checked with --help


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text("utf-8"), re.S)


def commands() -> list[str]:
    """Each command of the README's sh blocks, split at `&&`, comments dropped."""
    out = []
    for block in blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                out += [c.strip() for c in shlex.join(words).split(" '&&' ")]
    return out


def small(words: list[str]) -> list[str]:
    """A long soan command made short: few games, one process, a small search."""
    words = [re.sub(r"ismcts:iters=\d+", "ismcts:iters=10", w) for w in words]
    shortened = {
        "simulate": (("--games", "4"), ("--jobs", "1")),
        "study": (("--games", "4"), ("--jobs", "1"), ("--check-games", "4")),
        "value": (("--games", "4"), ("--jobs", "1")),
        "ladder": (("--games", "4"), ("--jobs", "1")),
        "review": (("--games", "4"), ("--jobs", "1")),
        "tune": (("--games", "4"), ("--jobs", "1"), ("--trials", "2"), ("--check-games", "4")),
    }
    if words[1] in shortened:
        for flag, value in shortened[words[1]]:
            if flag in words:
                words[words.index(flag) + 1] = value
            else:
                words += [flag, value]
    return words


def test_the_readme_shows_commands_of_every_kind():
    shown = {shlex.split(c)[1] for c in commands() if c.startswith("soan ")}
    assert {"play", "replay", "games", "rules", "content", "show", "simulate", "study"} <= shown


def test_every_readme_command_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("src", "examples"):
        (tmp_path / name).symlink_to(REPOSITORY / name)
    runner = CliRunner()
    for command in commands():
        words = shlex.split(command)
        if command.startswith(ENVIRONMENT) or words == ["pytest", "-q"]:
            continue
        if words[0] != "soan":
            cwd = REPOSITORY if words[0] in ("ruff", "mypy") else tmp_path
            done = subprocess.run(words, cwd=cwd, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
            continue
        if words[1] in SERVERS:
            words.append("--help")
        human = any("human" in w for w in words)
        result = runner.invoke(app, small(words)[1:], input="1\n" * 3000 if human else None)
        assert result.exit_code == 0, f"{command}\n{result.output[-2000:]}"


def test_the_readme_python_example_runs(capsys):
    for block in blocks("python"):
        exec(compile(block, "README.md", "exec"), {})
    assert capsys.readouterr().out


@pytest.mark.parametrize("command", [c for c in commands() if c.startswith("soan ")])
def test_each_readme_command_parses(command):
    """Every soan command in the README is a command soan knows, with options it takes."""
    words = shlex.split(command)
    result = CliRunner().invoke(app, [*words[1:2], "--help"])
    assert result.exit_code == 0, result.output
    options = {w.split("=")[0] for w in words[2:] if w.startswith("--")}
    assert all(option in result.output for option in options), command
