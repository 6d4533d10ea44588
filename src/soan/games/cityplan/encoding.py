"""City Plan positions as numbers, and every City Plan action as an index (engine.encoding).

The observation is what `view(seat)` shows, seat-relative: the observing seat first,
then the others clockwise (in turn order) from it, so one model serves every seat.
Cards are counted per kind (one kind per deck entry of the content; the copies of a
kind differ only in their printed city-bonus value). docs/encoding/cityplan.md lists
every part with its length and scale.

Left out on purpose, as the seat cannot know them: the other seats' hands (only their
sizes), their action cards before all are revealed (only whether they have picked),
the order of the deck and what lies face down in the discards. What the seat has
itself discarded is not remembered either (`redeal` forgets it), so the cards it has
not seen are counted as one pool: deck, discards and other hands together.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from soan.engine.core import Action
from soan.engine.encoding import Encoder, Writer
from soan.engine.memo import Memo
from soan.games.cityplan.codes import BUILD, PAY, PICK
from soan.games.cityplan.content import IND, SPE, CityPlanContent
from soan.games.cityplan.options import Options
from soan.games.cityplan.scoring import completion
from soan.games.cityplan.state import CONDITION_INDEX, CityPlanState

PHASES = 6  # PICK, EXCHANGE, BUILD, PAY, LIMIT, OVER (codes.py)
POINTS = 50.0  # scale of points: a winning total is about 60 to 90
TOTAL = 100.0
TICKETS = 10.0  # city-bonus lottery tickets
DEVELOPMENT = 20.0  # points of one type (residential, commercial, industrial)
FREE = 2.0  # free builds held (a construction site gives 2)
NO_POWER = 999  # seat_mods' power discount of a TV tower (pay no power at all)
STATUS, EFFECTS, CITY, SCORE = 9, 6, 11, 7  # lengths of a seat's fixed parts
CITIES_KEPT = 1 << 12  # cities summed (a search meets a few hundred a decision)


class Tables:
    """What the encoder reads for one content, edition and table size, built once."""

    __slots__ = (
        "bonus",
        "chip_cap",
        "cities",
        "copies",
        "deck_size",
        "income",
        "kind",
        "kinds",
        "max_bonus",
        "max_cost",
        "power_scale",
        "total_bonus",
    )

    def __init__(self, seats: int, options: Options, content: CityPlanContent) -> None:
        entries = [b for b in content.deck if not (options.plain and b.type == "special")]
        self.kinds = len(entries)
        self.copies = [len(b.bonus) for b in entries]
        # card ids as Cards numbers them: every copy of the deck first, then plants, farms
        self.kind = [k for k, b in enumerate(entries) for _ in b.bonus]
        self.deck_size = len(self.kind)
        self.kind += [-1] * (5 + (seats if options.plain else 0))
        self.bonus = [v for b in entries for v in b.bonus] + [0] * (len(self.kind) - self.deck_size)
        self.total_bonus = sum(self.bonus)
        self.max_bonus = float(max([1, *(abs(v) for v in self.bonus)]))
        edition = "plain" if options.plain else "delta"
        self.income = [
            (CONDITION_INDEX[c.condition], c.count)
            for c in sorted(content.income, key=lambda c: c.value)
            if c.edition in ("both", edition)
        ]
        plants = [b.power for b in entries if b.type == "power"]
        self.power_scale = float(
            max(1, max(p.power for p in content.starting_plant) + max(plants, default=0))
        )
        self.chip_cap = float(
            max(1, min(seats * options.councillors_per_player, options.councillor_chips))
        )
        self.max_cost = float(max([1, *(b.cost for b in entries)]))
        self.cities: Memo[tuple[tuple[int, ...], tuple[int, ...]], City] = Memo(CITIES_KEPT)


class CityPlanEncoder(Encoder):
    """The encoder the City Plan game binds as `encoder`."""

    def __init__(self) -> None:
        self._tables: dict[tuple, Tables] = {}

    def tables(self, seats: int, options: Options, content: CityPlanContent) -> Tables:
        key = (seats, options, content.hash)
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = Tables(seats, options, content)
        return tables

    # ---- the layout and the action index ---------------------------------------------------

    def layout(self, seats: int, options: Options, content: CityPlanContent
               ) -> list[tuple[str, int]]:
        """The table's parts, then the seats' parts: each of these holds one block per
        seat, the observing seat's first, then the others clockwise from it."""
        t = self.tables(seats, options, content)
        k = t.kinds
        return [
            ("phase", PHASES),
            ("turn", 1),
            ("mayor", seats),
            ("to_move", seats),
            ("piles", 2),
            ("parliament", 2),
            ("income_cards", 2 * len(t.income)),
            ("paying_for", k),
            ("choice", 3),
            ("hand", k),
            ("hand_cards", t.deck_size),
            ("paying_card", t.deck_size),
            ("unseen", k),
            ("unseen_summary", 2),
            ("status", seats * STATUS),
            ("effects", seats * EFFECTS),
            ("city", seats * CITY),
            ("points", seats * SCORE),
            ("tableaux", seats * k),
        ]

    def actions(self, seats: int, options: Options, content: CityPlanContent) -> list[Action]:
        """Only deck cards ever reach a hand (starting plants and farms start in the
        cities), so every card argument ranges over the deck's ids."""
        deck = range(self.tables(seats, options, content).deck_size)
        return [
            ("act", 1), ("act", 2), ("act", 3),
            *(("build", c) for c in deck),
            ("income",),
            *(("pay", c) for c in deck),
            *(("discard", c) for c in deck),
            ("done",),
        ]

    # ---- the observation -------------------------------------------------------------------

    def write(self, state: CityPlanState, seat: int, parts: Writer) -> None:  # type: ignore[override]
        n, opts = state.seats, state.options
        t = self.tables(n, opts, state.content)
        kind, bonus, nk = t.kind, t.bonus, t.kinds
        phase = state.phase
        order = [(seat + r) % n for r in range(n)]
        # a simultaneous build is chosen face down: others see neither the card being
        # paid for nor who has chosen (a redeal lets them choose again)
        face_down = state.simultaneous and phase in (BUILD, PAY)
        if face_down and phase == PAY and state.to_move != seat:
            phase = BUILD

        cities = [_city(t, state, s) for s in order]
        seen = [0] * nk
        seen_bonus = 0
        for city in cities:
            for k in city.kinds:
                seen[k] += 1
            seen_bonus += city.seen_bonus

        # the whole observation end to end, part by part in the layout's order: one copy,
        # its length checked against the layout
        out = [0.0] * PHASES  # phase
        out[phase] = 1.0
        out.append(state.turn_no / (2.0 * opts.end_buildings))  # turn
        out += _relative(state.mayor, seat, n)  # mayor
        out += _relative(state.to_move, seat, n)  # to_move
        out += (len(state.deck) / t.deck_size, len(state.discard) / t.deck_size)  # piles
        out += (float(state.opened), state.parliament / t.chip_cap)  # parliament
        largest = [max(column) for column in zip(*[city.counts for city in cities], strict=True)]
        for (index, need), fired in zip(t.income, state.fired, strict=True):  # income_cards
            out += (float(fired), min(largest[index] / need, 1.0))

        paying = [0.0] * nk  # paying_for
        owed = paid = 0.0
        if phase == PAY:
            paying[kind[state.building]] = 1.0
            owed = state.owed
            paid = state.card_cost(cast(int, state.to_move), state.building) - state.owed
            if state.to_move != seat:  # public, though in another hand
                seen[kind[state.building]] += 1
                seen_bonus += bonus[state.building]
        out += paying
        out += (owed / t.max_cost, paid / t.max_cost, state.exchanged / opts.hand_limit)  # choice

        hand = [0.0] * nk  # hand
        # the cards themselves (hand_cards): actions name a card, not its kind, so the
        # legal choices follow from the observation only when it says which copies the
        # seat holds
        own = [0.0] * t.deck_size
        for x in state.hands[seat]:
            hand[kind[x]] += 1.0
            own[x] = 1.0
            seen[kind[x]] += 1
            seen_bonus += bonus[x]
        out += hand
        out += own
        building = [0.0] * t.deck_size  # paying_card
        if phase == PAY:
            building[state.building] = 1.0
        out += building
        copies = t.copies
        left = t.deck_size - sum(seen)
        out += [(copies[k] - seen[k]) / copies[k] for k in range(nk)]  # unseen
        mean_bonus = (t.total_bonus - seen_bonus) / left / t.max_bonus if left else 0.0
        out += (left / t.deck_size, mean_bonus)  # unseen_summary

        revealed = phase != PICK
        most = max(state.chips)
        queue = state.queue
        status: list[float] = []
        effects: list[float] = []
        score: list[float] = []
        for s, city in zip(order, cities, strict=True):
            pick = state.picks[s]
            action = [0.0, 0.0, 0.0]
            if pick and (revealed or s == seat):
                action[pick - 1] = 1.0
            status += [
                len(state.hands[s]) / opts.hand_limit,
                state.power[s] / t.power_scale,
                state.chips[s] / t.chip_cap,
                state.free[s] / FREE,
                float(pick != 0),
                *action,
                float(s in queue or (face_down and s != seat)),
            ]
            m = state.mods[s]
            no_power = m[5] >= NO_POWER
            effects += [
                m[0], m[1], m[2],  # a card discount targets one of these (content.py)
                0.0 if no_power else m[5], float(no_power), m[6],
            ]
            chips = state.chips[s]
            parliament = (-opts.parliament_penalty if chips == 0
                          else opts.parliament_bonus if chips == most else 0)
            total = (city.points + chips + parliament + city.completion + city.developed
                     + city.lottery)
            score += [city.points / POINTS, chips / POINTS, parliament / POINTS,
                      city.completion / POINTS, city.developed / POINTS, city.lottery / POINTS,
                      total / TOTAL]
        out += status
        out += effects
        for city in cities:
            out += city.city  # city
        out += score  # points
        for city in cities:
            out += city.tableau  # tableaux
        parts.put_run(parts.layout, out)


class City(NamedTuple):
    """What the observation reads of one seat's city and drawn bonus cards: the same
    for every position that holds them, so summed once (`Tables.cities`)."""

    counts: list[int]  # residential, commercial, industrial, special, power, eco, buildings
    kinds: list[int]  # the deck kind of every deck card in it and every bonus card drawn
    seen_bonus: int  # their printed city-bonus values
    points: int
    completion: int
    developed: int
    lottery: int  # the drawn bonus cards' values
    city: list[float]  # the seat's `city` part
    tableau: list[float]  # the seat's block of `tableaux`: its deck cards per kind


def _city(t: Tables, state: CityPlanState, s: int) -> City:
    """Seat `s`'s city, summed once per tableau and drawn bonus cards met: a search
    meets the same few cities in thousands of positions."""
    key = (tuple(state.tableaux[s]), tuple(state.lottery[s]))
    city = t.cities.get(key)
    return city if city is not None else t.cities.keep(key, _sum_city(t, state, s))


def _sum_city(t: Tables, state: CityPlanState, s: int) -> City:
    cards, kind, bonus, opts = state.cards, t.kind, t.bonus, state.options
    c = [0, 0, 0, 0, 0, 0, len(state.tableaux[s])]
    d = [0, 0, 0]
    p = 0
    kinds: list[int] = []
    seen_bonus = 0
    tableau = [0.0] * t.kinds
    for x in state.tableaux[s]:
        for ty in cards.counts[x]:
            c[ty] += 1
            if ty <= IND:
                d[ty] += cards.points[x]
        if cards.eco[x]:
            c[5] += 1
        p += cards.points[x]
        k = kind[x]
        if k >= 0:
            kinds.append(k)
            tableau[k] += 1.0
            seen_bonus += bonus[x]
    lottery = 0
    for x in state.lottery[s]:
        kinds.append(kind[x])
        lottery += bonus[x]
    seen_bonus += lottery
    e = opts.end_buildings
    city = [
        c[0] / e, c[1] / e, c[2] / e, c[3] / e, c[4] / e, c[5] / e, c[6] / e,
        _tickets(c) / TICKETS,
        d[0] / DEVELOPMENT, d[1] / DEVELOPMENT, d[2] / DEVELOPMENT,
    ]
    return City(
        counts=c, kinds=kinds, seen_bonus=seen_bonus, points=p,
        completion=completion(c[6], c[SPE], opts.completion_10, opts.completion_9),
        developed=opts.development_multiplier * min(d),
        lottery=lottery,
        city=city, tableau=tableau,
    )


def _tickets(c: list[int]) -> int:
    """scoring.tickets, from a city's counts [residential, commercial, industrial,
    special, power, eco, buildings]."""
    total = max(c[0] - 2, 0) + max(c[1] - 2, 0) + max(c[2] - 2, 0)
    if c[5] >= 3:
        total += (c[5] - 1) // 2
    each = min(c[0], c[1], c[2])
    return total + each * (each + 1) // 2


def _relative(s: int | None, seat: int, n: int) -> list[float]:
    out = [0.0] * n
    if s is not None:
        out[(s - seat) % n] = 1.0
    return out
