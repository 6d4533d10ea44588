"""The build phase and the end phase (4:建設フェイズ, 5:終了フェイズ and ◇決算): cities, forts
and temples, refill, dominance, cleanup and ascension, skill set and territory bonus,
and the final settlement (■ 最終決算)."""

from __future__ import annotations

from itertools import compress

from soan.engine.core import Action
from soan.engine.memo import Memo
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    ASCEND,
    ASCENSION,
    ASCENSION_SRC,
    BUILD,
    CELLS,
    CITIES_SRC,
    CITY,
    CITY_EVENTS,
    CITY_SITE,
    DONE,
    EMPTY,
    FORT,
    FORT_A,
    FORT_KEY,
    OVER,
    REBUILD,
    REVEAL,
    RUIN,
    SKILLS_SRC,
    TEMPLE,
    TEMPLE_A,
    TEMPLE_KEY,
    TERRITORY_SRC,
)
from soan.games.quovadis.effects import FOOD_R
from soan.games.quovadis.fields import Counts, Fields

# board_counts by (layout, fixed, workers, buildings, cubes); 4,096 kept, then it starts
# afresh (a few MB at most): positions come and go
_COUNTS: Memo[tuple, Counts] = Memo(1 << 12)


class Settlement(Fields):
    """The build and end phases, mixed into `QuoVadisState`."""

    __slots__ = ()

    # ---- 4: build phase ----------------------------------------------------------------------

    def _build_phase(self) -> None:
        """都市の建設 on a generation change (none if no site is left, Q12), then
        rebuilding, then forts and temples."""
        s = self.active
        self.phase, self.to_move = BUILD, s
        if self.changed and self.cities[s]:
            sites = self._city_sites(s)
            if len(sites) > 1:
                self.phase = CITY_SITE
                return
            if sites:
                self._build_city(s, sites[0])
            else:
                self.log.append(f"Seat {s + 1} has no worker on a free cell: no city is built.")
        self._after_city(s)

    def _build_city(self, s: int, c: int) -> None:
        self.wk[c * self.n + s] -= 1
        self.supply[s] += 1
        self.cities[s] -= 1
        self.bld[c] = s << 2 | CITY
        if self.options.dominance != "grow":
            self.cubes[c] = self.options.fixed_dominance
        self.log.append(f"Seat {s + 1} builds a city on cell {c}.")
        self._mark(s, CITY_EVENTS[self.options.cities - self.cities[s] - 1], self.round_no)

    def _after_city(self, s: int) -> None:
        n, wk, bld = self.n, self.wk, self.bld
        for c in self.cells_of(s << 2 | RUIN):
            if wk[c * n + s]:
                bld[c] = s << 2 | CITY
                wk[c * n + s] -= 1
                self.supply[s] += 1
                self._note(s, REBUILD)
                self.log.append(f"Seat {s + 1} rebuilds its city on cell {c}.")
        self.phase, self.to_move = BUILD, s
        if len(self._build_choices(s)) == 1:
            self._end_phase()

    def _build_choices(self, s: int) -> list[Action]:
        """A fort or temple needs two own workers on a cell without a building (Q12)."""
        acts: list[Action] = []
        forts, temples = self.forts[s], self.temples[s]
        if ((forts or temples) and self.res[4 * s + FOOD_R] >= self.options.building_food
                and max(column := self.wk[s::self.n]) >= 2):
            bld = self.bld
            for c in compress(CELLS, column):
                if column[c] >= 2 and bld[c] == EMPTY:
                    if forts:
                        acts.append(FORT_A[c])
                    if temples:
                        acts.append(TEMPLE_A[c])
        acts.append(DONE)
        return acts

    def _build(self, s: int, c: int, kind: int) -> None:
        self.wk[c * self.n + s] -= 1
        self.supply[s] += 1
        self.res[4 * s + FOOD_R] -= self.options.building_food
        self.bld[c] = s << 2 | kind
        if kind == FORT:
            self.forts[s] -= 1
            self._note(s, FORT_KEY)
        else:
            self.temples[s] -= 1
            self._note(s, TEMPLE_KEY)
        self.log.append(f"Seat {s + 1} builds a {'fort' if kind == FORT else 'temple'} on "
                        f"cell {c}.")
        if len(self._build_choices(s)) == 1:
            self._end_phase()

    # ---- 5: end phase ------------------------------------------------------------------------

    def _end_phase(self) -> None:
        """Refill the hand, dominance cubes on own face-up cities (with the notes'
        `creation_area` mode only those in the creation area), then cleanup (with the
        chance to ascend) and the settlement after a generation change."""
        s = self.active
        want = self.options.hand_size + self.mods[s][E.HAND_SIZE] - self.hand_size(s)
        if want > 0:
            got = self._draw(s, want)
            self.log.append(f"Seat {s + 1} draws {got} card(s).")
        mode = self.options.dominance
        if mode in ("grow", "creation_area"):
            bonus = self.mods[s][E.DOMINANCE_BONUS]
            area = self.board.tile_cells[self.area] if bonus or mode != "grow" else ()
            for c in self.cells_of(s << 2 | CITY):
                if c in area:  # the last proposal: 「創世エリアに自分のタウン…1個増える」
                    self.cubes[c] += 1 + bonus
                elif mode == "grow":
                    self.cubes[c] += 1
        temple = self.temple_cell(s)
        if temple >= 0 and self.wk[temple * self.n + s]:
            self.phase = ASCEND
            return
        self._cleanup(s)

    def cells_of(self, code: int) -> list[int]:
        """The cells holding building `code`, in order (found by the list's own search:
        a seat has few buildings on many cells)."""
        bld, out, c = self.bld, [], -1
        for _ in range(bld.count(code)):
            c = bld.index(code, c + 1)
            out.append(c)
        return out

    def temple_cell(self, s: int) -> int:
        code = s << 2 | TEMPLE
        return self.bld.index(code) if code in self.bld else -1

    def _ascend(self, s: int) -> None:
        c = self.temple_cell(s)
        self.wk[c * self.n + s] -= 1
        vp = self._ascend_one(s)
        self.log.append(f"Seat {s + 1}'s worker on its temple ascends: {vp} VP.")
        self._cleanup(s)

    def _ascend_one(self, s: int) -> int:
        """A worker leaves the game and scores the number of own workers gone so far."""
        self.ascended[s] += 1
        vp = self.ascended[s] + self.mods[s][E.ASCENSION_VP]
        self._score(s, vp, ASCENSION_SRC)
        self._note(s, ASCENSION)
        return vp

    def _cleanup(self, s: int) -> None:
        """ワーカー整理: at most one own worker per cell, none on a cell with an own
        building; only the active seat's own workers (Q13)."""
        if self.options.cleanup:
            n, wk, bld = self.n, self.wk, self.bld
            home = 0
            column = wk[s::n]
            for c in compress(CELLS, column):  # the cells with own workers
                k = column[c]
                code = bld[c]
                keep = 0 if code >= 0 and code >> 2 == s else 1
                if k > keep:
                    wk[c * n + s] = keep
                    home += k - keep
            if home:
                self.supply[s] += home
                self.log.append(f"Seat {s + 1} takes {home} worker(s) home in the cleanup.")
        if self.changed and self.hidden[s]:
            if len(self.hidden[s]) > 1:
                self.phase = REVEAL
                return
            self._reveal(s, self.hidden[s][0])
            return
        self._settle(s)

    def _reveal(self, s: int, k: int) -> None:
        """スキルセット: one face-down skill face up; it works from the end of this turn."""
        hidden = list(self.hidden[s])
        hidden.remove(k)
        self.hidden[s] = tuple(hidden)
        self.shown[s] = (*self.shown[s], k)
        self._note(s, self.tables.skill_key[k])
        t = self.tables
        self.log.append(f"Seat {s + 1} sets {t.skill_english[k]} ({t.skill_name[k]}): "
                        f"{t.skill_text[k]}.")
        self._settle(s)

    def _settle(self, s: int) -> None:
        """領土ボーナス: the closed generation's cards x majorities (4 x 5 = 20)."""
        if self.changed:
            majorities = self.majorities(s)
            per = self.prev_count + self.mods[s][E.TERRITORY_VP]
            vp = per * majorities
            self._score(s, vp, TERRITORY_SRC)
            self.log.append(f"Territory bonus: {self.prev_count} card(s) x {majorities} "
                            f"majorit{'y' if majorities == 1 else 'ies'}"
                            + (f" (+{per - self.prev_count} each)" if per != self.prev_count
                               else "") + f" = {vp} VP for seat {s + 1}.")
            self._refresh(s)  # the skill set this turn works from now on
        self._next_turn()

    def board_counts(self) -> Counts:
        """Every seat's majorities, face-up cities and `city_cubes`. Remembered by the
        world's tiles, workers, buildings and cubes: a search's one-step lookahead asks
        them of many positions where only cards or resources moved."""
        fixed = self.options.dominance == "fixed"
        key = (self.board.layout, fixed, tuple(self.wk), tuple(self.bld), tuple(self.cubes))
        found = _COUNTS.get(key)
        if found is None:
            found = _COUNTS.keep(key, self._count_board(fixed))
        return found

    def all_majorities(self) -> list[int]:
        """`majorities` of every seat."""
        return list(self.board_counts()[0])

    def _count_board(self, fixed: bool) -> Counts:
        """`board_counts` worked out: `majorities` of every seat read in one pass over the
        cells with workers and one over the buildings, which also counts face-up cities
        and `city_cubes`."""
        n, wk, bld, held = self.n, self.wk, self.bld, self.cubes
        tile = self.board.cell_tile
        once, twice = [0] * n, [0] * n  # per seat, a bit per tile
        for i in compress(range(len(wk)), wk):
            c, s = divmod(i, n)
            bit = 1 << tile[c]
            twice[s] |= once[s] & bit
            once[s] |= bit
        face_up, cubes = [0] * n, [0] * n
        for c in compress(CELLS, map(EMPTY.__ne__, bld)):
            code = bld[c]
            kind, s = code & 3, code >> 2
            if kind == CITY:
                twice[s] |= 1 << tile[c]
                face_up[s] += 1
                cubes[s] += held[c]
            elif kind == RUIN and not fixed:
                cubes[s] += held[c]
        return tuple(m.bit_count() for m in twice), tuple(face_up), tuple(cubes)

    def majorities(self, s: int) -> int:
        """Areas where `s` has workers on two or more cells or a face-up city (Q13): a
        bit per tile, read off the cells with own workers and own cities alone."""
        tile = self.board.cell_tile
        once = twice = 0
        for c in compress(CELLS, self.wk[s::self.n]):
            bit = 1 << tile[c]
            twice |= once & bit
            once |= bit
        for c in self.cells_of(s << 2 | CITY):
            twice |= 1 << tile[c]
        return twice.bit_count()

    def _next_turn(self) -> None:
        s = (self.active + 1) % self.n
        if s == self.start:
            if self.round_no == self.options.rounds:
                self._finish()
                return
            self.round_no += 1
        self.active = s
        self.turn_no += 1
        self._start_turn()

    def _finish(self) -> None:
        """最終決算: the cubes on cities (`dominance_vp` each: the notes' 「支配力は1個3VP」),
        then end-of-game skills."""
        self.phase, self.to_move = OVER, None
        self.area = -1
        for s in range(self.n):
            self._score(s, self.options.dominance_vp * self.city_cubes(s), CITIES_SRC)
            for k in self.shown[s]:
                vp = self.skill_vp(s, k)
                if vp:
                    self._note(s, self.tables.skill_key[k])
                    self._score(s, vp, SKILLS_SRC)
        totals = ", ".join(f"seat {s + 1}: {v}" for s, v in enumerate(self.vp))
        self.log.append(f"The game ends after round {self.round_no}. {totals}.")

