"""How promising a Populous position is for each seat, for bots.

The score so far (VP + FP) plus what is held: food pays for placements and war
bids; each area a seat is present in pays again at every Prosperity or won
war; a house is a grace slot and 2 in war and Labour; a grace card in hand is
an option worth about its effect, one in the grace area keeps paying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.populous import scoring

if TYPE_CHECKING:
    from soan.games.populous.state import PopulousState

FOOD = 0.5
PRESENCE_VP = 0.5  # per VP a Prosperity would score now
WORKER_ON_MAP = 0.3
HOUSE_ON_MAP = 1.0
HAND_CARD = 1.0
GRACE_AREA_CARD = 2.0


def evaluate(state: PopulousState) -> list[float]:
    opts = state.options
    values = []
    for s, total in enumerate(scoring.scores(state)):
        value = float(total)
        if not state.over:
            value += FOOD * state.food[s]
            value += PRESENCE_VP * state.presence_vp(s)
            value += WORKER_ON_MAP * (opts.workers - state.workers[s])
            value += HOUSE_ON_MAP * (opts.houses - state.houses[s])
            value += HAND_CARD * len(state.hands[s]) + GRACE_AREA_CARD * len(state.grace[s])
        values.append(value)
    return values
