"""Populous scoring: the Prosperity-style VP over all areas, totals, and the winners.

A seat's score is VP + FP. Prosperity and a won war both pay, for every area
where the seat has a piece, 1 VP (workers only) or 2 VP (any house), however
many pieces it has there (「ワーカーとハウスが両方配置されていても3VPではなく2VP」).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soan.games.populous.state import PopulousState

SOURCES = ("start", "prosperity", "war", "grace", "fp")
START, PROSPERITY, WAR, GRACE = range(4)  # VP sources, in vp_src per seat


def presence_vp(occ: list[int], tile_cells: tuple, seat: int, worker_vp: int, house_vp: int) -> int:
    """VP over all areas: house_vp where the seat has a house, else worker_vp where it
    has a worker, else nothing."""
    worker, house = seat << 1, seat << 1 | 1
    total = 0
    for cells in tile_cells:
        best = 0
        for c in cells:
            code = occ[c]
            if code == house:
                best = house_vp
                break
            if code == worker:
                best = worker_vp
        total += best
    return total


def workers_on_map(state: PopulousState, seat: int) -> int:
    return state.options.workers - state.workers[seat]


def breakdown(state: PopulousState) -> list[dict[str, int]]:
    """Each seat's VP by source (start, Prosperity, war, grace cards) and its FP."""
    return [
        dict(zip(SOURCES, [*state.vp_src[4 * s: 4 * s + 4], state.fp[s]], strict=True))
        for s in range(state.seats)
    ]


def scores(state: PopulousState) -> list[int]:
    return [v + f for v, f in zip(state.vp, state.fp, strict=True)]


def winners(state: PopulousState) -> list[int]:
    """Highest VP+FP; tied, the most workers on the map; still tied, a draw
    (「それも同じなら引き分け」): nobody wins, so the list is empty."""
    totals = scores(state)
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    most = max(workers_on_map(state, s) for s in tied)
    leaders = [s for s in tied if workers_on_map(state, s) == most]
    return leaders if len(leaders) == 1 else []
