"""Shared helpers: run `soan` commands in-process, read results, one Ray for the session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from soan.cli import app
from soan.console import console
from soan.engine.core import Game
from soan.engine.registry import all_games

GAMES = all_games()
VOLATILE = ("duration_s",)  # wall-clock time: the only column that differs between runs


@pytest.fixture(autouse=True)
def wide_terminal() -> Iterator[None]:
    """A terminal wide enough that no message is wrapped: each is one line, as written."""
    width = console.width
    console.width = 10_000
    yield
    console.width = width


def soan(*args: object, code: int = 0) -> str:
    """Run `soan ARGS` and return its output, checking the exit status."""
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output + repr(result.exception)
    return result.output


def rows(path: Path) -> list[dict]:
    """The rows of a results file, without wall-clock time."""
    return [{k: v for k, v in row.items() if k not in VOLATILE}
            for row in pq.read_table(path).to_pylist()]


def small_run(game: Game, out: Path, *extra: object) -> list[str]:
    """Arguments for a small, quick simulate run of `game`."""
    return ["simulate", game.id, "--players", game.min_seats, "--bots", "random",
            "--games", 2 * game.min_seats, "--seed", 5, "--out", out, *extra]


@pytest.fixture(params=GAMES, ids=[g.id for g in GAMES])
def game(request: pytest.FixtureRequest) -> Game:
    return request.param


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    """A local Ray started once: it takes seconds to come up."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()
