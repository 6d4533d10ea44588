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

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    ACTION_PHASE,
    BONUS,
    F_ENEMY,
    F_GOLD,
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
from soan.games.undecim.content import EG, TYPES

if TYPE_CHECKING:
    from soan.games.undecim.state import UndecimState

HAND_CARD = 0.4  # a resource card in hand: the hand refills to 5, so it is worth little
SPARE_LAND = 0.3  # a land beyond the first of its kind: cover against Invasion, sets
LATER = 0.5  # the best action card kept for a later round, against one played now
DRAWN = 0.3  # a card drawn into the hand: its worth if it is played later
MOON_STEP = 0.5  # moving the moon or its die: small either way
AWARD_REACH = 0.4  # how much of an open award's VP full progress toward it is worth
MOST_UNSURE = 0.85  # sharing the most enemies may not last until the night


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

    def __init__(self, state: UndecimState) -> None:
        opts = state.options
        cap, rounds, r = opts.moon_counters, opts.rounds, state.round_no
        if r == 0:  # before the first roll
            self.ends, self.now = float(rounds), 0.0
            self.later, self.later_chance = nights_ahead(state.counters, rounds, cap)
            return
        self.ends = float(rounds - r + 1)
        self.now = 1.0 if state.night or state.counters == 0 else 0.0
        self.later, self.later_chance = nights_ahead(
            cap if self.now else state.counters, rounds - r, cap)

    @property
    def nights(self) -> float:
        return self.now + self.later


def evaluate(state: UndecimState) -> list[float]:
    if state.over:
        return [float(x) for x in state.scores()]
    outlook = Outlook(state)
    points = state.scores()
    enemies = [state.front[W * s + F_ENEMY] for s in range(state.seats)]
    return [points[s] + Seat(state, s, outlook, enemies).promise() for s in range(state.seats)]


class Seat:
    """One seat's prospects, and the marginal worth of one more card of each face."""

    __slots__ = ("autos", "each", "enemies", "gold", "lands", "mine", "outlook", "res", "s",
                 "state", "unseen")

    def __init__(self, state: UndecimState, s: int, outlook: Outlook, enemies: list[int]) -> None:
        self.state, self.s, self.outlook, self.enemies = state, s, outlook, enemies
        f, b = state.front, W * s
        self.lands = scoring.land_counts(state, s)
        self.res = f[b + F_RESK: b + F_RESK + 4]
        self.gold = f[b + F_GOLD]
        self.mine = [(st[KIND], st[MASK], st[LEVEL]) for st in state.settlements if st[OWNER] == s]
        self.autos = autos_left(state, s)
        self.each = scoring.gold_each(state, s)
        self.unseen: dict[int, float] = {}  # faces mask -> worth of an unseen card

    def promise(self) -> float:
        state = self.state
        value = self.land_value(self.lands)
        value += self.build_gain(self.res, self.gold, self.autos)
        value += self.enemy_value(self.enemies[self.s])
        value += awards_value(state, self.s)
        value += HAND_CARD * state.hsize[self.s]
        return value + self.cards_value()

    # ---- the parts of the seat's value -----------------------------------------------

    def land_value(self, counts: list[int]) -> float:
        opts, out = self.state.options, self.outlook
        weight = out.ends + out.nights * (opts.night_land_multiplier - 1)
        return land_worth(tuple(counts), weight, opts.land_rule, opts.land_set_bonus)

    def build_gain(self, res: list[int], gold: int, autos: int) -> float:
        if autos <= 0:
            return 0.0
        return build_worth(tuple(res), gold, autos, tuple(self.mine),
                           self.state.options.building_vp, self.each)

    def enemy_value(self, e: int) -> float:
        """This round's night (if it falls) and later nights (by their chance)."""
        if not e:
            return 0.0
        state, out, s = self.state, self.outlook, self.s
        first = state.options.enemy_vp
        value = 0.0
        if state.phase == NIGHT:
            if s == state.to_move:
                value = self.night_pay(e, first + state.slays, state.most >> s & 1, 1.0,
                                       state.slays > 0)
            elif s in state.queue:
                value = self.night_pay(e, first, state.most >> s & 1, 1.0, False)
        elif out.now:
            value = self.night_pay(e, first, e >= max(self.enemies), MOST_UNSURE, False)
        if out.later_chance:
            value += out.later_chance * self.night_pay(e, first, e >= max(self.enemies),
                                                       MOST_UNSURE, False) * 0.8
        return value

    def night_pay(self, e: int, first: int, most: bool, sure: float, used: bool) -> float:
        if most:
            top = max(o for i, o in enumerate(self.enemies) if i != self.s)
            return (1.0 if e > top else sure) * sum(first + i for i in range(e))
        return 0.0 if used else float(first)

    # ---- marginal worths, for valuing action cards -------------------------------------

    def face_worths(self) -> tuple[list[float], list[float], float, float]:
        """What one more card adds: a land of each kind, a resource of each kind, an
        enemy, a gold."""
        base_land = self.land_value(self.lands)
        lands = []
        for k in range(4):
            more = list(self.lands)
            more[k] += 1
            lands.append(self.land_value(more) - base_land)
        base_build = self.build_gain(self.res, self.gold, self.autos)
        res = []
        for r in range(4):
            more = list(self.res)
            more[r] += 1
            res.append(self.build_gain(more, self.gold, self.autos) - base_build)
        gold = self.each + self.build_gain(self.res, self.gold + 1, self.autos) - base_build
        e = self.enemies[self.s]
        enemy = self.enemy_value(e + 1) - self.enemy_value(e)
        if not self.outlook.now and not self.outlook.later_chance:
            enemy = 0.0
        return lands, res, enemy, gold

    def card_worths(self, counts: list[int], base: int, faces: int, worths) -> list[float]:
        """Each card in `counts` at its best allowed face, best first."""
        lands, res, enemy, gold = worths
        out = []
        for t in range(TYPES):
            n = counts[base + t]
            if not n:
                continue
            if t == EG:
                v = max(enemy if faces & 4 else 0.0, gold if faces & 8 else 0.0)
            else:
                v = max(lands[t >> 2] if faces & 1 else 0.0, res[t & 3] if faces & 2 else 0.0)
            out.extend([v] * n)
        out.sort(reverse=True)
        return out

    def random_card(self, faces: int, worths) -> float:
        """The worth of an unseen card at its best allowed face, on average."""
        if faces not in self.unseen:
            counts = self.state.tables.type_count
            worth = self.card_worths(list(counts), 0, faces, worths)
            self.unseen[faces] = sum(worth) / len(worth) if worth else 0.0
        return self.unseen[faces]

    def step_value(self, step: E.Step, n: int, worths) -> float:
        state, s, kind = self.state, self.s, step.kind
        if kind == E.PLAY:
            return sum(self.card_worths(state.hand, TYPES * s, step.faces, worths)[:n])
        if kind == E.DRAW:
            return DRAWN * n * self.random_card(E.ALL_FACES, worths)
        if kind == E.MARKET:
            if state.phase == MARKET and state.cur == s:
                return sum(self.card_worths(state.market, 0, step.faces, worths)[:state.left])
            pick = 1 + 0.1 * max(n - step.take, 0)
            return step.take * pick * self.random_card(step.faces, worths)
        if kind == E.STEAL:
            lands, res, enemy, gold = worths
            worth = (max(lands), max(res), enemy, gold)[step.face] if step.keep else 1.0
            targets = 1 if step.one_target else state.seats - 1
            return n * targets * worth * 0.7
        if kind == E.BUILD:
            gain = self.build_gain(self.res, self.gold, self.autos + n)
            return gain - self.build_gain(self.res, self.gold, self.autos)
        if kind == E.VP:
            return float(n * (scoring.held(state, s, step.per) if step.per else 1))
        return MOON_STEP

    def card_value(self, c: int, worths, first: int = 0) -> float:
        """The worth of playing action card `c` now (from step `first` on)."""
        state = self.state
        steps = state.tables.steps[c]
        die = state.die or 4
        total = 0.0
        for i in range(first, len(steps)):
            step = steps[i]
            n = step.amounts[die - 1]
            if i == first and state.cur == self.s and state.card == c:
                n = state.left if state.phase in (PLAY, MARKET) else n + state.spent
            total += self.step_value(step, n, worths)
        return total

    def cards_value(self) -> float:
        state, s = self.state, self.s
        phase = state.phase
        worths = self.face_worths()
        total = 0.0
        picked = state.picks[s] if phase == PICK else 0
        if picked:
            total += self.card_value(picked, worths)
        elif state.cur == s and state.card > 0:
            total += self.card_value(state.card, worths, state.si)
        elif phase in ACTION_PHASE and s in state.queue:
            total += self.card_value(state.played[s], worths)
        later = state.options.rounds - max(state.round_no, 1)
        if later > 0 or phase in (PICK, BONUS, MULLIGAN):
            hand = [c for c in range(1, 12) if state.hands[s] >> c & 1 and c != picked]
            if hand:
                total += LATER * max(self.card_value(c, worths) for c in hand)
        return total


@lru_cache(maxsize=1 << 16)
def land_worth(counts: tuple[int, ...], weight: float, rule: str, set_bonus: int) -> float:
    """Lands held: their bonus at every round end to come (`weight` counts a doubled
    night twice), plus spare lands and, by the rules' bonus, progress toward two of each."""
    bonus, _ = scoring.land_points(list(counts), rule, set_bonus)
    value = bonus * weight + SPARE_LAND * sum(max(c - 1, 0) for c in counts)
    if rule == "kinds" and min(counts) < 2:
        progress = sum(min(c, 2) for c in counts) / 8
        value += set_bonus * weight * progress ** 3
    return value


@lru_cache(maxsize=1 << 16)
def build_worth(res: tuple[int, ...], gold: int, autos: int, settlements: tuple[tuple, ...],
                table: tuple[int, ...], each: int) -> float:
    """Building VP the resources and gold can add over `autos` auto actions, each the
    single move that adds most (gold counted net of its own value as gold)."""
    if sum(res) < 2 and not (settlements and (gold or sum(res))):
        return 0.0
    vp = scoring.settlement_vp
    res = list(res)
    mine = [list(x) for x in settlements]
    total = 0.0
    for _ in range(autos):
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
            break
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


def awards_value(state: UndecimState, s: int) -> float:
    t = state.tables
    total = 0.0
    for a in state.awards:
        need, cond = t.award_count[a], t.award_condition[a]
        have = scoring.award_progress(state, s, cond)
        if have >= need:
            sharers = sum(
                1 for o in range(state.seats) if scoring.award_progress(state, o, cond) >= need)
            total += t.award_vp[a] / sharers
        else:
            total += AWARD_REACH * t.award_vp[a] * (have / need) ** 2
    return total
