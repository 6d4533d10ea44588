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

from collections.abc import Sequence
from functools import lru_cache
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
    return all_turns_left(state)[s]


def all_turns_left(state: QuoVadisState) -> tuple[int, ...]:
    """`turns_left` of every seat at once."""
    if state.phase == OVER:
        return (0,) * state.n
    return _turns_left(state.options.rounds, state.n, state.start, state.active,
                       state.round_no)


@lru_cache(maxsize=1 << 10)
def _turns_left(rounds: int, n: int, start: int, active: int, round_no: int
                ) -> tuple[int, ...]:
    """`all_turns_left` of a game still going, remembered: every evaluation and
    observation asks it, and a game has a few hundred turns."""
    if start < 0:
        return (rounds,) * n
    here, left = (active - start) % n, rounds - round_no
    return tuple(left + 1 if (s - start) % n >= here else left for s in range(n))


class QuoVadisEvaluator(Evaluator):
    """The hand-written judge of the heuristic and ISMCTS bots: VP so far plus the
    worth of what each seat holds (see the module's notes)."""

    def evaluate(self, state: QuoVadisState) -> list[float]:  # type: ignore[override]
        values = list(map(float, state.vp))
        phase = state.phase
        if phase == OVER:
            return values
        majorities, face_up, cubes = state.board_counts()
        left = all_turns_left(state)
        for s, value in enumerate(seat_values(state, majorities, face_up, cubes, left)):
            values[s] += value
        if state.free_place and AREA <= phase <= PLACE:
            values[state.active] += FREE_TURN
        if state.area >= 0:
            s = state.active
            if state.changed and phase != AREA:
                values[s] += pending_settlement(state, s, majorities[s])
            if phase == WRATH:
                held = RESOURCE[3] * state.res[4 * s + 3]
                values[s] += max(0.0, wrath_value(state, s, state.res[4 * s + 3]) - held)
            elif phase == SMITE:
                values[s] += strike_value(state, s)
            elif phase == MOVE:
                values[s] += MOVE_ACTION * state.acts
            elif phase == MIRACLE:
                room = state.cap[4 * s + 2] - state.res[4 * s + 2]
                values[s] += RESOURCE[2] * min(state.acts, room)
            if phase in PRE_WAR:
                for p, delta in war_outlook(state, left).items():
                    values[p] += delta
        return values


def seat_values(state: QuoVadisState, majorities: Sequence[int], face_up: Sequence[int],
                cubes: Sequence[int], left: Sequence[int]) -> list[float]:
    """What each seat holds, in VP it is likely to bring (the module's first points),
    given its majorities, face-up cities, the cubes on its cities that score now and
    its turns left (`all_turns_left`)."""
    opts, t = state.options, state.tables
    res, hidden, shown, used, gens_of, hand = (state.res, state.hidden, state.shown, state.used,
                                               state.gens, state.hand)
    supply, ascended, forts_left, temples_left, cities = (
        state.supply, state.ascended, state.forts, state.temples, state.cities)
    skill_end, skill_once = t.skill_end, t.skill_once
    grow, dominance_vp, generations = opts.dominance == "grow", opts.dominance_vp, opts.generations
    workers, forts, temples = opts.workers, opts.forts, opts.temples
    r0, r1, r2, r3 = RESOURCE
    out = []
    for s, turns in enumerate(left):
        value = float(cubes[s] * dominance_vp)
        if grow:
            value += CUBE * face_up[s] * turns
        r = 4 * s
        value += r0 * res[r] + r1 * res[r + 1] + r2 * res[r + 2] + r3 * res[r + 3]
        value += WORKER * (workers - supply[s] - ascended[s])
        value += FORT_VALUE * (forts - forts_left[s])
        value += TEMPLE_VALUE * (temples - temples_left[s]) * (turns if turns < 3 else 3) / 3
        value += FACE_DOWN * len(hidden[s])
        for k in shown[s]:
            if skill_end[k]:
                value += state.skill_vp(s, k, majorities[s])
            elif skill_once[k]:
                value += ONCE_KEPT * once_worth(state, s, k) if k not in used[s] else 0.0
            else:
                value += FACE_UP * turns
        gens = gens_of[s]
        if turns > 0 and cities[s] > 0 and len(gens) < generations:  # a change can come
            size = gens[-1][0] if gens else 0
            value += MAJORITY_SHARE * (size + 1) * majorities[s]
        held = hand[5 * s:5 * s + 5]
        best = [1, 1, 1, 1, 1]  # inheritance: the largest generation under each kind held
        for count, top in gens:
            if count > best[top] and held[top]:
                best[top] = count
        value += INHERIT * (sum(best) - 5) + HAND_CARD * sum(held)
        out.append(value)
    return out


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
        worth: float
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


def pending_settlement(state: QuoVadisState, s: int, majorities: int) -> float:
    """A generation change made this turn: its territory bonus (with `s`'s `majorities`
    as they stand) and, before the build phase, its city."""
    value = float((state.prev_count + state.mods[s][E.TERRITORY_VP]) * majorities)
    if state.phase <= CITY_SITE and state.cities[s] and state._city_sites(s):
        value += CUBE * turns_left(state, s)
    return value


# ---- war ---------------------------------------------------------------------------------------

def roll_odds(sides: int, dice: int) -> list[float]:
    """P(best of `dice` rolls of a `sides`-sided die = v), for v = 0..sides."""
    total = sides ** dice
    return [0.0] + [(v ** dice - (v - 1) ** dice) / total for v in range(1, sides + 1)]


def war_odds(bases: Sequence[int], dice: Sequence[tuple[int, int]]
             ) -> tuple[tuple[float, float], ...]:
    """Each side's (P(sole top), P(tied top)) with these strengths before the roll."""
    return _war_odds(tuple(bases), tuple(dice))


@lru_cache(maxsize=1 << 12)
def _war_odds(bases: tuple[int, ...], dice: tuple[tuple[int, int], ...]
              ) -> tuple[tuple[float, float], ...]:
    """`war_odds`, remembered: a search meets the same few wars again and again."""
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
    return tuple(out)


def war_outlook(state: QuoVadisState, left: Sequence[int]) -> dict[int, float]:
    """Each side's expected gain from the war the area is heading for: morale declared
    so far counts, sides still to declare are assumed to spend all of theirs (`left`:
    every seat's turns left)."""
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
    res = state.res
    bases = tuple(state.strength_at(p, contested) + declared.get(p, res[4 * p]) for p in sides)
    dice = tuple(state.war_dice_at(p, contested) for p in sides)
    stakes = [_at_stake(state, p, contested, left[p]) for p in sides]
    odds = _war_odds(bases, dice)
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


def _at_stake(state: QuoVadisState, p: int, contested: tuple[int, ...], turns: int
              ) -> tuple[float, int]:
    """What `p` loses by losing a war over `contested` (in evaluation points) and the
    cubes its cities would return to the stock for the winner (`turns`: its turns left)."""
    n, wk, bld, opts = state.n, state.wk, state.bld, state.options
    loss, cubes = 0.0, 0
    attrition = any(opts.war_attrition)  # the notes' attrition: a loser loses only a few
    for c in contested:
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
        held = sum(wk[c * n + p] for c in contested)
        loss += WORKER * min(held, opts.war_attrition[1])
    loss += MAJORITY_SHARE * 2 * _majorities_lost(state, p, contested)
    return loss - RESOURCE[3], cubes


def _majorities_lost(state: QuoVadisState, p: int, contested: tuple[int, ...]) -> int:
    """Majorities `p` would lose with its pieces gone from the contested cells (and its
    cities there face down). The contested cells lie in the creation area, so only that
    area's majority can go."""
    n, wk, bld = state.n, state.wk, state.bld
    city = p << 2 | CITY
    before = after = 0  # the area's occupied cells, a face-up city counting 2
    for c in state.board.tile_cells[state.area]:
        held = 2 if bld[c] == city else 1 if wk[c * n + p] else 0
        before += held
        if c not in contested:
            after += held
    return (before >= 2) - (after >= 2)
