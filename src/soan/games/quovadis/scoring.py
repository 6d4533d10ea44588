"""Quo Vadis scoring: the final settlement, points by source, and the winner.

VP come from Prosperity (繁栄), territory bonuses, wars won (cubes of destroyed
cities), ascensions, and at the end the cubes on cities (支配力) and end-of-game
skills. Ties go to the first tied seat in turn order from the start player
(「スタートプレイヤーに時計回りで近い方が勝利」, Q14), so there is no draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import CITY, EMPTY, FORT, RUIN, SOURCES, TEMPLE

if TYPE_CHECKING:
    from soan.games.quovadis.state import QuoVadisState


def city_cubes(state: QuoVadisState, s: int) -> int:
    """The cubes on `s`'s cities; destroyed cities keep theirs (Q13), except with fixed
    dominance, where a city scores only once rebuilt (the notes)."""
    city, ruin = s << 2 | CITY, s << 2 | RUIN
    fixed = state.options.dominance == "fixed"
    return sum(state.cubes[c] for c, code in enumerate(state.bld)
               if code == city or (code == ruin and not fixed))


def count(state: QuoVadisState, s: int, what: int) -> int:
    """How many of a countable thing (`effects.COUNTABLE`) `s` has now."""
    name = E.COUNTABLE[what]
    n, bld, wk = state.n, state.bld, state.wk
    if name in ("city", "fort", "temple"):
        code = s << 2 | {"city": CITY, "fort": FORT, "temple": TEMPLE}[name]
        return bld.count(code)
    if name == "majority":
        return state.majorities(s)
    if name == "ascended":
        return state.ascended[s]
    if name == "generation":
        return len(state.gens[s])
    if name == "largest_generation":
        return max((c for c, _ in state.gens[s]), default=0)
    if name == "worker":
        return sum(wk[c * n + s] for c in range(len(bld)))
    if name == "area":
        return sum(
            1 for cells in state.board.tile_cells
            if any(wk[c * n + s] or (bld[c] != EMPTY and bld[c] >> 2 == s) for c in cells)
        )
    if name == "war_won":
        return state.wars_won[s]
    return state.res[4 * s + E.RESOURCES.index(name)]


def skill_vp(state: QuoVadisState, s: int, k: int) -> int:
    """What skill `k`'s end-of-game effects are worth to `s` now."""
    return sum(amount * (count(state, s, what) // every)
               for what, amount, every in state.tables.skill_end[k])


def breakdown(state: QuoVadisState) -> list[dict[str, int]]:
    """Each seat's VP by source; they add up to its score."""
    k = len(SOURCES)
    return [dict(zip(SOURCES, state.src[k * s:k * s + k], strict=True)) for s in range(state.n)]


def winners(state: QuoVadisState) -> list[int]:
    """The highest VP; tied, the first of them in turn order from the start player."""
    best = max(state.vp)
    n = state.n
    for k in range(n):
        s = (state.start + k) % n
        if state.vp[s] == best:
            return [s]
    return []
