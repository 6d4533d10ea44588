"""Quo Vadis draft 27 (草案27): generations, wrath and war on a world of 3-cell tiles."""

from __future__ import annotations

from typing import Any

from soan.engine.core import Game
from soan.engine.registry import register
from soan.games.quovadis import content as content_module
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    ASCENSION,
    CITY_EVENTS,
    FORT_KEY,
    FREE,
    GENERATION_CHANGE,
    INHERITANCE,
    PLEA,
    REBUILD,
    TEMPLE_KEY,
    WAR,
    WAR_DRAW,
    WAR_KEPT,
    WAR_LOST,
    WAR_UPHILL,
    WAR_UPHILL_WON,
    WAR_WON,
    WRATH_BUILDINGS,
    WRATH_KEY,
    WRATH_UPHILL,
)
from soan.games.quovadis.content import QuoVadisContent, Tables
from soan.games.quovadis.encoding import QuoVadisEncoder
from soan.games.quovadis.evaluation import QuoVadisEvaluator
from soan.games.quovadis.glossary import GLOSSARY
from soan.games.quovadis.options import VARIANTS
from soan.games.quovadis.options import Options as QuoVadisOptions
from soan.games.quovadis.presentation import QuoVadisPresenter
from soan.games.quovadis.state import QuoVadisState

_TABLES: dict[str, Tables] = {}


def _tables(content: QuoVadisContent) -> Tables:
    """The flat tables for this content (built once per content)."""
    if content.hash not in _TABLES:
        _TABLES[content.hash] = Tables(content)
    return _TABLES[content.hash]


class QuoVadis(Game):
    id = "quovadis"
    title = "Quo Vadis draft 27"
    min_seats = 3
    max_seats = 5
    Options = QuoVadisOptions
    variants = VARIANTS
    glossary = GLOSSARY
    length_options = ("rounds",)
    first_events = CITY_EVENTS
    presenter = QuoVadisPresenter()
    evaluator = QuoVadisEvaluator()
    encoder = QuoVadisEncoder()

    def load_content(self, path: str | None = None) -> QuoVadisContent:
        return content_module.load(path)

    def usage_keys(self, content: QuoVadisContent, options: QuoVadisOptions) -> list[str]:
        tables = _tables(content)
        keys = [
            *tables.race_key,
            *tables.skill_key,
            *(f"card:{kind.name}" for kind in content.epic if kind.copies),
            *E.ACTION_KEYS,
            WAR, WAR_WON, WAR_LOST, WAR_DRAW, WAR_UPHILL, WAR_UPHILL_WON, WRATH_KEY,
            WRATH_BUILDINGS, WRATH_UPHILL,
            GENERATION_CHANGE, INHERITANCE, REBUILD, PLEA, FREE,
        ]
        if options.forts:
            keys.append(FORT_KEY)
        if options.temples:
            keys.append(TEMPLE_KEY)
        if options.temples or options.war_loser == "ascend":
            keys.append(ASCENSION)
        if options.war_loser == "keep":
            keys.append(WAR_KEPT)
        return keys

    def _new(self, seats: int, seed: int, options: QuoVadisOptions, content: Any) -> QuoVadisState:
        state = QuoVadisState.__new__(QuoVadisState)
        state.setup(seats, seed, options, content, _tables(content))
        return state


GAME = register(QuoVadis())
QuoVadisState.game = GAME
