"""City Plan Delta in the draft's own words: every word its rules produce has the
Japanese of the draft (「収入」「交換」「議会」, 「議会ボーナス」「完成ボーナス」「都市ボーナス」...)."""

from soan.games.cityplan import scoring
from soan.games.cityplan.presentation import ACTION_KINDS
from soan.games.cityplan.state import ACTION_CARDS, LOTTERY_DECIDED
from tests.games.cityplan.helpers import GAME
from tests.games.glossary_check import check_title_and_variants, played_words, without_japanese

CONTENT = GAME.load_content()
NAMES = [*(b.name for b in CONTENT.deck), *(b.name for b in CONTENT.starting_plant),
         *(c.name for c in CONTENT.income)]
EVERY_WORD = {
    *ACTION_KINDS.values(), *ACTION_CARDS.values(),
    *(f"action:{name}" for name in ACTION_CARDS.values()), LOTTERY_DECIDED, *scoring.SOURCES,
}


def test_every_action_kind_usage_key_and_points_source_has_the_drafts_word():
    assert without_japanese(GAME, EVERY_WORD | played_words(GAME, seeds=3), NAMES) == []


def test_the_action_cards_are_the_drafts_and_names_stay_as_written():
    glossary = GAME.glossary
    assert [glossary(name) for name in ACTION_CARDS.values()] == ["収入", "交換", "議会"]
    assert glossary("action:Parliament") == "アクション:議会"
    assert glossary("parliament") == "議会ボーナス" and glossary("city") == "都市ボーナス"
    assert glossary(LOTTERY_DECIDED) == "都市ボーナス:決着"
    assert glossary("built:公園") == "建設:公園"


def test_title_and_every_variant_in_japanese():
    check_title_and_variants(GAME)
    assert GAME.glossary.variants["plain"].startswith("プレーン版")
