"""Small rule sets for the adapter tests: each game ends in a few dozen actions."""

from __future__ import annotations

import pytest

SMALL = {
    "cityplan": {"end_buildings": 4},
    "populous": {"end_score": 15},
    "quovadis": {"rounds": 1},
    "undecim": {"rounds": 1},
}
GAMES = list(SMALL)


@pytest.fixture(params=GAMES)
def game_id(request):
    return request.param
