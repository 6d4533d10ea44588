"""Quo Vadis in the draft's own words: every word its rules produce has the Japanese of
草案27 (「世代継続」「世代交代」「御無心」, 「神の怒り」「砦」「神殿」「アセンション」...)."""

from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import SOURCES
from soan.games.quovadis.presentation import ACTION_KINDS
from tests.games.glossary_check import check_title_and_variants, played_words, without_japanese
from tests.games.quovadis.helpers import GAME

CONTENT = GAME.load_content()
# kept as written: the content's races, skills and epic cards, and the draft's own card
# kinds, which the rules already name in Japanese
NAMES = [*(race.name for race in CONTENT.races), *(skill.name for skill in CONTENT.skills),
         *(kind.name for kind in CONTENT.epic), *E.CARDS]


def test_every_action_kind_usage_key_and_points_source_has_the_drafts_word():
    every_word = {*ACTION_KINDS.values(), *SOURCES} | played_words(GAME)
    assert without_japanese(GAME, every_word, NAMES) == []


def test_the_drafts_words_and_names_as_written():
    glossary = GAME.glossary
    race = CONTENT.races[0].name
    assert glossary(f"play {race}") == f"種族{race}を選ぶ"
    assert glossary("generation change with 御無心") == "御無心で世代交代"
    assert glossary("action:繁栄") == "アクション:繁栄"
    assert glossary("war:draw") == "戦争:引き分け" and glossary("territory") == "領土ボーナス"


def test_title_and_every_variant_in_japanese():
    check_title_and_variants(GAME)
