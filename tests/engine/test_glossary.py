"""Names for an English and a Japanese reader: one function (`soan.engine.glossary.name`)
for the terminal, the web pages and the lab's report."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from soan.engine.glossary import Names, content_names, forms, name, names_in
from soan.engine.registry import all_games, get_game
from soan.engine.rng import Rng

CITYPLAN = get_game("cityplan")
CONTENT = CITYPLAN.load_content()
GLOSSARY = CITYPLAN.glossary
GARDENS = "Allotment gardens (市民農園)"


def test_a_key_holding_a_content_name():
    assert name("built:市民農園", "en", GLOSSARY, CONTENT) == f"built: {GARDENS}"
    assert name("built:市民農園", "ja", GLOSSARY, CONTENT) == "建設:市民農園"
    assert name("income:補助金", "en", GLOSSARY, CONTENT) == "income: Subsidy (補助金)"
    assert name("income:補助金", "ja", GLOSSARY, CONTENT) == "収入カード:補助金"


def test_a_plain_content_name_in_any_form_the_game_writes_it():
    for written in ("市民農園", "Allotment gardens", GARDENS, "市民農園 (Allotment gardens)",
                    "市民農園 Allotment gardens"):
        assert name(written, "en", GLOSSARY, CONTENT) == GARDENS
        assert name(written, "ja", GLOSSARY, CONTENT) == "市民農園"
        assert name(written, "ja", None, CONTENT) == "市民農園"  # no glossary needed


def test_a_name_without_a_gloss_shows_as_written():
    for lang in ("en", "ja"):
        assert name("黄金の塔", lang, GLOSSARY, CONTENT) == "黄金の塔"
    assert name("built:黄金の塔", "en", GLOSSARY, CONTENT) == "built:黄金の塔"
    assert name("built:黄金の塔", "ja", GLOSSARY, CONTENT) == "建設:黄金の塔"
    assert name("市民農園", "en", GLOSSARY, None) == "市民農園"  # no content: no gloss


def test_the_games_own_words_stay_english_on_english_pages_and_are_the_drafts_in_japanese():
    assert name("action:Parliament", "en", GLOSSARY, CONTENT) == "action:Parliament"
    assert name("action:Parliament", "ja", GLOSSARY, CONTENT) == "アクション:議会"
    assert name("parliament", "ja", GLOSSARY, CONTENT) == "議会ボーナス"
    assert name("no such word", "ja", GLOSSARY, CONTENT) == "no such word"
    with pytest.raises(ValueError):
        name("市民農園", "fr", GLOSSARY, CONTENT)


def test_names_of_every_game_race_skill_card_award_and_grace_card():
    quovadis, undecim, populous = (get_game(g) for g in ("quovadis", "undecim", "populous"))
    qc, uc, pc = (g.load_content() for g in (quovadis, undecim, populous))
    assert name("race:グロリアス", "en", quovadis.glossary, qc) == "race: Glorious (グロリアス)"
    assert name("skill:天啓", "en", quovadis.glossary, qc) == "skill: Heaven's Favour (天啓)"
    assert name("action:祝福", "en", quovadis.glossary, qc) == "action: Blessing (祝福)"
    assert name("play Glorious", "ja", quovadis.glossary, qc) == "種族グロリアスを選ぶ"
    assert name("card:月詠み", "en", undecim.glossary, uc) == "card: Moon Reading (月詠み)"
    assert name("award:辺境伯", "ja", undecim.glossary, uc) == "アワード:辺境伯"
    assert name("grace:天啓", "en", populous.glossary, pc) == "grace: Epiphany (天啓)"
    assert name("ディープワン", "en", populous.glossary, pc) == "Deep One (ディープワン)"


def test_names_in_a_sentence_whatever_form_the_game_wrote_them_in():
    qc, uc = get_game("quovadis").load_content(), get_game("undecim").load_content()
    line = "Seat 1 plays the Glorious (グロリアス, home: plains)."
    assert names_in(line, "en", qc) == line
    assert names_in(line, "ja", qc) == "Seat 1 plays the グロリアス (home: plains)."
    swap = "Swap your 2 侵略戦争 Invasion (red) for 1 月詠み Moon Reading (red)"
    assert names_in(swap, "en", uc) == ("Swap your 2 Invasion (侵略戦争) (red) for 1 "
                                        "Moon Reading (月詠み) (red)")
    assert names_in(swap, "ja", uc) == "Swap your 2 侵略戦争 (red) for 1 月詠み (red)"
    built = "Seat 1 builds Wind farm (3 buildings), then Farm; a farmer builds 町工場."
    assert names_in(built, "en", CONTENT) == (
        "Seat 1 builds Wind farm (風力発電所) (3 buildings), then Farm (農場); a farmer "
        "builds Workshop (町工場).")
    assert names_in(built, "ja", CONTENT) == "Seat 1 builds 風力発電所 (3 buildings), then 農場; a farmer builds 町工場."
    wrapped = "Awards: 魔物殺し Monster\n    Slayer: hold 3 enemies"
    assert names_in(wrapped, "ja", uc) == "Awards: 魔物殺し: hold 3 enemies"
    column = "1 Glorious    0 VP"  # a name padded to a column keeps the column
    assert names_in(column, "ja", qc) == "1 グロリアス  0 VP"


def test_the_web_pages_get_the_same_choices():
    english, japanese = forms("en", CONTENT), forms("ja", CONTENT)
    assert english["市民農園"] == english["Allotment gardens"] == GARDENS
    assert japanese["Allotment gardens"] == japanese[GARDENS] == "市民農園"
    for form, shown in english.items():
        assert names_in(form, "en", CONTENT) == shown


def without_glosses(game_id: str, tmp_path: Path) -> Path:
    """The game's shipped content file with every `english` line taken out."""
    text = resources.files(f"soan.games.{game_id}").joinpath("content.toml").read_text("utf-8")
    path = tmp_path / f"{game_id}.toml"
    path.write_text(re.sub(r"(?m)^english = .*\n", "", text), "utf-8")
    return path


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_content_file_without_glosses_loads_and_shows_its_names_as_written(game, tmp_path):
    content = game.load_content(str(without_glosses(game.id, tmp_path)))
    names = content_names(content)
    assert names and set(names.values()) == {""}
    assert set(names) == set(content_names(game.load_content()))
    state = game.new(game.min_seats, 3, content=content)
    rng = Rng(3)
    for _ in range(60):
        if state.over:
            break
        state.play(rng.choice(state.legal()))
    presenter = game.presenter
    labels = [presenter.label(state, a) for a in state.legal()]
    text = "\n".join([presenter.render(state, 0), *state.log, *labels])
    shown = names_in(text, "en", content)
    assert shown == names_in(text, "ja", content)
    assert not re.search(r"[A-Za-z]", "".join(names))  # the names as written: Japanese
    for written in names:  # a name the game writes twice (as its gloss too) shows once
        assert f"{written} ({written})" not in shown and f"{written} {written}" not in shown
    for key in game.usage_keys(content, game.options()):
        assert name(key, "en", game.glossary, content) == key


def test_names_are_read_once_per_content_file():
    assert Names.of(CONTENT) is Names.of(CITYPLAN.load_content())
    assert Names.of({"市民農園": "Allotment gardens"}).gloss == {"市民農園": "Allotment gardens"}
    assert Names.of({"市民農園": ""}).gloss == {}
