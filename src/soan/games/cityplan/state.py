"""City Plan Delta: the rules, as a state and its transitions.

A turn is the action phase (everyone picks an action card, hidden until all
are in, then they resolve by number), the build phase (mayor first: build one
card or draw two), the hand limit check, and the income phase (income cards,
lowest value first). See `rules.md` beside this file for the rules in English
with every ruling.

The end-of-game scoring (`scoring.Scoring`) and what a seat may see
(`view.View`) are mixed in; the words and pictures people read are the game's
presenter's, and how bots judge a position its evaluator's.
"""

from __future__ import annotations

from typing import Any, cast

from soan.engine.cards import take_cards
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng
from soan.games.cityplan import scoring
from soan.games.cityplan.codes import (
    ACTION_CARDS,
    BUILD,
    EXCHANGE,
    LIMIT,
    LOTTERY_DECIDED,
    OVER,
    PAY,
    PICK,
)
from soan.games.cityplan.content import COM, IND, PWR, RES, SPE, Cards, IncomeCard
from soan.games.cityplan.options import Options
from soan.games.cityplan.scoring import Scoring
from soan.games.cityplan.view import View

_MAX_ID = 1024
_PICKS = [("act", 1), ("act", 2), ("act", 3)]
_BUILD = tuple(("build", i) for i in range(_MAX_ID))
_PAY = tuple(("pay", i) for i in range(_MAX_ID))
_DISCARD = tuple(("discard", i) for i in range(_MAX_ID))
DONE: Action = ("done",)
_DRAW = -1  # a simultaneous build phase's "build nothing (draw)", chosen face down
INCOME: Action = ("income",)
# card discount per type (5), power discount, extra income
_NO_MODS: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0)
_NO_POWER = 999

CONDITION_INDEX = {
    "residential": RES,
    "commercial": COM,
    "industrial": IND,
    "special": SPE,
    "power": PWR,
    "eco": 5,
    "buildings": 6,
}


class CityPlanState(Scoring, View, State):
    __slots__ = (
        "building",
        "cards",
        "chips",
        "deck",
        "discard",
        "exchanged",
        "fired",
        "free",
        "hands",
        "incomes",
        "lottery",
        "mayor",
        "mods",
        "opened",
        "owed",
        "parliament",
        "pending",
        "phase",
        "picks",
        "power",
        "queue",
        "tableaux",
        "turn_no",
    )

    cards: Cards
    incomes: tuple[IncomeCard, ...]
    queue: list[int]

    # ---- setup -------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options, content: Any, cards: Cards) -> None:
        self._init_base(seats, seed, options, content)
        self.cards = cards
        edition = "plain" if options.plain else "delta"
        self.incomes = tuple(
            sorted(
                (
                    subsidy(c, options.subsidy_limit)
                    for c in content.income
                    if c.edition in ("both", edition)
                ),
                key=lambda c: c.value,
            )
        )
        self.tableaux = [[cards.plant_ids[s]] for s in range(seats)]
        self.power = [cards.power[cards.plant_ids[s]] for s in range(seats)]
        self.mods = [_NO_MODS] * seats
        if options.plain:
            for s in range(seats):
                farm = cards.farm_ids[s]
                self.tableaux[s].append(farm)
                self.power[s] -= cards.power[farm]
        self.deck = list(cards.deck_ids)
        if seats * options.hand_start > len(self.deck):
            raise OptionsError(
                f"a deck of {len(self.deck)} cards cannot deal hand_start={options.hand_start} "
                f"to each of {seats} players: add cards or lower hand_start"
            )
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(options.hand_start)] for _ in range(seats)]
        self.discard = []
        self.chips = [0] * seats
        self.parliament = 0
        self.opened = False
        self.fired = [False] * len(self.incomes)
        self.free = [0] * seats
        self.lottery = [()] * seats  # tuples: a copy shares them safely
        self.mayor = 0
        self.turn_no = 1
        self.building = -1
        self.pending = [()] * seats
        self.owed = 0
        self.exchanged = 0
        self._start_turn()

    # ---- the contract ------------------------------------------------------------------

    def turn(self) -> int:
        return self.turn_no

    @property
    def first_player(self) -> int:
        """Seat 1 is the first mayor; the mayor passes clockwise every turn."""
        return 0

    def copy(self) -> CityPlanState:
        o = CityPlanState.__new__(CityPlanState)
        self._copy_base(o)
        o.cards, o.incomes = self.cards, self.incomes
        o.hands = [h.copy() for h in self.hands]
        o.tableaux = [t.copy() for t in self.tableaux]
        o.power, o.mods, o.chips, o.free = (
            self.power.copy(),
            self.mods.copy(),
            self.chips.copy(),
            self.free.copy(),
        )
        o.deck, o.discard = self.deck.copy(), self.discard.copy()
        o.fired, o.picks, o.queue = self.fired.copy(), self.picks.copy(), self.queue.copy()
        o.lottery, o.pending = self.lottery.copy(), self.pending.copy()
        o.parliament, o.opened, o.mayor, o.turn_no = (
            self.parliament,
            self.opened,
            self.mayor,
            self.turn_no,
        )
        o.phase, o.building, o.owed, o.exchanged = (
            self.phase,
            self.building,
            self.owed,
            self.exchanged,
        )
        return o

    def redeal(self, seat: int, rng: Rng) -> CityPlanState:
        """Shuffle every card `seat` cannot see (other hands, deck, face-down discards)
        and re-pick other seats' hidden action cards. The card another seat is
        paying for is public and stays in its hand. `seat` is treated as not
        remembering which cards went face down."""
        o = self.copy()
        others = [s for s in range(self.seats) if s != seat]
        if self.simultaneous:
            o._forget_builds(seat)
        pool = o.deck + o.discard
        for s in others:
            pool.extend(c for c in o.hands[s] if c != o.building)
        pool.sort()  # so the result depends on what `seat` knows, not on the real deal
        rng.shuffle(pool)
        for s in others:
            keep = [c for c in o.hands[s] if c == o.building]
            size = len(o.hands[s]) - len(keep)
            o.hands[s] = keep + [pool.pop() for _ in range(size)]
        o.discard = [pool.pop() for _ in range(len(o.discard))]
        o.deck = pool
        if o.phase == PICK:
            for s in others:
                if o.picks[s]:
                    o.picks[s] = rng.below(3) + 1
        o._forget_past(rng)
        return o

    @property
    def simultaneous(self) -> bool:  # type: ignore[override]  # View reads it as a bool
        """Option `build_order = "simultaneous"`: the build phase before TGF."""
        return self.options.build_order == "simultaneous"

    def _forget_builds(self, seat: int) -> None:
        """For a redeal: the builds other seats chose this phase are hidden from `seat`,
        so they choose again after it (all are revealed together, so the order of
        choosing changes nothing), their reserved cards back among their hand."""
        for s in range(self.seats):
            if s == seat:
                continue
            if self.phase == PAY and self.to_move == s:
                self.phase, self.building, self.owed = BUILD, -1, 0
                self.pending[s] = ()
            elif self.pending[s]:
                self.pending[s] = ()
                self.queue.append(s)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PICK:
            return _PICKS
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
        hand = self.hands[s]
        if phase == BUILD:
            spare, power = len(hand) - 1, self.power[s]
            card_cost, power_cost = self.card_cost, self.power_cost
            acts = [_BUILD[c] for c in hand
                    if card_cost(s, c) <= spare and power_cost(s, c) <= power]
            acts.append(INCOME)
            return acts
        if phase == PAY:
            building, reserved = self.building, self.pending[s]
            return [_PAY[c] for c in hand if c != building and c not in reserved]
        if phase == EXCHANGE:
            acts = [_DISCARD[c] for c in hand]
            acts.append(DONE)
            return acts
        return [_DISCARD[c] for c in hand]  # LIMIT

    def _apply(self, action: Action) -> None:
        kind = action[0]
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
        if kind == "act":
            self.picks[s] = action[1]
            if 0 in self.picks:
                self.to_move = (s + 1) % self.seats
            else:
                self._reveal_picks()
        elif kind == "discard":
            self.hands[s].remove(action[1])
            self.discard.append(action[1])
            if self.phase == EXCHANGE:
                self.exchanged += 1
            elif len(self.hands[s]) <= self.options.hand_limit:
                self.log.append(f"Seat {s + 1} discards down to {len(self.hands[s])} cards.")
                self.queue.pop(0)
                self._hand_limit()
        elif kind == "done":
            self._draw(s, self.exchanged)
            self.log.append(f"Seat {s + 1} exchanges {self.exchanged} card(s).")
            self.queue.pop(0)
            self._resolve_actions()
        elif kind == "build":
            c = action[1]
            owed = self.card_cost(s, c)
            if self.simultaneous:
                self.pending[s] = (c,)
            if owed == 0:
                self._finish_build(s, c)
            else:
                self.phase, self.building, self.owed = PAY, c, owed
        elif kind == "pay":
            if self.simultaneous:  # the card stays in hand, face down, until all are in
                self.pending[s] += (action[1],)
            else:
                self.hands[s].remove(action[1])
                self.discard.append(action[1])
            self.owed -= 1
            if self.owed == 0:
                self._finish_build(s, self.building)
        elif self.simultaneous:  # income, chosen face down
            self.pending[s] = (_DRAW,)
            self._chosen(s)
        else:  # income
            self._build_income(s)
            self.queue.pop(0)
            self._build_phase()

    def no_effect(self, action: Action) -> bool:
        """Exchange (交換) picked with an empty hand: 「手札から好きな枚数カードを…捨て札にし、
        捨てた枚数だけ山札からカードを引きます」 exchanges nothing, and no card reaches that
        hand before the exchange resolves (Income and Parliament draw for their own
        players only), so the action card is spent for nothing."""
        return (action == _PICKS[1] and self.phase == PICK
                and not self.hands[cast(int, self.to_move)])

    # ---- costs -------------------------------------------------------------------------

    def uses(self, action: Action) -> tuple[str, ...]:
        if action[0] == "build":
            return (f"built:{self.cards.name[action[1]]}",)
        if action[0] == "act":
            return (f"action:{ACTION_CARDS[action[1]]}",)
        return ()

    def card_cost(self, seat: int, card: int) -> int:
        """Cards to discard to build `card` now (discounts, free builds)."""
        if self.free[seat]:
            return 0
        cards, mods = self.cards, self.mods[seat]
        types = cards.counts[card]  # two for a mixed facility: the better discount counts
        discount = mods[types[0]] if len(types) == 1 else max(mods[t] for t in types)
        cost = cards.cost[card] - discount
        return cost if cost > 0 else 0

    def power_cost(self, seat: int, card: int) -> int:
        """Power chips to pay for `card` (power plants pay none)."""
        cards = self.cards
        if cards.is_plant[card]:
            return 0
        cost = cards.power[card] - self.mods[seat][5]
        return cost if cost > 0 else 0

    # ---- phases ------------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.phase = PICK
        self.picks = [0] * self.seats
        self.queue = []
        self.to_move = self.mayor
        self.log.append(f"Turn {self.turn_no}: seat {self.mayor + 1} is mayor.")

    def _reveal_picks(self) -> None:
        n, mayor, picks = self.seats, self.mayor, self.picks
        for s in range(n):
            self._note(s, f"action:{ACTION_CARDS[picks[s]]}")
        order = [(mayor + k) % n for k in range(n)]
        self.log.append(
            "Action cards: "
            + ", ".join(f"seat {s + 1} {ACTION_CARDS[picks[s]]}" for s in order)
            + "."
        )
        self.queue = sorted(
            order, key=lambda s: picks[s]
        )  # stable: mayor-clockwise within a number
        self._resolve_actions()

    def _resolve_actions(self) -> None:
        while self.queue:
            s = self.queue[0]
            pick = self.picks[s]
            if pick == 2:
                self.phase, self.to_move, self.exchanged = EXCHANGE, s, 0
                return
            if pick == 3 and self.parliament:
                self.parliament -= 1
                self.chips[s] += 1
                self.log.append(f"Seat {s + 1} takes a councillor chip.")
            else:
                self._draw(s, 1)
                self.log.append(f"Seat {s + 1} draws a card.")
            self.queue.pop(0)
        self.queue = [(self.mayor + k) % self.seats for k in range(self.seats)]
        self._build_phase()

    def _build_phase(self) -> None:
        if self.queue:
            self.phase, self.to_move = BUILD, self.queue[0]
            return
        if self.simultaneous:
            self._reveal_builds()
        limit = self.options.hand_limit
        self.queue = [
            s
            for s in ((self.mayor + k) % self.seats for k in range(self.seats))
            if len(self.hands[s]) > limit
        ]
        self._hand_limit()

    def _build_income(self, s: int) -> None:
        n = self.options.build_income + self.mods[s][6]
        self._draw(s, n)
        self.log.append(f"Seat {s + 1} builds nothing and draws {n} card(s).")

    def _chosen(self, s: int) -> None:
        """Simultaneous build: `s` has chosen face down; the next seat chooses."""
        self.phase, self.building, self.owed = BUILD, -1, 0
        self.log.append(f"Seat {s + 1} chooses its build face down.")
        self.queue.pop(0)
        self._build_phase()

    def _reveal_builds(self) -> None:
        """「TGF以降で建設フェイズについては同時行動ではなく順番通りに」: the way before TGF
        (option `build_order`) reveals every seat's choice at once and carries them out
        from the mayor clockwise: the paid cards go to the discards, the building into
        the city, or the seat draws."""
        self.log.append("The builds are revealed.")
        for s in ((self.mayor + k) % self.seats for k in range(self.seats)):
            chosen, self.pending[s] = self.pending[s], ()
            if chosen == (_DRAW,):
                self._build_income(s)
                continue
            for c in chosen[1:]:
                self.hands[s].remove(c)
                self.discard.append(c)
            self._construct(s, chosen[0])

    def _finish_build(self, s: int, c: int) -> None:
        if self.simultaneous:
            self._chosen(s)
            return
        self._construct(s, c)
        self.phase, self.building, self.owed = BUILD, -1, 0
        self.queue.pop(0)
        self._build_phase()

    def _construct(self, s: int, c: int) -> None:
        """The building goes into the city: power paid (or a plant's output gained),
        free builds counted, the city's effects refreshed."""
        cards = self.cards
        self.hands[s].remove(c)
        self.tableaux[s].append(c)
        if cards.is_plant[c]:
            self.power[s] += cards.power[c]
        else:
            self.power[s] -= self.power_cost(s, c)
        if self.free[s]:
            self.free[s] -= 1
        if cards.effect[c] == "free_builds":
            self.free[s] += cards.amount[c]
        self.mods[s] = seat_mods(cards, self.tableaux[s])
        self._note(s, f"built:{cards.name[c]}")
        self.log.append(
            f"Seat {s + 1} builds {cards.english[c]} ({len(self.tableaux[s])} buildings)."
        )

    def _hand_limit(self) -> None:
        if self.queue:
            self.phase, self.to_move = LIMIT, self.queue[0]
            return
        self._income_phase()

    def _income_phase(self) -> None:
        n = self.seats
        order = [(self.mayor + k) % n for k in range(n)]
        counts = [scoring.counts(self.cards, t) for t in self.tableaux]
        most = [max(column) for column in zip(*counts, strict=True)]  # the table's highest
        for i, card in enumerate(self.incomes):
            if self.fired[i] or most[CONDITION_INDEX[card.condition]] < card.count:
                continue
            self.fired[i] = True
            takers = [
                s for s in order if not card.max_buildings or counts[s][6] <= card.max_buildings
            ]
            for s in takers:
                self._draw(s, card.draw)
                self._note(s, f"income:{card.name}")
            who = ", ".join(f"seat {s + 1}" for s in takers)
            paid = f"{who} draw {card.draw}" if takers else "nobody qualifies to draw"
            self.log.append(f"Income card {card.value} {card.english or card.name} fires: {paid}.")
            if not self.opened:
                self.opened = True
                self.parliament = min(
                    n * self.options.councillors_per_player, self.options.councillor_chips
                )
                self.log.append(f"Parliament opens with {self.parliament} councillor chips.")
        if any(len(t) >= self.options.end_buildings for t in self.tableaux):
            self._end_game()
            return
        self.mayor = (self.mayor + 1) % n
        self.turn_no += 1
        self._start_turn()

    def _end_game(self) -> None:
        self.phase, self.to_move, self.queue = OVER, None, []
        n = self.seats
        if self.options.city_bonus:
            for s in ((self.mayor + k) % n for k in range(n)):
                drawn = self._take(scoring.tickets(self.cards, self.tableaux[s]))
                self.lottery[s] = tuple(drawn)
            if self._winners() != self._winners(scoring.WITHOUT_LOTTERY):
                for s in self._winners():
                    self._note(s, LOTTERY_DECIDED)
        self.log.append(
            "The game ends. "
            + "; ".join(f"seat {s + 1}: {total}" for s, total in enumerate(self.scores()))
            + "."
        )

    # ---- cards -------------------------------------------------------------------------

    def _take(self, k: int) -> list[int]:
        """Take up to k cards from the deck, reshuffling the discards when it runs out."""
        got, reshuffled = take_cards(self.deck, self.discard, self.rng, k)
        if reshuffled:
            self.log.append("The discards are shuffled into a new deck.")
        return got

    def _draw(self, s: int, k: int) -> None:
        self.hands[s].extend(self._take(k))


SUBSIDY = "補助金"


def subsidy(card: IncomeCard, limit: int) -> IncomeCard:
    """The income card with option `subsidy_limit` applied: 「「補助金」で建物7軒のプレイヤー
    にも収入が入るようになりました」, so 2.0's Subsidy paid only up to 6 buildings. The
    option (0 = as printed) sets the building limit of the card named 補助金."""
    if card.name != SUBSIDY or not limit:
        return card
    return card.model_copy(update={"max_buildings": limit})


def seat_mods(cards: Cards, tableau: list[int]) -> tuple[int, ...]:
    """A seat's standing modifiers from its special facilities: card discount per
    type (5 numbers), power discount, extra cards when building nothing."""
    m = list(_NO_MODS)
    for c in tableau:
        effect, amount = cards.effect[c], cards.amount[c]
        if effect == "card_discount":
            m[cards.target[c]] += amount
        elif effect == "power_discount":
            m[5] += amount
        elif effect == "no_power":
            m[5] = _NO_POWER
        elif effect == "extra_income":
            m[6] += amount
    return tuple(m)
