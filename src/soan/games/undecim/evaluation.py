"""How promising an Undecim position is for each seat, for bots.

Points so far, plus what the position promises by the end:
- lands: the land bonus they hold, at every round end still to come, doubled on the
  nights the red moon is expected to bring (an exact expectation over the moon die),
  and a little for progress toward two of every kind and for spare lands;
- buildings: the settlements as they score now, plus what the resources and gold in
  front can add with the auto actions left (a greedy plan: each auto action takes the
  move that adds the most VP; gold used this way gives up its own value);
- gold at its value; enemies at what the night pays them (4, 5, 6… with the most, else
  one at 4), this round's night if it is falling and later nights by their chance;
  open awards by how close the seat is;
- cards to come: the action card picked (hidden) or being resolved, at the worth of its
  remaining steps, and the best card in hand at a discount, each valued by the same
  marginal worths: what one more land of a kind, resource, enemy or gold adds to the
  seat's value above. One-step lookahead then tells a good pick from a bad one.

A half-finished compound choice counts as finished: a step part done is valued by
what is left of it. Once the game is over the values are the final scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import compress
from typing import TYPE_CHECKING, Any

from soan.engine.core import Evaluator
from soan.engine.memo import Memo
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    ACTION_PHASE,
    BITS,
    BONUS,
    F_ENEMY,
    F_GOLD,
    F_LANDK,
    F_RESK,
    KIND,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    MULLIGAN,
    NIGHT,
    OWNER,
    PICK,
    PLAY,
    W,
)
from soan.games.undecim.content import EG, TYPES, Tables

if TYPE_CHECKING:
    from soan.games.undecim.state import UndecimState

Worths = tuple[tuple[float, ...], tuple[float, ...], float, float]  # lands, resources, enemy, gold
HAND_CARD = 0.4  # a resource card in hand: the hand refills to 5, so it is worth little
SPARE_LAND = 0.3  # a land beyond the first of its kind: cover against Invasion, sets
LATER = 0.5  # the best action card kept for a later round, against one played now
MOON_STEP = 0.5  # moving the moon or its die: small either way
AWARD_REACH = 0.4  # how much of an open award's VP full progress toward it is worth
LONE = 1.0  # a resource nothing can use yet: it pairs with a later one
NONE = (0.0, 0.0, 0.0, 0.0)  # the worths of a face a card may not show
# entries each memo of a valuer and of a rule's part holds before it starts afresh: a
# study meets positions without end, and the 1,024 valuers kept must not grow with it
VALUER_KEPT = 512
PART_KEPT = 1024
# a steal's face: where its counts start in a front and how many (lands and resources by
# kind, enemies, gold)
STEAL_COUNTS = ((F_LANDK, 4), (F_RESK, 4), (F_ENEMY, 1), (F_GOLD, 1))


@cache
def nights_ahead(counters: int, rounds: int, cap: int) -> tuple[float, float]:
    """Expected nights in the next `rounds` rounds, and the chance of at least one,
    starting from `counters` before the next roll of the moon die."""
    if rounds <= 0:
        return 0.0, 0.0
    expected = chance = 0.0
    for die in range(1, 7):
        left = counters - die
        if left <= 0:
            later, _ = nights_ahead(cap, rounds - 1, cap)
            expected += 1 + later
            chance += 1
        else:
            later, some = nights_ahead(left, rounds - 1, cap)
            expected += later
            chance += some
    return expected / 6, chance / 6


class Outlook:
    """What the rest of the game holds for every seat alike: round ends to score, this
    round's night (0 or 1), and the nights expected after it (and their chance)."""

    __slots__ = ("ends", "later", "later_chance", "now")

    def __init__(self, state: UndecimState, counters: int | None = None) -> None:
        opts = state.options
        cap, rounds, r = opts.moon_counters, opts.rounds, state.round_no
        counters = state.counters if counters is None else counters
        if r == 0:  # before the first roll
            self.ends, self.now = float(rounds), 0.0
            self.later, self.later_chance = nights_ahead(counters, rounds, cap)
            return
        self.ends = float(rounds - r + 1)
        self.now = 1.0 if state.night or counters == 0 else 0.0
        self.later, self.later_chance = nights_ahead(
            cap if self.now else counters, rounds - r, cap)

    @property
    def nights(self) -> float:
        return self.now + self.later


class UndecimEvaluator(Evaluator):
    """Points so far plus each seat's promise (`Seat.promise`); the final scores once
    the game is over."""

    def evaluate(self, state: UndecimState) -> list[float]:  # type: ignore[override]
        if state.over:
            return [float(x) for x in state.scores()]
        outlook = Outlook(state)
        points = state.scores()
        enemies = [state.front[W * s + F_ENEMY] for s in range(state.seats)]
        awards = awards_values(state)
        return [points[s] + Seat(state, s, outlook, enemies).promise(awards[s])
                for s in range(state.seats)]


Front = tuple[tuple[int, ...], tuple[int, ...], int, int, int]  # lands, res, gold, e, autos


class Lands:
    """The land part of a front's value under one land rule (`land_rule`), memoised by
    land counts: every valuer with the rule shares it."""

    __slots__ = ("more_memo", "rule", "value_memo")

    def __init__(self, rule: tuple) -> None:
        self.rule = rule
        self.value_memo: Memo[tuple[int, ...], float] = Memo(PART_KEPT)
        self.more_memo: Memo[tuple[int, ...], tuple[float, ...]] = Memo(PART_KEPT)

    def value(self, counts: tuple[int, ...]) -> float:
        """`land_worth` of these land counts."""
        value = self.value_memo.get(counts)
        if value is None:
            value = self.value_memo.keep(counts, land_worth(counts, *self.rule))
        return value

    def more(self, counts: tuple[int, ...]) -> tuple[float, ...]:
        """`value` of these counts with one more land of each kind."""
        found = self.more_memo.get(counts)
        if found is None:
            value = self.value
            found = self.more_memo.keep(counts, tuple([value(plus_one(counts, k))
                                                       for k in range(4)]))
        return found


class Builds:
    """The building part of a front's value under one build rule (the seat's settlements,
    the building VP table, a gold's VP), memoised by resources, gold and auto actions."""

    __slots__ = ("more_memo", "rule", "value_memo")

    def __init__(self, rule: tuple) -> None:
        self.rule = rule
        self.value_memo: Memo[tuple, float] = Memo(PART_KEPT)
        self.more_memo: Memo[tuple, tuple[tuple[float, ...], float]] = Memo(PART_KEPT)

    def value(self, res: tuple[int, ...], gold: int, autos: int) -> float:
        """`build_worth` of these resources, gold and auto actions (none without one)."""
        if autos <= 0:
            return 0.0
        key = (res, gold, autos)
        value = self.value_memo.get(key)
        if value is None:
            value = self.value_memo.keep(key, build_worth(res, gold, autos, *self.rule))
        return value

    def more(self, res: tuple[int, ...], gold: int, autos: int
             ) -> tuple[tuple[float, ...], float]:
        """`value` with one more resource of each kind, and with one more gold."""
        key = (res, gold, autos)
        found = self.more_memo.get(key)
        if found is None:
            value = self.value
            found = self.more_memo.keep(key, (
                tuple([value(plus_one(res, k), gold, autos) for k in range(4)]),
                value(res, gold + 1, autos)))
        return found


class Enemies:
    """The enemy part of a front's value under one enemy rule, memoised by enemies held."""

    __slots__ = ("memo", "rule")

    def __init__(self, rule: tuple) -> None:
        self.rule = rule
        self.memo: dict[int, float] = {0: 0.0}

    def value(self, e: int) -> float:
        """`enemy_worth` of e enemies."""
        value = self.memo.get(e)
        if value is None:
            value = self.memo[e] = enemy_worth(e, *self.rule)
        return value


@lru_cache(maxsize=1 << 10)
def lands_part(rule: tuple) -> Lands:
    return Lands(rule)


@lru_cache(maxsize=1 << 10)
def builds_part(rule: tuple) -> Builds:
    return Builds(rule)


@lru_cache(maxsize=1 << 10)
def enemies_part(rule: tuple) -> Enemies:
    return Enemies(rule)


class Valuer:
    """What a front is worth to a seat by the end, and what one more card of each face
    adds to it, in one situation: the seat's rules for lands, buildings and enemies
    (`valuer`). The same situation recurs across the positions a search looks at, so a
    valuer and its memos serve every seat in it.

    A front's value is the sum of parts that each read one piece of it (lands; resources,
    gold and auto actions; enemies) under its own rule, so each part is memoised on its
    own piece and shared by every situation with that rule: the fronts a seat's cards
    could leave differ in one piece at a time, and situations differ in one rule."""

    __slots__ = ("build_rule", "builds", "card_memo", "each", "enemies", "lands", "tables",
                 "unseen_memo", "value_memo", "worth_memo")

    def __init__(self, land_rule: tuple, build_rule: tuple, enemy_rule: tuple,
                 tables: Tables) -> None:
        self.build_rule = build_rule
        self.each = build_rule[-1]
        self.tables = tables
        self.lands, self.builds = lands_part(land_rule), builds_part(build_rule)
        self.enemies = enemies_part(enemy_rule)
        self.worth_memo: Memo[Front, Worths] = Memo(VALUER_KEPT)  # worths by front
        self.unseen_memo: Memo[tuple, float] = Memo(VALUER_KEPT)  # unseen by front and faces
        self.value_memo: Memo[Front, float] = Memo(VALUER_KEPT)  # front_value by front
        # Seat.card_value by hold, then by card
        self.card_memo: Memo[tuple, dict[tuple, float]] = Memo(VALUER_KEPT)

    def front_value(self, front: Front) -> float:
        """What a front like this is worth by the end: lands, buildings to come, gold,
        enemies."""
        value = self.value_memo.get(front)
        if value is None:
            lands, res, gold, e, autos = front
            value = self.value_memo.keep(front, (
                self.lands.value(lands) + self.builds.value(res, gold, autos)
                + gold * self.each + self.enemies.value(e)))
        return value

    def worths(self, front: Front) -> Worths:
        """What one more card of each face adds to this front: lands and resources by
        kind, an enemy, a gold."""
        found = self.worth_memo.get(front)
        if found is None:
            found = self.worth_memo.keep(front, self._worths(*front))
        return found

    def _worths(self, lands: tuple[int, ...], res: tuple[int, ...], gold: int, e: int,
                autos: int) -> Worths:
        """Each worth is the front's value with the card added less its value now, summed
        part by part as `front_value` sums them (so the floats are the same), with only
        the part the card changes looked up anew."""
        lands_part, builds_part, enemies_part = self.lands, self.builds, self.enemies
        land, build = lands_part.value(lands), builds_part.value(res, gold, autos)
        enemy, each = enemies_part.value(e), self.each
        cash = gold * each
        base = land + build + cash + enemy
        more_res, more_gold = builds_part.more(res, gold, autos)
        return (tuple([v + build + cash + enemy - base for v in lands_part.more(lands)]),
                tuple([land + v + cash + enemy - base for v in more_res]),
                enemies_part.value(e + 1) - enemy,
                land + more_gold + (gold + 1) * each + enemy - base)

    def unseen(self, front: Front, faces: int) -> float:
        """The worth of an unseen card at its best allowed face, on average."""
        key = (front, faces)
        found = self.unseen_memo.get(key)
        if found is None:
            found = self.unseen_memo.keep(key, self._unseen(front, faces))
        return found

    def _unseen(self, front: Front, faces: int) -> float:
        lands, res, enemy, gold = self.worths(front)
        if not faces & 1:
            lands = NONE
        if not faces & 2:
            res = NONE
        total = 0.0
        for count, k, r in self.tables.kinds:  # max(land, resource), summed in order
            a, b = lands[k], res[r]
            total += count * (b if b > a else a)
        counts = self.tables.type_count
        total += counts[EG] * max(enemy if faces & 4 else 0.0, gold if faces & 8 else 0.0)
        return total / sum(counts)


@lru_cache(maxsize=1 << 10)  # about 7 kB each with their memos
def valuer(land_rule: tuple, build_rule: tuple, enemy_rule: tuple, tables: Tables) -> Valuer:
    """The valuer of a situation, one for each of the recent ones."""
    return Valuer(land_rule, build_rule, enemy_rule, tables)


class Seat:
    """One seat's prospects in one position: its front, and its situation's valuer."""

    __slots__ = ("autos", "cards", "each", "enemies", "gold", "lands", "res", "s", "state",
                 "valuer", "worth")

    def __init__(self, state: UndecimState, s: int, outlook: Outlook, enemies: list[int]) -> None:
        self.state, self.s, self.enemies = state, s, enemies
        self.cards: dict[tuple, float] | None = None  # `hold()`, for the first card valued
        f, b = state.front, W * s
        self.lands = tuple(scoring.land_counts(state, s))
        self.res = tuple(f[b + F_RESK: b + F_RESK + 4])
        self.gold = f[b + F_GOLD]
        self.autos = autos_left(state, s)
        mine = tuple([(st[KIND], st[MASK], st[LEVEL]) for st in state.settlements
                      if st[OWNER] == s])
        self.each = scoring.gold_rate(state.options, len(mine))
        self.valuer = self.under(outlook, (mine, state.options.building_vp, self.each))
        self.worth = self.valuer.front_value(
            (self.lands, self.res, self.gold, enemies[s], self.autos))  # the front as it stands

    def under(self, outlook: Outlook, build_rule: tuple) -> Valuer:
        """The seat's valuer under this outlook (another one when the moon moves)."""
        state, s = self.state, self.s
        return valuer(land_rule(state, s, outlook, len(build_rule[0])), build_rule,
                      enemy_rule(state, s, outlook, self.enemies), state.tables)

    def promise(self, awards: float) -> float:
        """What the seat may still gain, its open awards (`awards_values`) among it."""
        state = self.state
        value = self.worth - self.gold * self.each  # gold is in the points already
        value += awards
        value += HAND_CARD * state.hsize[self.s]
        return value + self.cards_value()

    # ---- action cards: resolved on a copy of the seat's front, greedily -----------------

    def card_value(self, c: int, first: int = 0) -> float:
        """What playing action card `c` now (from step `first` on) adds to the seat
        (`plan_value`), memoised in the seat's valuer by all it reads: the seat's front
        and hand, the die, the card being resolved if it is the seat's, and what the
        card's steps read beyond them (`card_reads`). Positions a search looks at share
        most seats' fronts and hands, so most cards are valued once."""
        memo = self.cards if self.cards is not None else self.hold()
        key = (c, first, *self.reads(c))
        value = memo.get(key)
        if value is None:
            value = memo[key] = self.plan_value(c, first)
        return value

    def hold(self) -> dict[tuple, float]:
        """The valuer's memo of card values for what every card's plan starts from: the
        front, the hand, the die, and the seat's own card in resolution (its step, what
        is left of it, the market)."""
        state, s = self.state, self.s
        own = None
        if state.cur == s:
            phase = state.phase
            own = (state.card, phase, state.left, state.spent,
                   tuple(state.market) if phase == MARKET else ())
        hold = (self.lands, self.res, self.gold, self.enemies[s], self.autos,
                tuple(state.hand[TYPES * s: TYPES * (s + 1)]), state.die, own)
        memos = self.valuer.card_memo
        self.cards = memos.get(hold)
        if self.cards is None:
            self.cards = memos.keep(hold, {})
        return self.cards

    def reads(self, c: int) -> list:
        """What card `c`'s steps read of the position beyond the seat's front and hand:
        the victims' counts of a steal, the count a `vp` step pays by, and for a step that
        moves the moon the rules, round, night and counters that value the move."""
        state, s = self.state, self.s
        out: list = []
        for kind, arg in card_reads(state.tables)[c]:
            if kind == E.STEAL:
                f, n = state.front, state.seats
                start, width = STEAL_COUNTS[arg]
                for k in range(1, n):
                    b = W * ((s + k) % n) + start
                    out += f[b:b + width]
            elif kind == E.VP:
                out.append(scoring.held(state, s, arg))
            else:
                out += (state.options, state.round_no, state.night, state.counters, state.rolled)
        return out

    def plan_value(self, c: int, first: int) -> float:
        """`card_value` worked out: the card's steps resolved in order on a copy of the
        front, each card played at its best face; draws, markets and steals at the worth
        of an average card."""
        state, s = self.state, self.s
        plan = Plan(self)
        die = state.die or 4
        steps = state.tables.steps[c]
        for i in range(first, len(steps)):
            step = steps[i]
            n = step.amounts[die - 1]
            if i == first and state.cur == s and state.card == c:
                n = state.left if state.phase in (PLAY, MARKET) else n + state.spent
            kind = step.kind
            if kind == E.PLAY:
                plan.play(n, step.faces)
            elif kind == E.MARKET:
                if state.phase == MARKET and state.cur == s:
                    plan.play(state.left, step.faces, state.market, 0)
                else:
                    more = 1 + 0.1 * max(n - step.take, 0)  # the best of several
                    plan.extra += step.take * more * plan.unseen(step.faces)
            elif kind == E.DRAW:
                plan.unknown += n
            elif kind == E.STEAL:
                plan.steal(n, step)
            elif kind == E.BUILD:
                plan.autos += n
            elif kind == E.VP:
                plan.extra += n * (scoring.held(state, s, step.per) if step.per else 1)
            elif kind == E.MOON:
                moves = ((n,), (-n,), (n, -n))[step.direction]  # add, remove, choose
                plan.moon([state.counters + d for d in moves])
            elif step.recount:
                back = state.counters + state.rolled
                plan.moon([back - min(v, back) for v in range(1, 7) if step.values >> v & 1])
            else:
                plan.extra += MOON_STEP
        return plan.gain()

    def cards_value(self) -> float:
        state, s = self.state, self.s
        phase = state.phase
        total = 0.0
        picked = state.picks[s] if phase == PICK else 0
        if picked:
            total += self.card_value(picked)
        else:
            if state.cur == s and state.card > 0:
                total += self.card_value(state.card, state.si)
            if phase in ACTION_PHASE and s in state.queue:  # cards still to resolve
                waiting = (state.second[s],) if state.cur == s else (
                    state.picks[s], state.second[s])  # two in the notes' last round
                total += sum(self.card_value(c) for c in waiting if c)
        later = state.options.rounds - max(state.round_no, 1)
        if later > 0 or phase in (PICK, BONUS, MULLIGAN):
            hand = [c for c in BITS[state.hands[s]] if c != picked]
            if hand:
                total += LATER * max(self.card_value(c) for c in hand)
        return total


@lru_cache(maxsize=16)
def card_reads(tables: Tables) -> tuple[tuple[tuple[int, int], ...], ...]:
    """By action card, what its steps read of a position beyond the seat's front and
    hand (`Seat.reads`): (STEAL, face), (VP, per) for a step paying by a count, and one
    (MOON, 0) for steps that move the moon or its counters."""
    out = []
    for steps in tables.steps:
        reads: list[tuple[int, int]] = []
        for step in steps:
            if step.kind == E.STEAL:
                reads.append((E.STEAL, step.face))
            elif step.kind == E.VP and step.per:
                reads.append((E.VP, step.per))
            elif (step.kind == E.MOON or (step.kind == E.SET_DIE and step.recount)) and (
                    (E.MOON, 0) not in reads):
                reads.append((E.MOON, 0))
        out.append(tuple(reads))
    return tuple(out)


class Plan:
    """A seat's front and hand as an action card would leave them (for `card_value`).
    The front's counts are tuples, replaced when they change: they key the valuer's memos."""

    __slots__ = ("autos", "base", "e", "extra", "gold", "hand", "lands", "res", "seat", "unknown")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        state, s = seat.state, seat.s
        self.lands, self.res = seat.lands, seat.res
        self.gold, self.e, self.autos = seat.gold, seat.enemies[s], seat.autos
        self.hand = state.hand[TYPES * s: TYPES * (s + 1)]  # a copy: the plan plays from it
        self.extra = 0.0
        self.unknown = 0  # cards drawn: in hand, their kinds not yet known
        self.base = seat.worth

    def value(self) -> float:
        return self.seat.valuer.front_value(
            (self.lands, self.res, self.gold, self.e, self.autos))

    def gain(self) -> float:
        return self.value() - self.base + self.extra + HAND_CARD * self.unknown

    def front(self) -> Front:
        return self.lands, self.res, self.gold, self.e, self.autos

    def worths(self) -> Worths:
        """What one more card of each face adds now: lands and resources by kind, an enemy,
        a gold."""
        return self.seat.valuer.worths(self.front())

    def play(self, n: int, faces: int, source: list[int] | None = None, base: int = 0) -> None:
        """Put n cards from the hand (or `source`) into the front, each the best there is
        (a known card before an unseen one of equal worth); a card drawn earlier counts
        at the average worth of an unseen card."""
        from_hand = source is None
        counts = self.hand if from_hand else source[base: base + TYPES]  # type: ignore[index]
        present = list(compress(range(TYPES), counts))  # in order, as counts change
        as_land, as_res, as_enemy, as_gold = faces & 1, faces & 2, faces & 4, faces & 8
        valuer = self.seat.valuer
        memo = valuer.worth_memo
        for _ in range(n):
            front = (self.lands, self.res, self.gold, self.e, self.autos)
            lands, res, enemy, gold = memo.get(front) or valuer.worths(front)
            best, t, face = -1.0, None, 0  # the card chosen: its type (-1 unseen) and face
            if from_hand and self.unknown:
                best, t = valuer.unseen(front, faces), -1
            for c in present:
                if c == EG:
                    if as_enemy and enemy >= best:
                        best, t, face = enemy, c, 2
                    if as_gold and gold >= best:
                        best, t, face = gold, c, 3
                else:
                    if as_land:
                        v = lands[c >> 2]
                        if v >= best:
                            best, t, face = v, c, 0
                    if as_res:
                        v = res[c & 3]
                        if v >= best:
                            best, t, face = v, c, 1
            if t is None:
                return
            if from_hand:
                self.extra -= HAND_CARD  # it leaves the hand
            if t < 0:
                self.unknown -= 1
                self.extra += best
                continue
            counts[t] -= 1
            if not counts[t]:
                present.remove(t)
            self.add(face, t >> 2 if face == E.LAND else t & 3)

    def unseen(self, faces: int) -> float:
        """The worth of an unseen card at its best allowed face, on average."""
        return self.seat.valuer.unseen(self.front(), faces)

    def steal(self, n: int, step: E.Step) -> None:
        """Take from each victim (or the best one) the kind worth most to the plan, up to n;
        cards going to the discard pile are worth their loss to the victim, a little."""
        state, s = self.seat.state, self.seat.s
        f, seats = state.front, state.seats
        face, keep = step.face, step.keep
        start, width = STEAL_COUNTS[face]
        kinds = range(width)
        gains = []
        for k in range(1, seats):
            b = W * ((s + k) % seats) + start
            have = f[b:b + width]
            gained = 0.0
            for _ in range(n):
                # a worth per kind (lands, resources), or one (an enemy, a gold)
                worth: Any = self.worths()[face]
                options = [(worth[j] if face < 2 else worth, j) for j in kinds if have[j]]
                if not options:
                    break
                value, j = max(options)
                have[j] -= 1
                gained += value if keep else 1.0
                if keep:
                    self.add(face, j)
            gains.append(gained)
        if step.one_target and gains:
            self.extra += max(gains) - sum(gains)  # only the best victim was robbed

    def add(self, face: int, k: int) -> None:
        if face == E.LAND:
            self.lands = plus_one(self.lands, k)
        elif face == E.RESOURCE:
            self.res = plus_one(self.res, k)
        elif face == E.ENEMY:
            self.e += 1
        else:
            self.gold += 1

    def moon(self, counters: list[int]) -> None:
        """The best of these counts of time counters for the seat's lands and enemies
        (the nights they bring), against the count now."""
        seat = self.seat
        cap = seat.state.options.moon_counters
        now = self.value()
        best = 0.0
        build_rule = seat.valuer.build_rule
        for c in counters:
            other = seat.under(Outlook(seat.state, min(max(c, 0), cap)), build_rule)
            value = other.front_value((self.lands, self.res, self.gold, self.e, self.autos))
            best = max(best, value - now)
        self.extra += best


def land_rule(state: UndecimState, s: int, outlook: Outlook, settlements: int) -> tuple:
    """What the seat's land counts are weighed by (`land_worth`'s arguments after them):
    round ends and nights to come, and under the variant fief the fiefs' points."""
    opts = state.options
    to_come = settled = 0.0
    held = 0
    if opts.fief:
        to_come = opts.fief_round_vp * outlook.ends + opts.night_fief_vp * outlook.nights
        settled = opts.settlement_fief_vp * settlements
        held = scoring.fiefs(state, s)
    return (outlook.ends + outlook.nights * (opts.night_land_multiplier - 1), opts.land_rule,
            opts.land_set_bonus, opts.land_kind_vp, to_come, settled, held)


def enemy_rule(state: UndecimState, s: int, outlook: Outlook, enemies: list[int]) -> tuple:
    """What the seat's enemies are weighed by (`enemy_worth`'s arguments after them)."""
    top = max(enemies[:s] + enemies[s + 1:])  # most enemies of the others
    first = state.options.enemy_vp
    if state.phase == NIGHT:
        turn = 2 if s == state.to_move else 1 if s in state.queue else 0
        return first, top, outlook.now, outlook.later_chance, turn, state.most >> s & 1, state.slays
    return first, top, outlook.now, outlook.later_chance, -1, 0, 0


def enemy_worth(e: int, first: int, top: int, now: float, later_chance: float, turn: int,
                most: int, slays: int) -> float:
    """Enemies held: this round's night (if it falls) and later nights (by their chance).
    At a night (`turn` 0 or more) who has the most is fixed, and turns pass in order:
    the seat on turn (2) has discarded `slays` so far, a seat still to come (1) has all
    its turn left, the others (0) are done; by day `turn` is -1."""
    if turn >= 0:
        if turn == 2:
            now_pay = night_pay(e, first + slays, most, skip_one=slays > 0)
        else:
            now_pay = night_pay(e, first, most) if turn else 0.0
        return now_pay + later_chance * night_pay(e, first, most_chance(e, top, 2.0))
    lead = most_chance(e, top, 1.0 if now else 1.5)
    return (now + later_chance) * night_pay(e, first, lead)


def most_chance(e: int, top: int, spread: float) -> float:
    """The chance of holding the most enemies when the night falls (`top`: the most any
    other seat holds): ties count (all tied seats score in full), a lead of one is likely
    to hold, more nearly sure."""
    return 1.0 / (1.0 + math.exp(-2.0 * (e - top + 0.5) / spread))


def plus_one(counts: tuple[int, ...], k: int) -> tuple[int, ...]:
    """`counts` with one more at `k`."""
    return (*counts[:k], counts[k] + 1, *counts[k + 1:])


def night_pay(e: int, first: int, most: float, skip_one: bool = False) -> float:
    """What e enemies pay at a night: first, first+1, … when holding the most (with chance
    `most`), else one at `first` (none if the seat's one is already spent)."""
    one = 0.0 if skip_one else float(first)
    return most * sum(first + i for i in range(e)) + (1.0 - most) * one


def land_worth(counts: tuple[int, ...], weight: float, rule: str, set_bonus: int, kind_vp: int,
               fief_to_come: float, fief_settled: int, fiefs_held: int) -> float:
    """Lands held: their bonus at every round end to come (`weight` counts a doubled
    night twice), plus spare lands and, by the rules' bonus, progress toward two of each.
    Under the variant fief every full set is a fief, so the fewest of a kind counts them:
    worth `fief_to_come` each by the end, and `fief_settled` each beyond the
    `fiefs_held` the score holds already."""
    bonus, _ = scoring.land_points(list(counts), rule, set_bonus, kind_vp)
    value = bonus * weight + SPARE_LAND * sum(max(c - 1, 0) for c in counts)
    if rule == "kinds" and min(counts) < 2:
        progress = sum(min(c, 2) for c in counts) / 8
        value += set_bonus * weight * progress ** 3
    if fief_to_come or fief_settled:
        whole = min(counts)
        progress = sum(1 for c in counts if c > whole) ** 3 / 64  # toward the next
        value += fief_to_come * (whole + progress) + fief_settled * (whole - fiefs_held + progress)
    return value


def build_worth(res: Sequence[int], gold: int, autos: int, settlements: tuple[tuple, ...],
                table: tuple[int, ...], each: int) -> float:
    """Building VP the resources and gold can add over `autos` auto actions, each the
    single move that adds most (gold counted net of its own value as gold)."""
    if not sum(res) and not (settlements and gold):
        return 0.0
    vp = scoring.settlement_vp
    res = list(res)
    mine = [list(x) for x in settlements]
    total = 0.0
    move: tuple | None  # the kinds to settle with, or (settlement, resource or 4: gold)
    for used in range(autos):
        best, move = 0.0, None
        for a in range(4):
            if res[a] >= 3 and table[1] > best:
                best, move = table[1], (a, a, a)
            if res[a] >= 2 and table[0] > best:
                best, move = table[0], (a, a)
            for c in range(a + 1, 4):
                if res[a] and res[c] and table[0] > best:
                    best, move = table[0], (a, c)
        for st in mine:
            kind, mask, level = st
            gain = vp(level + 1, table) - vp(level, table)
            if kind == MIXED:
                free = next((a for a in range(4) if res[a] and not mask >> a & 1), -1)
            else:
                free = kind if res[kind] else -1
            if free >= 0 and gain > best:
                best, move = gain, (st, free)
            elif gold and gain - each > best:
                best, move = gain - each, (st, 4)
        if move is None:
            spare = autos - used  # auto actions left for resources still to come
            return total + LONE * min(sum(res), 2 * spare)
        total += best
        if isinstance(move[0], list):
            st, a = move
            st[2] += 1
            if a == 4:
                gold -= 1
            else:
                res[a] -= 1
                st[1] |= 1 << a
        else:
            for a in move:
                res[a] -= 1
            kinds = set(move)
            kind = move[0] if len(kinds) == 1 else MIXED
            mine.append([kind, sum(1 << a for a in kinds), len(move)])
    return total


def autos_left(state: UndecimState, s: int) -> int:
    """Auto actions the seat still has: one each round to come, and this round's (with
    its card's build steps) until its card has resolved."""
    later = state.options.rounds - max(state.round_no, 1)
    phase = state.phase
    if state.round_no == 0 or phase in (MULLIGAN, BONUS, PICK):
        return later + 1
    if phase in ACTION_PHASE:
        if s == state.cur:
            return later + max(state.autos, 0)
        if s in state.queue:
            return later + 1
    return later


def awards_values(state: UndecimState) -> list[float]:
    """Each seat's open awards: those it meets at their VP (half when another seat meets
    them too, U7), the others by how close it is."""
    t = state.tables
    totals = [0.0] * state.seats
    for a in state.awards:
        need, cond, vp = t.award_count[a], t.award_condition[a], t.award_vp[a]
        progress = scoring.award_progress(state, cond)
        met = sum(1 for have in progress if have >= need)
        for s, have in enumerate(progress):
            if have >= need:
                totals[s] += vp // 2 if met > 1 else vp
            else:
                totals[s] += AWARD_REACH * vp * (have / need) ** 2
    return totals
