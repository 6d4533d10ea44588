"""Quo Vadis scoring: the final settlement, points by source, and the winner.

VP come from Prosperity (繁栄), territory bonuses, wars won (cubes of destroyed
cities), ascensions, and at the end the cubes on cities (支配力) and end-of-game
skills. Ties go to the first tied seat in turn order from the start player
(「スタートプレイヤーに時計回りで近い方が勝利」, Q14), so there is no draw.
"""

from __future__ import annotations

from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import CITY, EMPTY, FORT, RUIN, SOURCES, TEMPLE


class Scoring:
    """Points and the winner, mixed into `QuoVadisState`."""

    __slots__ = ()

    def scores(self) -> list[int]:
        return list(self.vp)

    def city_cubes(self, s: int) -> int:
        """The cubes on `s`'s cities; destroyed cities keep theirs (Q13), except with fixed
        dominance, where a city scores only once rebuilt (the notes)."""
        city, ruin = s << 2 | CITY, s << 2 | RUIN
        fixed = self.options.dominance == "fixed"
        return sum(self.cubes[c] for c, code in enumerate(self.bld)
                   if code == city or (code == ruin and not fixed))

    def count(self, s: int, what: int) -> int:
        """How many of a countable thing (`effects.COUNTABLE`) `s` has now."""
        name = E.COUNTABLE[what]
        n, bld, wk = self.n, self.bld, self.wk
        if name in ("city", "fort", "temple"):
            code = s << 2 | {"city": CITY, "fort": FORT, "temple": TEMPLE}[name]
            return bld.count(code)
        if name == "majority":
            return self.majorities(s)
        if name == "ascended":
            return self.ascended[s]
        if name == "generation":
            return len(self.gens[s])
        if name == "largest_generation":
            return max((c for c, _ in self.gens[s]), default=0)
        if name == "worker":
            return sum(wk[c * n + s] for c in range(len(bld)))
        if name == "area":
            return sum(
                1 for cells in self.board.tile_cells
                if any(wk[c * n + s] or (bld[c] != EMPTY and bld[c] >> 2 == s) for c in cells)
            )
        if name == "war_won":
            return self.wars_won[s]
        return self.res[4 * s + E.RESOURCES.index(name)]

    def skill_vp(self, s: int, k: int) -> int:
        """What skill `k`'s end-of-game effects are worth to `s` now."""
        return sum(amount * (self.count(s, what) // every)
                   for what, amount, every in self.tables.skill_end[k])

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
