"""How promising a City Plan position is for each seat, for bots.

Points so far (buildings, chips, bonuses as they stand), plus what is held:
a hand card is worth about half a point (it pays for buildings), power chips
a little (they let buildings be built), and each building beyond the start
moves the seat toward the completion bonus and the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.cityplan import scoring

if TYPE_CHECKING:
    from soan.games.cityplan.state import CityPlanState

HAND_CARD = 0.5
POWER_CHIP = 0.15
EXPECTED_TICKET = 1.0  # the mean printed bonus value of the shipped deck, rounded


def evaluate(state: CityPlanState) -> list[float]:
    parts = scoring.breakdown(state)
    values = []
    for s in range(state.seats):
        points = sum(parts[s].values())
        if not state.over:
            points += EXPECTED_TICKET * scoring.tickets(state.cards, state.tableaux[s])
            points += HAND_CARD * min(len(state.hands[s]), state.options.hand_limit)
            points += POWER_CHIP * state.power[s]
        values.append(float(points))
    return values
