"""The war phase (3:戦争フェイズ): contested cells, strength, morale, dice and the result."""

from __future__ import annotations

from soan.engine.core import Action
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    CITY,
    DONE,
    FORT,
    KEEP,
    KEEP_A,
    MORALE,
    RUIN,
    WAR,
    WAR_DRAW,
    WAR_KEPT,
    WAR_LOST,
    WAR_SRC,
    WAR_UPHILL,
    WAR_UPHILL_WON,
    WAR_WON,
)
from soan.games.quovadis.effects import FOOD_R, MORALE_R, WRATH_R
from soan.games.quovadis.fields import Fields


class War(Fields):
    """The war phase, mixed into `QuoVadisState`."""

    __slots__ = ()

    # ---- 3: war ---------------------------------------------------------------------------------

    def owners(self, c: int) -> int:
        """Bit mask of the seats with a face-up piece on `c` (a destroyed city is none)."""
        n, wk = self.n, self.wk
        mask = 0
        base = c * n
        for p in range(n):
            if wk[base + p]:
                mask |= 1 << p
        code = self.bld[c]
        if code >= 0 and code & 3 != RUIN:
            mask |= 1 << (code >> 2)
        return mask

    def contested_cells(self) -> tuple[int, ...]:
        """係争マス: cells of the area with face-up pieces of two or more seats (Q11):
        workers of two seats, or of one beside another seat's face-up building."""
        n, wk, bld = self.n, self.wk, self.bld
        out = []
        for c in self.board.tile_cells[self.area]:
            row = wk[c * n:c * n + n]
            seats = n - row.count(0)
            if seats >= 2:
                out.append(c)
            elif seats:
                code = bld[c]
                if code >= 0 and code & 3 != RUIN and not row[code >> 2]:
                    out.append(c)
        return tuple(out)

    def _war(self) -> None:
        contested = self.contested_cells()
        if not contested:
            self._build_phase()
            return
        mask = 0
        for c in contested:
            mask |= self.owners(c)
        n, a = self.n, self.active
        self.sides = tuple(p for p in ((a + k) % n for k in range(n)) if mask >> p & 1)
        self.contested = contested
        self.decl = [0] * n
        self.decl_pos = 0
        for p in self.sides:
            self._note(p, WAR)
        cells = ", ".join(map(str, contested))
        who = ", ".join(f"seat {p + 1}" for p in self.sides)
        self.log.append(f"War over cell(s) {cells}: {who}.")
        self._next_declarer()

    def _next_declarer(self) -> None:
        """Morale is declared once each, from the active seat clockwise (Q5)."""
        sides = self.sides
        while self.decl_pos < len(sides):
            p = sides[self.decl_pos]
            if self.res[4 * p + MORALE_R]:
                self.phase, self.to_move = MORALE, p
                return
            self.decl_pos += 1
        self._resolve_war()

    def _declare(self, p: int, k: int) -> None:
        self.res[4 * p + MORALE_R] -= k
        self.decl[p] = k
        self.log.append(f"Seat {p + 1} spends {k} morale on the war.")
        self.decl_pos += 1
        self._next_declarer()

    def strength(self, p: int) -> int:
        """Own workers and face-up buildings on the contested cells and every cell next
        to one (each once), before morale and dice (Q5, Q11)."""
        return self.strength_at(p, self.contested)

    def strength_at(self, p: int, contested: tuple[int, ...]) -> int:
        """`p`'s strength in a war over `contested` (the lab also asks it of struck cells)."""
        n, wk, bld = self.n, self.wk, self.bld
        adjacent = self.board.adjacent
        if len(contested) == 1:  # the usual war: one cell and its neighbours, each once
            c = contested[0]
            cells: tuple[int, ...] | set[int] = (c, *adjacent[c])
        else:
            cells = set(contested)
            for c in contested:
                cells.update(adjacent[c])
        total = 0
        city_bonus = 1 + self.mods[p][E.CITY_STRENGTH]
        for c in cells:
            total += wk[c * n + p]
            code = bld[c]
            if code >= 0 and code >> 2 == p:
                kind = code & 3
                if kind != RUIN:
                    total += city_bonus if kind == CITY else 1
        return total + self.mods[p][E.WAR_STRENGTH]

    def war_dice(self, p: int) -> tuple[int, int]:
        """(sides, dice) of `p`'s roll: d8 where a contested cell is its home terrain,
        else d6; a fort on a contested cell (and war_dice skills) add dice, best kept."""
        return self.war_dice_at(p, self.contested)

    def war_dice_at(self, p: int, contested: tuple[int, ...]) -> tuple[int, int]:
        """`war_dice` in a war over `contested` (the evaluation asks it of a war to come)."""
        opts, bld, terr = self.options, self.bld, self.terr
        home = self.tables.race_home[self.race[p]]
        fort = p << 2 | FORT
        sides, with_fort = opts.die, 0
        for c in contested:
            if terr[c] == home:
                sides = opts.aptitude_die
            if bld[c] == fort:
                with_fort = 1
        return sides, 1 + with_fort + self.mods[p][E.WAR_DICE]

    def _resolve_war(self) -> None:
        totals, words, base = [], [], []  # by side, in the order of `sides`
        die = self.rng.die
        at, contested, decl = self.sides, self.contested, self.decl
        for p in at:
            sides, dice = self.war_dice_at(p, contested)
            roll = die(sides) if dice == 1 else max(die(sides) for _ in range(dice))
            strength = self.strength_at(p, contested)
            base.append(strength)
            total = strength + decl[p] + roll
            totals.append(total)
            words.append(f"seat {p + 1} {total} (d{sides}"
                         + (f" best of {dice}" if dice > 1 else "") + f": {roll})")
        best = max(totals)
        top = [p for p, total in zip(at, totals, strict=True) if total == best]
        winner = top[0] if len(top) == 1 else -1
        losers = [p for p, total in zip(at, totals, strict=True) if total < best]
        outcome = (f"seat {winner + 1} wins" if winner >= 0 else
                   "a draw at the top between " + ", ".join(f"seat {p + 1}" for p in top))
        self.log.append(f"War: {'; '.join(words)}; {outcome}.")
        for p in self.sides:
            self._note(p, WAR_WON if p == winner else WAR_DRAW if p in top else WAR_LOST)
        a = self.active
        if a in at and base[at.index(a)] < max(base):  # QP9: attacking the stronger side
            self._note(a, WAR_UPHILL)
            if a == winner:
                self._note(a, WAR_UPHILL_WON)
        returned = sum(self._lose(p) for p in losers)
        if winner >= 0 and any(self.options.war_attrition):
            self._attrite(winner, self.options.war_attrition[0])
        if winner >= 0:
            self.wars_won[winner] += 1
            got = self.gain(winner, MORALE_R, self.options.war_win_morale)
            vp = returned + self.mods[winner][E.WAR_WIN_VP]
            if vp:
                self._score(winner, vp, WAR_SRC)
            self.log.append(f"Seat {winner + 1} gains {got} morale and {vp} VP.")
        elif returned:
            self.log.append(f"Nobody scores the {returned} cube(s) returned: there is no winner.")
        self.losers = []
        if self.options.war_loser == "keep" and not any(self.options.war_attrition):
            self.kept = [0] * len(self.contested)
            for p in losers:
                if len(self._keep_choices(p)) > 1:
                    self.losers.append(p)
                else:
                    self._release(p)
        self._next_keeper()

    def _lose(self, p: int) -> int:
        """The loser's workers leave the contested cells (home, or ascending, or waiting
        to be kept for food, by option), its forts and temples go home, its cities turn
        face down and lose half their cubes; it gains wrath. Returns the cubes returned."""
        opts, n, wk, bld = self.options, self.n, self.wk, self.bld
        got = self.gain(p, WRATH_R, opts.war_loss_wrath)
        gains = self.mods[p][E.LOSS_GAIN:E.LOSS_GAIN + 4]
        if any(gains):
            for r, amount in enumerate(gains):
                if amount:
                    self.gain(p, r, amount)
        returned = 0
        attrition = opts.war_attrition[1] if any(opts.war_attrition) else -1
        if attrition >= 0:
            self._attrite(p, attrition, opts.war_loser == "ascend")
        for c in self.contested:
            k = wk[c * n + p]
            if k and opts.war_loser != "keep" and attrition < 0:
                wk[c * n + p] = 0
                if opts.war_loser == "ascend":
                    for _ in range(k):
                        self._ascend_one(p)
                else:
                    self.supply[p] += k
            code = bld[c]
            if code >= 0 and code >> 2 == p:
                kind = code & 3
                if kind == CITY:
                    returned += self._city_lost(c)
                elif kind != RUIN:
                    self._return_building(c)
        leave = "its pieces leave the contested cells; " if attrition < 0 else ""
        self.log.append(f"Seat {p + 1} loses: {leave}it gains {got} wrath.")
        return returned

    def _city_lost(self, c: int) -> int:
        """A city on a contested cell loses the war; returns the cubes the winner scores.
        As written it turns face down and half its cubes go (the winner scores those);
        with fixed dominance the winner scores them all and the city keeps all but one;
        with attrition (「4回殴られないと破壊されない」) the winner scores the one cube it
        loses, and it turns face down only when none is left."""
        mode, before = self.options.dominance, self.cubes[c]
        if mode == "attrition":
            if before:
                self.cubes[c] -= 1
            if not self.cubes[c]:
                self.bld[c] = self.bld[c] & ~3 | RUIN
            return before - self.cubes[c]
        self.bld[c] = self.bld[c] & ~3 | RUIN
        kept = self._halve(c)
        return before if mode == "fixed" else before - kept

    def _attrite(self, p: int, k: int, ascend: bool = False) -> None:
        """The notes' war attrition (「勝ったらワーカー1減衰。負けたらワーカー2減衰。」): `p`
        takes up to `k` workers home from the contested cells, each from the cell where
        it has most (the first such cell on a tie); a loser's ascend as `war_loser` says."""
        n, wk = self.n, self.wk
        gone = 0
        for _ in range(k):
            c = max(self.contested, key=lambda c: wk[c * n + p])
            if not wk[c * n + p]:
                break
            wk[c * n + p] -= 1
            gone += 1
            if ascend:
                self._ascend_one(p)
            else:
                self.supply[p] += 1
        if gone:
            self.log.append(f"Seat {p + 1} takes {gone} worker(s) off the contested cells.")

    def _keep_choices(self, p: int) -> list[Action]:
        """Variant: the loser pays food, worker by worker, to keep it on the cell."""
        n, wk = self.n, self.wk
        acts: list[Action] = []
        if self.res[4 * p + FOOD_R] >= self.options.keep_food:
            for i, c in enumerate(self.contested):
                if wk[c * n + p] > self.kept[i]:
                    acts.append(KEEP_A[c])
        acts.append(DONE)
        return acts

    def _next_keeper(self) -> None:
        if self.losers:
            self.phase, self.to_move = KEEP, self.losers[0]
            self.kept = [0] * len(self.contested)
        else:
            self.kept = []
            self.to_move = self.active
            self._build_phase()

    def _keep(self, p: int, c: int) -> None:
        self.res[4 * p + FOOD_R] -= self.options.keep_food
        self.kept[self.contested.index(c)] += 1
        self._note(p, WAR_KEPT)
        self.log.append(f"Seat {p + 1} pays {self.options.keep_food} food to keep a worker on "
                        f"cell {c}.")
        if len(self._keep_choices(p)) == 1:
            self._release(self.losers.pop(0))
            self._next_keeper()

    def _release(self, p: int) -> None:
        """The loser's workers not kept go home."""
        n, wk = self.n, self.wk
        for i, c in enumerate(self.contested):
            gone = wk[c * n + p] - self.kept[i]
            wk[c * n + p] -= gone
            self.supply[p] += gone

