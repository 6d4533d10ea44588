"""How promising a City Plan position is for each seat, for bots.

Points so far (buildings, councillors, parliament, development) plus what the
position promises:
- the completion bonus, anticipated in proportion to the buildings built: it is
  the largest single score and each building moves the seat toward it (and it
  shrinks with every special facility, as the table does);
- city-bonus tickets at the mean printed bonus value;
- a hand card is worth half a point (two pay for a cheap building, and a turn
  without building draws two);
- power chips a little, but only as many as the remaining buildings can use.

A half-finished compound choice counts as finished: a building being paid for
is valued as built with its cards gone, an exchange as if its cards were drawn
back, and a hidden action card as already taken. One-step lookahead then sees
what an action is worth at once, not after the seat's next choices.
Once the game is over the values are the final scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.cityplan import state as rules
from soan.games.cityplan.content import COM, IND, RES, SPE

if TYPE_CHECKING:
    from soan.games.cityplan.state import CityPlanState

HAND_CARD = 0.5
POWER_CHIP = 0.15
POWER_PER_BUILDING = 3  # about what a building to come will consume
EXPECTED_TICKET = 1.0  # the mean printed bonus value of the shipped deck, rounded


def evaluate(state: CityPlanState) -> list[float]:
    if state.over:
        return [float(x) for x in state.scores()]
    seats, phase = state.seats, state.phase
    hands = [len(h) for h in state.hands]
    tableaux, power, chips = state.tableaux, state.power, state.chips
    if phase == rules.PICK:
        chips, supply = chips.copy(), state.parliament
        for s, pick in enumerate(state.picks):
            if pick == 3 and supply:
                chips[s] += 1
                supply -= 1
            elif pick in (1, 3):
                hands[s] += 1
    elif phase == rules.PAY:
        s, building = state.to_move, state.building
        tableaux, power = tableaux.copy(), power.copy()
        tableaux[s] = [*tableaux[s], building]
        hands[s] -= 1 + state.owed
        if state.cards.is_plant[building]:
            power[s] += state.cards.power[building]
        else:
            power[s] -= state.power_cost(s, building)
    elif phase == rules.EXCHANGE:
        hands[state.to_move] += state.exchanged
    most = max(chips)
    return [
        _seat_value(state, tableaux[s], hands[s], power[s], chips[s], most) for s in range(seats)
    ]


def _seat_value(
    state: CityPlanState, tableau: list[int], hand: int, power: int, chips: int, most: int
) -> float:
    cards, opts = state.cards, state.options
    kinds, points, eco = [0, 0, 0, 0, 0], 0, 0
    sums = [0, 0, 0]
    for c in tableau:
        value = cards.points[c]
        points += value
        eco += cards.eco[c]
        for t in cards.counts[c]:
            kinds[t] += 1
            if t <= IND:
                sums[t] += value
    built = len(tableau)
    if chips == 0:
        parliament = -opts.parliament_penalty
    else:
        parliament = opts.parliament_bonus if chips == most else 0
    tickets = sum(max(kinds[t] - 2, 0) for t in (RES, COM, IND))
    tickets += (eco - 1) // 2 if eco >= 3 else 0
    each = min(kinds[RES], kinds[COM], kinds[IND])
    tickets += each * (each + 1) // 2
    end = opts.end_buildings
    completion = opts.completion_10[min(kinds[SPE], 2)] * min(built, end) / end
    useful_power = min(power, POWER_PER_BUILDING * max(end - built, 0))
    return (
        points
        + chips
        + parliament
        + opts.development_multiplier * min(sums)
        + completion
        + EXPECTED_TICKET * tickets
        + HAND_CARD * min(hand, opts.hand_limit)
        + POWER_CHIP * useful_power
    )
