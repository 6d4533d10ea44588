"""soan report and soan study: one self-contained page with the headline figures."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

from soan.engine.core import Game
from soan.engine.registry import get_game
from soan.lab.findings import rate_text
from soan.lab.metrics import proportion
from tests.lab.conftest import small_run, soan


def seat_one_rate(path: Path) -> str:
    """Seat 1's win rate, worked out from the file with SQL rather than by the report."""
    wins, games = duckdb.connect().execute(
        f"SELECT sum(win_share), count(*) FROM read_parquet('{path}') WHERE seat = 1"
    ).fetchone()
    return rate_text(proportion(wins, games))


def test_report_compares_two_variants(tmp_path: Path) -> None:
    game = get_game("cityplan")
    files = [tmp_path / "default.parquet", tmp_path / "plain.parquet"]
    for variant, out in zip(("default", "plain"), files, strict=True):
        soan(*small_run(game, out, "--variant", variant, "--games", 40, "--jobs", 1))
    page = tmp_path / "report.html"
    output = soan("report", *files, "--out", page)
    html = page.read_text("utf-8")
    assert "Is plain fairer than default?" in output
    assert "Variants side by side" in html and "Is plain fairer than default?" in html
    for path in files:
        assert seat_one_rate(path) in html  # the seat table and headline use the same figure
    for heading in ("Seat advantage", "Bot strength", "Balance", "First-seat advantage",
                    "Completion", "Drawishness", "Duration", "Score distributions",
                    "Points by source, winners and losers", "Actions by kind, winners and losers"):
        assert heading in html
    assert re.search(r"Seat order matters|No seat wins more or less than a fair", html)
    # self-contained: plotly.js is inline once and nothing is fetched
    assert html.count("<script>") >= 1 and 'src="http' not in html
    assert html.count("Plotly.newPlot") >= 6


def test_every_game_reports_and_studies(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    soan(*small_run(game, out, "--jobs", 1))
    page = tmp_path / "report.html"
    assert "Report written" in soan("report", out, "--out", page)
    assert game.title in page.read_text("utf-8")
    study = tmp_path / "study"
    variant = next(iter(game.variants))
    output = soan("study", game.id, "--variants", variant, "--games", 2 * game.min_seats,
                  "--players", game.min_seats, "--bots", "random", "--jobs", 1, "--out", study)
    assert (study / f"{variant}.parquet").exists() and (study / "report.html").exists()
    assert "Report written" in output


def test_study_sweeps_an_option_and_says_how_many_games_it_chose(tmp_path: Path) -> None:
    output = soan("study", "cityplan", "--variants", "default", "--sweep", "hand_limit=7,9",
                  "--players", 2, "--games", 8, "--bots", "random", "--jobs", 1,
                  "--out", tmp_path)
    names = sorted(p.name for p in tmp_path.glob("*.parquet"))
    assert names == ["default-hand_limit=7.parquet", "default-hand_limit=9.parquet"]
    html = (tmp_path / "report.html").read_text("utf-8")
    assert "default, hand_limit=7" in html and "Is default, hand_limit=9 fairer" in output
    refused = soan("study", "cityplan", "--variants", "nosuch", "--out", tmp_path, code=2)
    assert "no variant nosuch" in refused
