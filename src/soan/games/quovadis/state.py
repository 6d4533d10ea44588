"""Quo Vadis draft 27: the rules, as a state and its transitions.

Setup: races, the skill draft (6 each, hidden picks), the epic deck (4 each),
7 starting cubes, a hidden basic-skill choice, the start player. A turn is:
area selection (two unmarked genesis cards), the creation phase (wrath of god,
worker placement, card placement with its action), the war phase, the build
phase and the end phase (refill, dominance, cleanup and ascension, settlement).
This module holds the state, setup and the contract; the phases of a turn are
mixins beside it (`creation`, `war`, `settlement`), as are the points and the
winner (`scoring`) and what a seat may know (`view`). See `rules.md` beside
this file for the rules in English with every ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from soan.boards import terrain as T
from soan.boards.world import quovadis_world
from soan.engine.cards import take_cards
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng
from soan.games.quovadis import effects as E
from soan.games.quovadis.board import FREE, Board
from soan.games.quovadis.codes import (
    AREA,
    ASCEND,
    ASCEND_A,
    ASCENSION,
    BASIC,
    BASIC_A,
    BUILD,
    CARD,
    CITY_A,
    CITY_SITE,
    CONVERT,
    CUBES,
    DISCARD,
    DONE,
    DRAFT,
    EMPTY,
    FORT,
    FORT_KEY,
    GENERATION_CHANGE,
    INHERITANCE,
    KEEP,
    MIRACLE,
    MORALE,
    MORALE_A,
    MOVE,
    PASS,
    PICK_A,
    PLACE,
    PLEA,
    PROSPER,
    RACE,
    RACE_A,
    REVEAL,
    REVEAL_A,
    SMITE,
    SOURCES,
    TEMPLE,
    TEMPLE_KEY,
    WAR_KEPT,
    WRATH,
    WRATH_A,
    WRATH_BUILDINGS,
    WRATH_KEY,
)
from soan.games.quovadis.codes import FREE as FREE_KEY
from soan.games.quovadis.content import Tables
from soan.games.quovadis.creation import Creation
from soan.games.quovadis.options import Options
from soan.games.quovadis.scoring import Scoring
from soan.games.quovadis.settlement import Settlement
from soan.games.quovadis.view import View
from soan.games.quovadis.war import War

NSRC = len(SOURCES)
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


@lru_cache(maxsize=1 << 12)
def skill_sums(t: Tables, race: int, shown: tuple[int, ...]) -> tuple[E.Mods, int]:
    """A seat's face-up skills added up: their ongoing effects and, as a bit mask, the
    terrains it settles for free (plains, its home, the skills'). Remembered by content,
    race and skills (a few hundred sets in a long run)."""
    mods, free = E.NO_MODS, 1 << T.PLAINS | 1 << t.race_home[race]
    for k in shown:
        mods = E.add(mods, list(t.skill_mods[k]))
        free |= t.skill_free[k]
    return mods, free


class QuoVadisState(Creation, War, Settlement, Scoring, View, State):
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
        "paid",
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
        self.placed = self.acts = self.paid = self.strikes = self.struck = self.prev_count = 0
        self.shield = 0
        self.kind = -1
        self.changed = self.free_place = False
        self.movable = []

    def _take_race(self, s: int, r: int) -> None:
        self.race[s] = r
        self._note(s, self.tables.race_key[r])
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
        self._note(s, self.tables.skill_key[k])
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
        self._note(s, self.tables.skill_key[k])
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

    def no_effect(self, action: Action) -> bool:
        """A strike of the wrath on a cell where no worker would go home (none there, or
        only a temple's shielded ones) and no building is destroyed, while strikes and
        cells are left after it: the strike is spent and the world stays as it was (the
        strike that ends the wrath lays the ring, so it is never marked)."""
        if self.phase != SMITE or action[0] != "smite" or action[2] or self.strikes < 2:
            return False
        if self.struck.bit_count() + 1 == len(self.board.tile_cells[self.area]):
            return False
        n, wk, shield, base = self.n, self.wk, self.shield, action[1] * self.n
        return not any(wk[base + p] and not shield >> p & 1 for p in range(n))

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
            return (t.race_key[action[1]],)
        if kind in ("pick", "basic", "reveal", "skill"):
            return (t.skill_key[action[1]],)
        if kind in ("free", "free2"):
            return (FREE_KEY,)
        if kind == "card" or kind == "plea":
            acted = action[2] if kind == "plea" else action[1]
            out = [E.CARD_KEYS[action[1]], E.ACTION_KEYS[acted]]
            if kind == "plea":
                out.append(PLEA)
            if action[-1]:
                out.append(GENERATION_CHANGE)
            # the mover's (asked of legal actions, so while the game goes on)
            if self._inheritance(self.to_move, acted, bool(action[-1])):  # type: ignore[arg-type]
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
        o.draft = list(map(list.copy, self.draft))
        o.markers, o.phase, o.start, o.active = self.markers, self.phase, self.start, self.active
        o.area, o.round_no, o.turn_no = self.area, self.round_no, self.turn_no
        o.placed, o.acts, o.strikes, o.struck = self.placed, self.acts, self.strikes, self.struck
        o.paid = self.paid
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
        for p in others:
            o.hidden[p] = tuple(skills.pop() for _ in self.hidden[p])
            o.draft[p] = sorted(skills.pop() for _ in self.draft[p])
            if self.basic[p] >= 0 and not self.shown[p]:
                o.basic[p] = rng.choice(self.tables.basic[self.race[p]])
        o._forget_past(rng)
        return o

    def _offer(self, acts: Sequence[Action]) -> None:
        """Wait for the mover to choose among `acts`: the rules built them to learn that
        there is a choice, so `legal()` takes them as they are. Only the last thing a
        transition does, and only for choices that carry no usage keys (placements,
        Prosperity's), which restricted play never filters; `copy()` keeps them,
        `redeal()` drops them."""
        self._legal = tuple(acts)

    def _legal_actions(self) -> Sequence[Action]:
        s: int  # a seat: `legal()` asks only while the game goes on
        phase, s = self.phase, self.to_move  # type: ignore[assignment]
        if phase == PLACE:
            acts = self._place_choices(s)
            if self.placed:
                acts.append(DONE)
            return acts
        if phase == CARD:
            return self._card_choices(s)
        if phase == AREA:
            return self._area_choices(s)
        if phase == DISCARD:
            return self._discard_choices(s)
        if phase == MORALE:
            return list(MORALE_A[:self.res[4 * s] + 1])
        if phase == DRAFT:
            return [PICK_A[k] for k in self.draft[s]]
        if phase == REVEAL:
            return [REVEAL_A[k] for k in sorted(self.hidden[s])]
        if phase == MOVE:
            adjacent = self.board.adjacent
            acts = [("move", a, b) for a in sorted(set(self.movable)) for b in adjacent[a]]
            acts.append(DONE)
            return acts
        if phase == PROSPER:
            return self._prosper_choices(s)
        if phase == CITY_SITE:
            return [CITY_A[c] for c in self._city_sites(s)]
        if phase == BUILD:
            return self._build_choices(s)
        if phase in (WRATH, MIRACLE):
            return [WRATH_A if phase == WRATH else CONVERT, PASS]
        if phase == SMITE:
            return self._smite_choices()
        if phase == ASCEND:
            return [ASCEND_A, PASS]
        if phase == KEEP:
            return self._keep_choices(self.losers[0])
        if phase == CUBES:
            return cube_splits(self.options.start_cubes, tuple(self.cap[4 * s:4 * s + 3]))
        if phase == BASIC:
            return [BASIC_A[k] for k in self.tables.basic[self.race[s]]]
        taken = set(self.race)
        return [RACE_A[r] for r in range(len(self.tables.race_name)) if r not in taken]

    def _apply(self, action: Action) -> None:
        kind = action[0]  # the kinds in the order of how often a game plays them
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
        if kind == "place":
            self._place(s, action[1])
        elif kind == "card":
            self._play_card(s, action)
        elif kind == "done":
            self._done(s)
        elif kind == "morale":
            self._declare(s, action[1])
        elif kind == "area" or kind == "free" or kind == "free2":
            self._choose_area(s, action)
        elif kind == "discard":
            self._discard_card(s, action[1])
        elif kind == "pick":
            self._pick(s, action[1])
        elif kind == "reveal":
            self._reveal(s, action[1])
        elif kind == "city":
            self._build_city(s, action[1])
            self._after_city(s)
        elif kind == "move":
            self._move(s, action[1], action[2])
        elif kind == "plea":
            self._play_card(s, action)
        elif kind == "exchange":
            self._exchange(s, action[1], action[2])
        elif kind == "pass":
            self._pass(s)
        elif kind == "smite":
            self._smite(s, action[1], bool(action[2]))
        elif kind == "wrath":
            self._wrath(s)
        elif kind == "convert":
            self._miracle(s, True)
        elif kind == "fort" or kind == "temple":
            self._build(s, action[1], FORT if kind == "fort" else TEMPLE)
        elif kind == "ascend":
            self._ascend(s)
        elif kind == "skill":
            self._use_skill(s, action[1])
        elif kind == "keep":
            self._keep(s, action[1])
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
        mods, free = skill_sums(t, self.race[s], self.shown[s])
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
        deck, hand = self.deck, self.hand
        if len(deck) >= k > 0:  # the usual draw: from the top, as `take_cards` takes them
            for _ in range(k):
                hand[5 * s + deck.pop()] += 1
            return k
        discards = self._discards()
        got, reshuffled = take_cards(self.deck, discards, self.rng, k)
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
