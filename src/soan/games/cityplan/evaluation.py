"""How promising a City Plan position is for each seat, for bots.

Points so far (buildings, councillors, parliament, development) plus what the
position promises:
- the completion bonus, anticipated in proportion to the buildings built: it is
  the largest single score and each building moves the seat toward it (and it
  shrinks with every special facility, as the table does);
- city-bonus tickets at the mean printed bonus value;
- a hand card is worth half a point (two pay for a cheap building, and a turn
  without building draws two) up to the hand limit (plus, before the seat
  builds this turn, the cards its building will take), a little more or less by
  what it promises if built (its points, less its cards and power, against the
  deck's average), so the bot pays with, discards and exchanges its weakest cards;
- power chips a little, but only as many as the remaining buildings can use;
- what each special facility held will do over the rest of the game (its
  completion-bonus cost is already in the anticipated bonus): a card discount
  saves cards on each building of its type still to come, a power discount or
  TV tower saves power on each, a construction site's free builds save their
  cards, extra income adds cards on the turns without a building, and City Hall
  wins ties.

A half-finished compound choice counts as finished: a building being paid for
is valued as built with its cards gone, an exchange as if its cards were drawn
back at the deck's average, and a hidden action card as already taken. One-step lookahead then sees
what an action is worth at once, not after the seat's next choices.
Once the game is over the values are the final scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple, cast

from soan.engine.core import Evaluator
from soan.games.cityplan.codes import BUILD, EXCHANGE, PAY, PICK
from soan.games.cityplan.content import COM, IND, RES, SPE, Cards

if TYPE_CHECKING:
    from soan.games.cityplan.state import CityPlanState

HAND_CARD = 0.5
POWER_CHIP = 0.15
POWER_PER_BUILDING = 3  # about what a building to come will consume
CARDS_PER_BUILDING = 1.5  # about what a building to come will cost in cards
BUILDING_SPEND = 2  # cards a turn's building takes: itself and its cost
EXPECTED_TICKET = 1.0  # the mean printed bonus value of the shipped deck, rounded
TYPE_SHARE = 0.25  # the share of buildings to come of one type (residential, ...)
TURNS_WITHOUT_BUILDING = 0.3  # the share of turns a seat builds nothing (heuristic play)
TIE_WIN = 0.5  # City Hall: a tie for first happens now and then
CARD_QUALITY = 0.2  # points per point a hand card promises above the deck's average


class CityPlanEvaluator(Evaluator):
    """The hand-written judge the City Plan bots use, bound to the game as `evaluator`."""

    def evaluate(self, state: CityPlanState) -> list[float]:  # type: ignore[override]
        return evaluate(state)


def evaluate(state: CityPlanState) -> list[float]:
    if state.over:
        return [float(x) for x in state.scores()]
    seats, phase = state.seats, state.phase
    hands = [len(h) for h in state.hands]
    quality = [hand_quality(state.cards, h) for h in state.hands]
    tableaux, power, chips, free = state.tableaux, state.power, state.chips, state.free
    if phase == PICK:
        chips, supply = chips.copy(), state.parliament
        for s, pick in enumerate(state.picks):
            if pick == 3 and supply:
                chips[s] += 1
                supply -= 1
            elif pick in (1, 3):
                hands[s] += 1
    elif phase == EXCHANGE:
        hands[cast(int, state.to_move)] += state.exchanged
    if phase == PAY or any(state.pending):
        tableaux, power, free = tableaux.copy(), power.copy(), free.copy()
        for s in range(seats):
            chosen = state.pending[s]
            to_pay = state.owed if phase == PAY and s == state.to_move else 0
            if chosen and chosen[0] < 0:  # a face-down "build nothing": the draw to come
                hands[s] += state.options.build_income + state.mods[s][6]
            elif chosen:  # a face-down build: its card and cost still in hand
                if free[s]:
                    free[s] -= 1
                _as_built(state, s, chosen[0], chosen[1:], to_pay, tableaux, hands, quality,
                          power, free)
            elif to_pay:
                _as_built(state, s, state.building, [], to_pay, tableaux, hands, quality,
                          power, free)
    most = max(chips)
    turns_left = max(state.options.end_buildings - max(len(t) for t in tableaux), 0)
    return [
        _seat_value(state, tableaux[s], hands[s], power[s], chips[s], most, hand_cap(state, s))
        + effects_value(state, tableaux[s], free[s], turns_left)
        + quality[s]
        for s in range(seats)
    ]


def _as_built(
    state: CityPlanState, s: int, building: int, paid: Sequence[int], to_pay: int,
    tableaux: list[list[int]], hands: list[int], quality: list[float], power: list[int],
    free: list[int],
) -> None:
    """Count a building being paid for (or chosen face down) as built: into the city,
    out of the hand with the cards paid and the `to_pay` weakest still to pay."""
    tableaux[s] = [*tableaux[s], building]
    hands[s] -= 1 + len(paid) + to_pay
    rest = [c for c in state.hands[s] if c != building and c not in paid]
    quality[s] = hand_quality(state.cards, rest, paid=to_pay)
    if state.cards.is_plant[building]:
        power[s] += state.cards.power[building]
    else:
        power[s] -= state.power_cost(s, building)
    if state.cards.effect[building] == "free_builds":
        free[s] += state.cards.amount[building]


def hand_cap(state: CityPlanState, seat: int) -> int:
    """The cards of a hand that count: the hand limit, and before the seat's build this
    turn the cards that building will take too (the limit is checked only at the end
    of the build phase, 「建設フェイズの終了時に手札の枚数をチェックします」)."""
    limit = state.options.hand_limit
    phase = state.phase
    if phase in (PICK, EXCHANGE) or (phase == BUILD and seat in state.queue):
        return limit + BUILDING_SPEND
    return limit


@cache
def _card_promise(cards: Cards) -> tuple[tuple[float, ...], float]:
    """What each card promises if built (points, less its cards and power; a plant's
    output counts for it), and the deck's average."""
    promise = tuple(
        cards.points[c] - HAND_CARD * cards.cost[c]
        + POWER_CHIP * cards.power[c] * (1 if cards.is_plant[c] else -1)
        for c in range(len(cards.points))
    )
    return promise, sum(promise[c] for c in cards.deck_ids) / max(len(cards.deck_ids), 1)


def hand_quality(cards: Cards, hand: list[int], paid: int = 0) -> float:
    """How much better a hand is than the same number of average cards, in points, the
    `paid` weakest cards leaving it."""
    return _hand_quality(cards, tuple(hand), paid)


@lru_cache(maxsize=1 << 10)
def _hand_quality(cards: Cards, hand: tuple[int, ...], paid: int) -> float:
    """`hand_quality` worked out once per hand: a search weighs the same hands over and over."""
    promise, average = _card_promise(cards)
    return CARD_QUALITY * sum(sorted(promise[c] - average for c in hand)[paid:])


class City(NamedTuple):
    """What the buildings of a city add up to, for the evaluation."""

    points: int
    kinds: tuple[int, ...]  # buildings of each type (a mixed facility counts twice)
    sums: tuple[int, int, int]  # points of the residential, commercial, industrial ones
    tickets: int  # city-bonus lottery tickets
    needs_power: bool  # no building frees the city from paying power
    effects: tuple[tuple[str, int], ...]  # each building's effect and amount, in order


@lru_cache(maxsize=1 << 10)
def city(cards: Cards, tableau: tuple[int, ...]) -> City:
    """A city's sums, worked out once per city: it changes only when a seat builds, and a
    search weighs the same cities over and over."""
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
    tickets = sum(max(kinds[t] - 2, 0) for t in (RES, COM, IND))
    tickets += (eco - 1) // 2 if eco >= 3 else 0
    each = min(kinds[RES], kinds[COM], kinds[IND])
    tickets += each * (each + 1) // 2
    effects = tuple((cards.effect[c], cards.amount[c]) for c in tableau if cards.effect[c])
    needs_power = not any(effect == "no_power" for effect, _ in effects)
    return City(points, tuple(kinds), (sums[0], sums[1], sums[2]), tickets, needs_power, effects)


def effects_value(state: CityPlanState, tableau: list[int], free: int, turns_left: int
                  ) -> float:
    """What the special facilities of a city will still do, in points: cards and power
    saved on the buildings to come, cards drawn on the turns to come."""
    to_build = max(state.options.end_buildings - len(tableau), 0)
    value = free * CARDS_PER_BUILDING * HAND_CARD
    no_power = False
    for effect, amount in city(state.cards, tuple(tableau)).effects:
        if effect == "card_discount":
            value += min(amount, CARDS_PER_BUILDING) * HAND_CARD * TYPE_SHARE * to_build
        elif effect == "power_discount":
            value += min(amount, POWER_PER_BUILDING) * POWER_CHIP * to_build
        elif effect == "no_power":
            no_power = True
        elif effect == "extra_income":
            value += amount * HAND_CARD * TURNS_WITHOUT_BUILDING * turns_left
        elif effect == "tie_win":
            value += TIE_WIN
    if no_power:  # every building to come is powered: the chips held are not needed
        value += POWER_CHIP * POWER_PER_BUILDING * to_build
    return value


def _seat_value(
    state: CityPlanState, tableau: list[int], hand: int, power: int, chips: int, most: int,
    cap: int,
) -> float:
    opts = state.options
    points, kinds, sums, tickets, needs_power, _ = city(state.cards, tuple(tableau))
    built = len(tableau)
    if chips == 0:
        parliament = -opts.parliament_penalty
    else:
        parliament = opts.parliament_bonus if chips == most else 0
    end = opts.end_buildings
    completion = opts.completion_10[min(kinds[SPE], 2)] * min(built, end) / end
    useful_power = min(power, POWER_PER_BUILDING * max(end - built, 0)) if needs_power else 0
    return (
        points
        + chips
        + parliament
        + opts.development_multiplier * min(sums)
        + completion
        + EXPECTED_TICKET * tickets
        + HAND_CARD * min(hand, cap)
        + POWER_CHIP * useful_power
    )
