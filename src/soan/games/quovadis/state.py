"""Quo Vadis draft 27: the rules, as a state and its transitions.

Setup: races, the skill draft (6 each, hidden picks), the epic deck (4 each),
7 starting cubes, a hidden basic-skill choice, the start player. A turn is:
area selection (two unmarked genesis cards), the creation phase (wrath of god,
worker placement, card placement with its action), the war phase, the build
phase and the end phase (refill, dominance, cleanup and ascension, settlement).
See `rules.md` beside this file for the rules in English with every ruling.
"""

from __future__ import annotations

from typing import Any

from soan.boards import terrain as T
from soan.boards.world import quovadis_world
from soan.engine.cards import take_cards
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng
from soan.games.quovadis import effects as E
from soan.games.quovadis import evaluation, presentation, scoring
from soan.games.quovadis.board import FREE, Board, marker_key
from soan.games.quovadis.codes import (
    AREA,
    ASCEND,
    ASCEND_A,
    ASCENSION,
    ASCENSION_SRC,
    BASIC,
    BASIC_A,
    BUILD,
    CARD,
    CARD_A,
    CITIES_SRC,
    CITY,
    CITY_A,
    CITY_SITE,
    CONVERT,
    CUBES,
    DISCARD,
    DISCARD_A,
    DONE,
    DRAFT,
    EMPTY,
    EXCHANGE_A,
    FORT,
    FORT_A,
    FORT_KEY,
    GENERATION_CHANGE,
    INHERITANCE,
    KEEP,
    KEEP_A,
    MIRACLE,
    MORALE,
    MORALE_A,
    MOVE,
    OVER,
    PASS,
    PICK_A,
    PLACE,
    PLACE_A,
    PLEA,
    PLEA_A,
    PROSPER,
    PROSPERITY_SRC,
    RACE,
    RACE_A,
    REBUILD,
    REVEAL,
    REVEAL_A,
    RUIN,
    SKILL_A,
    SKILLS_SRC,
    SMITE,
    SMITE_A,
    SOURCES,
    TEMPLE,
    TEMPLE_A,
    TEMPLE_KEY,
    TERRITORY_SRC,
    WAR,
    WAR_DRAW,
    WAR_KEPT,
    WAR_LOST,
    WAR_SRC,
    WAR_WON,
    WRATH,
    WRATH_A,
    WRATH_BUILDINGS,
    WRATH_KEY,
)
from soan.games.quovadis.codes import FREE as FREE_KEY
from soan.games.quovadis.content import Tables
from soan.games.quovadis.options import Options

NSRC = len(SOURCES)
MORALE_R, FOOD_R, FAITH_R, WRATH_R = range(4)
_CUBE_SPLITS: dict[tuple[int, tuple[int, ...]], list[Action]] = {}


def cube_splits(total: int, caps: tuple[int, ...]) -> list[Action]:
    """Every way to put `total` cubes on morale, food and faith within the maxima
    (as many as fit when the maxima hold fewer)."""
    key = (total, caps)
    if key not in _CUBE_SPLITS:
        total = min(total, sum(caps))
        _CUBE_SPLITS[key] = [
            ("cubes", m, f, total - m - f)
            for m in range(min(total, caps[0]) + 1)
            for f in range(min(total - m, caps[1]) + 1)
            if 0 <= total - m - f <= caps[2]
        ]
    return _CUBE_SPLITS[key]


class QuoVadisState(State):
    __slots__ = (
        "active",
        "acts",
        "area",
        "ascended",
        "basic",
        "bld",
        "board",
        "cap",
        "changed",
        "cities",
        "contested",
        "cubes",
        "deck",
        "decl",
        "decl_pos",
        "discard",
        "draft",
        "forts",
        "free_place",
        "freemask",
        "gens",
        "hand",
        "hidden",
        "kept",
        "kind",
        "losers",
        "markers",
        "mods",
        "movable",
        "n",
        "phase",
        "placed",
        "prev_count",
        "race",
        "res",
        "ring",
        "rings_left",
        "round_no",
        "shield",
        "shown",
        "sides",
        "src",
        "start",
        "strikes",
        "struck",
        "supply",
        "tables",
        "temples",
        "terr",
        "turn_no",
        "used",
        "vp",
        "wars_won",
        "wk",
    )

    board: Board
    tables: Tables

    # ---- setup -------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options, content: Any, tables: Tables) -> None:
        """天地開闢, then race choice (or races dealt at random) and the skill draft."""
        self._init_base(seats, seed, options, content)
        self.tables = tables
        n = self.n = seats
        if seats * options.draft_cards > len(tables.draft):
            raise OptionsError(
                f"the skill draft deals {options.draft_cards} to each of {seats} players but "
                f"the content has only {len(tables.draft)} skills without a race"
            )
        if len(tables.deck) < seats * options.hand_size:
            raise OptionsError(f"an epic deck of {len(tables.deck)} cards cannot deal "
                               f"{options.hand_size} to each of {seats} players")
        self.board = Board(quovadis_world(seats, self.rng), tables.terrain)
        cells = self.board.world.cells
        self.wk = [0] * (cells * n)
        self.bld = [EMPTY] * cells
        self.cubes = [0] * cells
        self.terr = list(self.board.base)
        self.ring = [-1] * len(self.board.world.pairs)
        sea, other = options.rings
        self.rings_left = [sea if t == T.SEA else other for t in range(5)]
        self.res = [0] * (4 * n)
        self.cap = [0] * (4 * n)
        self.vp = [0] * n
        self.src = [0] * (NSRC * n)
        self.supply = [options.workers] * n
        self.cities = [options.cities] * n
        self.forts = [options.forts] * n
        self.temples = [options.temples] * n
        self.ascended = [0] * n
        self.wars_won = [0] * n
        self.hand = [0] * (5 * n)
        self.deck = list(tables.deck)
        self.discard = [0] * 5
        self.gens = [()] * n
        self.race = [-1] * n
        self.basic = [-1] * n
        self.hidden = [()] * n
        self.shown = [()] * n
        self.used = [()] * n
        self.mods = [E.NO_MODS] * n
        self.freemask = [1 << T.PLAINS] * n
        self.draft = [[] for _ in range(n)]
        self.markers = (FREE, FREE)
        self.start = self.active = self.area = -1
        self.round_no = self.turn_no = 0
        self._clear_turn()
        self.sides, self.contested, self.losers = (), (), []
        self.decl, self.kept = [0] * n, []
        self.decl_pos = 0
        pairs = ", ".join(f"{a}-{b}" for a, b in self.board.world.pairs)
        self.log.append(f"The world is laid: {len(self.board.world.pairs)} area tiles ({pairs}).")
        if options.race_choice:
            self.phase, self.to_move = RACE, 0
        else:
            order = list(range(len(tables.race_name)))
            self.rng.shuffle(order)
            for s in range(n):
                self._take_race(s, order[s])
            self._deal_skills()

    def _clear_turn(self) -> None:
        self.placed = self.acts = self.strikes = self.struck = self.prev_count = 0
        self.shield = 0
        self.kind = -1
        self.changed = self.free_place = False
        self.movable = []

    def _take_race(self, s: int, r: int) -> None:
        self.race[s] = r
        self._note(s, f"race:{self.tables.race_name[r]}")
        self._refresh(s)
        t = self.tables
        self.log.append(f"Seat {s + 1} plays the {t.race_english[r]} ({t.race_name[r]}, "
                        f"home: {E.TERRAINS[t.race_home[r]]}).")

    def _deal_skills(self) -> None:
        """スキルドラフト: 6 skills each; pick one face down, pass the rest on."""
        pool = list(self.tables.draft)
        self.rng.shuffle(pool)
        k = self.options.draft_cards
        for s in range(self.n):
            self.draft[s] = sorted(pool[s * k:(s + 1) * k])
        self.log.append(f"The skills are shuffled and {k} dealt to each seat for the draft.")
        self.phase, self.to_move = DRAFT, 0
        self._auto_pick()

    def _pick(self, s: int, k: int) -> None:
        self.draft[s].remove(k)
        self.hidden[s] = (*self.hidden[s], k)
        self._note(s, f"skill:{self.tables.skill_name[k]}")
        if s + 1 < self.n:
            self.to_move = s + 1
            return
        n = self.n
        self.draft = [self.draft[(p - 1) % n] for p in range(n)]
        self.to_move = 0
        if self.draft[0]:
            self.log.append("Every seat picks a skill face down and passes the rest to its left.")
            self._auto_pick()
        else:
            self.log.append("The skill draft is over: every seat holds "
                            f"{len(self.hidden[0])} face-down skills.")
            self._deal_epic()

    def _auto_pick(self) -> None:
        """The last card of a draft hand is taken without a choice."""
        if len(self.draft[0]) == 1:
            for s in range(self.n):
                self._pick(s, self.draft[s][0])

    def _deal_epic(self) -> None:
        """ワールド準備: the epic deck shuffled, 4 cards each."""
        self.rng.shuffle(self.deck)
        for s in range(self.n):
            self._draw(s, self.options.hand_size)
        self.log.append(f"The epic deck is shuffled; every seat draws {self.options.hand_size}.")
        self.phase, self.to_move = CUBES, 0

    def _cubes(self, s: int, split: Action) -> None:
        res = self.res
        res[4 * s], res[4 * s + 1], res[4 * s + 2] = split[1], split[2], split[3]
        self.log.append(f"Seat {s + 1} takes {split[1]} morale, {split[2]} food and "
                        f"{split[3]} faith.")
        if s + 1 < self.n:
            self.to_move = s + 1
        else:
            self.phase, self.to_move = BASIC, 0

    def _choose_basic(self, s: int, k: int) -> None:
        """The basic skill is chosen face down; all are shown once everyone has chosen."""
        self.basic[s] = k
        self._note(s, f"skill:{self.tables.skill_name[k]}")
        self.log.append(f"Seat {s + 1} lays a basic skill face down.")
        if s + 1 < self.n:
            self.to_move = s + 1
            return
        t = self.tables
        for p in range(self.n):
            self.shown[p] = (self.basic[p],)
            self._refresh(p)
            self.log.append(f"Seat {p + 1}'s basic skill: {t.skill_english[self.basic[p]]} "
                            f"({t.skill_name[self.basic[p]]}).")
        self.start = self.active = self.rng.below(self.n)
        self.log.append(f"Seat {self.start + 1} is the start player.")
        self.round_no = self.turn_no = 1
        self._start_turn()

    # ---- the contract ------------------------------------------------------------------

    def turn(self) -> int:
        return self.turn_no

    @property
    def first_player(self) -> int:
        """The start player (-1 until it is drawn at the end of setup)."""
        return self.start

    def faction(self, seat: int) -> str | None:
        race = self.race[seat]
        return self.tables.race_name[race] if race >= 0 else None

    def uses(self, action: Action) -> tuple[str, ...]:
        kind, t = action[0], self.tables
        if kind == "race":
            return (f"race:{t.race_name[action[1]]}",)
        if kind in ("pick", "basic", "reveal", "skill"):
            return (f"skill:{t.skill_name[action[1]]}",)
        if kind in ("free", "free2"):
            return (FREE_KEY,)
        if kind == "card" or kind == "plea":
            acted = action[2] if kind == "plea" else action[1]
            out = [f"card:{E.CARDS[action[1]]}", f"action:{E.CARDS[acted]}"]
            if kind == "plea":
                out.append(PLEA)
            if action[-1]:
                out.append(GENERATION_CHANGE)
            if self._inheritance(self.to_move, acted, bool(action[-1])):
                out.append(INHERITANCE)
            return tuple(out)
        if kind == "wrath":
            return (WRATH_KEY,)
        if kind == "smite" and action[2]:
            return (WRATH_BUILDINGS,)
        if kind == "fort":
            return (FORT_KEY,)
        if kind == "temple":
            return (TEMPLE_KEY,)
        if kind == "ascend":
            return (ASCENSION,)
        if kind == "keep":
            return (WAR_KEPT,)
        return ()

    def copy(self) -> QuoVadisState:
        o = QuoVadisState.__new__(QuoVadisState)
        self._copy_base(o)
        o.board, o.tables, o.n = self.board, self.tables, self.n
        o.wk, o.bld, o.cubes = self.wk.copy(), self.bld.copy(), self.cubes.copy()
        o.terr, o.ring, o.rings_left = self.terr.copy(), self.ring.copy(), self.rings_left.copy()
        o.res, o.cap = self.res.copy(), self.cap.copy()
        o.vp, o.src = self.vp.copy(), self.src.copy()
        o.supply, o.cities = self.supply.copy(), self.cities.copy()
        o.forts, o.temples = self.forts.copy(), self.temples.copy()
        o.ascended, o.wars_won = self.ascended.copy(), self.wars_won.copy()
        o.hand, o.deck, o.discard = self.hand.copy(), self.deck.copy(), self.discard.copy()
        o.gens, o.race, o.basic = self.gens.copy(), self.race.copy(), self.basic.copy()
        o.hidden, o.shown, o.used = self.hidden.copy(), self.shown.copy(), self.used.copy()
        o.mods, o.freemask = self.mods.copy(), self.freemask.copy()
        o.draft = [d.copy() for d in self.draft] if self.phase == DRAFT else self.draft
        o.markers, o.phase, o.start, o.active = self.markers, self.phase, self.start, self.active
        o.area, o.round_no, o.turn_no = self.area, self.round_no, self.turn_no
        o.placed, o.acts, o.strikes, o.struck = self.placed, self.acts, self.strikes, self.struck
        o.prev_count, o.shield, o.kind = self.prev_count, self.shield, self.kind
        o.changed, o.free_place = self.changed, self.free_place
        o.movable = self.movable.copy()
        o.sides, o.contested, o.losers = self.sides, self.contested, self.losers.copy()
        o.decl, o.kept, o.decl_pos = self.decl.copy(), self.kept.copy(), self.decl_pos
        return o

    def redeal(self, seat: int, rng: Rng) -> QuoVadisState:
        """Deal anew everything `seat` cannot see: the deck order and other epic hands,
        other seats' face-down skills and draft hands (from the skills it has not seen
        face up or in its own hand), other seats' hidden basic-skill choices, and
        future dice. `seat` is treated as not remembering the draft hands it passed on."""
        o = self.copy()
        others = [p for p in range(self.n) if p != seat]
        pool = o.deck
        for p in others:
            for k in range(5):
                pool.extend([k] * o.hand[5 * p + k])
        pool.sort()  # so the result depends on what `seat` knows, not on the real deal
        rng.shuffle(pool)
        for p in others:
            size = sum(self.hand[5 * p:5 * p + 5])
            counts = [0] * 5
            for _ in range(size):
                counts[pool.pop()] += 1
            o.hand[5 * p:5 * p + 5] = counts
        seen = {*self.hidden[seat], *self.draft[seat]}
        for p in range(self.n):
            seen.update(self.shown[p])
        skills = sorted(k for k in self.tables.draft if k not in seen)
        rng.shuffle(skills)
        o.draft = [d.copy() for d in self.draft]
        for p in others:
            o.hidden[p] = tuple(skills.pop() for _ in self.hidden[p])
            o.draft[p] = sorted(skills.pop() for _ in self.draft[p])
            if self.basic[p] >= 0 and not self.shown[p]:
                o.basic[p] = rng.choice(self.tables.basic[self.race[p]])
        o._forget_past(rng)
        return o

    def _legal_actions(self) -> list[Action]:
        phase, s = self.phase, self.to_move
        if phase == PLACE:
            acts = [PLACE_A[c] for c in self.board.tile_cells[self.area] if self._can_place(s, c)]
            if self.placed:
                acts.append(DONE)
            return acts
        if phase == AREA:
            return self._area_choices(s)
        if phase == CARD:
            return self._card_choices(s)
        if phase == MORALE:
            return list(MORALE_A[:self.res[4 * s] + 1])
        if phase == MOVE:
            adjacent = self.board.adjacent
            acts = [("move", a, b) for a in sorted(set(self.movable)) for b in adjacent[a]]
            acts.append(DONE)
            return acts
        if phase in (PROSPER, DISCARD):
            acts = [DISCARD_A[k] for k in range(5) if self.hand[5 * s + k]]
            if phase == PROSPER:
                res = self.res
                acts += [EXCHANGE_A[a][b] for a in range(3) if res[4 * s + a]
                         for b in range(3) if b != a]
            acts.append(DONE)
            return acts
        if phase in (WRATH, MIRACLE):
            return [WRATH_A if phase == WRATH else CONVERT, PASS]
        if phase == SMITE:
            return self._smite_choices()
        if phase == BUILD:
            return self._build_choices(s)
        if phase == CITY_SITE:
            return [CITY_A[c] for c in self._city_sites(s)]
        if phase == ASCEND:
            return [ASCEND_A, PASS]
        if phase == REVEAL:
            return [REVEAL_A[k] for k in sorted(self.hidden[s])]
        if phase == KEEP:
            return self._keep_choices(self.losers[0])
        if phase == DRAFT:
            return [PICK_A[k] for k in self.draft[s]]
        if phase == CUBES:
            return cube_splits(self.options.start_cubes, tuple(self.cap[4 * s:4 * s + 3]))
        if phase == BASIC:
            return [BASIC_A[k] for k in self.tables.basic[self.race[s]]]
        taken = set(self.race)
        return [RACE_A[r] for r in range(len(self.tables.race_name)) if r not in taken]

    def _apply(self, action: Action) -> None:
        kind = action[0]
        s = self.to_move
        if kind == "place":
            self._place(s, action[1])
        elif kind == "done":
            self._done(s)
        elif kind == "move":
            self._move(s, action[1], action[2])
        elif kind == "card" or kind == "plea":
            self._play_card(s, action)
        elif kind == "morale":
            self._declare(s, action[1])
        elif kind in ("area", "free", "free2"):
            self._choose_area(s, action)
        elif kind == "discard":
            self._discard_card(s, action[1])
        elif kind == "exchange":
            self._exchange(s, action[1], action[2])
        elif kind == "pass":
            self._pass(s)
        elif kind == "convert":
            self._miracle(s, True)
        elif kind == "wrath":
            self._wrath(s)
        elif kind == "smite":
            self._smite(s, action[1], bool(action[2]))
        elif kind == "fort" or kind == "temple":
            self._build(s, action[1], FORT if kind == "fort" else TEMPLE)
        elif kind == "city":
            self._build_city(s, action[1])
            self._after_city(s)
        elif kind == "ascend":
            self._ascend(s)
        elif kind == "reveal":
            self._reveal(s, action[1])
        elif kind == "skill":
            self._use_skill(s, action[1])
        elif kind == "keep":
            self._keep(s, action[1])
        elif kind == "pick":
            self._pick(s, action[1])
        elif kind == "cubes":
            self._cubes(s, action)
        elif kind == "basic":
            self._choose_basic(s, action[1])
        else:  # race
            self._take_race(s, action[1])
            if s + 1 < self.n:
                self.to_move = s + 1
            else:
                self._deal_skills()

    def _done(self, s: int) -> None:
        phase = self.phase
        if phase == PLACE:
            self._begin_card()
        elif phase == SMITE:
            self._end_wrath(s)
        elif phase in (MOVE, PROSPER):
            self._after_action()
        elif phase == DISCARD:
            self._war()
        elif phase == BUILD:
            self._end_phase()
        else:  # KEEP
            self._release(self.losers.pop(0))
            self._next_keeper()

    def _pass(self, s: int) -> None:
        phase = self.phase
        if phase == WRATH:
            self._begin_place()
        elif phase == MIRACLE:
            self._miracle(s, False)
        else:  # ASCEND
            self._cleanup(s)

    # ---- resources, skills and cards ----------------------------------------------------

    def _refresh(self, s: int) -> None:
        """Add up the seat's face-up skills; the maxima follow the board side."""
        t = self.tables
        mods, free = E.NO_MODS, 1 << T.PLAINS | 1 << t.race_home[self.race[s]]
        for k in self.shown[s]:
            mods = E.add(mods, list(t.skill_mods[k]))
            free |= t.skill_free[k]
        self.mods[s], self.freemask[s] = mods, free
        base = t.standard if self.options.board == "standard" else t.race_custom[self.race[s]]
        for r in range(4):
            self.cap[4 * s + r] = base[r] + mods[E.RAISE_MAX + r]

    def gain(self, s: int, r: int, amount: int) -> int:
        """Gain up to `amount` of resource `r`; what the maximum cannot hold is lost."""
        i = 4 * s + r
        before = self.res[i]
        after = before + amount
        if after > self.cap[i]:
            after = self.cap[i]
        self.res[i] = after
        return after - before

    def _score(self, s: int, amount: int, source: int) -> None:
        self.vp[s] += amount
        self.src[NSRC * s + source] += amount

    def _draw(self, s: int, k: int) -> int:
        got, reshuffled = take_cards(self.deck, self._discards(), self.rng, k)
        if reshuffled:
            self.discard = [0] * 5
            self.log.append("The epic discards are shuffled into a new deck.")
        for c in got:
            self.hand[5 * s + c] += 1
        return len(got)

    def _discards(self) -> list[int]:
        """The discard pile as a list of kinds (it is kept as counts)."""
        return [k for k in range(5) for _ in range(self.discard[k])]

    def hand_size(self, s: int) -> int:
        return sum(self.hand[5 * s:5 * s + 5])

    # ---- 1: area selection ---------------------------------------------------------------

    def free_cost(self, s: int) -> int:
        cost = self.options.free_faith - self.mods[s][E.FREE_DISCOUNT]
        return cost if cost > 0 else 0

    def _area_choices(self, s: int) -> list[Action]:
        plain, one, two = self.board.choices[self.markers]
        acts = list(plain)
        faith, cost = self.res[4 * s + FAITH_R], self.free_cost(s)
        if one and faith >= cost:
            acts += one
            if faith >= 2 * cost:
                acts += two
        t = self.tables
        acts += [SKILL_A[k] for k in self.shown[s] if t.skill_once[k] and k not in self.used[s]]
        return acts

    def _start_turn(self) -> None:
        s = self.active
        self._clear_turn()
        self.phase, self.to_move, self.area = AREA, s, -1
        self.log.append(f"Round {self.round_no}: seat {s + 1}'s turn.")
        mods = self.mods[s]
        for r in range(4):
            if mods[E.TURN_GAIN + r]:
                got = self.gain(s, r, mods[E.TURN_GAIN + r])
                self.log.append(f"Seat {s + 1} gains {got} {E.RESOURCES[r]} from its skills.")

    def _choose_area(self, s: int, action: Action) -> None:
        kind, a, b = action
        cost = self.free_cost(s)
        if kind == "area":
            self.markers = marker_key(a, b)
            words = f"cards {a} and {b}"
        elif kind == "free":
            self.res[4 * s + FAITH_R] -= cost
            self.markers = marker_key(a, FREE)
            words = f"card {a} and Free as {b} ({cost} faith)"
            self._note(s, FREE_KEY)
        else:
            self.res[4 * s + FAITH_R] -= 2 * cost
            self.markers = (FREE, FREE)
            words = f"Free twice as {a} and {b} ({2 * cost} faith)"
            self._note(s, FREE_KEY)
        pair = (a, b) if a <= b else (b, a)
        self.area = self.board.world.tile_of_pair[pair]
        self.log.append(f"Seat {s + 1} chooses {words}: the creation area is {pair[0]}-{pair[1]}.")
        if self.res[4 * s + WRATH_R] >= self.options.wrath_levels[0]:
            self.phase = WRATH
        else:
            self._begin_place()

    def _use_skill(self, s: int, k: int) -> None:
        """A once-per-game skill, used at the start of an own turn."""
        t = self.tables
        self.used[s] = (*self.used[s], k)
        self._note(s, f"skill:{t.skill_name[k]}")
        self.log.append(f"Seat {s + 1} uses {t.skill_english[k]} ({t.skill_name[k]}): "
                        f"{t.skill_text[k]}.")
        for effect, amount, resource in t.skill_once[k]:
            if effect == E.GAIN:
                self.gain(s, resource, amount)
            elif effect == E.GAIN_VP:
                self._score(s, amount, SKILLS_SRC)
            elif effect == E.DRAW:
                self._draw(s, amount)
            else:
                self.free_place = True

    # ---- 2: creation phase: the wrath of god -----------------------------------------------

    def _wrath(self, s: int) -> None:
        """神の怒り: pay *all* wrath; 3 strikes 1 cell, 4 up to 2, 5+ up to 3 and may
        destroy buildings (Q7). Seats with a temple in the area are shielded (Q8)."""
        paid = self.res[4 * s + WRATH_R]
        self.res[4 * s + WRATH_R] = 0
        levels = self.options.wrath_levels
        cells = self.board.tile_cells[self.area]
        self.strikes = min(len(cells), sum(1 for x in levels if paid >= x)
                           + self.mods[s][E.WRATH_CELLS])
        self.acts = paid  # remembered for the building rule
        shield = 0
        for c in cells:
            code = self.bld[c]
            if code >= 0 and code & 3 == TEMPLE:
                shield |= 1 << (code >> 2)
        self.shield = shield
        self.struck = 0
        self._note(s, WRATH_KEY)
        self.log.append(f"Seat {s + 1} pays {paid} wrath: the wrath of god strikes "
                        f"{self.strikes} cell(s) of the area.")
        self.phase = SMITE

    def razable(self, c: int) -> bool:
        """Whether the wrath now striking may destroy the building on `c`."""
        code = self.bld[c]
        return (self.acts >= self.options.wrath_levels[2] and code >= 0 and code & 3 != RUIN
                and not self.shield >> (code >> 2) & 1)

    def _smite_choices(self) -> list[Action]:
        acts = []
        for i, c in enumerate(self.board.tile_cells[self.area]):
            if not self.struck >> i & 1:
                acts.append(SMITE_A[c][0])
                if self.razable(c):
                    acts.append(SMITE_A[c][1])
        if self.struck:
            acts.append(DONE)
        return acts

    def _smite(self, s: int, c: int, raze: bool) -> None:
        n, wk, shield = self.n, self.wk, self.shield
        self.struck |= 1 << self.board.tile_cells[self.area].index(c)
        self.strikes -= 1
        hit = []
        for p in range(n):
            k = wk[c * n + p]
            if k and not shield >> p & 1:
                wk[c * n + p] = 0
                self.supply[p] += k
                hit.append(f"seat {p + 1}'s {k} worker(s)")
        words = ", ".join(hit) if hit else "no worker"
        self.log.append(f"The wrath of god strikes cell {c}: {words} go home.")
        if raze:
            self._note(s, WRATH_BUILDINGS)
            self._destroy_by_wrath(c)
        if not self.strikes or self.struck == (1 << len(self.board.tile_cells[self.area])) - 1:
            self._end_wrath(s)

    def _destroy_by_wrath(self, c: int) -> None:
        code = self.bld[c]
        owner, kind = code >> 2, code & 3
        if kind == CITY:
            if self.options.wrath_city == "cube":
                if self.cubes[c]:
                    self.cubes[c] -= 1
                self.log.append(f"Seat {owner + 1}'s city on cell {c} loses a cube.")
                return
            self.bld[c] = owner << 2 | RUIN
            kept = self._halve(c)
            self.log.append(f"Seat {owner + 1}'s city on cell {c} is destroyed; "
                            f"{kept} cube(s) stay.")
        else:
            self._return_building(c)
            self.log.append(f"Seat {owner + 1}'s {'fort' if kind == FORT else 'temple'} on "
                            f"cell {c} goes home.")

    def _halve(self, c: int) -> int:
        """A destroyed city's cubes: half stay (rounded down), the rest go to the stock
        (Q7); with fixed dominance the city loses one. Returns the cubes that stay."""
        if self.options.dominance == "fixed":
            self.cubes[c] = max(0, self.cubes[c] - 1)
        else:
            self.cubes[c] //= 2
        return self.cubes[c]

    def _return_building(self, c: int) -> None:
        code = self.bld[c]
        owner = code >> 2
        if code & 3 == FORT:
            self.forts[owner] += 1
        else:
            self.temples[owner] += 1
        self.bld[c] = EMPTY

    def _end_wrath(self, s: int) -> None:
        """The payer's home-terrain ring now lies round the area (Q7), if one is left."""
        terrain = self.tables.race_home[self.race[s]]
        t = self.area
        if self.rings_left[terrain]:
            old = self.ring[t]
            if old >= 0:
                self.rings_left[old] += 1
            self.rings_left[terrain] -= 1
            self.ring[t] = terrain
            for c in self.board.tile_cells[t]:
                self.terr[c] = terrain
            self.log.append(f"A {E.TERRAINS[terrain]} ring is laid round the area: all its "
                            f"cells are {E.TERRAINS[terrain]}.")
        else:
            self.log.append(f"No {E.TERRAINS[terrain]} ring is left to lay.")
        self.shield = self.acts = 0
        self._begin_place()

    # ---- worker placement ------------------------------------------------------------------

    def placement_cost(self, s: int, c: int) -> int:
        """Food for one more worker on `c`: its terrain unless plains or an aptitude
        terrain, plus the extra-worker food after the first (Q9)."""
        if self.free_place:
            return 0
        opts = self.options
        cost = 0 if self.freemask[s] >> self.terr[c] & 1 else opts.placement_food
        if self.placed:
            extra = opts.extra_worker_food - self.mods[s][E.EXTRA_WORKER_DISCOUNT]
            if extra > 0:
                cost += extra
        return cost

    def _can_place(self, s: int, c: int) -> bool:
        return self.supply[s] > 0 and self.res[4 * s + FOOD_R] >= self.placement_cost(s, c)

    def _begin_place(self) -> None:
        s = self.active
        self.phase, self.to_move = PLACE, s
        if not any(self._can_place(s, c) for c in self.board.tile_cells[self.area]):
            self.log.append(f"Seat {s + 1} cannot place a worker.")
            self._begin_card()

    def _place(self, s: int, c: int) -> None:
        cost = self.placement_cost(s, c)
        self.res[4 * s + FOOD_R] -= cost
        self.wk[c * self.n + s] += 1
        self.supply[s] -= 1
        self.placed += 1
        paid = f" for {cost} food" if cost else ""
        self.log.append(f"Seat {s + 1} places a worker on cell {c}{paid}.")
        if not any(self._can_place(s, x) for x in self.board.tile_cells[self.area]):
            self._begin_card()

    # ---- card placement ---------------------------------------------------------------------

    def plea_cost(self, s: int) -> int:
        cost = self.options.plea_faith - self.mods[s][E.PLEA_DISCOUNT]
        return cost if cost > 0 else 0

    def can_change(self, s: int) -> bool:
        """世代交代 needs a generation to leave, a slot to the right, a city token and an
        own worker on a cell without a building (Q4)."""
        return (bool(self.gens[s]) and len(self.gens[s]) < self.options.generations
                and self.cities[s] > 0 and bool(self._city_sites(s)))

    def _city_sites(self, s: int) -> list[int]:
        bld = self.bld
        return [c for c, k in enumerate(self.wk[s::self.n]) if k and bld[c] == EMPTY]

    def _begin_card(self) -> None:
        s = self.active
        if self.hand_size(s):
            self.phase, self.to_move = CARD, s
        else:
            self.log.append(f"Seat {s + 1} has no card to place.")
            self._war()

    def _card_choices(self, s: int) -> list[Action]:
        change = self.can_change(s)
        plea = self.res[4 * s + FAITH_R] >= self.plea_cost(s)
        acts: list[Action] = []
        hand = self.hand
        for k in range(5):
            if hand[5 * s + k]:
                acts.append(CARD_A[k][0])
                if change:
                    acts.append(CARD_A[k][1])
        if plea:
            for k in range(5):
                if hand[5 * s + k]:
                    for a in range(5):
                        if a != k:
                            acts.append(PLEA_A[k][a][0])
                            if change:
                                acts.append(PLEA_A[k][a][1])
        return acts

    def _inheritance(self, s: int, kind: int, change: bool) -> int:
        """継承力: the most cards under an old generation topped by `kind` (the highest
        one only: 3, never 3 + 2 = 5)."""
        gens = self.gens[s]
        old = gens if change else gens[:-1]
        best = 0
        for count, top in old:
            if top == kind and count > best:
                best = count
        return best

    def actions_for(self, s: int, kind: int, change: bool) -> int:
        """How many times a card acting as `kind` would act if placed now."""
        gens = self.gens[s]
        count = 1 if change or not gens else gens[-1][0] + 1
        inherit = self._inheritance(s, kind, change)
        if inherit:
            inherit += self.mods[s][E.INHERITANCE_BONUS]
        return (count if count >= inherit else inherit) + self.mods[s][E.ACTION_BONUS + kind]

    def _play_card(self, s: int, action: Action) -> None:
        printed = action[1]
        acted = action[2] if action[0] == "plea" else printed
        change = bool(action[-1])
        t_kind = E.CARDS
        n = self.actions_for(s, acted, change)
        if self._inheritance(s, acted, change):
            self._note(s, INHERITANCE)
        self.hand[5 * s + printed] -= 1
        gens = self.gens[s]
        if change or not gens:
            if change:
                self.changed = True
                self.prev_count = gens[-1][0]
                self._note(s, GENERATION_CHANGE)
            self.gens[s] = (*gens, (1, printed))
        else:
            self.gens[s] = (*gens[:-1], (gens[-1][0] + 1, printed))
        self._note(s, f"card:{t_kind[printed]}")
        self._note(s, f"action:{t_kind[acted]}")
        where = (f"starts generation {len(self.gens[s])} with" if change else
                 f"places on generation {len(self.gens[s])}")
        plea = ""
        if acted != printed:
            cost = self.plea_cost(s)
            self.res[4 * s + FAITH_R] -= cost
            self._note(s, PLEA)
            plea = f" as {t_kind[acted]} (御無心, {cost} faith)"
        self.log.append(f"Seat {s + 1} {where} {t_kind[printed]}{plea}: {n} action(s).")
        self._resolve(s, acted, n)

    def _resolve(self, s: int, kind: int, n: int) -> None:
        self.kind, self.acts = kind, n
        if kind == E.BLESSING or kind == E.LABOUR:
            r = MORALE_R if kind == E.BLESSING else FOOD_R
            got = self.gain(s, r, n)
            self.log.append(f"Seat {s + 1} gains {got} {E.RESOURCES[r]}.")
            self._after_action()
        elif kind == E.MIRACLE:
            faith = self.res[4 * s + FAITH_R]
            rate = self.options.miracle_faith
            if faith >= rate or min(faith + n, self.cap[4 * s + FAITH_R]) >= rate:
                self.phase = MIRACLE
            else:
                self._miracle(s, False)
        elif kind == E.REVELATION:
            n_seats, wk = self.n, self.wk
            self.movable = [c for c in self.board.tile_cells[self.area]
                            for _ in range(wk[c * n_seats + s])]
            if self.movable and n:
                self.phase = MOVE
            else:
                self._after_action()
        else:
            cap = self.options.prosperity_cap + self.mods[s][E.PROSPERITY_CAP]
            vp = n if n < cap else cap
            self._score(s, vp, PROSPERITY_SRC)
            self.log.append(f"Seat {s + 1} scores {vp} VP for Prosperity.")
            self.phase = PROSPER
            if not self._legal_actions()[:-1]:
                self._after_action()

    def _miracle(self, s: int, convert: bool) -> None:
        """奇跡: faith per action; 3 faith may become 1 wrath once, at the earliest point
        it can (which never loses more faith than a later one)."""
        rate, n = self.options.miracle_faith, self.acts
        i = 4 * s + FAITH_R
        if convert and self.res[i] >= rate:
            self.res[i] -= rate
            self.gain(s, WRATH_R, 1)
            got = self.gain(s, FAITH_R, n)
        else:
            got = self.gain(s, FAITH_R, n)
            if convert:
                self.res[i] -= rate
                self.gain(s, WRATH_R, 1)
        turned = f" and turns {rate} faith into 1 wrath" if convert else ""
        self.log.append(f"Seat {s + 1} gains {got} faith{turned}.")
        self._after_action()

    def _move(self, s: int, a: int, b: int) -> None:
        """啓示: one step per action to an adjacent cell, any terrain, no food; only
        workers that started the action in the area (Q10), possibly out of it."""
        n = self.n
        self.movable.remove(a)
        self.movable.append(b)
        self.wk[a * n + s] -= 1
        self.wk[b * n + s] += 1
        self.acts -= 1
        self.log.append(f"Seat {s + 1} moves a worker from cell {a} to cell {b}.")
        if not self.acts:
            self._after_action()

    def _discard_card(self, s: int, k: int) -> None:
        self.hand[5 * s + k] -= 1
        self.discard[k] += 1
        self.log.append(f"Seat {s + 1} discards {E.CARDS[k]}.")
        if self.phase == PROSPER:
            self._prosper_step()
        elif not self.hand_size(s):
            self._war()

    def _exchange(self, s: int, a: int, b: int) -> None:
        self.res[4 * s + a] -= 1
        got = self.gain(s, b, 1)
        self.log.append(f"Seat {s + 1} turns 1 {E.RESOURCES[a]} into {got} {E.RESOURCES[b]}.")
        self._prosper_step()

    def _prosper_step(self) -> None:
        self.acts -= 1
        if not self.acts or len(self._legal_actions()) == 1:
            self._after_action()

    def _after_action(self) -> None:
        """A generation change ends with discarding any number of cards."""
        s = self.active
        self.acts = 0
        self.movable = []
        if self.changed and self.hand_size(s):
            self.phase = DISCARD
        else:
            self._war()

    # ---- 3: war ---------------------------------------------------------------------------------

    def owners(self, c: int) -> int:
        """Bit mask of the seats with a face-up piece on `c` (a destroyed city is none)."""
        n, wk = self.n, self.wk
        mask = 0
        base = c * n
        for p in range(n):
            if wk[base + p]:
                mask |= 1 << p
        code = self.bld[c]
        if code >= 0 and code & 3 != RUIN:
            mask |= 1 << (code >> 2)
        return mask

    def contested_cells(self) -> tuple[int, ...]:
        """係争マス: cells of the area with face-up pieces of two or more seats (Q11)."""
        out = []
        for c in self.board.tile_cells[self.area]:
            mask = self.owners(c)
            if mask & (mask - 1):
                out.append(c)
        return tuple(out)

    def _war(self) -> None:
        contested = self.contested_cells()
        if not contested:
            self._build_phase()
            return
        mask = 0
        for c in contested:
            mask |= self.owners(c)
        n, a = self.n, self.active
        self.sides = tuple(p for p in ((a + k) % n for k in range(n)) if mask >> p & 1)
        self.contested = contested
        self.decl = [0] * n
        self.decl_pos = 0
        for p in self.sides:
            self._note(p, WAR)
        cells = ", ".join(map(str, contested))
        who = ", ".join(f"seat {p + 1}" for p in self.sides)
        self.log.append(f"War over cell(s) {cells}: {who}.")
        self._next_declarer()

    def _next_declarer(self) -> None:
        """Morale is declared once each, from the active seat clockwise (Q5)."""
        sides = self.sides
        while self.decl_pos < len(sides):
            p = sides[self.decl_pos]
            if self.res[4 * p + MORALE_R]:
                self.phase, self.to_move = MORALE, p
                return
            self.decl_pos += 1
        self._resolve_war()

    def _declare(self, p: int, k: int) -> None:
        self.res[4 * p + MORALE_R] -= k
        self.decl[p] = k
        self.log.append(f"Seat {p + 1} spends {k} morale on the war.")
        self.decl_pos += 1
        self._next_declarer()

    def strength(self, p: int) -> int:
        """Own workers and face-up buildings on the contested cells and every cell next
        to one (each once), before morale and dice (Q5, Q11)."""
        n, wk, bld = self.n, self.wk, self.bld
        adjacent = self.board.adjacent
        cells = set(self.contested)
        for c in self.contested:
            cells.update(adjacent[c])
        total = 0
        city_bonus = 1 + self.mods[p][E.CITY_STRENGTH]
        for c in cells:
            total += wk[c * n + p]
            code = bld[c]
            if code >= 0 and code >> 2 == p:
                kind = code & 3
                if kind != RUIN:
                    total += city_bonus if kind == CITY else 1
        return total + self.mods[p][E.WAR_STRENGTH]

    def war_dice(self, p: int) -> tuple[int, int]:
        """(sides, dice) of `p`'s roll: d8 where a contested cell is its home terrain,
        else d6; a fort on a contested cell (and war_dice skills) add dice, best kept."""
        opts, bld, terr = self.options, self.bld, self.terr
        home = self.tables.race_home[self.race[p]]
        fort = p << 2 | FORT
        sides, with_fort = opts.die, 0
        for c in self.contested:
            if terr[c] == home:
                sides = opts.aptitude_die
            if bld[c] == fort:
                with_fort = 1
        return sides, 1 + with_fort + self.mods[p][E.WAR_DICE]

    def _resolve_war(self) -> None:
        totals, words = {}, []
        die = self.rng.die
        for p in self.sides:
            sides, dice = self.war_dice(p)
            roll = max(die(sides) for _ in range(dice))
            totals[p] = self.strength(p) + self.decl[p] + roll
            words.append(f"seat {p + 1} {totals[p]} (d{sides}"
                         + (f" best of {dice}" if dice > 1 else "") + f": {roll})")
        best = max(totals.values())
        top = [p for p in self.sides if totals[p] == best]
        winner = top[0] if len(top) == 1 else -1
        losers = [p for p in self.sides if totals[p] < best]
        outcome = (f"seat {winner + 1} wins" if winner >= 0 else
                   "a draw at the top between " + ", ".join(f"seat {p + 1}" for p in top))
        self.log.append(f"War: {'; '.join(words)}; {outcome}.")
        for p in self.sides:
            self._note(p, WAR_WON if p == winner else WAR_DRAW if p in top else WAR_LOST)
        returned = sum(self._lose(p) for p in losers)
        if winner >= 0:
            self.wars_won[winner] += 1
            got = self.gain(winner, MORALE_R, self.options.war_win_morale)
            vp = returned + self.mods[winner][E.WAR_WIN_VP]
            if vp:
                self._score(winner, vp, WAR_SRC)
            self.log.append(f"Seat {winner + 1} gains {got} morale and {vp} VP.")
        elif returned:
            self.log.append(f"Nobody scores the {returned} cube(s) returned: there is no winner.")
        self.losers = []
        if self.options.war_loser == "keep":
            self.kept = [0] * len(self.contested)
            for p in losers:
                if len(self._keep_choices(p)) > 1:
                    self.losers.append(p)
                else:
                    self._release(p)
        self._next_keeper()

    def _lose(self, p: int) -> int:
        """The loser's workers leave the contested cells (home, or ascending, or waiting
        to be kept for food, by option), its forts and temples go home, its cities turn
        face down and lose half their cubes; it gains wrath. Returns the cubes returned."""
        opts, n, wk, bld = self.options, self.n, self.wk, self.bld
        got = self.gain(p, WRATH_R, opts.war_loss_wrath)
        mods = self.mods[p]
        for r in range(4):
            if mods[E.LOSS_GAIN + r]:
                self.gain(p, r, mods[E.LOSS_GAIN + r])
        returned = 0
        for c in self.contested:
            k = wk[c * n + p]
            if k and opts.war_loser != "keep":
                wk[c * n + p] = 0
                if opts.war_loser == "ascend":
                    for _ in range(k):
                        self._ascend_one(p)
                else:
                    self.supply[p] += k
            code = bld[c]
            if code >= 0 and code >> 2 == p:
                kind = code & 3
                if kind == CITY:
                    before = self.cubes[c]
                    bld[c] = p << 2 | RUIN
                    if opts.dominance == "fixed":
                        returned += before
                        self._halve(c)
                    else:
                        returned += before - self._halve(c)
                elif kind != RUIN:
                    self._return_building(c)
        self.log.append(f"Seat {p + 1} loses: its pieces leave the contested cells; "
                        f"it gains {got} wrath.")
        return returned

    def _keep_choices(self, p: int) -> list[Action]:
        """Variant: the loser pays food, worker by worker, to keep it on the cell."""
        n, wk = self.n, self.wk
        acts = []
        if self.res[4 * p + FOOD_R] >= self.options.keep_food:
            for i, c in enumerate(self.contested):
                if wk[c * n + p] > self.kept[i]:
                    acts.append(KEEP_A[c])
        acts.append(DONE)
        return acts

    def _next_keeper(self) -> None:
        if self.losers:
            self.phase, self.to_move = KEEP, self.losers[0]
            self.kept = [0] * len(self.contested)
        else:
            self.kept = []
            self.to_move = self.active
            self._build_phase()

    def _keep(self, p: int, c: int) -> None:
        self.res[4 * p + FOOD_R] -= self.options.keep_food
        self.kept[self.contested.index(c)] += 1
        self._note(p, WAR_KEPT)
        self.log.append(f"Seat {p + 1} pays {self.options.keep_food} food to keep a worker on "
                        f"cell {c}.")
        if len(self._keep_choices(p)) == 1:
            self._release(self.losers.pop(0))
            self._next_keeper()

    def _release(self, p: int) -> None:
        """The loser's workers not kept go home."""
        n, wk = self.n, self.wk
        for i, c in enumerate(self.contested):
            gone = wk[c * n + p] - self.kept[i]
            wk[c * n + p] -= gone
            self.supply[p] += gone

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
        if self.options.dominance == "fixed":
            self.cubes[c] = self.options.fixed_dominance
        self.log.append(f"Seat {s + 1} builds a city on cell {c}.")

    def _after_city(self, s: int) -> None:
        n, wk, bld = self.n, self.wk, self.bld
        ruin = s << 2 | RUIN
        for c in (range(len(bld)) if ruin in bld else ()):
            if bld[c] == ruin and wk[c * n + s]:
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
        if (forts or temples) and self.res[4 * s + FOOD_R] >= self.options.building_food:
            bld = self.bld
            for c, k in enumerate(self.wk[s::self.n]):
                if k >= 2 and bld[c] == EMPTY:
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
        """Refill the hand, dominance cubes on own face-up cities, then cleanup (with the
        chance to ascend) and the settlement after a generation change."""
        s = self.active
        want = self.options.hand_size + self.mods[s][E.HAND_SIZE] - self.hand_size(s)
        if want > 0:
            got = self._draw(s, want)
            self.log.append(f"Seat {s + 1} draws {got} card(s).")
        if self.options.dominance == "grow":
            bonus = self.mods[s][E.DOMINANCE_BONUS]
            area = self.board.tile_cells[self.area] if bonus else ()
            city = s << 2 | CITY
            if city in self.bld:
                for c, code in enumerate(self.bld):
                    if code == city:
                        self.cubes[c] += 1 + (bonus if c in area else 0)
        temple = self.temple_cell(s)
        if temple >= 0 and self.wk[temple * self.n + s]:
            self.phase = ASCEND
            return
        self._cleanup(s)

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
            for c, k in enumerate(wk[s::n]):
                if k:
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
        self._note(s, f"skill:{self.tables.skill_name[k]}")
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

    def all_majorities(self) -> list[int]:
        """`majorities` of every seat, in one pass over the world."""
        n, wk, bld = self.n, self.wk, self.bld
        out = [0] * n
        for cells in self.board.tile_cells:
            once = twice = 0
            for c in cells:
                code = bld[c]
                if code >= 0 and code & 3 == CITY:
                    twice |= 1 << (code >> 2)
                base = c * n
                for p in range(n):
                    if wk[base + p]:
                        bit = 1 << p
                        twice |= once & bit
                        once |= bit
            if twice:
                for p in range(n):
                    if twice >> p & 1:
                        out[p] += 1
        return out

    def majorities(self, s: int) -> int:
        """Areas where `s` has workers on two or more cells or a face-up city (Q13)."""
        n, wk, bld = self.n, self.wk, self.bld
        city = s << 2 | CITY
        total = 0
        for cells in self.board.tile_cells:
            occupied = 0
            for c in cells:
                if bld[c] == city:
                    occupied = 2
                    break
                if wk[c * n + s]:
                    occupied += 1
            if occupied >= 2:
                total += 1
        return total

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
        """最終決算: the cubes on cities, then end-of-game skills."""
        self.phase, self.to_move = OVER, None
        self.area = -1
        for s in range(self.n):
            self._score(s, scoring.city_cubes(self, s), CITIES_SRC)
            for k in self.shown[s]:
                vp = scoring.skill_vp(self, s, k)
                if vp:
                    self._note(s, f"skill:{self.tables.skill_name[k]}")
                    self._score(s, vp, SKILLS_SRC)
        totals = ", ".join(f"seat {s + 1}: {v}" for s, v in enumerate(self.vp))
        self.log.append(f"The game ends after round {self.round_no}. {totals}.")

    # ---- results and what people see ---------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.vp)

    def breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def _winners(self) -> list[int]:
        return scoring.winners(self)

    def evaluate(self) -> list[float]:
        return evaluation.evaluate(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return presentation.view(self, seat)

    def label(self, action: Action) -> str:
        return presentation.label(self, action)

    def action_kind(self, action: Action) -> str:
        return presentation.action_kind(self, action)

    def render(self, seat: int | None = None) -> str:
        return presentation.render(self, seat)

    def svg(self) -> str:
        """The world with every piece on it, as a standalone SVG document."""
        return presentation.svg(self)
