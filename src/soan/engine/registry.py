"""The registered games, by id. Games register themselves on import."""

from __future__ import annotations

import importlib

from soan.engine.core import Game, SoanError

_GAME_MODULES = {
    "cityplan": "soan.games.cityplan",
    "populous": "soan.games.populous",
    "quovadis": "soan.games.quovadis",
    "undecim": "soan.games.undecim",
}
_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    _games[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    if game_id not in _GAME_MODULES:
        raise SoanError(f"no game {game_id!r}; games: {', '.join(_GAME_MODULES)}")
    if game_id not in _games:
        importlib.import_module(_GAME_MODULES[game_id])
    return _games[game_id]


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in _GAME_MODULES]
