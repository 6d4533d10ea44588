"""City Plan Delta (シティープラン デルタ): a city of cards, power chips and a parliament."""

from __future__ import annotations

from typing import Any

from soan.engine.core import Game
from soan.engine.registry import register
from soan.games.cityplan import content as content_module
from soan.games.cityplan.content import Cards, CityPlanContent
from soan.games.cityplan.options import VARIANTS, Options
from soan.games.cityplan.state import CityPlanState

_CARDS: dict[tuple[str, bool, int], Cards] = {}


def _cards(content: CityPlanContent, plain: bool, seats: int) -> Cards:
    """The card table for this content, edition and table size (built once)."""
    key = (content.hash, plain, seats)
    if key not in _CARDS:
        _CARDS[key] = Cards(content, plain, seats)
    return _CARDS[key]


class CityPlan(Game):
    id = "cityplan"
    title = "City Plan Delta"
    min_seats = 2
    max_seats = 5
    Options = Options
    variants = VARIANTS

    def load_content(self, path: str | None = None) -> CityPlanContent:
        return content_module.load(path)

    def _new(self, seats: int, seed: int, options: Options, content: Any) -> CityPlanState:
        state = CityPlanState.__new__(CityPlanState)
        state.setup(seats, seed, options, content, _cards(content, options.plain, seats))
        return state


GAME = register(CityPlan())
CityPlanState.game = GAME
