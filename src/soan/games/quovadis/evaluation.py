"""How promising a Quo Vadis position is for each seat, for bots.

The VP so far plus what is held, each in VP it is likely to bring:
- cubes on cities score at the end, and each face-up city gains one more at every
  own end phase still to come;
- a majority pays the cards of the generation at every generation change still
  possible, so it is worth a share of the current generation's size;
- resources, workers on the map, forts, temples (ascensions), face-down skills, and
  cards in hand that would inherit from an old generation;
- an unused once-per-game skill is worth a little less than what using it brings now
  (so a bot uses it, rather than keeping it for ever), and a turn of free placements
  is worth something until the workers are placed;
- a generation change made this turn, not yet settled, brings its territory bonus
  and its city before the end phase does;
- while the area holds contested cells, each side's chance in the coming war
  (exact for the dice) weighs what it would win and lose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.engine.core import Evaluator
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    AREA,
    CARD,
    CITY,
    CITY_SITE,
    FORT,
    MIRACLE,
    MORALE,
    MOVE,
    OVER,
    PLACE,
    PROSPER,
    RUIN,
    SMITE,
    TEMPLE,
    WRATH,
)

if TYPE_CHECKING:
    from soan.games.quovadis.state import QuoVadisState

RESOURCE = (0.5, 0.6, 0.5, 0.4)  # morale, food, faith, wrath
CUBE = 0.8  # a cube still to come on a face-up city (wars may halve it)
WORKER = 0.3
FORT_VALUE = 1.0
TEMPLE_VALUE = 2.0  # each own turn's cleanup may ascend a worker from it
FACE_DOWN = 1.5  # a skill still to set
FACE_UP = 0.3  # per own turn left, an ongoing skill at work
ONCE_KEPT = 0.8  # share of its worth an unused once skill holds (using it brings it all)
FREE_TURN = 0.8  # this turn's workers cost no food (a once skill), before placement ends
MAJORITY_SHARE = 0.6  # of the current generation's size, per majority, while changes remain
INHERIT = 0.4  # per action an inheriting card in hand would add
HAND_CARD = 0.2
RING_CELL = 0.3  # an area cell the payer's ring would make free to settle
MOVE_ACTION = 0.4  # a Revelation step still to take
PRE_WAR = (PLACE, WRATH, SMITE, CARD, MIRACLE, MOVE, PROSPER, MORALE)


def turns_left(state: QuoVadisState, s: int) -> int:
    """Own end phases still to come (the current one included)."""
    if state.phase == OVER:
        return 0
    rounds = state.options.rounds
    if state.start < 0:
        return rounds
    n = state.n
    here, mine = (state.active - state.start) % n, (s - state.start) % n
    return rounds - state.round_no + (1 if mine >= here else 0)


def can_still_change(state: QuoVadisState, s: int, turns: int) -> bool:
    return turns > 0 and state.cities[s] > 0 and len(state.gens[s]) < state.options.generations


class QuoVadisEvaluator(Evaluator):
    """The hand-written judge of the heuristic and ISMCTS bots: VP so far plus the
    worth of what each seat holds (see the module's notes)."""

    def evaluate(self, state: QuoVadisState) -> list[float]:
        values = [float(v) for v in state.vp]
        if state.phase == OVER:
            return values
        n, opts, t, res = state.n, state.options, state.tables, state.res
        face_up, cubes = [0] * n, [0] * n
        fixed = opts.dominance == "fixed"
        for c, code in enumerate(state.bld):
            if code >= 0:
                kind = code & 3
                if kind == CITY:
                    face_up[code >> 2] += 1
                    cubes[code >> 2] += state.cubes[c]
                elif kind == RUIN and not fixed:
                    cubes[code >> 2] += state.cubes[c]
        majorities = state.all_majorities()
        for s in range(n):
            turns = turns_left(state, s)
            value = float(cubes[s] * opts.dominance_vp)
            if opts.dominance == "grow":
                value += CUBE * face_up[s] * turns
            value += (RESOURCE[0] * res[4 * s] + RESOURCE[1] * res[4 * s + 1]
                      + RESOURCE[2] * res[4 * s + 2] + RESOURCE[3] * res[4 * s + 3])
            value += WORKER * (opts.workers - state.supply[s] - state.ascended[s])
            value += FORT_VALUE * (opts.forts - state.forts[s])
            value += TEMPLE_VALUE * (opts.temples - state.temples[s]) * min(turns, 3) / 3
            value += FACE_DOWN * len(state.hidden[s])
            for k in state.shown[s]:
                if t.skill_end[k]:
                    value += state.skill_vp(s, k)
                elif t.skill_once[k]:
                    value += ONCE_KEPT * once_worth(state, s, k) if k not in state.used[s] else 0.0
                else:
                    value += FACE_UP * turns
            gens = state.gens[s]
            if can_still_change(state, s, turns):
                size = gens[-1][0] if gens else 0
                value += MAJORITY_SHARE * (size + 1) * majorities[s]
            value += INHERIT * inheritance_in_hand(state, s) + HAND_CARD * state.hand_size(s)
            values[s] += value
        if state.free_place and AREA <= state.phase <= PLACE:
            values[state.active] += FREE_TURN
        if state.area >= 0:
            s = state.active
            if state.changed and state.phase != AREA:
                values[s] += pending_settlement(state, s)
            if state.phase == WRATH:
                held = RESOURCE[3] * state.res[4 * s + 3]
                values[s] += max(0.0, wrath_value(state, s, state.res[4 * s + 3]) - held)
            elif state.phase == SMITE:
                values[s] += strike_value(state, s)
            elif state.phase == MOVE:
                values[s] += MOVE_ACTION * state.acts
            elif state.phase == MIRACLE:
                room = state.cap[4 * s + 2] - state.res[4 * s + 2]
                values[s] += RESOURCE[2] * min(state.acts, room)
            if state.phase in PRE_WAR:
                for p, delta in war_outlook(state).items():
                    values[p] += delta
        return values


def once_worth(state: QuoVadisState, s: int, k: int) -> float:
    """What using once skill `k` would bring `s` now: its VP, the resources its seat has
    room for, the cards it draws, a turn of free placements."""
    worth = 0.0
    for effect, amount, resource in state.tables.skill_once[k]:
        if effect == E.GAIN_VP:
            worth += amount
        elif effect == E.GAIN:
            i = 4 * s + resource
            worth += RESOURCE[resource] * min(amount, state.cap[i] - state.res[i])
        elif effect == E.DRAW:
            worth += HAND_CARD * amount
        else:
            worth += FREE_TURN
    return worth


def wrath_value(state: QuoVadisState, s: int, paid: int) -> float:
    """What paying `paid` wrath on this area would do for `s`: the strikes it allows
    on the cells that hurt the others most, and the ring of its home terrain."""
    levels = state.options.wrath_levels
    cells = state.board.tile_cells[state.area]
    strikes = min(len(cells), sum(1 for x in levels if paid >= x) + state.mods[s][E.WRATH_CELLS])
    shield = 0
    for c in cells:
        code = state.bld[c]
        if code >= 0 and code & 3 == TEMPLE:
            shield |= 1 << (code >> 2)
    raze = paid >= levels[2]
    damage = sorted((_damage(state, s, c, shield, raze) for c in cells), reverse=True)
    return sum(d for d in damage[:strikes] if d > 0) + _ring_value(state, s)


def strike_value(state: QuoVadisState, s: int) -> float:
    """The strikes still to make in the SMITE step, on the best cells left."""
    cells = state.board.tile_cells[state.area]
    left = [c for i, c in enumerate(cells) if not state.struck >> i & 1]
    damage = sorted((_damage(state, s, c, state.shield, state.razable(c)) for c in left),
                    reverse=True)
    return sum(d for d in damage[:state.strikes] if d > 0) + _ring_value(state, s)


def _damage(state: QuoVadisState, s: int, c: int, shield: int, raze: bool) -> float:
    """Half of what striking `c` takes from the other seats (the lead counts against the
    best of them only), less what it takes from `s`."""
    n = state.n
    value = 0.0
    for p in range(n):
        k = state.wk[c * n + p]
        if k and not shield >> p & 1:
            value += (-WORKER if p == s else WORKER / 2) * k
    code = state.bld[c]
    if raze and code >= 0 and code & 3 != RUIN and not shield >> (code >> 2) & 1:
        owner, kind = code >> 2, code & 3
        if kind == CITY:
            worth = city_loss(state, c) * state.options.dominance_vp
            if state.options.dominance == "grow":
                worth += CUBE * turns_left(state, owner)
        else:
            worth = FORT_VALUE if kind == FORT else TEMPLE_VALUE
        value += -worth if owner == s else worth / 2
    return value


def _ring_value(state: QuoVadisState, s: int) -> float:
    home = state.tables.race_home[state.race[s]]
    if not state.rings_left[home]:
        return 0.0
    free = state.freemask[s]
    return RING_CELL * sum(1 for c in state.board.tile_cells[state.area]
                           if not free >> state.terr[c] & 1)


def inheritance_in_hand(state: QuoVadisState, s: int) -> int:
    """Actions that cards in hand would gain by inheritance over a fresh generation."""
    best = {}
    for count, top in state.gens[s]:
        if count > best.get(top, 0):
            best[top] = count
    return sum(best[k] - 1 for k in best if state.hand[5 * s + k] and best[k] > 1)


def pending_settlement(state: QuoVadisState, s: int) -> float:
    """A generation change made this turn: its territory bonus (with the majorities as
    they stand) and, before the build phase, its city."""
    value = float((state.prev_count + state.mods[s][E.TERRITORY_VP]) * state.majorities(s))
    if state.phase <= CITY_SITE and state.cities[s] and state._city_sites(s):
        value += CUBE * turns_left(state, s)
    return value


# ---- war ---------------------------------------------------------------------------------------

def roll_odds(sides: int, dice: int) -> list[float]:
    """P(best of `dice` rolls of a `sides`-sided die = v), for v = 0..sides."""
    total = sides ** dice
    return [0.0] + [(v ** dice - (v - 1) ** dice) / total for v in range(1, sides + 1)]


def war_odds(bases: list[int], dice: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """Each side's (P(sole top), P(tied top)) with these strengths before the roll."""
    dists = [roll_odds(sides, k) for sides, k in dice]

    def below(j: int, total: int, strict: bool) -> float:
        """P(side j's total < total), or <= when not strict."""
        limit = total - bases[j] - (1 if strict else 0)
        dist = dists[j]
        if limit <= 0:
            return 0.0
        return sum(dist[1:min(limit, len(dist) - 1) + 1])

    out = []
    for i, dist in enumerate(dists):
        win = tie = 0.0
        for v in range(1, len(dist)):
            total = bases[i] + v
            lower = equal_or_lower = 1.0
            for j in range(len(bases)):
                if j != i:
                    lower *= below(j, total, True)
                    equal_or_lower *= below(j, total, False)
            win += dist[v] * lower
            tie += dist[v] * (equal_or_lower - lower)
        out.append((win, tie))
    return out


def war_outlook(state: QuoVadisState) -> dict[int, float]:
    """Each side's expected gain from the war the area is heading for: morale declared
    so far counts, sides still to declare are assumed to spend all of theirs."""
    if state.phase == MORALE:
        contested, sides = state.contested, state.sides
        declared = {p: state.decl[p] for p in sides[:state.decl_pos]}
    else:
        contested = state.contested_cells()
        if not contested:
            return {}
        mask = 0
        for c in contested:
            mask |= state.owners(c)
        n, a = state.n, state.active
        sides = tuple(p for p in ((a + k) % n for k in range(n)) if mask >> p & 1)
        declared = {}
    saved = state.contested
    state.contested = contested
    try:
        bases = [state.strength(p) + declared.get(p, state.res[4 * p]) for p in sides]
        dice = [state.war_dice(p) for p in sides]
        stakes = [_at_stake(state, p) for p in sides]
    finally:
        state.contested = saved
    odds = war_odds(bases, dice)
    prize = sum(cubes for _, cubes in stakes)
    out = {}
    for p, (win, tie), (loss, cubes) in zip(sides, odds, stakes, strict=True):
        lose = 1.0 - win - tie
        gain = win * (prize - cubes + RESOURCE[0]) - lose * loss
        out[p] = gain
    return out


def city_loss(state: QuoVadisState, c: int) -> int:
    """The cubes a city on `c` loses when it loses a war or a wrath destroys it: half
    (rounded up) as written, one with the notes' attrition."""
    cubes = state.cubes[c]
    if state.options.dominance == "attrition":
        return 1 if cubes else 0
    return cubes - cubes // 2


def _at_stake(state: QuoVadisState, p: int) -> tuple[float, int]:
    """What `p` loses by losing (in evaluation points) and the cubes its cities would
    return to the stock for the winner."""
    n, wk, bld, opts = state.n, state.wk, state.bld, state.options
    turns = turns_left(state, p)
    loss, cubes = 0.0, 0
    attrition = any(opts.war_attrition)  # the notes' attrition: a loser loses only a few
    for c in state.contested:
        if not attrition:
            loss += WORKER * wk[c * n + p]
        code = bld[c]
        if code >= 0 and code >> 2 == p:
            kind = code & 3
            if kind == CITY:
                gone = city_loss(state, c)
                cubes += gone
                loss += gone * opts.dominance_vp + (CUBE * turns if opts.dominance == "grow"
                                                    else 0.0)
            elif kind == FORT:
                loss += FORT_VALUE
            elif kind == TEMPLE:
                loss += TEMPLE_VALUE
    if attrition:
        held = sum(wk[c * n + p] for c in state.contested)
        loss += WORKER * min(held, opts.war_attrition[1])
    loss += MAJORITY_SHARE * 2 * _majorities_lost(state, p)
    return loss - RESOURCE[3], cubes


def _majorities_lost(state: QuoVadisState, p: int) -> int:
    """Majorities `p` would lose with its pieces gone from the contested cells (and its
    cities there face down)."""
    n, wk, bld = state.n, state.wk, state.bld
    saved = [(c, wk[c * n + p], bld[c]) for c in state.contested]
    before = state.majorities(p)
    for c, _, code in saved:
        wk[c * n + p] = 0
        if code == p << 2 | CITY:
            bld[c] = p << 2 | RUIN
    after = state.majorities(p)
    for c, k, code in saved:
        wk[c * n + p] = k
        bld[c] = code
    return before - after
