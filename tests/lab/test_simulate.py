"""soan simulate: one row per game and seat, identical however the games are played."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from soan.engine.core import Game
from soan.engine.record import Record, replay
from soan.engine.registry import get_game
from soan.lab.run import runner
from tests.lab.conftest import rows, small_run, soan


def test_rows_hold_one_game_and_seat_each(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    soan(*small_run(game, out, "--records", tmp_path / "records"))
    table = pq.read_table(out).to_pylist()
    n, games = game.min_seats, 2 * game.min_seats
    assert len(table) == n * games
    assert [(r["game_index"], r["seat"]) for r in table] == [
        (i, s) for i in range(games) for s in range(1, n + 1)
    ]
    keys = set(game.usage_keys(game.load_content(), game.options()))
    for row in table:
        assert row["game"] == game.id and row["seed"] == 5 + row["game_index"]
        assert json.loads(row["options"])  # the full options, as JSON
        points = sum(v for k, v in row.items() if k.startswith("pts_"))
        assert points == row["score"]
        assert row["completed"] and row["turns"] > 0
        assert row["soan_version"] == runner.soan_version()
        assert row["lineup"][row["seat"] - 1] == row["bot"]
        assert {key for key, _ in row["usage"]} <= keys  # only keys the game declares
    for index in range(games):
        seats = [r for r in table if r["game_index"] == index]
        assert sum(r["win_share"] for r in seats) == pytest.approx(1)  # a draw gives 1/N each
        assert sorted(r["position"] for r in seats) == list(range(1, n + 1))
        taken = sum(v for r in seats for _, v in r["action_kinds"])
        assert taken == seats[0]["actions"]
        for kind, _ in seats[0]["action_kinds"]:
            assert kind not in ("act", "done", "pay")  # the game's own words, not engine names
    record = Record.load(tmp_path / "records" / f"{game.id}-default-000003.json")
    content = game.load_content()
    state = replay(record, game, content, game.content_hash(content))
    assert state.scores() == [r["score"] for r in table if r["game_index"] == 3]


def test_bots_cycle_through_more_seats_than_specs(tmp_path: Path) -> None:
    # the README's first lab command, with fewer games
    out = tmp_path / "runs" / "a.parquet"
    soan("simulate", "cityplan", "-n", 4, "--games", 8, "--bots", "heuristic,random",
         "--out", out, "--jobs", 1)
    table = pq.read_table(out).to_pylist()
    assert table[0]["lineup"] == ["heuristic", "random", "heuristic", "random"]
    assert table[4]["lineup"] == ["random", "heuristic", "random", "heuristic"]  # game 1
    for seat in range(1, 5):
        bots = sorted(r["bot"] for r in table if r["seat"] == seat)
        assert bots == ["heuristic"] * 4 + ["random"] * 4
    refused = soan("simulate", "cityplan", "-n", 2, "--bots", "random,random,random",
                   "--out", tmp_path / "x.parquet", code=2)
    assert "names 3 bots for 2 seats" in refused


def test_populous_positions_follow_the_start_player_not_the_seat(tmp_path: Path) -> None:
    out = tmp_path / "p.parquet"
    soan("simulate", "populous", "-n", 3, "--games", 6, "--bots", "random", "--out", out,
         "--jobs", 1)
    table = pq.read_table(out).to_pylist()
    assert any(r["position"] != r["seat"] for r in table)
    content = get_game("populous").load_content()
    races = {race.name for race in content.races}
    for row in table:
        assert row["faction"] in races and ("race:" + row["faction"], 1) in row["usage"]
        first = next(r for r in table if r["game_index"] == row["game_index"]
                     and r["position"] == 1)
        assert row["position"] == (row["seat"] - first["seat"]) % 3 + 1  # clockwise from it


def test_each_bot_sits_in_each_seat_equally_often() -> None:
    bots = ("a", "b", "c")
    seatings = [runner.seat_bots(bots, i) for i in range(6)]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == ["a", "a", "b", "b", "c", "c"]
    assert seatings[1] == ["c", "a", "b"]  # game 1: bot j sits in seat j + 1


def test_ranks_put_winners_first_and_share_ties() -> None:
    assert runner.ranks([10, 30, 30, 5], [1, 2]) == [3, 1, 1, 4]
    assert runner.ranks([10, 12], [0]) == [1, 2]  # a tie-break winner beats a higher score
    assert runner.ranks([7, 7], []) == [1, 1]  # a draw


def test_jobs_and_ray_give_identical_rows(game: Game, tmp_path: Path, ray_cluster: None) -> None:
    results = {}
    for name, extra in {"one": ["--jobs", 1], "two": ["--jobs", 2],
                        "ray": ["--backend", "ray", "--jobs", 2]}.items():
        out = tmp_path / f"{name}.parquet"
        soan(*small_run(game, out, *extra))
        results[name] = rows(out)
    assert results["one"] == results["two"] == results["ray"]


def test_an_interrupted_run_resumes_where_it_stopped(
    game: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole.parquet"
    soan(*small_run(game, whole, "--jobs", 1))
    played: list[int] = []
    real_chunk = runner.run_chunk

    def interrupted_after_two_chunks(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        if len(played) >= 2 * len(indexes):
            raise KeyboardInterrupt
        played.extend(indexes)
        return real_chunk(spec, indexes)

    out = tmp_path / "run.parquet"
    monkeypatch.setattr(runner, "run_chunk", interrupted_after_two_chunks)
    output = soan(*small_run(game, out, "--jobs", 1), code=130)
    assert "Run the same command again to resume" in output
    assert not out.exists() and len(list(tmp_path.glob("run.parquet.parts/games-*"))) == 2

    resumed: list[int] = []

    def counted(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        resumed.extend(indexes)
        return real_chunk(spec, indexes)

    monkeypatch.setattr(runner, "run_chunk", counted)
    assert "already played" in soan(*small_run(game, out, "--jobs", 1))
    assert sorted(played + resumed) == list(range(2 * game.min_seats))
    assert rows(out) == rows(whole)
    assert not (tmp_path / "run.parquet.parts").exists()
    soan(*small_run(game, out, "--jobs", 1))  # once more: nothing left to play
    assert len(resumed) == 2 * game.min_seats - len(played)


def test_a_larger_games_count_extends_a_finished_run(game: Game, tmp_path: Path) -> None:
    out, whole = tmp_path / "run.parquet", tmp_path / "whole.parquet"
    soan(*small_run(game, out, "--jobs", 1, "--games", game.min_seats))
    soan(*small_run(game, out, "--jobs", 1))
    soan(*small_run(game, whole, "--jobs", 1))
    assert rows(out) == rows(whole)


def test_a_different_run_into_the_same_file_is_refused(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    soan(*small_run(game, out, "--jobs", 1))
    output = soan(*small_run(game, out, "--jobs", 1, "--seed", 6), code=2)
    assert "holds a different run" in output and "seed" in output


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "human"], "bots only"),
    (["--bots", "nosuchbot"], "nosuchbot"),
    (["--backend", "cloud"], "--backend"),
    (["--address", "10.0.0.1:6379"], "--backend ray"),
    (["--option", "no_such_option=1"], "no_such_option"),
])
def test_bad_settings_are_refused_clearly(
    game: Game, tmp_path: Path, args: list[str], message: str
) -> None:
    output = soan(*small_run(game, tmp_path / "x.parquet", *args), code=2)
    assert message in output


def test_query_prints_sql_over_the_results(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    soan(*small_run(game, out, "--jobs", 1))
    output = soan("query", out, "SELECT seat, count(*) AS n FROM results GROUP BY seat "
                  "ORDER BY seat")
    assert f"{game.min_seats} rows" in output
    assert "Parser Error" in soan("query", out, "SELEKT 1", code=2)
    uses = soan("query", out, "SELECT key, sum(value) AS uses FROM (SELECT "
                "unnest(map_entries(usage), recursive := true) FROM results) GROUP BY key")
    assert "uses" in uses


def test_the_ray_backend_without_ray_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    game = get_game("cityplan")
    output = soan(*small_run(game, tmp_path / "x.parquet", "--backend", "ray"), code=2)
    assert "pip install 'soan[ray]'" in output


def test_a_game_the_lottery_decides_is_marked_in_its_rows() -> None:
    # RULINGS C15 / SEED 001 「都市ボーナスの得点差で決着がついた場合は、ほぼ同点と思ってください」
    from collections import Counter

    from soan.games.cityplan import scoring
    from tests.games.cityplan.helpers import add_buildings, new

    state = new(2, 1)
    add_buildings(state, 0, ["Luxury estate", "Condominium", "Department store", "Shopping mall"])
    add_buildings(state, 1, ["Apartment", "Shopping street", "Workshop"] * 2)  # 3 tickets
    state.deck.sort(key=lambda c: state.cards.bonus[c])  # the best city bonuses on top
    without = [sum(b[k] for k in scoring.WITHOUT_LOTTERY) for b in state.breakdown()]
    assert without[0] > without[1]  # seat 1 leads before the lottery ...
    state._end_game()
    assert state.winners() == [1]  # ... and seat 2 wins after it
    spec = runner.RunSpec("cityplan", "default", "{}", None, 2, ("heuristic", "random"), 1)
    rows = runner.game_rows(spec, 0, state, spec.bots, [Counter(), Counter()], 0.0,
                            state.content.hash, has_lottery=True)
    assert [r["lottery_decided"] for r in rows] == [True, True]
    assert [r["won"] for r in rows] == [False, True]
    assert ("lottery:decided", 1) in rows[1]["usage"].items()


def test_a_damaged_chunk_is_refused_and_repair_plays_only_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("cityplan")
    whole, out = tmp_path / "whole.parquet", tmp_path / "run.parquet"
    args = small_run(game, out, "--jobs", 1, "--games", 8)
    soan(*small_run(game, whole, "--jobs", 1, "--games", 8))
    real_chunk = runner.run_chunk
    calls: list[list[int]] = []

    def interrupted_after_two(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(list(indexes))
        return real_chunk(spec, indexes)

    monkeypatch.setattr(runner, "run_chunk", interrupted_after_two)
    soan(*args, code=130)
    chunks = sorted((tmp_path / "run.parquet.parts").glob("games-*.parquet"))
    damaged = chunks[0]
    damaged.write_bytes(damaged.read_bytes()[: len(damaged.read_bytes()) // 2])
    monkeypatch.setattr(runner, "run_chunk", real_chunk)
    refused = soan(*args, code=2)
    assert str(damaged) in refused and "--repair" in refused
    replayed: list[int] = []

    def counted(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        replayed.extend(indexes)
        return real_chunk(spec, indexes)

    monkeypatch.setattr(runner, "run_chunk", counted)
    repaired = soan(*args, "--repair")
    assert "Repair: dropped games-" in repaired
    assert sorted(replayed) == sorted(set(range(8)) - set(calls[1]))  # not the sound chunk
    assert rows(out) == rows(whole)


def test_a_results_file_with_missing_rows_is_refused_and_repaired(tmp_path: Path) -> None:
    import pyarrow.compute as pc

    game = get_game("cityplan")
    out, whole = tmp_path / "run.parquet", tmp_path / "whole.parquet"
    soan(*small_run(game, whole, "--jobs", 1))
    soan(*small_run(game, out, "--jobs", 1))
    table = pq.read_table(out)
    keep = pc.invert(pc.and_(pc.equal(table["game_index"], 2), pc.equal(table["seat"], 1)))
    pq.write_table(table.filter(keep), out)  # keeps the metadata: a soan file, one row short
    report = soan("report", out, "--out", tmp_path / "r.html", code=2)
    assert f"{out}, game 2:" in report and "rows are missing" in report
    refused = soan(*small_run(game, out, "--jobs", 1), code=2)
    assert "game 2 (seats [2])" in refused and "--repair" in refused
    soan(*small_run(game, out, "--jobs", 1, "--repair"))
    assert rows(out) == rows(whole)


def test_a_run_whose_bot_fails_keeps_nothing_of_that_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game("cityplan")
    out = tmp_path / "run.parquet"
    real_chunk = runner.run_chunk
    done: list[int] = []

    def fails_in_the_third_chunk(spec: runner.RunSpec, indexes: list[int]) -> list[dict]:
        if len(done) == 2:
            raise runner.GameFailed(f"game {indexes[0]} (seed 9) failed at action 3: boom")
        done.append(indexes[0])
        return real_chunk(spec, indexes)

    monkeypatch.setattr(runner, "run_chunk", fails_in_the_third_chunk)
    output = soan(*small_run(game, out, "--jobs", 1, "--games", 8), code=2)
    assert "failed at action 3: boom; no game of this command was kept" in output
    assert list(tmp_path.iterdir()) == []  # no chunks, no parts folder, no file
