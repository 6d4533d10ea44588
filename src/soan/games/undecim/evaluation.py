"""How promising an Undecim position is for each seat, for bots.

Points so far, plus what the position promises by the end:
- lands: this round's land bonus for every round end still to come, doubled on the
  nights the red moon is expected to bring (an exact expectation over the moon die),
  and a little for progress toward two of every kind;
- buildings: what the settlements score now, plus what the resources in front can add
  with the auto actions left (a greedy plan: each auto action takes the move that
  adds the most VP);
- gold at its value per card; enemies at what the next night would pay them, weighed
  by the chance a night still comes; open awards by how close the seat is;
- cards still to come: a few tenths of a point per hand card, and the action cards:
  the one picked this round (hidden) or being resolved at its estimated worth, the
  ones in hand at a discount, so one-step lookahead can tell a good pick from a bad one.

A half-finished compound choice counts as finished: a step part done is valued by
what is left of it. Once the game is over the values are the final scores.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    ACTION_PHASE,
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
from soan.games.undecim.content import EG, TYPES

if TYPE_CHECKING:
    from soan.games.undecim.state import UndecimState

HAND_CARD = 0.4  # a resource card in hand: the hand refills to 5, so it is worth little
SPARE_LAND = 0.3  # a land beyond the first of its kind: cover against Invasion, sets
PLAYED_LATER = 0.5  # an action card kept for a later round, against one played now
DRAWN_CARD = 0.6  # a card drawn into the hand by an effect
MARKET_CARD = 2.5  # a card taken from a market, at its best face
AWARD_REACH = 0.4  # how much of an open award's VP full progress toward it is worth


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


def moon_outlook(state: UndecimState) -> tuple[float, float, float]:
    """(round ends still to score, expected nights among them, chance of a night)."""
    opts = state.options
    cap, rounds, r = opts.moon_counters, opts.rounds, state.round_no
    if r == 0:  # the mulligan: every round to come
        nights, chance = nights_ahead(state.counters, rounds, cap)
        return float(rounds), nights, chance
    ends = rounds - r + 1
    if state.night or (state.counters == 0 and state.phase != NIGHT):
        now = 1.0
        later, _ = nights_ahead(cap, rounds - r, cap)
        return float(ends), now + later, 1.0
    later, chance = nights_ahead(state.counters, rounds - r, cap)
    return float(ends), later, chance


def evaluate(state: UndecimState) -> list[float]:
    if state.over:
        return [float(x) for x in state.scores()]
    ends, nights, chance = moon_outlook(state)
    points = state.scores()
    enemies = [state.front[W * s + F_ENEMY] for s in range(state.seats)]
    return [
        points[s] + _promise(state, s, ends, nights, chance, enemies) for s in range(state.seats)
    ]


def _promise(
    state: UndecimState, s: int, ends: float, nights: float, chance: float, enemies: list[int]
) -> float:
    opts = state.options
    # lands: the bonus at every round end to come
    counts = scoring.land_counts(state, s)
    bonus, _ = scoring.land_bonus(state, s)
    weight = ends + nights * (opts.night_land_multiplier - 1)
    value = bonus * weight
    if opts.land_rule == "kinds" and min(counts) < 2:
        progress = sum(min(c, 2) for c in counts) / 8
        value += opts.land_set_bonus * weight * progress ** 3
    value += SPARE_LAND * sum(max(c - 1, 0) for c in counts)
    # buildings to come, gold as it will score
    value += build_gain(state, s, autos_left(state, s))
    # enemies at the next night
    value += chance * night_value(state, s, enemies)
    value += awards_value(state, s)
    # cards to come
    value += HAND_CARD * state.hsize[s]
    value += cards_value(state, s, ends)
    return value


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


def build_gain(state: UndecimState, s: int, autos: int) -> float:
    """Building VP the front's resources and gold can add over `autos` auto actions,
    each taking the single move that adds most (gold counted net of its own value)."""
    if autos <= 0:
        return 0.0
    f, b = state.front, W * s
    res = f[b + F_RESK: b + F_RESK + 4]
    gold = f[b + F_GOLD]
    mine = [[st[KIND], st[MASK], st[LEVEL]] for st in state.settlements if st[OWNER] == s]
    if sum(res) < 2 and not (mine and (gold or sum(res))):
        return 0.0
    table = state.options.building_vp
    vp = scoring.settlement_vp
    each = scoring.gold_each(state, s)
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


def night_value(state: UndecimState, s: int, enemies: list[int]) -> float:
    """What the seat's enemies pay at a night: 4, 5, 6… with the most, else one at 4."""
    e = enemies[s]
    if not e:
        return 0.0
    first = state.options.enemy_vp
    slain = state.slays if state.phase == NIGHT and state.to_move == s else 0
    top = max(enemies)
    most = state.most >> s & 1 if state.phase == NIGHT else e >= top
    if most:
        sure = 1.0 if e > top or state.phase == NIGHT else 0.85
        return sure * sum(first + slain + i for i in range(e))
    return float(first) if slain == 0 else 0.0


def awards_value(state: UndecimState, s: int) -> float:
    t = state.tables
    total = 0.0
    for a in state.awards:
        need = t.award_count[a]
        have = award_progress(state, s, t.award_condition[a])
        if have >= need:
            sharers = sum(
                1 for o in range(state.seats)
                if award_progress(state, o, t.award_condition[a]) >= need
            )
            total += t.award_vp[a] / sharers
        else:
            total += AWARD_REACH * t.award_vp[a] * (have / need) ** 2
    return total


def award_progress(state: UndecimState, s: int, cond: int) -> int:
    f, b = state.front, W * s
    if cond == 0:
        return sum(1 for c in scoring.land_counts(state, s) if c)
    if cond == 1:
        return sum(scoring.land_counts(state, s))
    if cond == 2:
        return sum(1 for st in state.settlements if st[OWNER] == s)
    if cond == 3:
        return max((st[LEVEL] for st in state.settlements if st[OWNER] == s), default=0)
    if cond == 4:
        return f[b + F_ENEMY]
    if cond == 5:
        return state.slain[s]
    return f[b + F_GOLD]


Values = tuple[list[float], float, float, float]


def face_values(state: UndecimState, s: int, ends: float) -> Values:
    """What one more card of each face is worth to the seat now: lands by kind,
    a resource, an enemy, a gold."""
    f, b = state.front, W * s
    counts = [f[b + F_LANDK + k] for k in range(4)]
    lands = [(ends if not c else 0.4 * ends / 4 + SPARE_LAND) for c in counts]
    resource = 3.0 if autos_left(state, s) else 0.0
    enemy = float(state.options.enemy_vp) * 0.6
    gold = float(scoring.gold_each(state, s))
    return lands, resource, enemy, gold


def best_faces(state: UndecimState, counts: list[int], base: int, faces: int,
               values: Values) -> list[float]:
    """Each card in `counts` at its best allowed face, best first."""
    lands, resource, enemy, gold = values
    out = []
    for t in range(TYPES):
        n = counts[base + t]
        if not n:
            continue
        if t == EG:
            v = max(enemy if faces & 4 else 0.0, gold if faces & 8 else 0.0)
        else:
            v = max(lands[t >> 2] if faces & 1 else 0.0, resource if faces & 2 else 0.0)
        out.extend([v] * n)
    out.sort(reverse=True)
    return out


def step_value(state: UndecimState, s: int, step: E.Step, n: int, values) -> float:
    kind = step.kind
    if kind == E.PLAY:
        return sum(best_faces(state, state.hand, TYPES * s, step.faces, values)[:n])
    if kind == E.DRAW:
        return DRAWN_CARD * n
    if kind == E.MARKET:
        if state.phase == MARKET and state.cur == s:
            return sum(best_faces(state, state.market, 0, step.faces, values)[:state.left])
        return MARKET_CARD * step.take
    if kind == E.STEAL:
        targets = 1 if step.one_target else state.seats - 1
        lands, _, enemy, gold = values
        worth = (max(lands), 3.0, enemy, gold)[step.face]
        return n * targets * worth * 0.7
    if kind == E.BUILD:
        return 4.0 * n
    if kind == E.VP:
        return float(n * (scoring.held(state, s, step.per) if step.per else 1))
    return 0.5  # moon and die: small, and either way


def card_value(state: UndecimState, s: int, c: int, values, first: int = 0) -> float:
    """The worth of playing action card `c` now (from step `first` on)."""
    steps = state.tables.steps[c]
    die = state.die or 4
    total = 0.0
    for i in range(first, len(steps)):
        step = steps[i]
        n = step.amounts[die - 1]
        if i == first and state.cur == s and state.card == c:
            n = state.left if state.phase in (PLAY, MARKET) else n + state.spent
        total += step_value(state, s, step, n, values)
    return total


def cards_value(state: UndecimState, s: int, ends: float) -> float:
    values = face_values(state, s, ends)
    total = 0.0
    if state.phase == PICK and state.picks[s]:
        total += card_value(state, s, state.picks[s], values)
    elif state.cur == s and state.card > 0:
        total += card_value(state, s, state.card, values, state.si)
    elif s in state.queue and state.phase in ACTION_PHASE:
        total += card_value(state, s, state.played[s], values)
    later = state.options.rounds - max(state.round_no, 1)
    if later > 0 or state.phase in (PICK, BONUS, MULLIGAN):
        hand = [c for c in range(1, 12) if state.hands[s] >> c & 1]
        if state.phase == PICK and state.picks[s]:
            hand = [c for c in hand if c != state.picks[s]]
        worth = sorted((card_value(state, s, c, values) for c in hand), reverse=True)
        if worth:
            total += PLAYED_LATER * worth[0]
    return total
