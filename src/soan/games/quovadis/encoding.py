"""Quo Vadis positions as numbers: what one seat may know as a fixed-length vector, and
every action of a rule set at a table size as a fixed index (`engine.encoding`).

The observation is seat-relative: wherever the parts list seats, the observing seat
comes first and the others follow in turn order from it, so one model serves every
seat. Cells keep the world's own numbering (tile by tile in pair order, three cells a
tile): the count is fixed for a table size, and the action index names cells by the
same numbers, so cell `c` of the observation is the cell of `("place", c)`. Which
tile holds which pair and which cells touch vary with the seed; the `tile_pairs` and
`adjacency` parts say so.

Hidden information enters only as what the seat may know: its own epic hand, face-down
skills, draft hand and basic-skill choice; for the others the sizes of their hands,
the number of their face-down skills and whether they have chosen a basic skill. The
log, the history and the draft hands the seat passed on are left out (`redeal`
forgets them). docs/encoding/quovadis.md describes every part and the action index.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress
from operator import truediv
from struct import Struct
from typing import TYPE_CHECKING, Any, Protocol, overload

import numpy as np

from soan.boards.hexgrid import ring
from soan.boards.world import DOUBLES, PAIRED_CELLS, PAIRS, World, quovadis_world
from soan.engine.core import Action
from soan.engine.encoding import Encoder, Writer
from soan.engine.memo import Memo
from soan.engine.rng import Rng
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    ASCEND_A,
    CELLS,
    CONVERT,
    DONE,
    EMPTY,
    KEEP,
    MORALE,
    PASS,
    PHASE_NAMES,
    RUIN,
    SOURCES,
    WRATH_A,
)
from soan.games.quovadis.content import QuoVadisContent, Tables
from soan.games.quovadis.evaluation import all_turns_left
from soan.games.quovadis.settlement import Counts
from soan.games.quovadis.state import cube_splits

if TYPE_CHECKING:
    from typing_extensions import Buffer

    from soan.games.quovadis.options import Options
    from soan.games.quovadis.state import QuoVadisState

    class Floats(Buffer, Protocol):
        """A float32 `memoryview` as `_fill` writes it (typeshed's stores ints only)."""

        def __getitem__(self, i: int, /) -> float: ...
        @overload
        def __setitem__(self, i: int, value: float, /) -> None: ...
        @overload
        def __setitem__(self, i: slice, value: array, /) -> None: ...

NPHASES = len(PHASE_NAMES)
NSRC = len(SOURCES)
NCARDS = len(E.CARDS)
NTERRAINS = len(E.TERRAINS)
NMODS = E.MODS_SIZE

# Scales: each number is divided by one of these (or by a maximum of the rule set) so
# that ordinary values lie in [0, 1]; rare large ones stay small.
VP_SCALE = 100.0  # a seat's total VP (winners score about 60)
SOURCE_SCALE = 50.0  # VP from one source
SOURCE_SCALES = (SOURCE_SCALE,) * NSRC  # for `map(truediv, ...)` over a seat's sources
CARDS_SCALE = 10.0  # cards under one generation, actions of one card
CUBES_SCALE = 10.0  # cubes on one city
CELL_WORKERS = 4.0  # workers of one seat on one cell
CITY_CUBES_SCALE = 30.0  # a seat's cubes on its cities (its final dominance score)
SKILL_VP_SCALE = 20.0  # what a seat's face-up end-of-game skills are worth now
WARS_SCALE = 10.0  # wars won
STRENGTH_SCALE = 20.0  # strength in a war before morale and dice
MODS_SCALE = 3.0  # an added-up skill effect
DICE_SCALE = 3.0  # war dice rolled
BOARDS_KEPT = 1024  # board rows remembered (about 6 KB each), then the memo starts afresh
SEATS_KEPT = 4096  # a seat's generation, card action and effect rows remembered

SEAT_FIELDS = {
    "race": None,  # R: one-hot over the content's races
    "vp": 1 + NSRC,
    "resources": 8,
    "pieces": 6,
    "standing": 4,
    "hands": 4,
    "generations": None,  # 1 + 6 G
    "card_actions": 1 + 2 * NCARDS,
    "skills": None,  # K
    "skills_used": None,  # O
    "effects": NMODS + NTERRAINS,
}
TURN_FIELDS = NCARDS + 8  # the card acting, then the counters of the turn; + n shields
WAR_FIELDS = 7  # per seat in a war
# A cell: terrain (5), building kind (city, destroyed city, fort, temple), then these,
# then the workers of each seat and the building's owner, by relative seat (2 n).
CUBES_FIELD = NTERRAINS + 4
AREA_FIELD, CONTESTED_FIELD, KEPT_FIELD, MOVABLE_FIELD, STRUCK_FIELD, SHARED_FIELD = range(
    CUBES_FIELD + 1, CUBES_FIELD + 7)
CELL_BASE = SHARED_FIELD + 1


# the `cells` part as far as the board goes, each seat's city site and workers on the
# map, and the state's `board_counts`
BoardRows = tuple[array, tuple[bool, ...], tuple[int, ...], Counts]


class Plan:
    """The constants of one rule set at one table size, computed once."""

    def __init__(self, seats: int, options: Options, content: QuoVadisContent) -> None:
        t = tables(content)
        self.tables = t
        self.n = seats
        world = quovadis_world(seats, Rng(0))
        self.tiles = len(world.pairs)
        self.cells = world.cells
        doubles = self.tiles - len(PAIRS) + len(DOUBLES)
        self.pairs = tuple(p for p in PAIRS if p[0] != p[1] or doubles > 0)
        self.pair_index = {p: i for i, p in enumerate(self.pairs)}
        self.cross = cross_tile_slots()
        self.adjacency_pairs = tuple(
            (a, b) for a in range(self.cells) for b in range(a + 1, self.cells)
            if a // 3 != b // 3 and (a % 3, b % 3) in self.cross
        )
        self.races = len(t.race_name)
        self.skills = len(t.skill_name)
        self.draft = t.draft
        self.draft_index = {k: i for i, k in enumerate(t.draft)}
        self.basics = tuple(sorted(k for pair in t.basic for k in pair))
        self.basic_index = {k: i for i, k in enumerate(self.basics)}
        self.once = tuple(k for k in range(self.skills) if t.skill_once[k])
        self.once_index = {k: i for i, k in enumerate(self.once)}
        self.copies = tuple(t.deck.count(k) for k in range(NCARDS))
        self.deck_total = len(t.deck)
        self.res_bound = tuple(max(1, bound(options, t, E.RAISE_MAX + r, r)) for r in range(4))
        self.hand_bound = max(1, options.hand_size + bound(options, t, E.HAND_SIZE, None))
        self.generations = options.generations
        sea, other = options.rings
        self.rings = tuple(sea if k == E.TERRAINS.index("sea") else other
                           for k in range(NTERRAINS))
        self.seat_fields: dict[str, int] = dict(SEAT_FIELDS)  # type: ignore[arg-type]  # Nones filled in below
        self.seat_fields["race"] = self.races
        self.seat_fields["generations"] = 1 + 6 * self.generations
        self.seat_fields["skills"] = self.skills
        self.seat_fields["skills_used"] = len(self.once)
        self.cell_fields = CELL_BASE + 2 * seats
        self.cell_zeros = bytes(4 * self.cells * self.cell_fields)
        self.layout = self._layout()
        self.at: dict[str, int] = {}
        self.size = 0
        for name, length in self.layout:
            self.at[name] = self.size
            self.size += length
        # per relative seat, where its block of each part that lists every seat begins
        self.seat_at = tuple(tuple(self.at[name] + i * size for name, size in
                                   self.seat_fields.items()) for i in range(seats))
        # per observing seat: relative index -> seat, and seat -> relative index
        self.orders = tuple(tuple((seat + i) % seats for i in range(seats))
                            for seat in range(seats))
        self.rels = tuple(tuple((s - seat) % seats for s in range(seats)) for seat in range(seats))
        self.cell_starts = tuple(self.at["cells"] + c * self.cell_fields
                                 for c in range(self.cells))
        self.dynamic = self.at["tile_pairs"]  # the parts before the world's fixed layout
        # the plain-number parts (vp to hands, one after another) packed as float32 in one
        # step: the same conversion as an array's store, without its argument parsing
        self.numbers = Struct(f"{self.at['generations'] - self.at['vp']}f")
        self.parts = tuple(self.layout)
        self.zeros = bytes(4 * self.dynamic)  # a zeroed float32 buffer of the dynamic parts

    def _layout(self) -> list[tuple[str, int]]:
        n = self.n
        out = [
            ("phase", NPHASES),
            ("progress", 3),
            ("to_move", n),
            ("active", n),
            ("start", n),
            ("turns_left", n),
            ("markers", 6),
            ("area", self.tiles),
            ("epic", 1 + 2 * NCARDS),
            ("rings_left", NTERRAINS),
            ("turn", TURN_FIELDS + n),
            ("war", WAR_FIELDS * n),
        ]
        out += [(name, n * size) for name, size in self.seat_fields.items()]
        out += [
            ("own_hand", NCARDS),
            ("own_face_down", len(self.draft)),
            ("own_draft", len(self.draft)),
            ("own_basic", len(self.basics)),
            ("rings", self.tiles * NTERRAINS),
            ("cells", self.cells * self.cell_fields),
            # the world's fixed layout last: written from a cache, not converted
            ("tile_pairs", self.tiles * len(self.pairs)),
            ("adjacency", len(self.adjacency_pairs)),
        ]
        return out


_TABLES: dict[str, Tables] = {}


def tables(content: QuoVadisContent) -> Tables:
    if content.hash not in _TABLES:
        _TABLES[content.hash] = Tables(content)
    return _TABLES[content.hash]


def cross_tile_slots() -> frozenset[tuple[int, int]]:
    """The (slot, slot) pairs of cells of two different tiles that can touch: a tile
    laid next to another in any of the six directions of the flower lattice."""
    out = set()
    for spot in ring(1):
        world = World([((1, 2), (0, 0)), ((1, 3), spot)], PAIRED_CELLS)
        for c in range(world.cells):
            for d in world.adjacent[c]:
                if world.cell_tile[c] != world.cell_tile[d]:
                    out.add((world.cell_slot[c], world.cell_slot[d]))
    return frozenset(out)


def bound(options: Options, t: Tables, slot: int, resource: int | None) -> int:
    """The most a seat can hold: the largest maximum of a race board (for a resource)
    plus the most its basic skill and the drafted skills it can set can add to
    `slot` (one set at each generation change)."""

    def adds(k: int) -> int:
        return sum(a for s, a in t.skill_mods[k] if s == slot)

    best = 0
    for r in range(len(t.race_name)):
        base = 0
        if resource is not None:
            side = t.standard if options.board == "standard" else t.race_custom[r]
            base = side[resource]
        best = max(best, base + max((adds(k) for k in t.basic[r]), default=0))
    settable = min(options.draft_cards, max(0, options.generations - 1))
    drafted = sorted((adds(k) for k in t.draft), reverse=True)[:settable]
    return best + sum(drafted)


class QuoVadisEncoder(Encoder):
    """Quo Vadis observations and action index (docs/encoding/quovadis.md)."""

    def __init__(self) -> None:
        self._plans: dict[tuple[int, int, int], tuple[Any, Any, Plan]] = {}
        self._worlds: dict[int, tuple[Any, bytes]] = {}
        self._board_memo: Memo[tuple[int | str, ...], BoardRows] = Memo(BOARDS_KEPT)
        self._terrain_memo: Memo[tuple[int, ...], bytes] = Memo(BOARDS_KEPT)
        self._seat_memo: Memo[tuple[Any, ...], tuple[array, array, array]] = Memo(SEATS_KEPT)

    # ---- the rule set's shape ----------------------------------------------------------

    def plan(self, seats: int, options: Options, content: QuoVadisContent) -> Plan:
        key = (seats, id(options), id(content))
        hit = self._plans.get(key)
        if hit is None or hit[0] is not options or hit[1] is not content:
            if len(self._plans) > 64:
                self._plans.clear()
            hit = (options, content, Plan(seats, options, content))
            self._plans[key] = hit
        return hit[2]

    def layout(self, seats: int, options: Options, content: QuoVadisContent
               ) -> list[tuple[str, int]]:
        return list(self.plan(seats, options, content).layout)

    def actions(self, seats: int, options: Options, content: QuoVadisContent
                ) -> Sequence[Action]:
        p = self.plan(seats, options, content)
        t = p.tables
        cells = range(p.cells)
        present = set(p.pairs)
        out: list[Action] = []
        # setup: race, skill draft, starting cubes, basic skill
        out += [("race", r) for r in range(p.races)]
        out += [("pick", k) for k in p.draft]
        splits: set[Action] = set()
        for r in range(p.races):
            side = t.standard if options.board == "standard" else t.race_custom[r]
            splits.update(cube_splits(options.start_cubes, tuple(side[:3])))
        out += sorted(splits)
        out += [("basic", k) for k in p.basics]
        # area selection: two number cards, one with Free, Free twice; a once skill
        out += [("area", a, b) for a in range(1, 6) for b in range(a + 1, 6)]
        out += [("free", x, y) for x in range(1, 6) for y in range(1, 6)
                if (min(x, y), max(x, y)) in present]
        out += [("free2", a, b) for a, b in p.pairs]
        out += [("skill", k) for k in p.once]
        # the wrath of god
        if options.wrath_levels[0] <= p.res_bound[3]:  # else no seat can hold enough wrath
            out.append(WRATH_A)
            raze = options.wrath_levels[2] <= p.res_bound[3]
            for c in cells:
                out.append(("smite", c, 0))
                if raze:
                    out.append(("smite", c, 1))
        # worker placement, card placement
        out += [("place", c) for c in cells]
        change = (0, 1) if options.generations > 1 and options.cities > 0 else (0,)
        held = [k for k in range(NCARDS) if p.copies[k]]
        out += [("card", k, x) for k in held for x in change]
        out += [("plea", k, a, x) for k in held for a in range(NCARDS) if a != k for x in change]
        # the card actions: Miracle, Revelation, Prosperity; discards
        out.append(CONVERT)
        out += [("move", a, b) for a in cells for b in cells
                if a != b and (a // 3 == b // 3 or (a % 3, b % 3) in p.cross)]
        out += [("discard", k) for k in held]
        out += [("exchange", a, b) for a in range(3) for b in range(3) if a != b]
        # war
        out += [("morale", k) for k in range(p.res_bound[0] + 1)]
        if options.war_loser == "keep":
            out += [("keep", c) for c in cells]
        # build and end phases
        if options.cities and options.generations > 1:
            out += [("city", c) for c in cells]
        if options.forts:
            out += [("fort", c) for c in cells]
        if options.temples:
            out += [("temple", c) for c in cells]
            out.append(ASCEND_A)
        out += [("reveal", k) for k in p.draft]
        out += [DONE, PASS]
        return out

    # ---- one observation ---------------------------------------------------------------

    def _world(self, state: QuoVadisState, p: Plan) -> bytes:
        """The fixed parts of one game's world as float32 bytes: which pair each tile
        carries, which cells of two tiles touch."""
        board = state.board
        hit = self._worlds.get(id(board))
        if hit is None or hit[0] is not board:
            world = board.world
            pairs = np.zeros(p.tiles * len(p.pairs), dtype=np.float32)
            for i, pair in enumerate(world.pairs):
                pairs[i * len(p.pairs) + p.pair_index[pair]] = 1.0
            adjacent = world.adjacent
            touch = np.array([b in adjacent[a] for a, b in p.adjacency_pairs], dtype=np.float32)
            if len(self._worlds) > 256:
                self._worlds.clear()
            hit = (board, pairs.tobytes() + touch.tobytes())
            self._worlds[id(board)] = hit
        return hit[1]

    def write(self, state: QuoVadisState, seat: int, parts: Writer) -> None:  # type: ignore[override]
        """Every part through the engine's `Writer`, which checks the vector `observe`
        builds against the layout."""
        p = self.plan(state.n, state.options, state.content)
        parts.put_run(p.parts, self.observe(state, seat))

    def observe(self, state: QuoVadisState, seat: int) -> np.ndarray:  # type: ignore[override]
        """`Encoder.observe` (the same vector: a test compares them) built in one typed
        buffer, whose stores convert to float32 as numpy would, and handed to numpy
        without a copy or the part-by-part checks `write` leaves to the `Writer`."""
        p = self.plan(state.n, state.options, state.content)
        out = array("f", p.zeros)
        with memoryview(out) as view:  # its item stores skip the array's argument parsing
            self._fill(state, seat, p, view)  # type: ignore[arg-type]  # a float32 view
        out.frombytes(self._world(state, p))
        return np.frombuffer(out, dtype=np.float32)

    def _fill(self, state: QuoVadisState, seat: int, p: Plan, out: Floats) -> None:
        """Every part into `out` (a float32 view), each at its offset in the layout."""
        n, opts, t, at = p.n, state.options, p.tables, p.at
        order, rel = p.orders[seat], p.rels[seat]
        phase, res, cap, hand = state.phase, state.res, state.cap, state.hand
        war = phase in (MORALE, KEEP)

        # ---- the table ----
        out[at["phase"] + phase] = 1.0
        o, rounds = at["progress"], opts.rounds
        out[o] = state.round_no / rounds
        out[o + 1] = state.turn_no / (rounds * n)
        out[o + 2] = 1.0 if state.round_no == rounds else 0.0
        if state.to_move is not None:
            out[at["to_move"] + rel[state.to_move]] = 1.0
        if state.active >= 0:
            out[at["active"] + rel[state.active]] = 1.0
        if state.start >= 0:
            out[at["start"] + rel[state.start]] = 1.0
        o, left = at["turns_left"], all_turns_left(state)
        for i, s in enumerate(order):
            out[o + i] = left[s] / rounds
        o = at["markers"]
        for m in state.markers:
            out[o + m] += 1.0
        if state.area >= 0:
            out[at["area"] + state.area] = 1.0
        o, deck, discard = at["epic"], state.deck, state.discard
        out[o] = len(deck) / p.deck_total
        own = 5 * seat
        kinds = bytes(deck)  # card kinds are 0-4: bytes count them at C speed
        for k, copies in enumerate(p.copies):
            if copies:
                out[o + 1 + k] = discard[k] / copies
                # the deck and the other hands together: what a seat that counts every
                # card placed or discarded knows (not where each one is)
                pool = kinds.count(k) + sum(hand[k::5]) - hand[own + k]
                out[o + 1 + NCARDS + k] = pool / copies
        o = at["rings_left"]
        for k, rings in enumerate(p.rings):
            if rings:
                out[o + k] = state.rings_left[k] / rings

        o = at["turn"]
        if state.kind >= 0:
            out[o + state.kind] = 1.0
        o += NCARDS
        out[o] = state.acts / CARDS_SCALE
        out[o + 1] = state.placed / CELL_WORKERS
        out[o + 2] = 1.0 if state.changed else 0.0
        out[o + 3] = 1.0 if state.free_place else 0.0
        out[o + 4] = state.prev_count / CARDS_SCALE
        out[o + 5] = state.strikes / 3.0
        out[o + 6] = 1.0 if state.paid and state.paid >= opts.wrath_levels[2] else 0.0
        out[o + 7] = state.paid / p.res_bound[3]
        shield = state.shield
        if shield:
            for i, s in enumerate(order):
                if shield >> s & 1:
                    out[o + 8 + i] = 1.0

        if war:
            o = at["war"]
            declared, losers = state.sides[:state.decl_pos], state.losers
            for s in state.sides:
                i = o + WAR_FIELDS * rel[s]
                sides, dice = state.war_dice(s)
                out[i] = 1.0
                out[i + 1] = 1.0 if s in declared or phase == KEEP else 0.0
                out[i + 2] = state.decl[s] / p.res_bound[0]
                out[i + 3] = state.strength(s) / STRENGTH_SCALE
                out[i + 4] = 1.0 if sides != opts.die else 0.0
                out[i + 5] = dice / DICE_SCALE
                out[i + 6] = 1.0 if s in losers else 0.0

        # ---- the world (its fixed layout is written by `write`) ----
        o = at["rings"]
        for i, r in enumerate(state.ring):
            if r >= 0:
                out[o + i * NTERRAINS + r] = 1.0
        site, on_map, counts = self._cells(state, p, seat, out)

        # ---- every seat, the observing seat first ----
        majorities, _, city_cubes = counts
        workers, cities = max(1, opts.workers), max(1, opts.cities)
        forts, temples = max(1, opts.forts), max(1, opts.temples)
        draft_cards, bounds = opts.draft_cards, p.res_bound
        supply, cities_left, forts_left, temples_left, ascended, wars_won = (
            state.supply, state.cities, state.forts, state.temples, state.ascended,
            state.wars_won)
        races, hidden, drafts, basic, shown_all, used, freemask = (
            state.race, state.hidden, state.draft, state.basic, state.shown, state.used,
            state.freemask)
        tiles, hand_bound = p.tiles, p.hand_bound
        src, vp, mods_all, gens_all = state.src, state.vp, state.mods, state.gens
        skill_end, skill_vp, g = t.skill_end, state.skill_vp, p.generations
        effects_size, once_index = p.seat_fields["effects"], p.once_index
        # the parts of plain numbers (vp, resources, pieces, standing, hands) follow one
        # another in the layout, each seat by seat: one list of them, stored at once
        nums: list[float] = []
        for s in order:
            nums.append(vp[s] / VP_SCALE)
            nums += map(truediv, src[NSRC * s:NSRC * s + NSRC], SOURCE_SCALES)
        for s in order:
            nums += map(truediv, res[4 * s:4 * s + 4], bounds)
            nums += map(truediv, cap[4 * s:4 * s + 4], bounds)
        for s in order:
            nums += (supply[s] / workers, cities_left[s] / cities, forts_left[s] / forts,
                     temples_left[s] / temples, ascended[s] / workers, wars_won[s] / WARS_SCALE)
        for s in order:
            held = majorities[s]
            total = 0
            for k in shown_all[s]:
                if skill_end[k]:
                    total += skill_vp(s, k, held)
            nums += (held / tiles, city_cubes[s] / CITY_CUBES_SCALE, total / SKILL_VP_SCALE,
                     on_map[s] / workers)
        for s in order:
            nums += (sum(hand[5 * s:5 * s + 5]) / hand_bound, len(hidden[s]) / draft_cards,
                     len(drafts[s]) / draft_cards, 1.0 if basic[s] >= 0 else 0.0)
        p.numbers.pack_into(out, 4 * at["vp"], *nums)
        for i, s in enumerate(order):
            o_race, _, _, _, _, _, o_gens, o_cards, o_skills, o_used, o_effects = p.seat_at[i]
            race = races[s]
            if race >= 0:
                out[o_race + race] = 1.0
            gens, mods = gens_all[s], mods_all[s]
            written, actions, effects = self._seat_rows(gens, mods, freemask[s], g)
            out[o_gens:o_gens + len(written)] = written
            out[o_cards] = 1.0 if (gens and len(gens) < g and cities_left[s] and site[s]) else 0.0
            out[o_cards + 1:o_cards + 1 + 2 * NCARDS] = actions
            for k in shown_all[s]:
                out[o_skills + k] = 1.0
            for k in used[s]:
                out[o_used + once_index[k]] = 1.0
            out[o_effects:o_effects + effects_size] = effects

        # ---- what only the observing seat knows ----
        o = at["own_hand"]
        for k in range(NCARDS):
            out[o + k] = hand[own + k] / hand_bound
        o = at["own_face_down"]
        for k in state.hidden[seat]:
            out[o + p.draft_index[k]] = 1.0
        o = at["own_draft"]
        for k in state.draft[seat]:
            out[o + p.draft_index[k]] = 1.0
        if state.basic[seat] >= 0 and not state.shown[seat]:
            out[at["own_basic"] + p.basic_index[state.basic[seat]]] = 1.0

    def _seat_rows(self, gens: tuple[tuple[int, int], ...], mods: tuple[int, ...], free: int,
                   g: int) -> tuple[array, array, array]:
        """Three rows of a seat that change only when it places a card or sets a skill,
        so each is worked out once: its `generations` part as far as its generations
        go; its `card_actions` after the first number, what a card acting as each kind
        would do now, without and with a generation change (`actions_for`, written out
        to read the generations once); and its `effects`, the added-up skill effects and
        the terrains it settles for free. `g` is the rule set's generations."""
        key = (gens, mods, free, g)
        hit = self._seat_memo.get(key)
        if hit is None:
            written = array("f", bytes(4 * (1 + 6 * len(gens))))
            written[0] = len(gens) / g
            for j, (count, top) in enumerate(gens):
                written[1 + 6 * j] = count / CARDS_SCALE
                written[2 + 6 * j + top] = 1.0
            older, every = [0] * NCARDS, [0] * NCARDS
            for count, top in gens[:-1]:
                if count > older[top]:
                    older[top] = count
            every[:] = older
            if gens:
                count, top = gens[-1]
                if count > every[top]:
                    every[top] = count
            stay = gens[-1][0] + 1 if gens else 1
            bonus = mods[E.INHERITANCE_BONUS]
            actions = array("f", bytes(4 * 2 * NCARDS))
            for k in range(NCARDS):
                extra = mods[E.ACTION_BONUS + k]
                inherit = older[k] + bonus if older[k] else 0
                actions[2 * k] = ((stay if stay >= inherit else inherit) + extra) / CARDS_SCALE
                inherit = every[k] + bonus if every[k] else 0
                actions[2 * k + 1] = ((1 if inherit < 1 else inherit) + extra) / CARDS_SCALE
            effects = array("f", [x / MODS_SCALE for x in mods])
            effects.extend([1.0 if free >> k & 1 else 0.0 for k in range(NTERRAINS)])
            hit = self._seat_memo.keep(key, (written, actions, effects))
        return hit

    def _cells(self, state: QuoVadisState, p: Plan, seat: int, out: Floats
               ) -> tuple[tuple[bool, ...], tuple[int, ...], Counts]:
        """The `cells` part, `p.cell_fields` numbers a cell (the `*_FIELD` constants, then
        the workers and the building's owner by relative seat). Returns, per seat,
        whether it has a worker on a cell without a building (a city site) and its
        workers on the map, and the state's `board_counts`."""
        start = p.at["cells"]
        rows, site, on_map, counts = self._board_rows(state, p, seat)
        out[start:start + len(rows)] = rows
        bases = p.cell_starts
        if state.area >= 0:
            struck = state.struck
            for i, c in enumerate(state.board.tile_cells[state.area]):
                out[bases[c] + AREA_FIELD] = 1.0
                if struck >> i & 1:
                    out[bases[c] + STRUCK_FIELD] = 1.0
        if state.phase in (MORALE, KEEP):
            kept = state.kept
            for i, c in enumerate(state.contested):
                out[bases[c] + CONTESTED_FIELD] = 1.0
                if kept:
                    out[bases[c] + KEPT_FIELD] = kept[i] / CELL_WORKERS
        for c in state.movable:
            out[bases[c] + MOVABLE_FIELD] += 1.0 / CELL_WORKERS
        return site, on_map, counts

    def _board_rows(self, state: QuoVadisState, p: Plan, seat: int
                    ) -> BoardRows:
        """The `cells` part as far as the board's terrains, cubes, buildings and workers
        go, with what `_cells` returns. Remembered by those, the world's layout, the
        dominance rule and the observing seat: a search observes many positions where
        none of them moved."""
        key: tuple[int | str, ...] = (state.board.layout, state.options.dominance, seat,
                                      *state.terr, *state.bld, *state.cubes, *state.wk)
        hit = self._board_memo.get(key)
        if hit is not None:
            return hit
        n, size, rel = p.n, p.cell_fields, p.rels[seat]
        bld, cubes, wk = state.bld, state.cubes, state.wk
        site, on_map = [False] * n, [0] * n
        owner_at = CELL_BASE + n
        rows = array("f", self._terrain_rows(state.terr, p))
        for c in compress(CELLS, cubes):
            rows[c * size + CUBES_FIELD] = cubes[c] / CUBES_SCALE
        pieces = [0] * p.cells  # seats with a face-up piece on each cell
        for c in compress(CELLS, map(EMPTY.__ne__, bld)):
            code = bld[c]
            kind, owner = code & 3, code >> 2
            rows[c * size + NTERRAINS + kind] = 1.0
            rows[c * size + owner_at + rel[owner]] = 1.0
            if kind != RUIN and not wk[c * n + owner]:
                pieces[c] = 1
        for i in compress(range(len(wk)), wk):  # only the (cell, seat) entries with workers
            c, s = divmod(i, n)
            k = wk[i]
            rows[c * size + CELL_BASE + rel[s]] = k / CELL_WORKERS
            on_map[s] += k
            pieces[c] += 1
            if pieces[c] == 2:
                rows[c * size + SHARED_FIELD] = 1.0
            if bld[c] == EMPTY:
                site[s] = True
        return self._board_memo.keep(key, (rows, tuple(site), tuple(on_map),
                                           state.board_counts()))

    def _terrain_rows(self, terrain: list[int], p: Plan) -> bytes:
        """The `cells` part with each cell's terrain alone, as float32 bytes: it changes
        only when the wrath lays a ring, so a world's terrains are written out once."""
        key = (p.cell_fields, *terrain)
        hit = self._terrain_memo.get(key)
        if hit is None:
            rows = array("f", p.cell_zeros)
            for c, kind in enumerate(terrain):
                rows[c * p.cell_fields + kind] = 1.0
            hit = self._terrain_memo.keep(key, rows.tobytes())
        return hit
