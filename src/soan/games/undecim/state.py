"""Undecim draft 14: the rules, as a state and its transitions.

Setup deals the action cards, the resource cards and the awards, then the
mulligan. Each of 5 rounds: the moon die takes time counters off the red moon,
each seat takes a bonus resource, everyone picks an action card face down; the
red-text cards resolve first, then the others, each by number and each followed
by its seat's auto action (one settle or develop); then the replenishment from
the field, the red moon night when the counters are gone, and the round end
(land bonus, awards, hands refilled). See `rules.md` beside this file for the
rules in English with every ruling.

Resource cards of one pairing are alike, so the state keeps counts of each card
type (16 land-and-resource pairings and the enemy-and-gold card) in each place:
deck, discard pile, hands, fronts (by the face shown) and settlements.
"""

from __future__ import annotations

from typing import Any

from soan.engine.cards import take_cards
from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.games.undecim import effects as E
from soan.games.undecim import evaluation, presentation, scoring
from soan.games.undecim.codes import (
    ACTION_PHASE,
    AUTO,
    BITS,
    BONUS,
    BOOST,
    CARDS,
    DIE,
    F_ENEMY,
    F_FIEF,
    F_GOLD,
    F_LAND,
    F_LANDK,
    F_RES,
    F_RESK,
    FRESH,
    GIVE,
    KIND,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    MOON,
    MULLIGAN,
    NIGHT,
    NSOURCES,
    OVER,
    OWNER,
    P_AWARDS,
    P_CARDS,
    P_ENEMIES,
    P_LANDS,
    P_ORDER,
    PICK,
    PLAY,
    REPLENISH,
    SGOLD,
    TAKE,
    TARGET,
    W,
    front_index,
)
from soan.games.undecim.content import EG, RESOURCES, TYPES, Tables
from soan.games.undecim.options import Options

# Rule branches the lab counts, beside card:, award: (content items by name).
NIGHT_KEY, NIGHT_WON = "night", "night:enemies won"
LAND_KEY, LAND_SET = "land bonus", "land bonus:set"
SETTLE_KEY, DEVELOP_KEY, GOLD_KEY, BOOST_KEY = "settle", "develop", "gold", "gold:boost"
ENEMY_KEY, MULLIGAN_KEY, FIEF_KEY, TIE_KEY = "enemy", "mulligan", "fief", "tie-break"
BRANCHES = (NIGHT_KEY, NIGHT_WON, ENEMY_KEY, LAND_KEY, LAND_SET, SETTLE_KEY, DEVELOP_KEY,
            GOLD_KEY, BOOST_KEY, MULLIGAN_KEY, TIE_KEY)

_LAND = tuple(("land", t) for t in range(16))
_RES = tuple(("resource", t) for t in range(16))
ENEMY_ACT: Action = ("enemy",)
GOLD_ACT: Action = ("gold",)
_PLAY = tuple(("play", n) for n in range(12))
_PICK = tuple(("pick", n) for n in range(12))
_SWAP = tuple(tuple(("swap", g, t) for t in range(12)) for g in range(12))
_TARGET = tuple(("target", v) for v in range(8))
_TAKE = tuple(("take", k) for k in range(4))
_GIVE = tuple(("give", k) for k in range(4))
_DIE = tuple(("die", v) for v in range(7))
_SETTLE2 = tuple(tuple(("settle", a, b) for b in range(4)) for a in range(4))
_SETTLE3 = tuple(("settle", a, a, a) for a in range(4))
_DEVELOP = tuple(tuple(("develop", j, f) for f in range(5)) for j in range(64))
DONE: Action = ("done",)
SLAY: Action = ("slay",)
SPEND: Action = ("spend",)


def _develop(j: int, f: int) -> Action:
    return _DEVELOP[j][f] if j < 64 else ("develop", j, f)


class UndecimState(State):
    __slots__ = (
        "aside",
        "autos",
        "awards",
        "bonus",
        "boosted",
        "card",
        "counters",
        "cur",
        "deck",
        "die",
        "discard",
        "field",
        "fresh",
        "front",
        "hand",
        "hands",
        "hsize",
        "left",
        "market",
        "most",
        "night",
        "phase",
        "picks",
        "played",
        "pts",
        "queue",
        "removed",
        "rolled",
        "round_no",
        "secret",
        "settlements",
        "si",
        "slain",
        "slays",
        "spent",
        "tables",
        "victims",
    )

    tables: Tables

    # ---- setup -------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options, content: Any, tables: Tables) -> None:
        """「ゲームの準備」: the red moon, action cards, resource cards, awards; then the
        mulligan from the start player (U11), or the first round."""
        self._init_base(seats, seed, options, content)
        self.tables = tables
        rng = self.rng
        self.counters = options.moon_counters
        numbers = list(range(1, 12))
        rng.shuffle(numbers)
        self.hands = [(1 << numbers[2 * s]) | (1 << numbers[2 * s + 1]) for s in range(seats)]
        self.secret = list(self.hands)  # dealt cards are known only to their holder
        rest = numbers[2 * seats:]
        self.field = sum(1 << n for n in rest[:3])
        self.aside = sum(1 << n for n in rest[3:])  # 3 players: 2 of the 5 stay face down
        deck = list(tables.deck)
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.hand = [0] * (TYPES * seats)
        self.hsize = [0] * seats
        for s in range(seats):
            self._draw(s, options.hand_size)
        base = list(range(tables.base_awards))
        rng.shuffle(base)
        self.awards = sorted(base[:2]) + list(range(tables.base_awards, len(tables.award_name)))
        self.removed = sorted(base[2:])
        self.front = [0] * (W * seats)
        self.fresh = [0] * (FRESH * seats)
        self.settlements = []
        self.pts = [0] * (NSOURCES * seats)
        self.slain = [0] * seats
        self.picks = [0] * seats
        self.played = [0] * seats
        self.round_no = 0
        self.die = self.rolled = 0
        self.night = False
        self.queue, self.victims = [], []
        self.market = [0] * TYPES
        self.cur = self.card = self.si = self.left = self.autos = -1
        self.spent = self.slays = self.most = 0
        self.boosted = False
        self.bonus = -1
        self.log.append(
            f"The red moon holds {self.counters} time counters. Face up in the field: "
            + ", ".join(self._card_words(n) for n in BITS[self.field])
            + (". Two action cards stay face down this round." if self.aside else ".")
        )
        self.log.append(
            "Awards: " + ", ".join(
                f"{tables.award_name[a]} ({tables.award_text[a]})" for a in self.awards) + "."
        )
        if options.mulligan:
            self.phase, self.to_move = MULLIGAN, self.first_player
        else:
            self._start_round()

    # ---- the contract ------------------------------------------------------------------

    @property
    def first_player(self) -> int:
        """Seat 1 is the start player and stays so all game (U13, UD1)."""
        return 0

    def turn(self) -> int:
        return self.round_no

    def copy(self) -> UndecimState:
        o = UndecimState.__new__(UndecimState)
        self._copy_base(o)
        o.tables = self.tables
        o.hands, o.secret = self.hands.copy(), self.secret.copy()
        o.field, o.aside = self.field, self.aside
        o.deck, o.discard = self.deck.copy(), self.discard.copy()
        o.hand, o.hsize = self.hand.copy(), self.hsize.copy()
        o.awards, o.removed = self.awards.copy(), self.removed.copy()
        o.front, o.fresh = self.front.copy(), self.fresh.copy()
        o.settlements = self.settlements.copy()  # tuples: replaced, never changed
        o.pts, o.slain = self.pts.copy(), self.slain.copy()
        o.picks, o.played = self.picks.copy(), self.played.copy()
        o.queue, o.victims = self.queue.copy(), self.victims.copy()
        o.market = self.market.copy()
        o.counters, o.die, o.rolled, o.night, o.round_no = (
            self.counters, self.die, self.rolled, self.night, self.round_no)
        o.phase, o.cur, o.card, o.si, o.left, o.autos = (
            self.phase, self.cur, self.card, self.si, self.left, self.autos)
        o.spent, o.slays, o.most, o.boosted, o.bonus = (
            self.spent, self.slays, self.most, self.boosted, self.bonus)
        return o

    def redeal(self, seat: int, rng: Rng) -> UndecimState:
        """Deal anew what `seat` cannot see: the deck order and the other hands of
        resource cards, the other seats' action cards nobody has seen (and the face-down
        ones with 3 players), other seats' hidden picks, and the removed awards."""
        o = self.copy()
        n = self.seats
        others = [s for s in range(n) if s != seat]
        pool = list(o.deck)
        for s in others:
            base = TYPES * s
            for t in range(TYPES):
                pool.extend([t] * o.hand[base + t])
                o.hand[base + t] = 0
        pool.sort()  # so the deal depends on what `seat` knows, not on the real one
        rng.shuffle(pool)
        for s in others:
            base = TYPES * s
            for _ in range(o.hsize[s]):
                o.hand[base + pool.pop()] += 1
        o.deck = pool
        unseen = o.aside
        for s in others:
            unseen |= o.secret[s]
        cards = list(BITS[unseen])
        rng.shuffle(cards)
        for s in others:
            k = len(BITS[o.secret[s]])
            dealt = sum(1 << c for c in cards[:k])
            del cards[:k]
            o.hands[s] = (o.hands[s] & ~o.secret[s]) | dealt
            o.secret[s] = dealt
        o.aside = sum(1 << c for c in cards)
        if o.phase == PICK:
            for s in others:
                if o.picks[s]:
                    o.picks[s] = rng.choice(BITS[o.hands[s]])
        rng.shuffle(o.removed)
        o.removed.sort()
        o._forget_past(rng)
        return o

    # ---- legal actions -----------------------------------------------------------------

    def _legal_actions(self) -> list[Action] | tuple[Action, ...]:
        phase, s = self.phase, self.to_move
        if phase == PICK:
            return [_PLAY[c] for c in BITS[self.hands[s]]]
        if phase == PLAY:
            return self._card_choices(self.hand, TYPES * s, self._faces())
        if phase == AUTO:
            return self.build_options(s)
        if phase == BONUS:
            t = self.bonus
            return (ENEMY_ACT, GOLD_ACT) if t == EG else (_LAND[t], _RES[t])
        if phase == REPLENISH:
            return [_PICK[c] for c in BITS[self.field & ~(1 << self.played[s])]]
        if phase == MARKET:
            return self._card_choices(self.market, 0, self._faces())
        if phase == NIGHT:
            return (SLAY, DONE)
        if phase == BOOST:
            return (SPEND, DONE)
        if phase == TAKE:
            return [_TAKE[k] for k in self._stealable(self.victims[0])]
        if phase == GIVE:
            return [_GIVE[k] for k in self._stealable(s)]
        if phase == TARGET:
            return [_TARGET[v] for v in self.victims]
        if phase == MOON:
            n = self._step().amounts[self.die - 1]
            return (("moon", n), ("moon", -n))
        if phase == DIE:
            values = self._step().values
            return [_DIE[v] for v in range(1, 7) if values >> v & 1]
        if phase == MULLIGAN:
            acts = [_SWAP[g][t] for g in BITS[self.hands[s]] for t in BITS[self.field]]
            acts.append(DONE)
            return acts
        return ()

    def _step(self) -> E.Step:
        return self.tables.steps[self.card][self.si]

    def _faces(self) -> int:
        return self._step().faces

    @staticmethod
    def _card_choices(counts: list[int], base: int, faces: int) -> list[Action]:
        """Each card type present in `counts`, once per face it may show."""
        acts = []
        land, res = faces & 1, faces & 2
        if land or res:
            for t in range(16):
                if counts[base + t]:
                    if land:
                        acts.append(_LAND[t])
                    if res:
                        acts.append(_RES[t])
        if counts[base + EG]:
            if faces & 4:
                acts.append(ENEMY_ACT)
            if faces & 8:
                acts.append(GOLD_ACT)
        return acts

    def build_options(self, s: int) -> list[Action]:
        """The auto action's choices (「入植か発展を1回」): found a settlement of 2-3 of one
        resource or 2 different ones, or develop one of your settlements by one card of
        its resource (same-kind), a resource not yet in it (mixed), or gold (U6, U10);
        or do neither."""
        f = self.front
        b = W * s + F_RESK
        r = f[b:b + 4]
        acts: list[Action] = []
        for a in range(4):
            if r[a]:
                if r[a] >= 2:
                    acts.append(_SETTLE2[a][a])
                    if r[a] >= 3:
                        acts.append(_SETTLE3[a])
                for c in range(a + 1, 4):
                    if r[c]:
                        acts.append(_SETTLE2[a][c])
        gold = f[W * s + F_GOLD]
        for j, st in enumerate(self.settlements):
            if st[OWNER] != s:
                continue
            kind = st[KIND]
            if kind == MIXED:
                mask = st[MASK]
                for a in range(4):
                    if r[a] and not mask >> a & 1:
                        acts.append(_develop(j, a))
            elif r[kind]:
                acts.append(_develop(j, kind))
            if gold:
                acts.append(_develop(j, 4))
        if acts:
            acts.append(DONE)
        return acts

    def _stealable(self, v: int) -> list[int]:
        """The kinds a steal step may take from seat `v`: cards of its face that did not
        enter `v`'s front this action phase (U13); fief lands are apart."""
        face = self._step().face
        f, fr = self.front, self.fresh
        b, fb = W * v, FRESH * v
        if face >= E.ENEMY:
            i = F_ENEMY if face == E.ENEMY else F_GOLD
            return [0] if f[b + i] > fr[fb + i] else []
        out = []
        for k in range(4):
            for t in self._types_of(face, k):
                i = front_index(t, face)
                if f[b + i] > fr[fb + i]:
                    out.append(k)
                    break
        return out

    @staticmethod
    def _types_of(face: int, k: int) -> range:
        """The card types whose `face` (land or resource) is of kind `k`."""
        return range(4 * k, 4 * k + 4) if face == E.LAND else range(k, 16, 4)

    # ---- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        kind, phase, s = action[0], self.phase, self.to_move
        if phase in (PLAY, MARKET, BONUS):
            self._place(s, action)
        elif phase == AUTO:
            if kind == "done":
                self.autos = 0
            else:
                self._build(s, action)
                self.autos -= 1
            self._auto()
        elif phase == PICK:
            self.picks[s] = action[1]
            self._note(s, f"card:{self.tables.card_name[action[1]]}")
            nxt = s + 1
            if nxt < self.seats:
                self.to_move = nxt
            else:
                self._reveal()
        elif phase == REPLENISH:
            c = action[1]
            self.hands[s] |= 1 << c
            self.field &= ~(1 << c)
            self.log.append(f"Seat {s + 1} takes {self._card_words(c)} into its hand.")
            self._next_replenish()
        elif phase == NIGHT:
            self._night_choice(s, kind == "slay")
        elif phase == BOOST:
            if kind == "spend":
                self._lose(s, F_GOLD)
                self.discard.append(EG)
                self.spent += 1
                self._note(s, BOOST_KEY)
                self.log.append(f"Seat {s + 1} spends a gold (+{self.spent}).")
            if kind == "done" or not self.front[W * s + F_GOLD] or self.spent >= self._step().boost:
                self.boosted = True
            self._advance()
        elif phase in (TAKE, GIVE):
            self._steal_one(self.victims[0], action[1])
        elif phase == TARGET:
            self.victims = [action[1]]
            self._next_victim()
        elif phase == MOON:
            self._moon(action[1])
            self._next_step()
            self._advance()
        elif phase == DIE:
            self._set_die(action[1])
            self._next_step()
            self._advance()
        else:  # MULLIGAN
            if kind == "swap":
                give, take = action[1], action[2]
                swap = (1 << give) | (1 << take)
                self.hands[s] ^= swap
                self.field ^= swap
                self.secret[s] &= ~(1 << give)
                self._note(s, MULLIGAN_KEY)
                self.log.append(
                    f"Seat {s + 1} swaps {self._card_words(give)} for {self._card_words(take)}."
                )
            else:
                self.log.append(f"Seat {s + 1} keeps its action cards.")
            if s + 1 < self.seats:
                self.to_move = s + 1
            else:
                self._start_round()

    # ---- rounds ------------------------------------------------------------------------

    def _start_round(self) -> None:
        """「ラウンド開始」: the start player rolls the moon die and that many counters come
        off (as many as there are); each seat takes a bonus resource (U9)."""
        self.round_no += 1
        self.die = die = self.rng.die()
        self.rolled = min(die, self.counters)
        self.counters -= self.rolled
        self.night = False
        self.fresh = [0] * (FRESH * self.seats)
        self.log.append(
            f"Round {self.round_no}: the moon die shows {die}; {self.rolled} time counter(s) "
            f"come off the red moon ({self.counters} left)."
        )
        self.queue = list(range(self.seats))
        self._next_bonus()

    def _next_bonus(self) -> None:
        while self.queue:
            s = self.queue.pop(0)
            got = self._take(1)
            if got:
                self.bonus, self.phase, self.to_move = got[0], BONUS, s
                return
        self.bonus = -1
        self.picks = [0] * self.seats
        self.phase, self.to_move = PICK, self.first_player

    def _reveal(self) -> None:
        """「全員出したら一斉公開」: red-text cards resolve first, then the others, each
        kind by number (U4)."""
        t = self.tables
        picks = self.picks
        for s in range(self.seats):
            c = picks[s]
            self.hands[s] &= ~(1 << c)
            self.secret[s] &= ~(1 << c)
            self.played[s] = c
        self.log.append(
            "Action cards: "
            + ", ".join(f"seat {s + 1} {self._card_words(picks[s])}" for s in range(self.seats))
            + "."
        )
        self.queue = sorted(range(self.seats), key=lambda s: (not t.card_red[picks[s]], picks[s]))
        self._next_resolver()

    def _next_resolver(self) -> None:
        if not self.queue:
            self.cur = self.card = -1
            for c in self.played:  # played cards join the 【場】 (U5)
                self.field |= 1 << c
            if self.round_no < self.options.rounds:
                self.queue = sorted(range(self.seats), key=lambda s: self.played[s])
                self._next_replenish()
            else:
                self._night()
            return
        s = self.queue.pop(0)
        self.cur, self.card, self.si, self.autos = s, self.picks[s], 0, 1
        self.spent, self.boosted = 0, False
        self._advance()

    def _next_step(self) -> None:
        self.si += 1
        self.spent, self.boosted = 0, False

    def _advance(self) -> None:
        """Run the current card's steps until one needs a choice; then the auto action."""
        steps = self.tables.steps[self.card]
        s = self.cur
        while self.si < len(steps):
            step = steps[self.si]
            if step.boost and not self.boosted:
                if self.front[W * s + F_GOLD]:
                    self.phase, self.to_move = BOOST, s
                    return
                self.boosted = True
            if self._enter(s, step, step.amounts[self.die - 1] + self.spent):
                return
            self._next_step()
        self._auto()

    def _enter(self, s: int, step: E.Step, n: int) -> bool:
        """Start a step; True when it waits for a choice."""
        kind = step.kind
        if kind == E.PLAY:
            self.left = n
            if n and self._card_choices(self.hand, TYPES * s, step.faces):
                self.phase, self.to_move = PLAY, s
                return True
        elif kind == E.DRAW:
            self._draw(s, n)
            if n:
                self.log.append(f"Seat {s + 1} draws {n} card(s).")
        elif kind == E.MARKET:
            shown = self._take(n)
            for t in shown:
                self.market[t] += 1
            self.left = min(step.take, len(shown))
            if shown:
                self.log.append(
                    f"Seat {s + 1} reveals {', '.join(self._type_words(t) for t in shown)}."
                )
            if self.left and self._card_choices(self.market, 0, step.faces):
                self.phase, self.to_move = MARKET, s
                return True
            self._clear_market()
        elif kind == E.STEAL:
            others = [(s + k) % self.seats for k in range(1, self.seats)]
            if n == 0:
                return False
            self.left = n
            if step.one_target:
                self.victims = [v for v in others if self._stealable(v)]
                if self.victims:
                    self.phase, self.to_move = TARGET, s
                    return True
                return False
            self.victims = others
            return self._next_victim(advance=False)
        elif kind == E.MOON:
            if step.direction == E.CHOOSE:
                self.phase, self.to_move = MOON, s
                return True
            self._moon(n if step.direction == E.ADD else -n)
        elif kind == E.SET_DIE:
            self.phase, self.to_move = DIE, s
            return True
        elif kind == E.BUILD:
            self.autos += n
        else:
            per = scoring.held(self, s, step.per) if step.per else 1
            self.pts[NSOURCES * s + P_CARDS] += n * per
            if n * per:
                self.log.append(f"Seat {s + 1} scores {n * per} VP from its action card.")
        return False

    def _place(self, s: int, action: Action) -> None:
        """A card goes into the front with the face chosen (「上下好きな方を選ぶ」): from
        the hand, the market or the bonus draw."""
        kind = action[0]
        t = action[1] if len(action) > 1 else EG
        face = ("land", "resource", "enemy", "gold").index(kind)
        phase = self.phase
        if phase == PLAY:
            self.hand[TYPES * s + t] -= 1
            self.hsize[s] -= 1
        elif phase == MARKET:
            self.market[t] -= 1
        self._to_front(s, t, face)
        self.log.append(
            f"Seat {s + 1} puts {self._type_words(t)} into its front as {self._face_words(t, face)}"
            + (" (bonus resource)." if phase == BONUS else ".")
        )
        if phase == BONUS:
            self._note(s, f"bonus:{E.FACES[face]}")
            self._next_bonus()
            return
        self.left -= 1
        step = self._step()
        if phase == PLAY:
            if self.left and self._card_choices(self.hand, TYPES * s, step.faces):
                return
        else:
            if self.left and self._card_choices(self.market, 0, step.faces):
                return
            self._clear_market()
        self._next_step()
        self._advance()

    def _clear_market(self) -> None:
        market = self.market
        for t in range(TYPES):
            if market[t]:
                self.discard.extend([t] * market[t])
                market[t] = 0

    def _amount(self) -> int:
        """The current step's number: by the moon die, plus gold spent on it."""
        return self._step().amounts[self.die - 1] + self.spent

    def _next_victim(self, advance: bool = True) -> bool:
        """Take from the next victim that has something to take; True when a choice waits
        (the taker's, or the giver's under the variant giver_chooses)."""
        while self.victims:
            v = self.victims[0]
            if self.left and self._stealable(v):
                if self.options.giver_chooses:
                    self.phase, self.to_move = GIVE, v
                else:
                    self.phase, self.to_move = TAKE, self.cur
                return True
            self.victims.pop(0)
            self.left = self._amount()
        if advance:
            self._next_step()
            self._advance()
        return False

    def _steal_one(self, v: int, k: int) -> None:
        s, step = self.cur, self._step()
        face = step.face
        f, fr = self.front, self.fresh
        if face >= E.ENEMY:
            i, t = (F_ENEMY if face == E.ENEMY else F_GOLD), EG
        else:
            b, fb = W * v, FRESH * v
            t = next(t for t in self._types_of(face, k)
                     if f[b + front_index(t, face)] > fr[fb + front_index(t, face)])
            i = front_index(t, face)
        self._unfront(v, i)
        if step.keep:
            self._to_front(s, t, face)
            where = f"takes {self._face_words(t, face)} from seat {v + 1}"
        else:
            self.discard.append(t)
            where = f"makes seat {v + 1} discard {self._face_words(t, face)}"
        self.log.append(f"Seat {s + 1} {where}.")
        self.left -= 1
        self._next_victim()

    def _moon(self, delta: int) -> None:
        """「タイムカウンターを指定数だけ乗せるか、取り除きます」: never above the cap (U12),
        never below none."""
        before = self.counters
        self.counters = min(max(before + delta, 0), self.options.moon_counters)
        verb = "put on" if delta > 0 else "taken off"
        self.log.append(
            f"{abs(self.counters - before)} time counter(s) {verb} the red moon "
            f"({self.counters} left)."
        )

    def _set_die(self, value: int) -> None:
        step = self._step()
        self.log.append(f"Seat {self.cur + 1} sets the moon die to {value}.")
        if step.recount:
            back = self.counters + self.rolled
            self.rolled = min(value, back)
            self.counters = min(back - self.rolled, self.options.moon_counters)
            self.log.append(f"The time counters follow: {self.counters} left.")
        self.die = value

    # ---- the auto action ---------------------------------------------------------------

    def _auto(self) -> None:
        """「オートアクション」 after the seat's own action: settle or develop once (more
        with a build step), if it can."""
        s = self.cur
        if self.autos > 0 and self.build_options(s):
            self.phase, self.to_move = AUTO, s
            return
        self._next_resolver()

    def _build(self, s: int, action: Action) -> None:
        if action[0] == "settle":
            kinds = action[1:]
            cards = tuple(self._spend_resource(s, a) for a in kinds)
            mixed = len(kinds) == 2 and kinds[0] != kinds[1]
            mask = sum(1 << a for a in set(kinds))
            self.settlements.append((s, MIXED if mixed else kinds[0], mask, len(kinds), 0, cards))
            self._note(s, SETTLE_KEY)
            what = " + ".join(RESOURCES[a] for a in kinds)
            self.log.append(f"Seat {s + 1} settles with {what} (level {len(kinds)}).")
            return
        j, a = action[1], action[2]
        st = self.settlements[j]
        if a == 4:
            self._lose(s, F_GOLD)
            new = (s, st[KIND], st[MASK], st[LEVEL] + 1, st[SGOLD] + 1, st[CARDS])
            self._note(s, GOLD_KEY)
            what = "a gold"
        else:
            t = self._spend_resource(s, a)
            new = (s, st[KIND], st[MASK] | 1 << a, st[LEVEL] + 1, st[SGOLD], (*st[CARDS], t))
            self._note(s, DEVELOP_KEY)
            what = RESOURCES[a]
        self.settlements[j] = new
        self.log.append(f"Seat {s + 1} develops a settlement with {what} (level {new[LEVEL]}).")

    def _spend_resource(self, s: int, a: int) -> int:
        """Take one resource of kind `a` from the seat's front; returns its card type."""
        f, b = self.front, W * s
        for t in range(a, 16, 4):
            if f[b + F_RES + t]:
                self._lose(s, F_RES + t)
                return t
        raise AssertionError("no such resource in front")

    # ---- action replenishment ----------------------------------------------------------

    def _next_replenish(self) -> None:
        """「アクション番号の小さいプレイヤーから順に…1枚選び」 (not in the last round)."""
        if self.queue:
            self.phase, self.to_move = REPLENISH, self.queue.pop(0)
            return
        self._night()

    # ---- the red moon night ------------------------------------------------------------

    def _night(self) -> None:
        """「赤い月の夜」 when every counter is gone: the seats with the most enemies are
        fixed first (U12); each seat in turn may discard one enemy for 4 VP, those with
        the most as many as they like for 4, 5, 6…; then 10 counters go back."""
        if self.counters:
            self._end_round()
            return
        self.night = True
        n = self.seats
        enemies = [self.front[W * s + F_ENEMY] for s in range(n)]
        top = max(enemies)
        self.most = sum(1 << s for s in range(n) if top and enemies[s] == top)
        for s in range(n):
            self._note(s, NIGHT_KEY)
            if self.most >> s & 1:
                self._note(s, NIGHT_WON)
        self.log.append(
            "The red moon night falls!"
            + (f" Most enemies ({top}): " + ", ".join(
                f"seat {s + 1}" for s in range(n) if self.most >> s & 1) + "." if top else "")
        )
        self.queue = [s for s in range(n) if enemies[s]]
        self._next_night()

    def _next_night(self) -> None:
        if self.queue:
            self.phase, self.to_move, self.slays = NIGHT, self.queue.pop(0), 0
            return
        self.counters = self.options.moon_counters
        self.log.append(f"{self.counters} time counters go back on the red moon.")
        self._end_round()

    def _night_choice(self, s: int, slay: bool) -> None:
        if slay:
            vp = self.options.enemy_vp + self.slays
            self._lose(s, F_ENEMY)
            self.discard.append(EG)
            self.slays += 1
            self.slain[s] += 1
            self.pts[NSOURCES * s + P_ENEMIES] += vp
            self._note(s, ENEMY_KEY)
            self.log.append(f"Seat {s + 1} discards an enemy for {vp} VP.")
            more = self.most >> s & 1 and self.front[W * s + F_ENEMY]
            if more:
                return
        self._next_night()

    # ---- round end ---------------------------------------------------------------------

    def _end_round(self) -> None:
        """「ラウンド終了」: land bonus (doubled on a night), awards (halved when shared,
        U7), hands back to 5, and with 3 players a new face-up field."""
        n, opts, t = self.seats, self.options, self.tables
        gains = []
        for s in range(n):
            bonus, full = scoring.land_bonus(self, s)
            if self.night:
                bonus *= opts.night_land_multiplier
            gains.append(bonus)
            if bonus:
                self.pts[NSOURCES * s + P_LANDS] += bonus
                self._note(s, LAND_KEY)
                if full:
                    self._note(s, LAND_SET)
        self.log.append(
            "Land bonus" + (" (doubled by the night)" if self.night else "") + ": "
            + ", ".join(f"seat {s + 1} {gains[s]}" for s in range(n)) + "."
        )
        for a in list(self.awards):
            winners = [s for s in range(n) if scoring.meets(self, s, a)]
            if not winners:
                continue
            vp = t.award_vp[a] // 2 if len(winners) > 1 else t.award_vp[a]  # half, however many
            for s in winners:
                self.pts[NSOURCES * s + P_AWARDS] += vp
                self._note(s, f"award:{t.award_name[a]}")
            self.awards.remove(a)
            self.log.append(
                f"Award {t.award_name[a]} ({t.award_english[a]}): "
                + ", ".join(f"seat {s + 1}" for s in winners) + f" score {vp} VP each."
            )
        if self.round_no >= opts.rounds:
            self._end_game()
            return
        for s in range(n):
            self._draw(s, opts.hand_size - self.hsize[s])
        if self.aside:
            cards = list(BITS[self.field | self.aside])
            self.rng.shuffle(cards)
            self.field = sum(1 << c for c in cards[:3])
            self.aside = sum(1 << c for c in cards[3:])
            self.log.append(
                "The field shows " + ", ".join(self._card_words(c) for c in BITS[self.field]) + "."
            )
        self._start_round()

    def _end_game(self) -> None:
        """「精算」: buildings and gold; the final-order bonus under that variant."""
        first, second = self.options.final_order_bonus
        if first or second:
            ranked = sorted(range(self.seats), key=lambda s: self.played[s])
            for s, vp in zip(ranked, (first, second), strict=False):
                self.pts[NSOURCES * s + P_ORDER] += vp
        self.phase, self.to_move = OVER, None
        winners = self._winners()
        if len(winners) == 1 and self._tied():
            self._note(winners[0], TIE_KEY)
        self.log.append(
            "The game ends. "
            + "; ".join(f"seat {s + 1}: {v}" for s, v in enumerate(self.scores())) + "."
        )

    # ---- cards -------------------------------------------------------------------------

    def _take(self, k: int) -> list[int]:
        """Up to k cards from the deck; an empty deck takes in the discards (U13)."""
        got, reshuffled = take_cards(self.deck, self.discard, self.rng, k)
        if reshuffled:
            self.log.append("The discards are shuffled into a new deck.")
        return got

    def _draw(self, s: int, k: int) -> None:
        base = TYPES * s
        for t in self._take(k):
            self.hand[base + t] += 1
            self.hsize[s] += 1

    def _to_front(self, s: int, t: int, face: int) -> None:
        """A card enters a seat's front; in the action phase it is protected (U13)."""
        f, b = self.front, W * s
        i = front_index(t, face)
        f[b + i] += 1
        if face == E.LAND:
            f[b + F_LANDK + (t >> 2)] += 1
        elif face == E.RESOURCE:
            f[b + F_RESK + (t & 3)] += 1
        if self.phase in ACTION_PHASE:
            self.fresh[FRESH * s + i] += 1
        if face == E.LAND and self.options.fief:
            self._fief(s)

    def _unfront(self, s: int, i: int) -> None:
        """Remove an unprotected card from front index `i` (it is being taken)."""
        f, b = self.front, W * s
        f[b + i] -= 1
        if i < F_RES:
            f[b + F_LANDK + (i >> 2)] -= 1
        elif i < F_ENEMY:
            f[b + F_RESK + ((i - F_RES) & 3)] -= 1

    def _lose(self, s: int, i: int) -> None:
        """The seat uses a card of front index `i`: an old one first, so the cards it
        keeps stay protected."""
        f, fr = self.front, self.fresh
        if f[W * s + i] <= fr[FRESH * s + i]:
            fr[FRESH * s + i] -= 1
        self._unfront(s, i)

    def _fief(self, s: int) -> None:
        """Variant 版図: one land of each kind becomes a fief (UD11)."""
        f, b = self.front, W * s
        while all(f[b + F_LANDK + k] for k in range(4)):
            for k in range(4):
                t = next(t for t in range(4 * k, 4 * k + 4) if f[b + F_LAND + t])
                self._lose(s, F_LAND + t)
                f[b + F_FIEF + t] += 1
            self._note(s, FIEF_KEY)
            self.log.append(f"Seat {s + 1} makes a fief of four lands.")

    # ---- results -----------------------------------------------------------------------

    def breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def scores(self) -> list[int]:
        return [sum(b.values()) for b in scoring.breakdown(self)]

    def _tied(self) -> bool:
        totals = self.scores()
        return totals.count(max(totals)) > 1

    def _winners(self) -> list[int]:
        """The most VP; 「複数いたら、最終ラウンドにアクション番号のより小さい…方が優先」."""
        totals = self.scores()
        best = max(totals)
        tied = [s for s, v in enumerate(totals) if v == best]
        if len(tied) > 1 and self.options.tie_break:
            return [min(tied, key=lambda s: self.played[s])]
        return tied

    def evaluate(self) -> list[float]:
        return evaluation.evaluate(self)

    # ---- what people see ---------------------------------------------------------------

    def uses(self, action: Action) -> tuple[str, ...]:
        return presentation.uses(self, action)

    def action_kind(self, action: Action) -> str:
        return presentation.action_kind(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return presentation.view(self, seat)

    def render(self, seat: int | None = None) -> str:
        return presentation.render(self.view(seat))

    def label(self, action: Action) -> str:
        return presentation.label(self, action)

    def _card_words(self, c: int) -> str:
        return presentation.card_words(self.tables, c)

    def _type_words(self, t: int) -> str:
        return presentation.type_words(self.tables, t)

    def _face_words(self, t: int, face: int) -> str:
        return presentation.face_words(self.tables, t, face)
