"""Undecim in the draft's own words: every word its rules produce has the Japanese of
草案14 (「入植」「発展」「赤い月の夜」「土地ボーナス」「マリガン」「版図」...)."""

from soan.games.undecim.presentation import ACTION_KINDS, DONE_KINDS
from tests.games.glossary_check import check_title_and_variants, played_words, without_japanese
from tests.games.undecim.helpers import GAME

CONTENT = GAME.load_content()
NAMES = [  # action cards and awards, the modules' too (an action card played is its name)
    *(card.name for card in CONTENT.actions), *(award.name for award in CONTENT.awards),
    *(card.name for module in CONTENT.modules for card in module.actions),
    *(module.award.name for module in CONTENT.modules),
]
FACES = ("land", "resource", "enemy", "gold")
EVERY_WORD = {
    *ACTION_KINDS.values(), *DONE_KINDS.values(), "done", "develop", "develop with gold",
    *(f"{where} {face}" for where in ("bonus", "front") for face in FACES),
    *(f"bonus:{face}" for face in FACES),
}


def test_every_action_kind_usage_key_and_points_source_has_the_drafts_word():
    assert without_japanese(GAME, EVERY_WORD | played_words(GAME), NAMES) == []


def test_the_drafts_words_and_names_as_written():
    glossary = GAME.glossary
    card = CONTENT.actions[0].name
    assert glossary(card) == card  # an action card played, named as written
    assert glossary(f"card:{card}") == f"アクションカード:{card}"
    assert glossary("night:enemies won") == "赤い月の夜:敵が最多"
    assert glossary("final order") == "決算順ボーナス" and glossary("settle") == "入植"


def test_title_and_every_variant_in_japanese():
    check_title_and_variants(GAME)
