"""City Plan Delta (シティープラン デルタ): a city of cards, power chips and a parliament."""

from __future__ import annotations

from typing import Any

from soan.engine.core import Game
from soan.engine.registry import register
from soan.games.cityplan import content as content_module
from soan.games.cityplan.codes import ACTION_CARDS, LOTTERY_DECIDED
from soan.games.cityplan.content import Cards, CityPlanContent
from soan.games.cityplan.encoding import CityPlanEncoder
from soan.games.cityplan.evaluation import CityPlanEvaluator
from soan.games.cityplan.glossary import GLOSSARY
from soan.games.cityplan.options import VARIANTS
from soan.games.cityplan.options import Options as CityPlanOptions
from soan.games.cityplan.presentation import CityPlanPresenter
from soan.games.cityplan.state import CityPlanState

_CARDS: dict[tuple[str, bool, int, bool], Cards] = {}


def _cards(content: CityPlanContent, options: CityPlanOptions, seats: int) -> Cards:
    """The card table for this content, edition, table size and mixed-facility rule
    (built once)."""
    key = (content.hash, options.plain, seats, options.mixed_facilities)
    if key not in _CARDS:
        _CARDS[key] = Cards(content, options.plain, seats, options.mixed_facilities)
    return _CARDS[key]


class CityPlan(Game):
    id = "cityplan"
    title = "City Plan Delta"
    min_seats = 2
    max_seats = 5
    Options = CityPlanOptions
    variants = VARIANTS
    glossary = GLOSSARY
    length_options = ("end_buildings", "hand_limit", "build_income")
    presenter = CityPlanPresenter()
    evaluator = CityPlanEvaluator()
    encoder = CityPlanEncoder()

    def load_content(self, path: str | None = None) -> CityPlanContent:
        return content_module.load(path)

    def usage_keys(self, content: CityPlanContent, options: CityPlanOptions) -> list[str]:
        edition = "plain" if options.plain else "delta"
        built = [b.name for b in content.deck if not (options.plain and b.type == "special")]
        income = [c.name for c in content.income if c.edition in ("both", edition)]
        return [
            *(f"action:{name}" for name in ACTION_CARDS.values()),
            *(f"built:{name}" for name in dict.fromkeys(built)),
            *(f"income:{name}" for name in dict.fromkeys(income)),
            *([LOTTERY_DECIDED] if options.city_bonus else []),
        ]

    def _new(self, seats: int, seed: int, options: CityPlanOptions, content: Any) -> CityPlanState:
        state = CityPlanState.__new__(CityPlanState)
        state.setup(seats, seed, options, content, _cards(content, options, seats))
        return state


GAME = register(CityPlan())
CityPlanState.game = GAME
