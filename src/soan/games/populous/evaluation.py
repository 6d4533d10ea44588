"""How promising a Populous position is for each seat, for bots.

The score so far (VP + FP) plus what is held: food pays for placements and war
bids; each area a seat is present in pays again at every Prosperity or won
war; a house is a grace slot and 2 in war and Labour; a grace card in hand is
an option worth about its effect, one in the grace area keeps paying.

A turn's choices (area, action card, each worker) come before their effect, so
the seat on turn also counts the action it is carrying out as if it were done:
once the area is chosen, the best action card it still holds there; once the
action is chosen, that action with its workers still to place. While a war's
bids are made, each side counts its chance of winning at the bids so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.codes import (
    ACTION,
    BID,
    BLESSING,
    BUILD,
    DISASTER,
    LABOUR,
    PLACE,
    PROSPERITY,
    REMOVE,
    REVELATION,
    VANDAL,
)

if TYPE_CHECKING:
    from soan.games.populous.state import PopulousState

FOOD = 0.5
PRESENCE_VP = 0.5  # per VP a Prosperity would score now
WORKER_ON_MAP = 0.3
HOUSE_ON_MAP = 1.0
HAND_CARD = 1.0
GRACE_AREA_CARD = 2.0
WILD_CARD = 1.0  # using it brings a vandal into the area


def evaluate(state: PopulousState) -> list[float]:
    opts = state.options
    presence = [state.presence_vp(s) for s in range(state.seats)]
    values = []
    for s, total in enumerate(scoring.scores(state)):
        value = float(total)
        if not state.over:
            value += FOOD * state.food[s]
            value += PRESENCE_VP * presence[s]
            value += WORKER_ON_MAP * (opts.workers - state.workers[s])
            value += HOUSE_ON_MAP * (opts.houses - state.houses[s])
            value += HAND_CARD * len(state.hands[s]) + GRACE_AREA_CARD * len(state.grace[s])
        values.append(value)
    if not state.over and state.area >= 0:
        values[state.active] += pending(state)
    if state.phase == BID:
        for s, odds in zip(state.bidders, war_odds(state), strict=True):
            win = presence[s] + state.mods[s][E.WAR_WIN_VP]
            loss = opts.war_loss_fp + state.mods[s][E.WAR_LOSS_FP] - WORKER_ON_MAP
            values[s] += odds * win + (1 - odds) * loss
    return values


def war_odds(state: PopulousState) -> list[float]:
    """Each bidder's chance of being the single highest war value at the bids so far.
    Exact for independent dice: given its own die, every other side must stay below,
    and the vandals add the highest die of all, so they stay below only if the
    bidder's strength beats theirs and every die is low enough."""
    sides = state.options.war_die
    strength = [state.war_strength(s) for s in state.bidders]
    vandals = state.vandal_strength() if VANDAL in state.area_codes() else None
    odds = []
    for i, own in enumerate(strength):
        if vandals is not None and own <= vandals:
            odds.append(0.0)
            continue
        total = 0.0
        for die in range(1, sides + 1):
            value = own + die
            cap = value - vandals - 1 if vandals is not None else sides
            chance = 1.0
            for j, other in enumerate(strength):
                if j != i:
                    chance *= max(0, min(value - other - 1, cap, sides)) / sides
            total += chance
        odds.append(total / sides)
    return odds


def pending(state: PopulousState) -> float:
    """The value of the active seat's action still to come this turn, less the vandal
    a used wild card will bring."""
    phase = state.phase
    if phase == ACTION:
        blessing = state.options.blessing_workers + state.mods[state.active][E.BLESSING_WORKERS]
        value = max(
            action_value(state, n, blessing if n == BLESSING else 1, n == BLESSING)
            - (WILD_CARD if kind == "wildact" else 0.0)
            for kind, n in state.legal()
        )
    elif phase in (PLACE, REMOVE):
        places = state.places if phase == PLACE else 1
        value = action_value(state, state.action, places, state.free_place)
    elif phase == BUILD:
        value = action_value(state, PROSPERITY, 0, False)
    else:
        return 0.0
    return value - WILD_CARD * state.wild


def action_value(state: PopulousState, n: int, places: int, free_place: bool) -> float:
    """What action `n` in the chosen area is worth to the active seat with `places`
    workers still to place: the workers, the presence they bring, and the effect."""
    s, opts, mods = state.active, state.options, state.mods[state.active]
    codes = state.area_codes()
    workers, houses = codes.count(s << 1), codes.count(s << 1 | 1)
    placed = min(places, len(state.placeable(s, free_place)), state.workers[s])
    value = WORKER_ON_MAP * placed
    present = workers or houses
    if placed and not present:
        value += PRESENCE_VP * opts.worker_vp
    workers += placed
    if n == PROSPERITY:
        vp = state.presence_vp(s) + mods[E.PROSPERITY_VP]
        if placed and not present:
            vp += opts.worker_vp
        if workers and state.houses[s]:  # a worker there becomes a house
            value += HOUSE_ON_MAP - WORKER_ON_MAP
            if not houses:
                vp += opts.house_vp - opts.worker_vp
                value += PRESENCE_VP * (opts.house_vp - opts.worker_vp)
        value += vp
    elif n == LABOUR:
        count = workers * opts.worker_yield + houses * opts.house_yield
        value += (count + mods[E.LABOUR_FOOD]) * FOOD + count + mods[E.LABOUR_FP]
    elif n == REVELATION:
        value += HAND_CARD * (opts.revelation_draws + mods[E.REVELATION_DRAW])
    elif n == DISASTER:
        value += opts.disaster_ether_fp + mods[E.DISASTER_FP]
    return value
