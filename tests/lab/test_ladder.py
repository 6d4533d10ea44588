"""`soan ladder`: balanced tables, reproducible ratings, a page in both languages."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from soan.lab.ladder.ladder import balanced_games, game_places
from soan.lab.run.runner import ladder_lineup

from .conftest import soan

VOLATILE = ("duration_s", "think_s")


def ladder(out: Path, *extra: object, bots: str = "random,heuristic", games: int = 24,
           players: int = 3) -> str:
    return soan("ladder", "cityplan", "--bots", bots, "-n", players, "--games", games,
                "--jobs", 1, "--out", out, *extra)


def standings(out: Path) -> list[dict]:
    return pq.read_table(out / "ladder.parquet").to_pylist()


def game_rows(out: Path) -> list[dict]:
    return [{k: v for k, v in row.items() if k not in VOLATILE}
            for row in pq.read_table(out / "games.parquet").to_pylist()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_stronger_bot_is_rated_above_the_weaker(tmp_path, players):
    ladder(tmp_path, players=players)
    first, second = standings(tmp_path)
    assert first["bot"] == "heuristic" and second["bot"] == "random"
    assert first["ordinal"] > second["mu"]  # the gap is wide, not a coin toss
    assert first["win_rate"] > 1 / players > second["win_rate"]
    assert first["games"] == second["games"] == 24
    for row in (first, second):
        assert row["mu_low"] < row["mu"] < row["mu_high"]
        assert row["win_rate_low"] <= row["win_rate"] <= row["win_rate_high"]
        assert row["decisions"] > 0 and row["seconds_per_decision"] > 0
        assert row["game"] == "cityplan" and row["players"] == players
        assert row["bots"] == ["random", "heuristic"] and row["ladder_games"] == 24


def test_the_same_seed_gives_the_same_ratings(tmp_path):
    ladder(tmp_path / "a", "--seed", 7)
    ladder(tmp_path / "b", "--seed", 7)
    ladder(tmp_path / "c", "--seed", 8)
    volatile = {"seconds_per_decision"}
    a, b, c = ([{k: v for k, v in r.items() if k not in volatile} for r in standings(p)]
               for p in (tmp_path / "a", tmp_path / "b", tmp_path / "c"))
    assert a == b
    assert a != c
    assert game_rows(tmp_path / "a") == game_rows(tmp_path / "b")


def test_a_resumed_ladder_is_the_straight_one(tmp_path):
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    ladder(straight, "--jobs", 2)
    ladder(resumed, games=9)  # stopped after 9 games...
    # ...with a finished chunk of later games beside the file, as Ctrl-C leaves it
    ladder(tmp_path / "later", games=15)
    later = pq.read_table(tmp_path / "later" / "games.parquet")  # keeps the run's identity
    chunk = resumed / "games.parquet.parts" / "games-0000009-0000014.parquet"
    chunk.parent.mkdir()
    pq.write_table(later.filter(pc.greater_equal(later["game_index"], 9)), chunk)
    output = ladder(resumed)
    assert "Resuming" in output
    assert game_rows(resumed) == game_rows(straight)
    volatile = {"seconds_per_decision"}
    assert ([{k: v for k, v in r.items() if k not in volatile} for r in standings(resumed)]
            == [{k: v for k, v in r.items() if k not in volatile} for r in standings(straight)])


@pytest.mark.parametrize(("pool", "seats"), [(2, 2), (2, 4), (3, 4), (3, 2), (4, 3), (5, 4),
                                             (6, 4), (4, 4), (7, 3)])
def test_every_bot_sits_everywhere_and_meets_everyone_equally(pool, seats):
    bots = [f"bot{i}" for i in range(pool)]
    period = balanced_games(pool, seats)
    lineups = [ladder_lineup(bots, seats, i) for i in range(2 * period)]
    assert all(len(lineup) == seats for lineup in lineups)
    if pool >= seats:
        assert all(len(set(lineup)) == seats for lineup in lineups)
    by_seat = Counter((bot, seat) for lineup in lineups for seat, bot in enumerate(lineup))
    assert len(set(by_seat.values())) == 1 and len(by_seat) == pool * seats
    met = Counter(pair for lineup in lineups for pair in combinations(sorted(set(lineup)), 2))
    assert len(met) == pool * (pool - 1) // 2 and len(set(met.values())) == 1
    # a ladder shorter than a period is as even as it can be
    played = Counter(bot for i in range(seats * (period // seats // 2 or 1))
                     for bot in set(ladder_lineup(bots, seats, i)))
    assert max(played.values()) - min(played.get(b, 0) for b in bots) <= seats


def test_positions_and_line_ups_are_balanced_in_the_rows(tmp_path):
    ladder(tmp_path, bots="random,heuristic,ismcts:iters=2", players=2, games=12)
    rows = game_rows(tmp_path)
    positions = Counter((row["bot"], row["position"]) for row in rows)
    assert set(positions.values()) == {4} and len(positions) == 6
    pairs = Counter(tuple(sorted(row["lineup"])) for row in rows if row["seat"] == 1)
    assert set(pairs.values()) == {4} and len(pairs) == 3
    assert {row["games"] for row in standings(tmp_path)} == {8}


def test_a_bot_seated_twice_is_ranked_by_its_mean_place():
    rows = [{"bot": "a", "rank": 1}, {"bot": "b", "rank": 2}, {"bot": "a", "rank": 4},
            {"bot": "c", "rank": 2}]
    assert game_places(rows) == {"a": 3, "b": 1, "c": 1}  # b and c share 1st


def test_the_pages_name_what_was_measured(tmp_path):
    output = ladder(tmp_path, games=12)
    assert "heuristic" in output and "random" in output
    english = (tmp_path / "ladder.html").read_text("utf-8")
    japanese = (tmp_path / "ladder.ja.html").read_text("utf-8")
    for page in (english, japanese):
        assert "heuristic" in page and "random" in page and "12" in page
        assert "<script" not in page and "http" not in page  # self-contained
    assert "City Plan" in english and "a ladder of 2 bots" in english
    assert "95% interval" in english and "win rate (95% CI)" in english
    assert re.search(r"\d+\.\d\d \(-?\d+\.\d\d–\d+\.\d\d\)", english)  # mu with its interval
    assert 'href="ladder.ja.html"' in english and 'href="ladder.html"' in japanese
    assert '<html lang="ja">' in japanese and "ラダー" in japanese and "信頼区間" in japanese
    assert "シティープラン" in japanese and "a ladder of" not in japanese


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "heuristic"], "a ladder rates at least 2 bots"),
    (["--bots", "heuristic,heuristic"], "names heuristic more than once"),
    (["--bots", "heuristic,nosuchbot"], "unknown seat 'nosuchbot'"),
    (["--bots", "heuristic,ismcts:bogus=1"], "unknown option bogus"),
    (["--bots", "heuristic,random", "--option", "nosuch=1"], "has no option 'nosuch'"),
    (["--bots", "heuristic,random", "-n", "9"], "is for 2 to 5 players"),
    (["--bots", "heuristic,random", "--games", "0"], "--games 0"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, args, message):
    output = soan("ladder", "cityplan", *args, "--out", tmp_path / "l", code=2)
    assert message in output and output.strip().count("\n") == 0
    assert not (tmp_path / "l").exists()
