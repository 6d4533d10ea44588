"""Fixtures for the bot tests."""

from __future__ import annotations

import pytest

from soan.engine.core import Game
from soan.engine.registry import get_game


@pytest.fixture(scope="session")
def cityplan() -> Game:
    return get_game("cityplan")


@pytest.fixture(scope="session")
def cityplan_content(cityplan: Game) -> object:
    return cityplan.load_content()
