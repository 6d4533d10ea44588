"""`soan play`, `replay` and `show` with Quo Vadis, through the generic terminal code."""

import json

from typer.testing import CliRunner

from soan.cli import app
from soan.games.quovadis import content as C

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_a_bot_game_plays_records_and_replays(tmp_path):
    record = tmp_path / "game.json"
    result = run("play", "quovadis", "--players", "3", "--seats", "heuristic,random,random",
                 "--seed", "4", "--record", str(record))
    assert result.exit_code == 0, result.output
    for source in ("war", "cities", "total"):
        assert source in result.output
    assert "Winner: seat" in result.output and "War" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == "quovadis" and data["seed"] == 4
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0 and "replayed exactly" in replayed.output


def test_a_human_plays_through_stdin_and_sees_the_map_and_choices():
    answers = "\n".join(["1"] * 40 + ["quit"]) + "\n"
    result = run("play", "quovadis", "--players", "3", "--seats", "human,heuristic,heuristic",
                 "--seed", "3", input=answers)
    assert result.exit_code == 0, result.output
    assert "Play the Glorious (グロリアス), home terrain plains" in result.output
    assert "Your draft hand:" in result.output and "Pick " in result.output
    assert "seat  VP" in result.output and "seat 1 left the game" in result.output


def test_show_draws_the_world_as_svg(tmp_path):
    svg = tmp_path / "world.svg"
    result = run("show", "quovadis", "--seed", "3", "--players", "4", "--svg", str(svg))
    assert result.exit_code == 0, result.output
    assert svg.read_text().startswith("<svg") and "1-2" in result.output


def test_a_bad_content_file_is_refused_with_exit_code_two(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(C.DEFAULT_PATH.read_text("utf-8").replace("copies = 20", "copies = 200", 1),
                   "utf-8")
    result = run("play", "quovadis", "--content", str(bad), "--seed", "1")
    assert result.exit_code == 2
    assert str(bad) in result.output and "epic[1] ('祝福').copies" in result.output
    assert "Traceback" not in result.output


def test_a_variant_and_an_option_are_taken(tmp_path):
    result = run("play", "quovadis", "-n", "3", "--variant", "rounds12", "--option",
                 "hand_size=5", "--seed", "2", "--quiet")
    assert result.exit_code == 0, result.output
    bad = run("play", "quovadis", "-n", "3", "--option", "rounds=99", "--quiet")
    assert bad.exit_code == 2 and "rounds" in bad.output
