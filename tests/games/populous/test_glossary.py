"""Populous in the draft's own words: every word its rules produce has the Japanese of
草案5 (「祝福」「啓示」「繁栄」「天災」「労働」, 「オールマイティ」, 「ハウス」, 「戦争」...)."""

from soan.games.populous import scoring
from soan.games.populous.codes import ACTION_NAMES
from soan.games.populous.presentation import ACTION_KINDS, DONE_KINDS
from soan.games.populous.state import BRANCHES
from tests.games.glossary_check import check_title_and_variants, played_words, without_japanese
from tests.games.populous.helpers import GAME

CONTENT = GAME.load_content()
NAMES = [*(race.name for race in CONTENT.races), *(card.name for card in CONTENT.grace)]
ACTIONS = ACTION_NAMES[1:]
EVERY_WORD = {
    *ACTION_KINDS.values(), *DONE_KINDS.values(), "done",
    *ACTIONS, *(f"{name} with the wild card" for name in ACTIONS),
    *(f"action:{name}" for name in ACTIONS), *BRANCHES, *scoring.SOURCES,
}


def test_every_action_kind_usage_key_and_points_source_has_the_drafts_word():
    assert without_japanese(GAME, EVERY_WORD | played_words(GAME), NAMES) == []


def test_the_five_actions_are_the_drafts_and_names_stay_as_written():
    glossary = GAME.glossary
    assert [glossary(name) for name in ACTIONS] == ["祝福", "啓示", "繁栄", "天災", "労働"]
    assert glossary("Prosperity with the wild card") == "オールマイティで繁栄"
    assert glossary("action:Revelation") == "アクション:啓示"
    assert glossary("war:vandals won") == "戦争:ヴァンダルの勝ち"
    assert glossary("prosperity") == "繁栄" and glossary("house") == "ハウス"
    race = CONTENT.races[0].name
    assert glossary(f"race:{race}") == f"種族:{race}"


def test_title_and_every_variant_in_japanese():
    check_title_and_variants(GAME)
    assert GAME.glossary.title == "ポピュラス 草案5"
