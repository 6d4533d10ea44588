"""Headlines checked under another bot: the verdicts, a study with --check, bad specs."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

from soan.lab.report.check import (
    APPEARS,
    CANNOT_TELL,
    DOES_NOT_HOLD,
    HOLDS,
    NEITHER,
    REVERSES,
    games_needed,
    judge,
)
from soan.lab.report.metrics import Estimate, proportion
from tests.lab.conftest import soan

FAIR = 0.25
FIRST = Estimate(0.22, 0.195, 0.246)  # 2nd player, 1,000 heuristic games: below fair


def test_holds_when_the_check_finds_the_effect_in_the_same_direction() -> None:
    assert judge(FIRST, Estimate(0.20, 0.17, 0.23), FAIR) == HOLDS


def test_reverses_when_the_check_finds_it_the_other_way() -> None:
    assert judge(FIRST, Estimate(0.30, 0.27, 0.33), FAIR) == REVERSES


def test_does_not_hold_when_the_check_rules_the_effect_out() -> None:
    # within chance, and its interval lies above the first run's 22%
    assert judge(FIRST, Estimate(0.255, 0.23, 0.28), FAIR) == DOES_NOT_HOLD


def test_a_check_too_small_never_reads_as_a_pass() -> None:
    # the case: 150 search games, 25.4% (19.1-32.9): the same rate could be 22%
    small = Estimate(0.254, 0.191, 0.329)
    assert judge(FIRST, small, FAIR) == CANNOT_TELL
    # even a check that reads exactly fair, on a few games, cannot tell
    for games in (10, 40, 150, 400):
        assert judge(FIRST, proportion(FAIR * games, games), FAIR) == CANNOT_TELL
    # the Populous start player at four seats: 34.3% with the heuristic, 34.4% (21.6-49.9)
    # with search: the same share, and still no pass
    assert judge(Estimate(0.343, 0.314, 0.373), Estimate(0.344, 0.216, 0.499),
                 FAIR) == CANNOT_TELL


def test_games_needed_for_the_first_runs_effect() -> None:
    # one-proportion test, 95% two-sided, 80% power: 25% against 22% needs about 1,600
    needed = games_needed(FAIR, 0.22)
    assert 1_400 < needed < 1_800
    # a check of that size, reading fair, rules the 22% out
    assert judge(FIRST, proportion(FAIR * needed, needed), FAIR) == DOES_NOT_HOLD
    assert games_needed(FAIR, 0.15) < games_needed(FAIR, 0.20) < games_needed(FAIR, 0.22)
    assert games_needed(FAIR, FAIR) == 0


def test_within_chance_first_findings() -> None:
    within = Estimate(0.26, 0.23, 0.29)
    assert judge(within, Estimate(0.25, 0.2, 0.3), FAIR) == NEITHER
    assert judge(within, Estimate(0.35, 0.31, 0.39), FAIR) == APPEARS


def test_study_with_a_check(tmp_path: Path) -> None:
    out = tmp_path / "study"
    printed = soan("study", "cityplan", "-n", 3, "--games", 24, "--bots", "random",
                   "--variants", "default", "--check", "heuristic", "--check-games", 12,
                   "--jobs", 1, "--out", out)
    assert "Under heuristic (12 games, paired)" in printed
    check = out / "default.check-heuristic.parquet"
    seeds = sorted({r["seed"] for r in pq.read_table(check).to_pylist()})
    first = sorted({r["seed"] for r in pq.read_table(out / "default.parquet").to_pylist()})
    assert seeds == first[:12]  # paired: the first seeds of the checked run
    english = (out / "report.html").read_text("utf-8")
    japanese = (out / "report.ja.html").read_text("utf-8")
    assert "Checked under heuristic" in english
    assert "first run (95% CI)" in english and "under heuristic (95% CI)" in english
    assert "played on the first 12 seeds of this set, game for game" in english
    assert "heuristic in every seat, 12 games" in english  # the provenance names the bot
    assert "model files: none" in english
    assert "heuristic での検証" in japanese
    assert "最初の実行(95%信頼区間)" in japanese and "対になったゲームどうし" in japanese
    # both figures side by side: the first run's and the check's, each with its interval
    assert english.count("95% CI") > 10
    # the check is not a set of its own in the side-by-side comparison
    assert "Side by side" not in english


def test_report_checks_a_results_file(tmp_path: Path) -> None:
    first = tmp_path / "a.parquet"
    soan("simulate", "cityplan", "-n", 3, "--games", 12, "--bots", "random", "--jobs", 1,
         "--out", first)
    page = tmp_path / "page.html"
    printed = soan("report", first, "--check", "heuristic", "--check-games", 6, "--jobs", 1,
                   "--out", page)
    assert "Under heuristic (6 games, paired)" in printed
    assert (tmp_path / "a.check-heuristic.parquet").is_file()
    # the files alone say the same: the second is a check of the first
    again = soan("report", first, tmp_path / "a.check-heuristic.parquet", "--out", page)
    assert "Under heuristic (6 games, paired)" in again


def test_two_files_that_differ_in_bots_read_as_a_check(tmp_path: Path) -> None:
    soan("simulate", "cityplan", "-n", 3, "--games", 12, "--bots", "random", "--jobs", 1,
         "--out", tmp_path / "a.parquet")
    soan("simulate", "cityplan", "-n", 3, "--games", 6, "--bots", "heuristic", "--jobs", 1,
         "--out", tmp_path / "b.parquet")
    printed = soan("report", tmp_path / "a.parquet", tmp_path / "b.parquet",
                   "--out", tmp_path / "page.html")
    assert "Under heuristic (6 games, paired)" in printed


def test_bad_check_spec_exits_2(tmp_path: Path) -> None:
    for spec, says in [("nobot", "unknown seat 'nobot'"), ("ismcts:foo=1", "unknown option foo"),
                       ("heuristic,random", "name one bot spec"),
                       ("random", "already played by random")]:
        printed = soan("study", "cityplan", "-n", 3, "--games", 6, "--bots", "random",
                       "--check", spec, "--jobs", 1, "--out", tmp_path / "s", code=2)
        assert f"--check {spec}" in printed and says in printed, printed
        assert not (tmp_path / "s").exists()  # refused before any game is played
    printed = soan("study", "cityplan", "-n", 3, "--games", 6, "--bots", "random", "--check",
                   "heuristic", "--check-games", 0, "--out", tmp_path / "s", code=2)
    assert "--check-games 0" in printed
