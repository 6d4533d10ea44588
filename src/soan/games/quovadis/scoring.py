"""Quo Vadis scoring: the final settlement, points by source, and the winner.

VP come from Prosperity (繁栄), territory bonuses, wars won (cubes of destroyed
cities), ascensions, and at the end the cubes on cities (支配力) and end-of-game
skills. Ties go to the first tied seat in turn order from the start player
(「スタートプレイヤーに時計回りで近い方が勝利」, Q14), so there is no draw.
"""

from __future__ import annotations

from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import CITY, EMPTY, FORT, SOURCES, TEMPLE
from soan.games.quovadis.fields import Fields

_BUILDING_KIND = (CITY, FORT, TEMPLE)  # by the first three of `effects.COUNTABLE`


class Scoring(Fields):
    """Points and the winner, mixed into `QuoVadisState`."""

    __slots__ = ()

    def scores(self) -> list[int]:
        return list(self.vp)

    def city_cubes(self, s: int) -> int:
        """The cubes on `s`'s cities; destroyed cities keep theirs (Q13), except with fixed
        dominance, where a city scores only once rebuilt (the notes)."""
        return self.board_counts()[2][s]

    def count(self, s: int, what: int, majorities: int = -1) -> int:
        """How many of a countable thing (`effects.COUNTABLE`) `s` has now; a caller that
        has `s`'s majorities already passes them."""
        if what <= E.COUNT_TEMPLE:
            return self.bld.count(s << 2 | _BUILDING_KIND[what])
        if what == E.COUNT_MAJORITY:
            return majorities if majorities >= 0 else self.majorities(s)
        if what == E.COUNT_ASCENDED:
            return self.ascended[s]
        if what == E.COUNT_GENERATION:
            return len(self.gens[s])
        if what == E.COUNT_LARGEST:
            return max((c for c, _ in self.gens[s]), default=0)
        n, bld, wk = self.n, self.bld, self.wk
        if what == E.COUNT_WORKER:
            return sum(wk[s::n])
        if what == E.COUNT_AREA:
            return sum(
                1 for cells in self.board.tile_cells
                if any(wk[c * n + s] or (bld[c] != EMPTY and bld[c] >> 2 == s) for c in cells)
            )
        if what == E.COUNT_WAR_WON:
            return self.wars_won[s]
        return self.res[4 * s + what - E.COUNT_MORALE]

    def skill_vp(self, s: int, k: int, majorities: int = -1) -> int:
        """What skill `k`'s end-of-game effects are worth to `s` now (`majorities` as in
        `count`)."""
        total = 0
        for what, amount, every in self.tables.skill_end[k]:
            total += amount * (self.count(s, what, majorities) // every)
        return total

    def breakdown(self) -> list[dict[str, int]]:
        """Each seat's VP by source; they add up to its score."""
        k = len(SOURCES)
        return [dict(zip(SOURCES, self.src[k * s:k * s + k], strict=True)) for s in range(self.n)]

    def _winners(self) -> list[int]:
        """The highest VP; tied, the first of them in turn order from the start player."""
        best = max(self.vp)
        n = self.n
        for k in range(n):
            s = (self.start + k) % n
            if self.vp[s] == best:
                return [s]
        return []
