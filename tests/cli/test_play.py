"""The `soan` command as a user runs it."""

import json

from typer.testing import CliRunner

from soan.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_cityplan_with_seats_and_variants():
    result = run("games")
    assert result.exit_code == 0
    assert "cityplan" in result.output and "2-5" in result.output and "plain" in result.output


def test_all_bot_game_runs_to_the_end_and_shows_the_breakdown(tmp_path):
    record = tmp_path / "game.json"
    result = run(
        "play",
        "cityplan",
        "--players",
        "3",
        "--seats",
        "random,random,random",
        "--seed",
        "5",
        "--record",
        str(record),
    )
    assert result.exit_code == 0, result.output
    for source in ("buildings", "councillors", "parliament", "completion", "development", "city"):
        assert source[:5] in result.output
    assert "Winner" in result.output or "Shared win" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == "cityplan" and data["seed"] == 5 and data["actions"]


def test_replay_checks_and_prints_the_final_table(tmp_path):
    record = tmp_path / "game.json"
    run("play", "cityplan", "-n", "2", "--seed", "3", "--record", str(record), "--quiet")
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output
    assert "replayed exactly" in result.output
    stepped = run("replay", str(record), "--step")
    assert stepped.exit_code == 0 and "1. seat 1 (random): Play action card" in stepped.output


def test_a_corrupt_record_is_refused_naming_the_first_bad_action(tmp_path):
    record = tmp_path / "game.json"
    run("play", "cityplan", "-n", "2", "--seed", "3", "--record", str(record), "--quiet")
    data = json.loads(record.read_text())
    data["actions"][4] = ["build", 9999]
    record.write_text(json.dumps(data))
    result = run("replay", str(record))
    assert result.exit_code == 2
    assert "action 5" in result.output and "does not replay" in result.output
    record.write_text("{not json")
    assert "is not valid JSON" in run("replay", str(record)).output


def test_a_human_picks_numbered_choices_and_can_ask_for_help_and_quit():
    result = run(
        "play",
        "cityplan",
        "--seats",
        "human,random",
        "--seed",
        "2",
        input="help\n9\n1\nrules\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output
    assert "Type the number of a choice" in result.output
    assert "Please type a number from 1 to 3" in result.output
    assert "City Plan Delta (シティープラン デルタ): rules reference" in result.output
    assert "seat 1 left the game" in result.output


def test_a_human_sees_only_their_own_hand():
    result = run("play", "cityplan", "--seats", "human,random", "--seed", "2", input="quit\n")
    assert result.output.count("Your hand:") == 1
    assert "cards in hand" in result.output


def test_a_human_can_play_a_whole_game(tmp_path):
    answers = "1\n2\n3\n4\n5\n6\n" * 200  # a card paid keeps its number, not open
    result = run("play", "cityplan", "--seats", "human,random", "--seed", "4", input=answers)
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output


def test_bad_input_gets_a_clear_error():
    assert "unknown seat 'robot'" in run("play", "cityplan", "--seats", "random,robot").output
    assert "no variant 'fancy'" in run("play", "cityplan", "--variant", "fancy").output
    assert "no option 'hand_size'" in run("play", "cityplan", "--option", "hand_size=3").output
    assert "2 to 5 players, not 7" in run("play", "cityplan", "-n", "7").output
    assert "no game 'chess'" in run("play", "chess").output
    assert "cannot read content file" in run("play", "cityplan", "--content", "nope.toml").output


def test_plain_variant_and_option_overrides_play(tmp_path):
    record = tmp_path / "plain.json"
    result = run(
        "play",
        "cityplan",
        "--variant",
        "plain",
        "--option",
        "hand_limit=7",
        "--seed",
        "9",
        "--quiet",
        "--record",
        str(record),
    )
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text())
    assert data["variant"] == "plain" and data["options"]["plain"] is True
    assert data["options"]["hand_limit"] == 7
    assert run("replay", str(record)).exit_code == 0


def test_show_prints_the_starting_position():
    result = run("show", "cityplan", "--seed", "3", "-n", "2")
    assert result.exit_code == 0 and "Turn 1" in result.output
