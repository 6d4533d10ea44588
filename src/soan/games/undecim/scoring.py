"""Undecim's points: the land bonus each round, awards, the night's enemies, and the
final 精算 (buildings by settlement size, gold).

Scores during the game count settlements and gold as they would score if the game
ended now, so the score line always reads as the final one would.
"""

from __future__ import annotations

from typing import Protocol

from soan.games.undecim.codes import (
    F_ENEMY,
    F_FIEF,
    F_GOLD,
    F_LANDK,
    LEVEL,
    NSOURCES,
    OWNER,
    P_AWARDS,
    P_CARDS,
    P_ENEMIES,
    P_FIEFS,
    P_LANDS,
    P_ORDER,
    W,
)
from soan.games.undecim.content import Tables
from soan.games.undecim.options import Options


class Position(Protocol):
    """What scoring reads of a game: the state is one. Scoring takes it as data, so the
    state can call scoring without scoring knowing the state."""

    seats: int
    options: Options
    tables: Tables
    front: list[int]  # W counts per seat (codes.F_*)
    settlements: list[tuple]  # (owner, kind, mask, level, gold, cards)
    pts: list[int]  # NSOURCES points per seat kept as play goes on
    slain: list[int]  # enemies discarded at nights, per seat


def land_counts(state: Position, s: int) -> list[int]:
    """Lands of each kind the seat holds in front (fief lands included)."""
    f, b = state.front, W * s + F_LANDK
    whole = fiefs(state, s)
    counts = f[b: b + 4]
    return [c + whole for c in counts] if whole else counts


def land_points(
    counts: list[int], rule: str, set_bonus: int, kind_vp: int = 1
) -> tuple[int, bool]:
    """A round's land bonus before any night, and whether the set part of it was earned.

    - kinds (the rules): 「土地の種類毎に1VP」 (`kind_vp`; the notes' 「継続点をなくして」 is
      0), and 「全種類2枚ずつ以上…追加で2VP」;
    - pairs (the notes): 「土地2種毎に…1点」, 「4枚セットがあると…3点」: 3 per set of all
      four kinds, then 1 per pair of two different kinds among the lands left (UD9);
    - per_card (the notes): 「1枚1点として、4枚セットがある毎に2点のボーナス」.
    """
    if rule == "kinds":
        full = min(counts) >= 2
        return kind_vp * (4 - counts.count(0)) + (set_bonus if full else 0), full
    sets = min(counts)
    if rule == "pairs":
        rest = [c - sets for c in counts]
        total = sum(rest)
        pairs = min(total // 2, total - max(rest))
        return 3 * sets + pairs, sets > 0
    return sum(counts) + 2 * sets, sets > 0


def land_bonuses(state: Position) -> list[tuple[int, bool]]:
    """Each seat's `land_points` at a round end, the rule read once for the table."""
    opts = state.options
    rule, set_bonus, kind_vp = opts.land_rule, opts.land_set_bonus, opts.land_kind_vp
    return [land_points(land_counts(state, s), rule, set_bonus, kind_vp)
            for s in range(state.seats)]


def fiefs(state: Position, s: int) -> int:
    """The seat's fiefs (版図): each holds one land of every kind."""
    if not state.options.fief:
        return 0  # fief lands come only under the variant
    b = W * s + F_FIEF
    return sum(state.front[b: b + 16]) // 4


def settlement_vp(level: int, table: tuple[int, ...]) -> int:
    """「建築: セット枚数に応じて」: level 2..5, and 6 or more."""
    return table[min(level, 6) - 2] if level >= 2 else 0


def settlements_of(state: Position, s: int) -> list[tuple]:
    return [st for st in state.settlements if st[OWNER] == s]


def settlement_count(state: Position, s: int) -> int:
    count = 0
    for st in state.settlements:
        if st[OWNER] == s:
            count += 1
    return count


def settled(state: Position) -> tuple[list[int], list[int]]:
    """Each seat's settlements and what their buildings score, in one pass."""
    table = state.options.building_vp
    count, built = [0] * state.seats, [0] * state.seats
    for st in state.settlements:
        s = st[OWNER]
        count[s] += 1
        built[s] += settlement_vp(st[LEVEL], table)
    return count, built


def gold_rate(opts: Options, settlements: int) -> int:
    """「金: 1枚につき3VP…入植地を4つ以上作っていた場合は、1枚につき5VP」."""
    return opts.gold_vp_settled if settlements >= opts.gold_settlements else opts.gold_vp


def fief_settlement_points(state: Position, s: int, count: int | None = None) -> int:
    """The notes' 「入植地1つにつき、版図数×3ぐらいのボーナス」 (`settlement_fief_vp`);
    `count` is the seat's settlements when the caller has counted them."""
    vp = state.options.settlement_fief_vp
    if not vp:
        return 0
    if count is None:
        count = settlement_count(state, s)
    return vp * count * fiefs(state, s)


def held(state: Position, s: int, per: int) -> int:
    """What a `vp` step counts: settlements, land kinds, enemies or gold (effects.PER)."""
    if per == 1:
        return settlement_count(state, s)
    if per == 2:
        return 4 - land_counts(state, s).count(0)
    return state.front[W * s + (F_ENEMY if per == 3 else F_GOLD)]


def award_progress(state: Position, cond: int) -> list[int]:
    """How far each seat is toward an award condition (content.CONDITIONS), in its units:
    land kinds, lands, settlements, the highest level, enemies, enemies slain, gold. Every
    seat at once: whoever asks also asks whether another seat has it too."""
    n = state.seats
    if cond <= 1:
        out = []
        for s in range(n):
            counts = land_counts(state, s)
            out.append(4 - counts.count(0) if cond == 0 else sum(counts))
        return out
    if cond <= 3:
        out = [0] * n
        for st in state.settlements:
            o = st[OWNER]
            if cond == 2:
                out[o] += 1
            elif st[LEVEL] > out[o]:
                out[o] = st[LEVEL]
        return out
    if cond == 5:
        return state.slain[:]
    return state.front[(F_ENEMY if cond == 4 else F_GOLD)::W]


def sources(state: Position) -> tuple[str, ...]:
    """The sources of points this game can have: action-card VP only when a card in play
    scores VP, the final-order bonus and the fiefs' points only under those variants."""
    opts = state.options
    out = ["lands", "buildings", "gold", "enemies", "awards"]
    if state.tables.has_vp:
        out.append("cards")
    if any(opts.final_order_bonus):
        out.append("final order")
    if opts.fief_round_vp or opts.night_fief_vp:
        out.append("fiefs")
    if opts.settlement_fief_vp:
        out.append("fief settlements")
    return tuple(out)


def totals(state: Position) -> list[int]:
    """Each seat's points: what its `breakdown` adds up to (a source the game lacks holds
    none), without building the table."""
    opts, front, pts = state.options, state.front, state.pts
    count, built = settled(state)
    out = []
    for s in range(state.seats):
        out.append(sum(pts[NSOURCES * s: NSOURCES * s + NSOURCES]) + built[s]
                   + front[W * s + F_GOLD] * gold_rate(opts, count[s])
                   + fief_settlement_points(state, s, count[s]))
    return out


def breakdown(state: Position) -> list[dict[str, int]]:
    keys = sources(state)
    opts, front = state.options, state.front
    count, built = settled(state)
    out = []
    for s in range(state.seats):
        p = state.pts[NSOURCES * s: NSOURCES * s + NSOURCES]
        points = {
            "lands": p[P_LANDS],
            "buildings": built[s],
            "gold": front[W * s + F_GOLD] * gold_rate(opts, count[s]),
            "enemies": p[P_ENEMIES],
            "awards": p[P_AWARDS],
            "cards": p[P_CARDS],
            "final order": p[P_ORDER],
            "fiefs": p[P_FIEFS],
            "fief settlements": fief_settlement_points(state, s, count[s]),
        }
        out.append({k: points[k] for k in keys})
    return out
