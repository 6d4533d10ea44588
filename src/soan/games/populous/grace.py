"""The grace phase (3:恩寵フェイズ): play one grace card for FP, a miracle at once, a
saint or holy site into the grace area, which holds a card per house on the map."""

from __future__ import annotations

from soan.engine.cards import take_cards
from soan.engine.core import Action
from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.codes import DISCARD, GRACE, grace_actions
from soan.games.populous.content import MIRACLE, seat_effects
from soan.games.populous.fields import Fields

RESUME_WAR, RESUME_LOSERS = range(2)  # where play goes on once a grace area fits again


class Grace(Fields):
    """The grace phase and the grace area, mixed into `PopulousState`."""

    __slots__ = ()

    def grace_cost(self, s: int, k: int) -> int:
        cost = self.tables.card_cost[k] - self.mods[s][E.GRACE_DISCOUNT]
        return cost if cost > 0 else 0

    def _playable(self, s: int) -> list[int]:
        """The kinds of grace card in `s`'s hand it can pay for (`grace_cost` inlined:
        every grace phase and its legal actions ask)."""
        fp, card_cost = self.fp[s], self.tables.card_cost
        discount = self.mods[s][E.GRACE_DISCOUNT]
        return [k for k in sorted(set(self.hands[s]))
                if (card_cost[k] - discount if card_cost[k] > discount else 0) <= fp]

    def idle_card(self, s: int, k: int) -> bool:
        """Playing grace card `k` now would only spend its FP: a saint or holy site when
        the grace area holds nothing (「ハウスの数だけ」: no house on the map, so it is
        discarded at once), a miracle none of whose effects has a target (VP per house
        with no house, Prosperity's VP with no piece on the map, cards with none to
        draw, a gain of 0)."""
        t = self.tables
        if t.card_kind[k] != MIRACLE:
            return self.capacity(s) == 0
        return all(self._idle_effect(s, effect, amount) for effect, amount in t.card_once[k])

    def _idle_effect(self, s: int, effect: int, amount: int) -> bool:
        if amount == 0:
            return True
        if effect == E.DRAW_CARDS:
            return not (self.deck or self.discard)
        if effect == E.PROSPERITY_SCORE:
            return self.presence_vp(s) == 0
        if effect == E.VP_PER_HOUSE:
            return self.capacity(s) == 0
        return False

    def _grace_phase(self) -> None:
        """Play a grace card if one in hand can be paid for (the kinds, worked out here,
        make the legal actions `State.legal` keeps)."""
        s = self.to_move = self.active
        if self.hands[s]:
            kinds = self._playable(s)
            if kinds:
                self.phase = GRACE
                self._legal = grace_actions(kinds)
                return
        self._war_check()

    def capacity(self, s: int) -> int:
        """The grace area holds as many cards as the seat has houses on the map."""
        return self.options.houses - self.houses[s]

    def _play_grace(self, s: int, action: Action) -> None:
        k = action[1]
        t = self.tables
        cost = self.grace_cost(s, k)
        self.fp[s] -= cost
        self.hands[s].remove(k)
        self._note(s, f"grace:{t.card_name[k]}")
        self.log.append(f"Seat {s + 1} plays {t.card_english[k]} for {cost} FP.")
        if t.card_kind[k] == MIRACLE:
            for effect, amount in t.card_once[k]:
                self._miracle(s, effect, amount)
            self.discard.append(k)
            self._war_check()
            return
        self.grace[s].append(k)
        self._refresh_mods(s)
        if len(self.grace[s]) > self.capacity(s):
            self.phase, self.resume = DISCARD, RESUME_WAR
        else:
            self._war_check()

    def _miracle(self, s: int, effect: int, amount: int) -> None:
        who = f"Seat {s + 1}"
        if effect == E.GAIN_FP:
            self.fp[s] += amount
            self.log.append(f"{who} gains {amount} FP.")
        elif effect == E.GAIN_FOOD:
            self.food[s] += amount
            self.log.append(f"{who} gains {amount} food.")
        elif effect == E.DRAW_CARDS:
            self.log.append(f"{who} draws {self._draw(s, amount)} grace card(s).")
        else:
            if effect == E.PROSPERITY_SCORE:
                amount *= self.presence_vp(s)
            elif effect == E.VP_PER_HOUSE:
                amount *= self.capacity(s)
            self._gain_vp(s, amount, scoring.GRACE)
            self.log.append(f"{who} gains {amount} VP.")

    def _discard(self, s: int, action: Action) -> None:
        k = action[1]
        self.grace[s].remove(k)
        self.discard.append(k)
        self._refresh_mods(s)
        self.log.append(f"Seat {s + 1} discards {self.tables.card_english[k]} from its grace area.")
        if len(self.grace[s]) > self.capacity(s):
            return
        if self.resume == RESUME_WAR:
            self._war_check()
        else:
            self._next_loser()

    def _refresh_mods(self, s: int) -> None:
        self.mods[s], self.free[s] = seat_effects(self.tables, self.race[s], tuple(self.grace[s]))

    def _draw(self, s: int, k: int) -> int:
        """Draw up to k grace cards, reshuffling the discards when the deck runs out."""
        got, reshuffled = take_cards(self.deck, self.discard, self.rng, k)
        if reshuffled:
            self.log.append("The grace discards are shuffled into a new deck.")
        self.hands[s].extend(got)
        return len(got)
