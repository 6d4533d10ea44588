"""The war phase (4:戦争フェイズ) and the end phase (5:エンドフェイズ)."""

from __future__ import annotations

from soan.engine.core import Action
from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.board import ALL_DOWN
from soan.games.populous.codes import BID, DISCARD, EMPTY, NEUTRAL, OVER, RETURN, VANDAL
from soan.games.populous.fields import Fields
from soan.games.populous.grace import RESUME_LOSERS

WAR, WAR_WON, WAR_LOST, WAR_VANDALS_WON = "war", "war:won", "war:lost", "war:vandals won"
# a war with another seat (vandals aside): 「他のプレイヤーと干渉しない」 is measured by it
WAR_SEATS = "war:seats"


class War(Fields):
    """The war phase and the end of a turn, mixed into `PopulousState`."""

    __slots__ = ()

    def _war_check(self) -> None:
        """戦争フェイズ: the area is full and more than one owner (vandals count) is in it."""
        codes = self.area_codes()
        if EMPTY in codes or len({c >> 1 for c in codes}) < 2:
            self._end_turn()
            return
        n, a = self.seats, self.active
        owners = {c >> 1 for c in codes}
        self.bidders = tuple(s for s in ((a + k) % n for k in range(n)) if s in owners)
        self.bids = [0] * n
        self.bid_pos, self.bid_added = 0, False
        sides = [f"seat {s + 1}" for s in self.bidders]
        if NEUTRAL in owners:
            sides.append("the vandals")
        where = self.board.pair_names[self.area]
        self.log.append(f"War breaks out in {where}: {', '.join(sides)}.")
        self._next_bidder()

    def _can_bid(self, s: int) -> bool:
        return self.food[s] >= 1 and self.bids[s] < self._pieces(s)

    def _pieces(self, s: int) -> int:
        codes = self.area_codes()
        return codes.count(s << 1) + codes.count(s << 1 | 1)

    def _next_bidder(self) -> None:
        """Bidding goes round from the active seat until a full round adds nothing."""
        bidders = self.bidders
        while True:
            while self.bid_pos < len(bidders):
                s = bidders[self.bid_pos]
                if self._can_bid(s):
                    self.phase, self.to_move = BID, s
                    return
                self.bid_pos += 1
            if not self.bid_added:
                self._resolve_war()
                return
            self.bid_pos, self.bid_added = 0, False

    def _bid(self, s: int, action: Action) -> None:
        self.food[s] -= 1
        self.bids[s] += 1
        self.bid_added = True
        if not self._can_bid(s):
            self.bid_pos += 1
            self._next_bidder()

    def _strength(self, s: int, worker_value: int, house_value: int, limit: int = 99) -> int:
        """The value of `s`'s `limit` strongest pieces in the area."""
        values = [house_value if c & 1 else worker_value for c in self.area_codes() if c >> 1 == s]
        values.sort(reverse=True)
        return sum(values[:limit])

    def war_strength(self, s: int) -> int:
        """`s`'s war value before its die: the pieces its food committed, strongest
        first, plus its war bonus."""
        opts = self.options
        committed = self._strength(s, opts.worker_strength, opts.house_strength, self.bids[s])
        return committed + self.mods[s][E.WAR_STRENGTH]

    def vandal_strength(self) -> int:
        """The vandals' war value before the highest die: all of them fight, free."""
        return self.area_codes().count(VANDAL) * self.options.worker_strength

    def _resolve_war(self) -> None:
        opts, rng = self.options, self.rng
        values, words = {}, []
        dice = []
        for s in self.bidders:
            die = rng.die(opts.war_die)
            dice.append(die)
            values[s] = self.war_strength(s) + die
            words.append(f"seat {s + 1} pays {self.bids[s]} food, rolls {die}: {values[s]}")
        vandals = self.area_codes().count(VANDAL)
        if vandals:
            values[NEUTRAL] = self.vandal_strength() + max(dice)
            words.append(f"the vandals {values[NEUTRAL]}")
        best = max(values.values())
        top = [s for s, v in values.items() if v == best]
        winner = top[0] if len(top) == 1 else -1
        outcome = ("a tie at the top: everyone loses" if winner < 0 else
                   "the vandals win" if winner == NEUTRAL else f"seat {winner + 1} wins")
        self.log.append(f"War: {'; '.join(words)}; {outcome}.")
        for s in self.bidders:
            self._note(s, WAR)
            if len(self.bidders) > 1:
                self._note(s, WAR_SEATS)
            self._note(s, WAR_WON if s == winner else
                       WAR_VANDALS_WON if winner == NEUTRAL else WAR_LOST)
        if 0 <= winner < NEUTRAL:
            gain = self.presence_vp(winner) + self.mods[winner][E.WAR_WIN_VP]
            self._gain_vp(winner, gain, scoring.WAR)
            self.log.append(f"Seat {winner + 1} scores {gain} VP for the war.")
        self.losers = [s for s in self.bidders if s != winner]
        if vandals and winner != NEUTRAL:
            self.losers.append(NEUTRAL)
        self._next_loser()

    def _next_loser(self) -> None:
        if self.losers:
            self.phase = RETURN
            self.to_move = self.active if self.losers[0] == NEUTRAL else self.losers[0]
        else:
            self._end_turn()

    def _return(self, mover: int, action: Action) -> None:
        """The loser (`mover`, or the active seat for the vandals) returns the piece on
        the action's cell."""
        c = action[1]
        code = self.occ[c]
        self.occ[c] = EMPTY
        self.losers.pop(0)
        if code == VANDAL:
            self.vandals -= 1
            self.log.append(f"The vandal on {self.board.cell_names[c]} goes back to the stock.")
            self._next_loser()
            return
        s = code >> 1
        gain = self.options.war_loss_fp + self.mods[s][E.WAR_LOSS_FP]
        self.fp[s] += gain
        if code & 1:
            self.houses[s] += 1
            self.log.append(f"Seat {s + 1} returns its house from {self.board.cell_names[c]} "
                            f"and gains {gain} FP.")
            if len(self.grace[s]) > self.capacity(s):
                self.phase, self.to_move, self.resume = DISCARD, s, RESUME_LOSERS
                return
        else:
            self.workers[s] += 1
            self.log.append(f"Seat {s + 1} returns its worker from {self.board.cell_names[c]} "
                            f"and gains {gain} FP.")
        self._next_loser()

    # ---- the end phase -----------------------------------------------------------------

    def _upkeep(self, s: int) -> None:
        """Option `upkeep_workers` k: 「一定ワーカー数に対して一定食料が必要」 and 「不足分
        だけFPが減る」: 1 food per k of the seat's workers on the map (houses need none:
        「ワーカーが減るので、維持コストが減る」), each food short costs 1 FP (not below 0)."""
        due = (self.options.workers - self.workers[s]) // self.options.upkeep_workers
        if not due:
            return
        paid = min(due, self.food[s])
        lost = min(due - paid, self.fp[s])
        self.food[s] -= paid
        self.fp[s] -= lost
        self.log.append(f"Seat {s + 1} feeds its workers: {paid} food"
                        + (f", {lost} FP lost for the food short." if lost else "."))

    def _end_turn(self) -> None:
        s, n = self.active, self.seats
        if self.options.upkeep_workers:
            self._upkeep(s)
        if self.options.genesis_hand:
            self.down[s] = 0  # the mask is the fixed 【創世記】's; the hand refills instead
            self._refill_genesis(s)
        elif self.down[s] == ALL_DOWN:
            self.down[s] = 0
            self.log.append(f"All of seat {s + 1}'s genesis cards are down: they rise again.")
        if not self.ending:
            vp, fp, end = self.vp, self.fp, self.options.end_score
            reached = [t for t in range(n) if vp[t] + fp[t] >= end]
            if reached:
                self.ending = True
                who = ", ".join(f"seat {t + 1}" for t in reached)
                self.log.append(f"{who} reached {self.options.end_score}: the round is played out.")
        if self.ending and (s + 1) % n == self.start:
            self.phase, self.to_move = OVER, None
            self._note_shared_areas()
            totals = ", ".join(f"seat {t + 1}: {v}" for t, v in enumerate(self.scores()))
            self.log.append(f"The game ends. {totals}.")
            return
        self.active = (s + 1) % n
        self.turn_no += 1
        self._start_turn()
