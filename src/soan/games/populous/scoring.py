"""Populous scoring: the Prosperity-style VP over all areas, totals, and the winners.

A seat's score is VP + FP. Prosperity and a won war both pay, for every area
where the seat has a piece, 1 VP (workers only) or 2 VP (any house), however
many pieces it has there (「ワーカーとハウスが両方配置されていても3VPではなく2VP」).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from soan.games.populous.board import TILE_SIZE
from soan.games.populous.codes import EMPTY, NEUTRAL, VANDAL
from soan.games.populous.fields import Fields

SOURCES = ("start", "prosperity", "war", "grace", "fp")
SHARED_AREA = "area:shared"  # usage: an area a seat shares with another seat at the end
START, PROSPERITY, WAR, GRACE = range(4)  # VP sources, in vp_src per seat


def presence_vps(occ: Sequence[int], tile_size: int, seats: int, worker_vp: int,
                 house_vp: int) -> tuple[int, ...]:
    """Every seat's VP over all areas in one pass over the map: house_vp where the seat
    has a house, else worker_vp where it has a worker, else nothing. A tile's cells are
    numbered one after another (`World`), so its pieces are a set of one slice of `occ`,
    and only the pieces present are looked at."""
    totals = [0] * seats
    for start in range(0, len(occ), tile_size):
        codes = set(occ[start:start + tile_size])
        codes.discard(EMPTY)
        for code in codes:
            if code & 1:
                if code < VANDAL:
                    totals[code >> 1] += house_vp
            elif code < VANDAL and (code | 1) not in codes:
                totals[code >> 1] += worker_vp
    return tuple(totals)


# Most actions leave the map as it was, so a search judges the same map again and again:
# the evaluation's answers are kept by map (a tuple of `occ`; the key holds only numbers).
kept_presence_vps = lru_cache(maxsize=1 << 10)(presence_vps)


class Scoring(Fields):
    """Points, their sources and the winners, mixed into `PopulousState`."""

    __slots__ = ()

    def presence_vp(self, s: int) -> int:
        """The VP a Prosperity would score for `s` now: the rule of `presence_vps` for
        one seat, which the rules ask for often (looking for two codes in each tile's
        slice costs less than gathering every seat's pieces)."""
        occ, worker, house = self.occ, s << 1, s << 1 | 1
        worker_vp, house_vp = self.options.worker_vp, self.options.house_vp
        total = 0
        for start in range(0, len(occ), TILE_SIZE):
            codes = occ[start:start + TILE_SIZE]
            if house in codes:
                total += house_vp
            elif worker in codes:
                total += worker_vp
        return total

    def presence_vps(self) -> tuple[int, ...]:
        """The VP a Prosperity would score for each seat now (kept by map: the
        evaluation asks for every seat, and again for the same map)."""
        o = self.options
        return kept_presence_vps(tuple(self.occ), TILE_SIZE, self.seats, o.worker_vp,
                                 o.house_vp)

    def _gain_vp(self, s: int, amount: int, source: int) -> None:
        self.vp[s] += amount
        self.vp_src[4 * s + source] += amount

    def _note_shared_areas(self) -> None:
        """At the end, note each area where a seat's pieces stand beside another seat's:
        「隣接するマップにほぼ意味がない…インタラクションの低いゲーム」 is measured by it."""
        occ = self.occ
        for cells in self.board.tile_cells:
            owners = {occ[c] >> 1 for c in cells if occ[c] >= 0} - {NEUTRAL}
            if len(owners) > 1:
                for s in owners:
                    self._note(s, SHARED_AREA)

    def workers_on_map(self, seat: int) -> int:
        return self.options.workers - self.workers[seat]

    def scores(self) -> list[int]:
        return [v + f for v, f in zip(self.vp, self.fp, strict=True)]

    def breakdown(self) -> list[dict[str, int]]:
        """Each seat's VP by source (start, Prosperity, war, grace cards) and its FP."""
        return [
            dict(zip(SOURCES, [*self.vp_src[4 * s: 4 * s + 4], self.fp[s]], strict=True))
            for s in range(self.seats)
        ]

    def _winners(self) -> list[int]:
        """Highest VP+FP; tied, the most workers on the map; still tied, a draw
        (「それも同じなら引き分け」): nobody wins, so the list is empty."""
        totals = self.scores()
        best = max(totals)
        tied = [s for s, t in enumerate(totals) if t == best]
        most = max(self.workers_on_map(s) for s in tied)
        leaders = [s for s in tied if self.workers_on_map(s) == most]
        return leaders if len(leaders) == 1 else []
