"""soan report and soan study: pages that tell the truth about the games behind them."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from soan.engine.core import Game
from soan.engine.glossary import name
from soan.engine.registry import all_games, get_game
from soan.games.cityplan.content import DEFAULT_PATH as CITYPLAN_CONTENT
from soan.lab.report.messages import Messages, language_from_environment
from soan.lab.report.metrics import proportion
from soan.lab.run.store import PROVENANCE_KEY, rows_to_table
from tests.lab.conftest import small_run, soan

SECTIONS = ["provenance", "turn-order", "factions", "content", "never-seen"]
EN = Messages("en")
GLOSSARIES = {game.id: game.glossary for game in all_games()}
UNAFFORDABLE = """
[[deck]]
name = "黄金の塔"
english = "Golden tower"
type = "commercial"
cost = 8
power = 30
points = 20
bonus = [0]
provisional = true
reason = "No one can afford it: the lab must list it under Never seen."
"""


def text_of(page: Path) -> str:
    """The page's words, without tags and scripts."""
    html = page.read_text("utf-8")
    html = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def sections(page: Path, number: int = 1) -> dict[str, str]:
    """The words of each section of the page's `number`th set, by section id."""
    html = page.read_text("utf-8")
    parts = re.split(r'<h4 id="[^"]*-(\d+)-([a-z-]+)">', html)
    found: dict[str, str] = {}
    for index in range(1, len(parts) - 1, 3):
        if int(parts[index]) == number:
            found[parts[index + 1]] = unescape(re.sub(r"<[^>]+>", " ", re.sub(
                r"<script.*?</script>", "", parts[index + 2], flags=re.S)))
    return found


def first_player_rate(path: Path) -> str:
    """The first player's win rate, worked out with SQL rather than by the report."""
    wins, games = duckdb.connect().execute(
        f"SELECT sum(win_share), count(*) FROM read_parquet('{path}') WHERE position = 1"
    ).fetchone()
    return EN.rate(proportion(wins, games))


def edited_content(tmp_path: Path) -> Path:
    path = tmp_path / "my_cards.toml"
    path.write_text(CITYPLAN_CONTENT.read_text("utf-8") + UNAFFORDABLE, "utf-8")
    return path


def test_sections_come_in_order_and_turn_order_shows_positions(tmp_path: Path) -> None:
    out = tmp_path / "populous.parquet"
    soan("simulate", "populous", "-n", 3, "--games", 9, "--bots", "random", "--jobs", 1,
         "--out", out)
    table = pq.read_table(out).to_pylist()
    assert any(r["position"] != r["seat"] for r in table)
    page = tmp_path / "report.html"
    output = soan("report", out, "--out", page, "--lang", "en")
    words, parts = text_of(page), sections(page)
    assert list(parts)[:5] == SECTIONS
    assert [parts[key].split()[0] for key in SECTIONS[:3]] == ["Provenance", "Turn", "Factions"]
    turn = parts["turn-order"]
    assert "1st" in turn and "2nd" in turn and "3rd" in turn
    assert "Who moved first: seat 1 in" in turn
    assert first_player_rate(out) in turn
    # 9 games cannot show turn order mattering: said once, with the chi-square's known
    # value under balance beside it
    assert (f"Within chance, so nothing to act on here: turn order (the first player wins "
            f"{first_player_rate(out)}; chi-square ") in output
    assert "against 2 expected if balanced" in output
    assert not re.search(r"seat \d\s+\d", turn)  # no win rate by seat number here
    chosen = {r["faction"] for r in table}
    for race in chosen:
        assert race in parts["factions"]  # names as the content file writes them
    assert "association, not cause" in words
    html = page.read_text("utf-8")
    assert 'src="http' not in html and "Plotly.newPlot" in html  # self-contained


def test_city_plan_headlines_say_how_often_the_lottery_decided(tmp_path: Path) -> None:
    out = tmp_path / "cityplan.parquet"
    soan("simulate", "cityplan", "-n", 3, "--games", 12, "--bots", "random", "--jobs", 1,
         "--out", out)
    decided = sum(r["lottery_decided"] for r in pq.read_table(out).to_pylist()) // 3
    output = soan("report", out, "--out", tmp_path / "r.html", "--lang", "en")
    assert f"The lottery changed the winner in {EN.rate(proportion(decided, 12))}" in output
    parts = sections(tmp_path / "r.html")
    assert "Seat 1 moved first in every game" in parts["turn-order"]
    assert "factions" not in parts  # City Plan has none
    assert "completion" not in parts["figures"]  # a scoring source: the metric is "decided"
    assert "Decided games" in parts["figures"]
    # Turn-order imbalance is shown beside its value under perfect balance, never as a
    # "Balance" that cannot reach 1 with finite games or misses its own interval.
    figures = re.sub(r"\s+", " ", parts["figures"])
    assert re.search(r"Turn-order imbalance \(chi-square\) [\d.]+ \(p [=<] [\d.]+\) 2 "
                     r"expected if perfectly balanced", figures)
    assert re.search(r"Spread of turn positions from fair [\d.]+ points chance alone: about "
                     r"[\d.]+ points at 12 games", figures)
    assert "Balance" not in figures
    html = (tmp_path / "r.html").read_text("utf-8")
    assert "<tr><td>pay a card</td>" in html and "<tr><td>Income</td>" in html
    for engine_word in ("act", "pay", "done", "income"):
        assert f"<tr><td>{engine_word}</td>" not in html


def test_runs_with_other_content_are_two_sets_and_dead_cards_are_never_seen(
    tmp_path: Path,
) -> None:
    shipped, edited = tmp_path / "shipped.parquet", tmp_path / "edited.parquet"
    content = edited_content(tmp_path)
    common = ["-n", 2, "--games", 6, "--bots", "random", "--jobs", 1]
    soan("simulate", "cityplan", *common, "--out", shipped)
    soan("simulate", "cityplan", *common, "--out", edited, "--content", content)
    provenance = pq.read_schema(edited).metadata[PROVENANCE_KEY].decode()
    assert "my_cards.toml" in provenance and "built:黄金の塔" in provenance
    page = tmp_path / "report.html"
    output = soan("report", shipped, edited, "--out", page, "--lang", "en")
    words = text_of(page)
    assert "shipped content" in words and "content my_cards.toml" in words
    assert words.count("6 games, 2 players") == 2  # never pooled into one set of 12
    assert "Is content my_cards.toml" in output
    assert "paired games" in words  # the same seeds, game for game
    # the English page shows the card's gloss, read from the edited file's results
    assert "built: Golden tower (黄金の塔)" in sections(page, 2)["never-seen"]
    assert "黄金の塔" not in sections(page, 1)["content"]  # not in the shipped cards


def test_sets_that_repeat_each_others_games_are_refused(tmp_path: Path) -> None:
    game = get_game("cityplan")
    first, second = tmp_path / "a.parquet", tmp_path / "b.parquet"
    soan(*small_run(game, first, "--jobs", 1))
    soan(*small_run(game, second, "--jobs", 1))
    output = soan("report", first, second, "--out", tmp_path / "r.html", code=2)
    assert "both hold the game with seed 5" in output and not (tmp_path / "r.html").exists()
    third = tmp_path / "c.parquet"
    soan(*small_run(game, third, "--jobs", 1, "--seed", 100))
    pooled = soan("report", first, third, "--out", tmp_path / "r.html", "--lang", "en")
    assert "Side by side" not in pooled  # same settings, other games: one set


def test_study_with_an_edited_content_file_writes_both_languages(tmp_path: Path) -> None:
    content = edited_content(tmp_path)
    output = soan("study", "cityplan", "--content", content, "--games", 4, "-n", 2,
                  "--bots", "random", "--jobs", 1, "--out", tmp_path / "study")
    study = tmp_path / "study"
    assert sorted(p.name for p in study.glob("*.parquet")) == [
        "default-content=my_cards.parquet", "default.parquet"]
    english, japanese = study / "report.html", study / "report.ja.html"
    assert "日本語" in english.read_text("utf-8") and 'href="report.ja.html"' in english.read_text()
    parts = sections(japanese, 2)
    assert [parts[key].split()[0] for key in ("provenance", "turn-order", "never-seen")] == [
        "来歴", "手番順", "一度も出なかったもの"]
    assert "建設:黄金の塔" in parts["never-seen"]  # the draft's word, the card as written
    assert "built:" not in parts["never-seen"]
    assert "report.ja.html" in output


def test_the_japanese_page_speaks_the_drafts_words_and_the_english_page_its_own(
    tmp_path: Path,
) -> None:
    out = tmp_path / "populous.parquet"
    soan("simulate", "populous", "-n", 3, "--games", 6, "--bots", "random", "--jobs", 1,
         "--out", out)
    kinds = {k for r in pq.read_table(out).to_pylist() for k, _ in r["action_kinds"]}
    japanese, english = tmp_path / "report.ja.html", tmp_path / "report.html"
    output = soan("report", out, "--out", japanese, "--lang", "ja")
    soan("report", out, "--out", english, "--lang", "en")
    ja, parts = text_of(japanese), sections(japanese)
    assert "ポピュラス 草案5:3人" in ja and "ポピュラス 草案5:3人" in output
    assert "default: ルールどおりのポピュラス 草案5" in parts["provenance"]
    assert "アクション:繁栄" in parts["content"] and "action:Prosperity" not in ja
    race = next(r["faction"] for r in pq.read_table(out).to_pylist())
    assert f"種族:{race}" in parts["content"]  # the race as the content file writes it
    assert "<tr><td>繁栄</td>" in japanese.read_text("utf-8")  # a points source
    for kind in kinds:  # every action kind played, in the draft's words
        assert f"<tr><td>{GLOSSARIES['populous'](kind)}</td>" in japanese.read_text("utf-8")
        assert f"<tr><td>{kind}</td>" not in japanese.read_text("utf-8")
    assert "as written" not in ja and "wild card" not in ja
    en = text_of(english)
    assert "action:Prosperity" in sections(english)["content"] and "アクション:" not in en
    # content names: glossed on the English page, as written alone on the Japanese one
    gloss = {r.name: r.english for r in get_game("populous").load_content().races}
    assert f"race: {gloss[race]} ({race})" in sections(english)["content"]
    assert f"{gloss[race]} ({race})" in sections(english)["factions"]
    assert gloss[race] not in ja and f"({race})" not in ja
    assert "<tr><td>prosperity</td>" in english.read_text("utf-8")
    assert "default: Populous draft 5 as written" in en


def test_a_sweep_ends_with_its_fairest_value_against_the_rules_as_written(
    tmp_path: Path,
) -> None:
    output = soan("study", "cityplan", "--sweep", "hand_limit=7,9", "-n", 2, "--games", 8,
                  "--bots", "random", "--jobs", 1, "--out", tmp_path)
    names = sorted(p.name for p in tmp_path.glob("*.parquet"))
    assert names == ["default-hand_limit=7.parquet", "default-hand_limit=9.parquet",
                     "default.parquet"]  # the rules as written is played too
    assert "Is hand_limit=7 fairer than the rules as written?" in output
    assert re.search(r"The fairest value of hand_limit is [789]: its turn positions lie "
                     r"[\d.]+ points from fair \(chi-square [\d.]+ against 1 expected", output)
    refused = soan("study", "cityplan", "--variants", "nosuch", "--out", tmp_path, code=2)
    assert "no variant nosuch" in refused


def test_every_game_reports_and_studies(game: Game, tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    soan(*small_run(game, out, "--jobs", 1))
    page = tmp_path / "report.html"
    assert "Report written" in soan("report", out, "--out", page)
    assert game.title in page.read_text("utf-8")
    study = tmp_path / "study"
    variant = list(game.variants)[-1]
    output = soan("study", game.id, "--variants", variant, "--games", game.min_seats,
                  "--players", game.min_seats, "--bots", "random", "--jobs", 1, "--out", study)
    assert (study / "report.html").exists() and (study / "report.ja.html").exists()
    assert "Reports written" in output


def test_the_language_comes_from_the_locale() -> None:
    assert language_from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_environment({"LANG": "en_GB.UTF-8"}) == "en"
    assert language_from_environment({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}) == "ja"
    assert language_from_environment({}) == "en"
    ja = Messages("ja")
    assert ja("turn_order") == "手番順" and ja.ordinal(2) == "2番手"


def test_never_seen_names_what_occurred_in_fewer_than_one_game_in_a_hundred(
    tmp_path: Path,
) -> None:
    one = tmp_path / "one.parquet"
    soan("simulate", "cityplan", "-n", 2, "--games", 1, "--bots", "random", "--seed", 5,
         "--jobs", 1, "--out", one)
    table = pq.read_table(one)
    game = [{**row, "usage": dict(row["usage"]), "action_kinds": dict(row["action_kinds"]),
             "firsts": dict(row["firsts"])}
            for row in table.to_pylist()]  # maps come as lists of pairs
    rare = next(k for k in game[0]["usage"] if k.startswith("built:"))
    rows = []  # the same game 101 times over, the rare building built in the first only
    for index in range(101):
        for row in game:
            usage = {k: v for k, v in row["usage"].items() if index == 0 or k != rare}
            rows.append({**row, "game_index": index, "seed": 5 + index, "usage": usage})
    provenance = json.loads(table.schema.metadata[PROVENANCE_KEY])
    metadata = {**table.schema.metadata, PROVENANCE_KEY: json.dumps(
        {**provenance, "games": 101, "seeds": [5, 105]}).encode()}
    many = tmp_path / "many.parquet"
    pq.write_table(rows_to_table(rows).replace_schema_metadata(metadata), many)
    page = tmp_path / "report.html"
    output = soan("report", many, "--out", page, "--lang", "en")
    cityplan = get_game("cityplan")
    shown = name(rare, "en", cityplan.glossary, cityplan.load_content())  # built: X (Y)
    assert shown.startswith("built: ") and shown.endswith(f"({rare.removeprefix('built:')})")
    assert f"All but never seen, in fewer than 1 game in 100 (in brackets, the games it " \
           f"occurred in): {shown} (1)" in output
    never = sections(page)["never-seen"]
    assert "Seen, but in fewer than 1 game in 100 of these 101" in never and f"{shown} (1)" in never


def test_mixed_bots_are_named_first_and_rare_items_are_no_finding(tmp_path: Path) -> None:
    out = tmp_path / "mixed.parquet"
    soan("simulate", "cityplan", "-n", 2, "--games", 6, "--bots", "heuristic,random",
         "--jobs", 1, "--out", out)
    page = tmp_path / "report.html"
    output = soan("report", out, "--out", page, "--lang", "en")
    headlines = output.split("• ")[1:]
    assert headlines[0].startswith("Mixed bots (heuristic, random): these win rates mostly "
                                   "measure the bots, not the rules.")
    # Six games: every item is too rare for its test to find anything. The rows are set
    # apart in one note, none is a headline, and none is left in the table.
    content = sections(page)["content"]
    assert "Too rare to judge" in content and "Too rare" not in output
    assert "more than chance explains" not in output
    html = page.read_text("utf-8")
    rare = re.findall(r"([^,:]+?) \((\d+)\)", content.split("no information about winning:")[1])
    assert len(rare) > 5
    for item, _ in rare:  # no row shows a win rate it cannot judge
        assert f"<tr><td>{item.strip()}</td>" not in html
    ja = soan("report", out, "--out", tmp_path / "report.ja.html", "--lang", "ja")
    assert "ボットが混在しています(heuristic、random)" in ja
