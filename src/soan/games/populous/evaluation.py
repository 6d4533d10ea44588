"""How promising a Populous position is for each seat, for bots.

The score so far (VP + FP) plus what is held: food pays for placements and war
bids, but only as much as the seat can still spend in the turns left; each area
a seat is present in pays again at every Prosperity or won war; a house is a
grace slot and 2 in war and Labour; a grace card in hand is an option on its
effect: half of what playing it now would net (its effect less its FP), or
nothing if it would not pay back, since a card held may be played later or
never. So a card is played once it pays back, not only once it beats an
average card. The race's ability and the saints and holy sites in the grace
area keep paying: each is worth what it adds to the actions and wars it
touches, times how often those come per turn in play (Labour, Disaster and
Revelation more often the more a seat's effects add to them), times the seat's
turns still to come (the leader's distance to the end over its pace). A war won
pays the presence the seat will have midway through those turns, not its
presence now (nothing when races are chosen), and a terrain settled for free is
worth as much as the world holds of it.

A turn's choices (area, action card, each worker) come before their effect, so
the seat on turn also counts the action it is carrying out as if it were done:
once the area is chosen, the best action card it still holds there; once the
action is chosen, that action with its workers still to place. While a war's
bids are made, each side counts its chance of winning at the bids so far.
"""

from __future__ import annotations

from functools import lru_cache

from soan.engine.core import Evaluator
from soan.games.populous import effects as E
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
from soan.games.populous.content import MIRACLE
from soan.games.populous.state import PopulousState

FOOD = 0.5
PRESENCE_VP = 0.5  # per VP a Prosperity would score now
WORKER_ON_MAP = 0.3
HOUSE_ON_MAP = 1.0
HAND_CARD = 1.0  # a card drawn unseen: about what an average card nets when played
HELD = 0.5  # a card in hand is worth this share of what playing it now would net
WILD_CARD = 1.0  # using it brings a vandal into the area
LEADER_PACE = 6.0  # VP + FP the leader gains per own turn in heuristic play
WAR_ODDS_PER_STRENGTH = 0.035  # a point of war value adds about this to a war's odds
# Food pays only for what will be spent: placements off free terrain, war bids and extra
# draws take about 0.3 food per own turn even for a seat with plenty (measured: 0.27), and
# one more is kept for a bid. A stock beyond that is worth nothing (seats that Laboured
# with the Saint of Plenty ended four-seat games with 10.5 food unspent, the others 2.5).
FOOD_USE_PER_TURN = 0.3
FOOD_RESERVE = 1.0
# How much each ongoing effect adds per own turn, per point of its amount: what it
# improves times how often that comes up per own turn in heuristic play (measured over
# 300 four-seat games with races dealt at random, seeds 1-300: a seat fights 0.37 wars
# per own turn and loses nearly all of them, 0.36, mostly to the vandals, who add the
# highest die; it wins 0.011, 0.024 with a point more war value; it plays 0.48 grace
# cards; it Prospers on most turns).
PER_TURN = {
    E.PROSPERITY_VP: 0.7,
    E.GRACE_DISCOUNT: 0.45,
    E.WAR_LOSS_FP: 0.36,
    E.WAR_WIN_VP: 0.015,
    E.BLESSING_WORKERS: 0.1 * (WORKER_ON_MAP + PRESENCE_VP),
    E.TURN_FOOD: FOOD,
}
# Labour, Disaster and Revelation come now and then, and more often for a seat whose
# effects add to them: per own turn, the rate with no bonus and the rate added per point
# the bonus is worth (measured over 300 four-seat games of heuristic play, seeds 1-300:
# Labour 5.5% of turns with no bonus, 16% with the Saint of Plenty's +2 food +3 FP, 28%
# with +4 FP more; Disaster 4.0%, 5.4% with +1 FP, 9.3% with +3; Revelation 3.3%, 5.1%
# with a card more, 8.8% with three).
ACTION_RATES = {  # action: (rate with no bonus, rate added per point of bonus)
    LABOUR: (0.055, 0.035),
    DISASTER: (0.04, 0.02),
    REVELATION: (0.033, 0.02),
}
WARS_PER_TURN = 0.37
# A seat's presence grows by about 1 VP per own turn (7.4 VP at the end of 7.2 own turns,
# four seats): what a won war pays over the turns left is the presence midway through them.
PRESENCE_GROWTH = 1.0
# A terrain settled for free takes about 0.3 placements per own turn in a world with an
# average share of it (measured: 0.27-0.33 on the Glorious', Deep One's, Mystic's and
# Sandwalker's own land), more where the world holds more of it; each placement is a
# food saved or, with none to pay, a worker placed at all.
FREE_TERRAIN_PER_TURN = 0.3 * (FOOD + WORKER_ON_MAP)


class PopulousEvaluator(Evaluator):
    """The hand-written bots' judge of a Populous position, as the game binds it."""

    def evaluate(self, state: PopulousState) -> list[float]:  # type: ignore[override]
        return evaluate(state)


def evaluate(state: PopulousState) -> list[float]:
    presence = state.presence_vps()
    if state.to_move is None:
        values = [float(total) for total in state.scores()]
    else:
        turns = turns_left(state)
        values = [seat_value(state, s, total, presence[s], turns)
                  for s, total in enumerate(state.scores())]
        if state.area >= 0:
            values[state.active] += pending(state, presence[state.active])
    if state.phase == BID:
        opts = state.options
        for s, odds in zip(state.bidders, war_odds(state), strict=True):
            win = presence[s] + state.mods[s][E.WAR_WIN_VP]
            loss = opts.war_loss_fp + state.mods[s][E.WAR_LOSS_FP] - WORKER_ON_MAP
            values[s] += odds * win + (1 - odds) * loss
    return values


def seat_value(state: PopulousState, s: int, total: int, presence: int, turns: float) -> float:
    """Seat `s`'s points so far plus what it holds, in a game still going."""
    opts = state.options
    value = float(total)
    value += food_worth(state.food[s], turns)
    value += PRESENCE_VP * presence
    value += WORKER_ON_MAP * (opts.workers - state.workers[s])
    value += HOUSE_ON_MAP * (opts.houses - state.houses[s])
    ahead = presence_ahead(presence, turns)
    own = mods_per_turn(state.mods[s], ahead)  # worked out once for every card in hand
    value += HELD * sum(max(card_net(state, s, k, turns, presence, own), 0.0)
                        for k in state.hands[s])
    return value + turns * ongoing_per_turn(state, s, ahead, own)


def turns_left(state: PopulousState) -> float:
    """About how many more turns each seat will have: the leader's distance to the end
    score over its pace (none once the last round is being played)."""
    if state.ending:
        return 0.0
    best = max(v + f for v, f in zip(state.vp, state.fp, strict=True))
    return max(state.options.end_score - best, 0) / LEADER_PACE


def food_worth(food: int, turns: float) -> float:
    """What a stock of food is worth: only as much as the seat can still spend."""
    return FOOD * min(food, FOOD_RESERVE + FOOD_USE_PER_TURN * turns)


def food_gain(state: PopulousState, s: int, gain: int, turns: float) -> float:
    """What `gain` more food is worth to seat `s` on top of what it holds."""
    food = state.food[s]
    return food_worth(food + gain, turns) - food_worth(food, turns)


def presence_ahead(presence: int, turns: float) -> float:
    """The VP a Prosperity or a won war will pay on average over the turns left: the
    presence now, grown for half of them. At race choice, with nothing on the map, it
    is what the game's wars will be worth, not nothing."""
    return presence + PRESENCE_GROWTH * turns / 2


def ongoing_per_turn(state: PopulousState, s: int, presence: float,
                     own: float | None = None) -> float:
    """What the seat's race ability and grace area add per own turn: each ongoing
    effect's amount times what it is worth per turn, a war bonus by the VP a won war
    pays at `presence`, and every terrain it may settle for free beyond the plains.
    `own` is `mods_per_turn(state.mods[s], presence)` where the caller has it."""
    if own is None:
        own = mods_per_turn(state.mods[s], presence)
    return own + free_per_turn(state, state.free[s])


def free_per_turn(state: PopulousState, free: int) -> float:
    """What settling the terrains of mask `free` for free adds per own turn: each
    terrain but the plains (free for all) by how much of it the world holds."""
    if not free:  # no terrain (most saints and holy sites): the same 0.0, no look-up
        return 0.0
    return FREE_TERRAIN_PER_TURN * free_weight(state.board.terrain_weight, free)


@lru_cache(maxsize=1 << 12)
def free_weight(weight: tuple[float, ...], free: int) -> float:
    """How much of the world the terrains of mask `free` but the plains cover, worked out
    once per world and mask."""
    return sum(weight[t] for t in range(1, len(weight)) if free >> t & 1)


def mods_per_turn(mods: E.Mods, presence: float) -> float:
    """What a set of ongoing effects adds per own turn; a point of war value by the
    wars it turns into wins, each paying `presence` and the seat's war bonus."""
    win = presence + mods[E.WAR_WIN_VP]
    war = mods[E.WAR_STRENGTH] * WARS_PER_TURN * WAR_ODDS_PER_STRENGTH * win
    return steady_per_turn(mods) + war


@lru_cache(maxsize=1 << 12)
def steady_per_turn(mods: E.Mods) -> float:
    """What a set of ongoing effects adds per own turn whatever the presence: a seat's
    effects change only with its grace area, so each set is worked out once."""
    value = sum(amount * PER_TURN[k] for k, amount in enumerate(mods) if k in PER_TURN)
    value += bonus_per_turn(LABOUR, mods[E.LABOUR_FOOD] * FOOD + mods[E.LABOUR_FP])
    value += bonus_per_turn(DISASTER, mods[E.DISASTER_FP])
    return value + bonus_per_turn(REVELATION, mods[E.REVELATION_DRAW] * HAND_CARD)


@lru_cache(maxsize=1 << 12)
def with_card(mods: E.Mods, card: E.Mods) -> E.Mods:
    """A seat's effects with a saint's or holy site's added (looked up, not refolded, for
    every card in every hand the evaluation weighs)."""
    return E.fold(mods, enumerate(card))


def bonus_per_turn(action: int, bonus: float) -> float:
    """What `bonus` more from an action is worth per own turn. A bonus makes the action
    worth taking more often, but a turn spent on it is one not spent on the next best
    action: so each point counts at the rate the action is taken with the bonus up to
    that point, not at the top rate."""
    base, slope = ACTION_RATES[action]
    return bonus * base + slope * bonus * bonus / 2


def card_net(state: PopulousState, s: int, k: int, turns: float, presence: int,
             own: float | None = None) -> float:
    """What playing grace card `k` now would net seat `s`: a miracle's effect, or what
    a saint or holy site adds per turn to the seat's effects so far (so a bonus to an
    action the seat already favours counts for more; terrains not yet free) over the
    turns left, less the FP it costs. `own` is the seat's effects so far per turn,
    `mods_per_turn(state.mods[s], presence_ahead(presence, turns))`, where the caller
    has it (the evaluation weighs every card in a hand against the same)."""
    t = state.tables
    if t.card_kind[k] == MIRACLE:
        gain = sum(miracle_value(state, s, effect, amount, presence, turns)
                   for effect, amount in t.card_once[k])
    else:
        ahead = presence_ahead(presence, turns)
        mods = state.mods[s]
        if own is None:
            own = mods_per_turn(mods, ahead)
        added = mods_per_turn(with_card(mods, t.card_mods[k]), ahead) - own
        gain = turns * (added + free_per_turn(state, t.card_free[k] & ~state.free[s]))
    return gain - state.grace_cost(s, k)


def miracle_value(state: PopulousState, s: int, effect: int, amount: int,
                  presence: int, turns: float) -> float:
    """What a miracle's one-shot effect gives seat `s` now."""
    if effect == E.GAIN_FOOD:
        return food_gain(state, s, amount, turns)
    if effect == E.DRAW_CARDS:
        return amount * HAND_CARD
    if effect == E.PROSPERITY_SCORE:
        return amount * presence
    if effect == E.VP_PER_HOUSE:
        return amount * state.capacity(s)
    return float(amount)  # VP or FP, both score


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


def pending(state: PopulousState, presence: int) -> float:
    """The value of the active seat's action still to come this turn, less the vandal
    a used wild card will bring; `presence` is the active seat's presence VP now."""
    phase = state.phase
    if phase == ACTION:
        opts = state.options
        to_place = {
            BLESSING: opts.blessing_workers + state.mods[state.active][E.BLESSING_WORKERS],
            PROSPERITY: opts.prosperity_places,
            DISASTER: opts.disaster_places,
        }
        worth: dict[int, float] = {}  # each action once, lowered as itself or as the wild card
        for _, n in state.legal():
            if n not in worth:
                worth[n] = action_value(state, n, to_place.get(n, 1), n == BLESSING, presence)
        value = max(worth[n] - (WILD_CARD if kind == "wildact" else 0.0)
                    for kind, n in state.legal())
    elif phase in (PLACE, REMOVE):
        places = state.places if phase == PLACE else 1
        value = action_value(state, state.action, places, state.free_place, presence)
    elif phase == BUILD:
        value = action_value(state, PROSPERITY, 0, False, presence)
    else:
        return 0.0
    return value - WILD_CARD * state.wild


def action_value(state: PopulousState, n: int, places: int, free_place: bool,
                 presence: int) -> float:
    """What action `n` in the chosen area is worth to the active seat with `places`
    workers still to place: the workers, the presence they bring (on top of its
    `presence` VP now), and the effect."""
    s, opts, mods = state.active, state.options, state.mods[state.active]
    codes = state.area_codes()
    workers, houses = codes.count(s << 1), codes.count(s << 1 | 1)
    placed = min(places, len(state.placeable(s, free_place)), state.workers[s])
    value = WORKER_ON_MAP * placed
    present = workers or houses
    if placed and not present:
        value += PRESENCE_VP * opts.worker_vp
    workers += placed
    if n == PROSPERITY and opts.prosperity_vp == "active_areas":
        value += state.active_areas(s) + mods[E.PROSPERITY_VP]
        if workers and state.houses[s]:
            value += HOUSE_ON_MAP - WORKER_ON_MAP
    elif n == PROSPERITY:
        vp = presence + mods[E.PROSPERITY_VP]
        if placed and not present:
            vp += opts.worker_vp
        if workers and state.houses[s]:  # a worker there becomes a house
            value += HOUSE_ON_MAP - WORKER_ON_MAP
            if not houses:
                vp += opts.house_vp - opts.worker_vp
                value += PRESENCE_VP * (opts.house_vp - opts.worker_vp)
        value += vp
    elif n == LABOUR and opts.labour == "food_per_active_area":
        food = state.active_areas(s) + mods[E.LABOUR_FOOD]
        value += food_gain(state, s, food, turns_left(state)) + mods[E.LABOUR_FP]
    elif n == LABOUR:
        count = workers * opts.worker_yield + houses * opts.house_yield
        value += (food_gain(state, s, count + mods[E.LABOUR_FOOD], turns_left(state))
                  + count + mods[E.LABOUR_FP])
    elif n == REVELATION and opts.revelation == "fp_per_active_area":
        value += state.active_areas(s) + HAND_CARD * mods[E.REVELATION_DRAW]
    elif n == REVELATION:
        value += HAND_CARD * (opts.revelation_draws + mods[E.REVELATION_DRAW])
    elif n == DISASTER:
        value += opts.disaster_ether_fp + mods[E.DISASTER_FP]
    return value
