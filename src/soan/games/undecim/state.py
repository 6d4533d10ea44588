"""Undecim draft 14: the rules, as a state and its transitions.

Setup deals the action cards, the resource cards and the awards, then the
mulligan. Each of 5 rounds: the moon die takes time counters off the red moon,
each seat takes a bonus resource, everyone picks an action card face down; the
red-text cards resolve first, then the others, each by number and each followed
by its seat's auto action (one settle or develop); then the replenishment from
the field, the red moon night when the counters are gone, and the round end
(land bonus, awards, hands refilled). See `rules.md` beside this file for the
rules in English with every ruling.

The state holds setup, the moves of cards and the contract; the phases are mixins
beside it: `choices` (the legal actions), `resolution` (the action phase), `rounds`
(round start and end, the night) and `view` (what a seat may know). `fields` says
what each piece of data holds. Words and pictures for people are the presenter's
(`presentation`), the bots' judgement the evaluator's (`evaluation`).
"""

from __future__ import annotations

from typing import Any

from soan.engine.cards import take_cards
from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.games.undecim import scoring
from soan.games.undecim.choices import Choices, hand_plays
from soan.games.undecim.codes import (
    ACTION_PHASE,
    AUTO,
    BITS,
    BONUS,
    BOOST,
    BOOST_KEY,
    DIE,
    F_ENEMY,
    F_FIEF,
    F_GOLD,
    F_LAND,
    F_LANDK,
    F_RES,
    F_RESK,
    FIEF_KEY,
    FRESH,
    FRONT,
    GIVE,
    MARKET,
    MOON,
    MULLIGAN,
    MULLIGAN_KEY,
    NIGHT,
    NSOURCES,
    PICK,
    PLAY,
    REPLENISH,
    TAKE,
    TARGET,
    W,
)
from soan.games.undecim.content import EG, TYPES, Tables
from soan.games.undecim.effects import LAND, RESOURCE
from soan.games.undecim.options import Options
from soan.games.undecim.resolution import Resolution
from soan.games.undecim.rounds import Rounds
from soan.games.undecim.view import Views
from soan.games.undecim.words import card_words, placed_lines

_NO_CARDS = (0,) * TYPES
_PLACING = frozenset((PLAY, MARKET, BONUS))  # the phases that put a card into a front


class UndecimState(Choices, Resolution, Rounds, Views, State):
    """A game of Undecim: its data (`Fields`) in slots, its phases from the mixins."""

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
        "placed",
        "played",
        "pts",
        "queue",
        "removed",
        "rolled",
        "round_no",
        "second",
        "secret",
        "settlements",
        "si",
        "slain",
        "slays",
        "spent",
        "tables",
        "victims",
    )

    # ---- setup -------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options, content: Any, tables: Tables) -> None:
        """「ゲームの準備」: the red moon, action cards, resource cards, awards; then the
        mulligan from the start player (U11), or the first round."""
        self._init_base(seats, seed, options, content)
        self.tables = tables
        self.placed = placed_lines(tables, seats)
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
        self.second = [0] * seats
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
            + ", ".join([card_words(tables, n) for n in BITS[self.field]])
            + (". Two action cards stay face down this round." if self.aside else ".")
        )
        self.log.append(
            "Awards: " + ", ".join([
                f"{tables.award_name[a]} ({tables.award_text[a]})" for a in self.awards]) + "."
        )
        if options.mulligan:
            self.phase, self.to_move = MULLIGAN, self.first_player
        else:
            self._start_round()

    # ---- the contract ------------------------------------------------------------------

    def no_effect(self, action: Action) -> bool:
        """Time counters put on a full red moon or taken off an empty one, and the moon
        die set to the value it shows (with its counters where they are): the choice
        changes nothing."""
        phase = self.phase
        if phase == MOON:
            n = action[1]
            return n == 0 or self.counters == (self.options.moon_counters if n > 0 else 0)
        if phase == DIE:
            value = action[1]
            if value != self.die:
                return False
            if not self._step().recount:
                return True
            back = self.counters + self.rolled
            rolled = min(value, back)
            counters = min(back - rolled, self.options.moon_counters)
            return rolled == self.rolled and counters == self.counters
        return False

    @property
    def first_player(self) -> int:
        """Seat 1 is the start player and stays so all game (U13, UD1)."""
        return 0

    def turn(self) -> int:
        return self.round_no

    def copy(self) -> UndecimState:
        o = UndecimState.__new__(UndecimState)
        self._copy_base(o)
        o.tables, o.placed = self.tables, self.placed
        o.hands, o.secret = self.hands.copy(), self.secret.copy()
        o.field, o.aside = self.field, self.aside
        o.deck, o.discard = self.deck.copy(), self.discard.copy()
        o.hand, o.hsize = self.hand.copy(), self.hsize.copy()
        o.awards, o.removed = self.awards.copy(), self.removed.copy()
        o.front, o.fresh = self.front.copy(), self.fresh.copy()
        o.settlements = self.settlements.copy()  # tuples: replaced, never changed
        o.pts, o.slain = self.pts.copy(), self.slain.copy()
        o.picks, o.second, o.played = self.picks.copy(), self.second.copy(), self.played.copy()
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
        pool, hand = o.deck, o.hand  # the copy's own lists
        for s in others:
            base = TYPES * s
            for t, count in enumerate(hand[base:base + TYPES]):
                if count:
                    pool += [t] * count
            hand[base:base + TYPES] = _NO_CARDS
        pool.sort()  # so the deal depends on what `seat` knows, not on the real one
        rng.shuffle(pool)
        for s in others:
            base = TYPES * s
            for _ in range(o.hsize[s]):
                hand[base + pool.pop()] += 1
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

    # ---- transitions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        s: int  # a seat: actions come in only while the game goes on
        kind, phase, s = action[0], self.phase, self.to_move  # type: ignore[assignment]
        if phase in _PLACING:
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
            self._note(s, self.tables.card_key[action[1]])
            nxt = s + 1
            if nxt < self.seats:
                self._offer(PICK, nxt, hand_plays(self.hands[nxt]))
            else:
                self._reveal()
        elif phase == REPLENISH:
            c = action[1]
            self.hands[s] |= 1 << c
            self.field &= ~(1 << c)
            self.log.append(f"Seat {s + 1} takes {card_words(self.tables, c)} into its hand.")
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
                t = self.tables
                self.log.append(
                    f"Seat {s + 1} swaps {card_words(t, give)} for {card_words(t, take)}."
                )
            else:
                self.log.append(f"Seat {s + 1} keeps its action cards.")
            if s + 1 < self.seats:
                self.to_move = s + 1
            else:
                self._start_round()

    # ---- cards -------------------------------------------------------------------------

    def _take(self, k: int) -> list[int]:
        """Up to k cards from the deck; an empty deck takes in the discards (U13). A deck
        that holds them all gives its last k in one slice, as `take_cards` would pop them."""
        deck = self.deck
        rest = len(deck) - k
        if rest >= 0:
            got = deck[rest:]
            got.reverse()
            del deck[rest:]
            return got
        got, reshuffled = take_cards(deck, self.discard, self.rng, k)
        if reshuffled:
            self.log.append("The discards are shuffled into a new deck.")
        return got

    def _draw(self, s: int, k: int) -> None:
        got, hand, base = self._take(k), self.hand, TYPES * s
        for t in got:
            hand[base + t] += 1
        self.hsize[s] += len(got)

    def _to_front(self, s: int, t: int, face: int) -> int:
        """A card enters a seat's front; in the action phase it is protected (U13).
        Returns its front index."""
        f, b = self.front, W * s
        i = FRONT[face][t]
        f[b + i] += 1
        if face == LAND:
            f[b + F_LANDK + (t >> 2)] += 1
        elif face == RESOURCE:
            f[b + F_RESK + (t & 3)] += 1
        if self.phase in ACTION_PHASE:
            self.fresh[FRESH * s + i] += 1
        if face == LAND and self.options.fief:
            self._fief(s)  # after the card counts as fresh: the fief takes older lands first
        return i

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
        return scoring.totals(self)

    def _winners(self) -> list[int]:
        return self._best(self.scores())

    def _best(self, totals: list[int]) -> list[int]:
        """The most VP; 「複数いたら、最終ラウンドにアクション番号のより小さい…方が優先」."""
        best = max(totals)
        tied = [s for s, v in enumerate(totals) if v == best]
        if len(tied) > 1 and self.options.tie_break:
            return [min(tied, key=lambda s: self.played[s])]
        return tied
