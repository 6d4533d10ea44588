"""Populous draft 5 (ポピュラス 草案5): gods raise their peoples on a world of hex flowers."""

from __future__ import annotations

from typing import Any

from soan.engine.core import Game
from soan.engine.registry import register
from soan.games.populous import content as content_module
from soan.games.populous.codes import ACTION_NAMES
from soan.games.populous.content import PopulousContent, Tables
from soan.games.populous.encoding import PopulousEncoder
from soan.games.populous.evaluation import PopulousEvaluator
from soan.games.populous.genesis import REDRAWN
from soan.games.populous.glossary import GLOSSARY
from soan.games.populous.options import VARIANTS
from soan.games.populous.options import Options as PopulousOptions
from soan.games.populous.presentation import PopulousPresenter
from soan.games.populous.state import BRANCHES, PopulousState

_TABLES: dict[str, Tables] = {}


def _tables(content: PopulousContent) -> Tables:
    """The flat tables for this content (built once per content)."""
    if content.hash not in _TABLES:
        _TABLES[content.hash] = Tables(content)
    return _TABLES[content.hash]


class Populous(Game):
    id = "populous"
    title = "Populous draft 5"
    min_seats = 3
    max_seats = 5
    Options = PopulousOptions
    variants = VARIANTS
    glossary = GLOSSARY
    length_options = ("end_score",)
    presenter = PopulousPresenter()
    evaluator = PopulousEvaluator()
    encoder = PopulousEncoder()

    def load_content(self, path: str | None = None) -> PopulousContent:
        return content_module.load(path)

    def usage_keys(self, content: PopulousContent, options: PopulousOptions) -> list[str]:
        return [
            *(f"race:{race.name}" for race in content.races),
            *(f"grace:{name}" for name in dict.fromkeys(c.name for c in content.grace)),
            *(f"action:{name}" for name in ACTION_NAMES[1:]),
            *BRANCHES,
            *([REDRAWN] if options.genesis_hand else []),
        ]

    def _new(self, seats: int, seed: int, options: PopulousOptions, content: Any) -> PopulousState:
        state = PopulousState.__new__(PopulousState)
        state.setup(seats, seed, options, content, _tables(content))
        return state


GAME = register(Populous())
PopulousState.game = GAME
