"""Undecim draft 14 (ウーンデキム 草案14): a light 4X under the red moon."""

from __future__ import annotations

from typing import Any

from soan.engine.core import Game
from soan.engine.registry import register
from soan.games.undecim import content as content_module
from soan.games.undecim.codes import BRANCHES, FIEF_KEY
from soan.games.undecim.content import Tables, UndecimContent
from soan.games.undecim.encoding import UndecimEncoder
from soan.games.undecim.evaluation import UndecimEvaluator
from soan.games.undecim.glossary import GLOSSARY
from soan.games.undecim.options import VARIANTS
from soan.games.undecim.options import Options as UndecimOptions
from soan.games.undecim.presentation import UndecimPresenter
from soan.games.undecim.state import UndecimState

_TABLES: dict[tuple[str, tuple[str, ...]], Tables] = {}


def tables(content: UndecimContent, modules: tuple[str, ...]) -> Tables:
    """The flat tables for this content and these modules (built once)."""
    key = (content.hash, modules)
    if key not in _TABLES:
        _TABLES[key] = Tables(content, modules)
    return _TABLES[key]


class Undecim(Game):
    id = "undecim"
    title = "Undecim draft 14"
    min_seats = 3
    max_seats = 4
    Options = UndecimOptions
    variants = VARIANTS
    glossary = GLOSSARY
    length_options = ("rounds",)
    presenter = UndecimPresenter()
    evaluator = UndecimEvaluator()
    encoder = UndecimEncoder()

    def load_content(self, path: str | None = None) -> UndecimContent:
        return content_module.load(path)

    def usage_keys(self, content: UndecimContent, options: UndecimOptions) -> list[str]:
        t = tables(content, options.modules)
        return [
            *t.card_key[1:],
            *(f"award:{name}" for name in t.award_name),
            *(f"bonus:{face}" for face in ("land", "resource", "enemy", "gold")),
            *BRANCHES,
            *([FIEF_KEY] if options.fief else []),
        ]

    def _new(self, seats: int, seed: int, options: UndecimOptions, content: Any) -> UndecimState:
        state = UndecimState.__new__(UndecimState)
        state.setup(seats, seed, options, content, tables(content, options.modules))
        return state


GAME = register(Undecim())
UndecimState.game = GAME
