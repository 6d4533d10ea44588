"""Undecim as numbers (engine.encoding): what one seat may know, seat-relative, and
every action of a rule set at a table size, by a fixed index.

The observation reads like the table a player looks at: the rules and cards in play,
the phase and the red moon, its own hidden hand and action cards, every seat's points,
front, settlements and public action cards (the observing seat first, then the others
in turn order from it), the awards, the action cards nobody has placed, the resource
cards still unseen, and the compound choice in progress. It leaves out what the seat
may not know: other hands' contents, other seats' hidden picks and dealt action cards,
the face-down field cards (3 seats), the deck's order, the removed awards, and the
history (`redeal` forgets it). docs/encoding/undecim.md lists every part.

Actions keep the rules' tuples; the index holds every form the rule set can produce:
only the forms its options and cards can reach (no swaps without the mulligan, no
targets without a one-target steal...), so two rule sets share the tuples, not the
numbers. `("target", v)` and `("develop", j, f)` name an absolute seat and a settlement
by its place in the table's list: the observation's `position` part says which seat
the observer is, and its `settlements` part lists the settlements in that same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

import numpy as np

from soan.engine.core import Action
from soan.engine.encoding import Encoder, Writer
from soan.games.undecim import effects as E
from soan.games.undecim.codes import (
    BITS,
    F_ENEMY,
    F_GOLD,
    F_RESK,
    FRESH,
    GIVE,
    KIND,
    LEVEL,
    MASK,
    NIGHT,
    NSOURCES,
    OWNER,
    P_AWARDS,
    P_CARDS,
    P_ENEMIES,
    P_FIEFS,
    P_LANDS,
    P_ORDER,
    PHASE_NAMES,
    PICK,
    SGOLD,
    TAKE,
    TARGET,
    W,
)
from soan.games.undecim.content import ACTION_CARDS, CONDITIONS, EG, TYPES, Tables
from soan.games.undecim.options import LAND_RULES, Options
from soan.games.undecim.scoring import (
    fief_settlement_points,
    fiefs,
    land_counts,
    land_points,
    settlement_vp,
)

NUMBERS = range(1, ACTION_CARDS + 1)  # action cards by their numbers
PHASES = len(PHASE_NAMES)
RULES = 27  # the `rules` part: every option as a number
CARD_F = 2 + len(E.STEPS)  # per action card: red, from a module, steps of each kind
AWARD_F = 4 + len(CONDITIONS)  # per award: open, scored, condition, count, VP
POINTS = 8  # lands, buildings, gold, enemies, awards, cards, final order, total
FRONT = 13  # lands 4, resources 4, enemies, gold, fief sets, land kinds, land bonus now
FRESH_F = 10  # protected this action phase: lands 4, resources 4, enemies, gold
SEAT_F = 9  # hand size, action cards, dealt cards unseen, picked, queue, slain...
SETTLED = 4  # settlements, highest level, levels, building VP
OWN_HAND = TYPES + 8  # by card type, then by land kind and by resource kind
SLOT_F = 12  # per settlement beside its owner: exists, kind 5, level, gold, mask 4
RESOLVING = ACTION_CARDS + 3 + len(E.STEPS) + 8 + 9  # beside the resolving seat
LAND_TYPES = 16  # land-and-resource card types: land kind * 4 + resource kind
NO_FRESH = [0.0] * FRESH_F
RANGE = range(TYPES)  # card types, to pick the ones held by compress


def tables_for(options: Options, content: Any) -> Tables:
    return Tables(content, options.modules)


def max_settlements(t: Tables) -> int:
    """The most settlements a table can hold: they never break up, and each takes at
    least two land-and-resource cards (gold never founds one)."""
    return sum(t.type_count[:LAND_TYPES]) // 2


class _Table:
    """What one rule set at one table size fixes, built once: the constant parts and
    each observer's seat order."""

    __slots__ = ("awards", "building", "cards", "middle", "orders", "rules", "slots", "width")

    def __init__(self, seats: int, options: Options, t: Tables,
                 layout: tuple[tuple[str, int], ...]) -> None:
        self.middle = layout[2:-1]  # the parts between the constant ones and the settlements
        self.orders = tuple(tuple((s + r) % seats for r in range(seats)) for s in range(seats))
        self.slots = max_settlements(t)
        self.width = SLOT_F + seats
        self.building = options.building_vp
        o = options
        self.rules = np.array((
            o.rounds / 10, o.moon_counters / 30, o.hand_size / 10, float(o.mulligan),
            *(float(o.land_rule == r) for r in LAND_RULES), o.land_set_bonus / 10,
            o.night_land_multiplier / 5, o.enemy_vp / 10, *(v / 30 for v in o.building_vp),
            o.gold_vp / 10, o.gold_vp_settled / 10, o.gold_settlements / 10, float(o.fief),
            float(o.giver_chooses), *(v / 20 for v in o.final_order_bonus),
            float(o.tie_break), float(o.module_dark), float(o.module_storm),
            float(o.module_gold),
        ), dtype=np.float32)
        cards: list[float] = []
        for c in NUMBERS:
            kinds = [0.0] * len(E.STEPS)
            for step in t.steps[c]:
                kinds[step.kind] += 1 / 3
            cards += [float(t.card_red[c]), float(bool(t.card_module[c])), *kinds]
        self.cards = np.array(cards, dtype=np.float32)
        self.awards = tuple(
            (*(float(i == t.award_condition[a]) for i in range(len(CONDITIONS))),
             t.award_count[a] / 10, t.award_vp[a] / 10)
            for a in range(len(t.award_name))
        )


class UndecimEncoder(Encoder):
    """Undecim's observation layout, action index and writer."""

    def layout(self, seats: int, options: Options, content: Any) -> list[tuple[str, int]]:
        t = tables_for(options, content)
        n, awards = seats, len(t.award_name)
        return [
            ("rules", RULES),
            ("cards", ACTION_CARDS * CARD_F),
            ("phase", PHASES),
            ("round", 3),
            ("moon", 5),
            ("die", 6),
            ("position", n),
            ("to_move", n),
            ("own_hand", OWN_HAND),
            ("own_actions", ACTION_CARDS),
            ("own_pick", ACTION_CARDS),
            ("points", n * POINTS),
            ("front", n * FRONT),
            ("fresh", n * FRESH_F),
            ("seat_info", n * SEAT_F),
            ("known_actions", n * ACTION_CARDS),
            ("played", n * ACTION_CARDS),
            ("settled", n * SETTLED),
            ("awards", awards * AWARD_F),
            ("award_progress", awards * n),
            ("field", ACTION_CARDS),
            ("unseen_actions", ACTION_CARDS),
            ("piles", 3),
            ("discard", TYPES),
            ("unseen", TYPES),
            ("market", TYPES),
            ("bonus", TYPES),
            ("resolving", n + RESOLVING),
            ("steal", 2 * n),
            ("night", 1),
            ("settlements", max_settlements(t) * (SLOT_F + n)),
        ]

    def actions(self, seats: int, options: Options, content: Any) -> Sequence[Action]:
        t = tables_for(options, content)
        steps = [step for card in t.steps for step in card]
        acts: list[Action] = [("play", c) for c in NUMBERS]  # the face-down pick
        if options.rounds > 1:  # the action replenishment, never after the last round
            acts += [("pick", c) for c in NUMBERS]
        if options.mulligan:
            acts += [("swap", g, c) for g in NUMBERS for c in NUMBERS if g != c]
        acts.append(("done",))
        present = [k for k in range(LAND_TYPES) if t.type_count[k]]
        acts += [("land", k) for k in present] + [("resource", k) for k in present]
        if t.type_count[EG]:
            acts += [("enemy",), ("gold",)]
        acts += [("settle", a, b) for a in range(4) for b in range(a, 4)]
        acts += [("settle", a, a, a) for a in range(4)]
        acts += [("develop", j, f) for j in range(max_settlements(t)) for f in range(5)]
        acts.append(("slay",))
        if any(step.boost for step in steps):
            acts.append(("spend",))
        steals = [step for step in steps if step.kind == E.STEAL]
        if any(step.one_target for step in steals):
            acts += [("target", v) for v in range(seats)]
        if steals:
            kinds = range(4) if any(step.face <= E.RESOURCE for step in steals) else range(1)
            verb = "give" if options.giver_chooses else "take"
            acts += [(verb, k) for k in kinds]
        moves = sorted({a for step in steps if step.kind == E.MOON and step.direction == E.CHOOSE
                        for a in step.amounts})
        for a in moves:
            acts += [("moon", a), ("moon", -a)] if a else [("moon", 0)]
        values = {v for step in steps if step.kind == E.SET_DIE
                  for v in range(1, 7) if step.values >> v & 1}
        acts += [("die", v) for v in sorted(values)]
        return acts

    def _table(self, state: Any) -> _Table:
        key = (state.seats, state.options, state.tables)
        cache = self.__dict__.setdefault("_tables", {})
        table = cache.get(key)
        if table is None:
            layout = tuple(self.layout(state.seats, state.options, state.content))
            table = cache[key] = _Table(state.seats, state.options, state.tables, layout)
        return table

    def write(self, state: Any, seat: int, parts: Writer) -> None:
        tab = self._table(state)
        t, opts, n = state.tables, state.options, state.seats
        order = tab.orders[seat]
        rel = [(s - seat) % n for s in range(n)]
        phase, f, hands = state.phase, state.front, state.hands

        parts.put("rules", tab.rules)
        parts.put("cards", tab.cards)
        mid: list[float] = []  # the middle parts, end to end: one copy into the observation
        one = [0.0] * PHASES
        one[phase] = 1.0
        mid += one
        r, rounds = state.round_no, opts.rounds
        mid += (r / rounds, float(r >= rounds), float(r == 0))
        cap, counters = opts.moon_counters, state.counters
        mid += (counters / cap, counters / 10, state.rolled / 6, float(state.night),
              float(r > 0 and counters == 0))
        die = [0.0] * 6
        if state.die:
            die[state.die - 1] = 1.0
        mid += die
        one = [0.0] * n
        one[seat] = 1.0
        mid += one
        one = [0.0] * n
        if state.to_move is not None:
            one[rel[state.to_move]] = 1.0
        mid += one

        # ---- the observer's own hidden things
        base = TYPES * seat
        mine = state.hand[base:base + TYPES]
        lands, res = [0.0] * 4, [0.0] * 4
        for k in compress(range(LAND_TYPES), mine):
            lands[k >> 2] += mine[k] / 5
            res[k & 3] += mine[k] / 5
        mid += [c / 5 for c in mine] + lands + res
        mid += _bits(hands[seat])
        pick = [0.0] * ACTION_CARDS
        if phase == PICK and state.picks[seat]:
            pick[state.picks[seat] - 1] = 1.0
        mid += pick

        # ---- every seat, the observer first
        count, top, levels, bvp = [0] * n, [0] * n, [0] * n, [0] * n
        table = tab.building
        for st in state.settlements:
            s, lv = st[OWNER], st[LEVEL]
            count[s] += 1
            levels[s] += lv
            if lv > top[s]:
                top[s] = lv
            bvp[s] += settlement_vp(lv, table)
        points: list[float] = []
        front: list[float] = []
        fresh: list[float] = []
        info: list[float] = []
        known: list[float] = []
        played: list[float] = []
        settled: list[float] = []
        held: list[tuple[int, ...]] = []
        pts, fr, queue = state.pts, state.fresh, state.queue
        night = state.night
        victims = state.victims if phase in (TARGET, TAKE, GIVE) else ()
        for s in order:
            b, p = W * s, NSOURCES * s
            gold = f[b + F_GOLD]
            gvp = gold * (opts.gold_vp_settled if count[s] >= opts.gold_settlements
                          else opts.gold_vp)
            src = (pts[p + P_LANDS], bvp[s], gvp, pts[p + P_ENEMIES], pts[p + P_AWARDS],
                   pts[p + P_CARDS], pts[p + P_ORDER])
            points += [v / 50 for v in src]
            points.append((sum(src) + pts[p + P_FIEFS] + fief_settlement_points(state, s)) / 100)
            whole = fiefs(state, s)
            counts = land_counts(state, s)
            kinds = 4 - counts.count(0)
            bonus = land_points(counts, opts.land_rule, opts.land_set_bonus, opts.land_kind_vp)[0]
            front += [c / 10 for c in counts]
            front += [f[b + F_RESK + k] / 10 for k in range(4)]
            front += [f[b + F_ENEMY] / 10, gold / 10, whole / 4, kinds / 4, bonus / 10]
            fb = FRESH * s
            if any(fr[fb:fb + FRESH]):
                fl, fres = [0.0] * 4, [0.0] * 4
                as_land = fr[fb:fb + LAND_TYPES]
                for k in compress(RANGE, as_land):
                    fl[k >> 2] += as_land[k] / 10
                as_res = fr[fb + LAND_TYPES:fb + 2 * LAND_TYPES]
                for k in compress(RANGE, as_res):
                    fres[k & 3] += as_res[k] / 10
                fresh += fl + fres
                fresh += [fr[fb + F_ENEMY] / 10, fr[fb + F_GOLD] / 10]
            else:
                fresh += NO_FRESH
            q = queue.index(s) + 1 if s in queue else 0
            info += [
                state.hsize[s] / 10, len(BITS[hands[s]]) / 3, len(BITS[state.secret[s]]) / 3,
                float(phase == PICK and state.picks[s] > 0), float(q > 0), q / n,
                state.slain[s] / 5, float(night and state.most >> s & 1),
                float(s in victims),
            ]
            known += _bits(hands[s] & ~state.secret[s])
            card = [0.0] * ACTION_CARDS
            if state.played[s]:
                card[state.played[s] - 1] = 1.0
            played += card
            settled += [count[s] / 8, top[s] / 6, levels[s] / 20, bvp[s] / 50]
            held.append((kinds, sum(counts), count[s], top[s], f[b + F_ENEMY], state.slain[s],
                         gold))
        mid += points
        mid += front
        mid += fresh
        mid += info
        mid += known
        mid += played
        mid += settled

        # ---- awards
        awards = state.awards
        gone = state.removed
        rows: list[float] = []
        progress: list[float] = []
        for a, static in enumerate(tab.awards):
            is_open = a in awards
            rows += [float(is_open), float(not is_open and a not in gone)]
            rows += static
            cond, need = t.award_condition[a], t.award_count[a]
            progress += [min(h[cond] / need, 1.0) if is_open else 0.0 for h in held]
        mid += rows
        mid += progress

        # ---- action cards and resource cards off the fronts
        mid += _bits(state.field)
        unseen = state.aside
        for s in range(n):
            if s != seat:
                unseen |= state.secret[s]
        mid += _bits(unseen)
        mid += (len(state.deck) / 100, len(state.discard) / 100, len(BITS[state.aside]) / 2)
        pile = [0.0] * TYPES
        for k in state.discard:
            pile[k] += 0.1
        mid += pile
        pile = [0.0] * TYPES
        for k in state.deck:
            pile[k] += 0.1
        hand = state.hand
        for s in range(n):
            if s != seat:
                in_hand = hand[TYPES * s:TYPES * (s + 1)]
                for k in compress(RANGE, in_hand):
                    pile[k] += in_hand[k] / 10
        mid += pile
        mid += [c / 5 for c in state.market]
        pile = [0.0] * TYPES
        if state.bonus >= 0:
            pile[state.bonus] = 1.0
        mid += pile

        # ---- the compound choice in progress
        mid += self._resolving(state, rel)
        steal = [0.0] * (2 * n)
        for v in victims:
            steal[rel[v]] = 1.0
        if victims:
            steal[n + rel[victims[0]]] = 1.0
        mid += steal
        mid += (state.slays / 5 if phase == NIGHT else 0.0,)

        # ---- the settlements, in the table's order (the develop actions' j)
        width = tab.width
        built = state.settlements
        slots = [0.0] * (len(built) * width)
        for j, st in enumerate(built):
            at = j * width
            slots[at] = 1.0
            slots[at + 1 + st[KIND]] = 1.0  # a resource 0-3, or 4: mixed
            slots[at + 6] = st[LEVEL] / 6
            slots[at + 7] = st[SGOLD] / 6
            mask = st[MASK]
            for a in range(4):
                if mask >> a & 1:
                    slots[at + 8 + a] = 1.0
            slots[at + SLOT_F + rel[st[OWNER]]] = 1.0
        grid = np.zeros(tab.slots * width, dtype=np.float32)  # mostly empty: one conversion
        grid[:len(slots)] = slots
        parts.put_run(tab.middle, np.asarray(mid, dtype=np.float32))
        parts.put("settlements", grid)

    @staticmethod
    def _resolving(state: Any, rel: list[int]) -> list[float]:
        """The action card being resolved: whose, which, its step and what is left."""
        n = state.seats
        out = [0.0] * (n + RESOLVING)
        if state.cur < 0:
            return out
        out[rel[state.cur]] = 1.0
        out[n + state.card - 1] = 1.0
        steps = state.tables.steps[state.card]
        at = n + ACTION_CARDS
        out[at] = state.si / 8
        out[at + 1] = state.autos / 3
        if state.si >= len(steps):  # the card is done: its auto actions remain
            out[at + 2] = 1.0
            return out
        at += 3
        step = steps[state.si]
        out[at + step.kind] = 1.0
        at += len(E.STEPS)
        for i in range(4):
            if step.faces >> i & 1:
                out[at + i] = 1.0
        out[at + 4 + step.face] = 1.0
        at += 8
        amount = step.amounts[state.die - 1] + state.spent if state.die else 0
        out[at:at + 9] = (
            amount / 10, state.left / 10, state.spent / 3, step.boost / 3,
            float(state.boosted), float(step.one_target), float(step.keep),
            step.direction / 2, step.take / 5,
        )
        return out


def _bits(mask: int) -> list[float]:
    """Action cards 1-11 held in a bit mask, as eleven 0/1 numbers."""
    out = [0.0] * ACTION_CARDS
    for c in BITS[mask]:
        out[c - 1] = 1.0
    return out

