"""Every bad input of the corpus is refused the same way: exit code 2, one line naming
what is wrong and where, no traceback, nothing left behind (and a human's record kept
when a bot fails mid-game)."""

from __future__ import annotations

import faulthandler

import pytest
from typer.testing import CliRunner

from soan.cli import app
from tests.cli.corpus import Case, all_cases, error_text, judge, materialize

CASES = all_cases()


@pytest.fixture(autouse=True)
def no_hang():
    """A case that hangs ends the run with the stacks printed, instead of never ending."""
    faulthandler.dump_traceback_later(120, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def test_the_corpus_is_large_and_covers_every_command():
    assert len(CASES) >= 200
    commands = {case.args[0] for case in CASES}
    assert {"play", "replay", "show", "games", "rules", "content"} <= commands


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_bad_input_is_refused_clearly(case: Case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = materialize(case, tmp_path)
    result = CliRunner().invoke(app, list(case.args), input=case.stdin)
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    outcome = judge(case, result.exit_code, result.output, crashed, before, tmp_path)
    assert outcome.kind == "clear", result.output
    assert not outcome.leftover, f"left behind: {outcome.leftover}"
    assert not outcome.lost, f"not kept: {outcome.lost}"
    line = error_text(result.output).strip().splitlines()[0]
    assert line.startswith("error:") and all(w.lower() in line for w in case.names), line
