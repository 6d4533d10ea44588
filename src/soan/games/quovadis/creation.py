"""The creation of a turn: area selection, the wrath of god, worker placement and card
placement with its action (1:エリア選択 and 2:創世フェイズ of the draft)."""

from __future__ import annotations

from itertools import compress

from soan.engine.core import Action
from soan.games.quovadis import effects as E
from soan.games.quovadis.board import FREE, marker_key
from soan.games.quovadis.codes import (
    AREA,
    CARD,
    CARD_A,
    CELLS,
    CITY,
    DISCARD,
    DISCARD_A,
    DONE,
    EMPTY,
    EXCHANGE_A,
    FORT,
    GENERATION_CHANGE,
    INHERITANCE,
    MIRACLE,
    MOVE,
    PLACE,
    PLACE_A,
    PLEA,
    PLEA_A,
    PROSPER,
    PROSPERITY_SRC,
    RUIN,
    SKILL_A,
    SKILLS_SRC,
    SMITE,
    SMITE_A,
    TEMPLE,
    WRATH,
    WRATH_BUILDINGS,
    WRATH_KEY,
    WRATH_UPHILL,
)
from soan.games.quovadis.codes import FREE as FREE_KEY
from soan.games.quovadis.effects import FAITH_R, FOOD_R, MORALE_R, WRATH_R
from soan.games.quovadis.fields import Fields


class Creation(Fields):
    """Area selection and the creation phase, mixed into `QuoVadisState`."""

    __slots__ = ()

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
        gains = self.mods[s][E.TURN_GAIN:E.TURN_GAIN + 4]
        if any(gains):
            for r, amount in enumerate(gains):
                if amount:
                    got = self.gain(s, r, amount)
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
        self._note(s, t.skill_key[k])
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
        self.paid = paid  # remembered for the building rule
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
        return (self.paid >= self.options.wrath_levels[2] and code >= 0 and code & 3 != RUIN
                and not self.shield >> (code >> 2) & 1)

    def _smite_choices(self) -> list[Action]:
        acts: list[Action] = []
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
        others = self.owners(c) & ~(1 << s)
        if others:  # QP9: wrath where a war would be uphill
            mine = self.strength_at(s, (c,))
            if any(others >> p & 1 and self.strength_at(p, (c,)) > mine for p in range(n)):
                self._note(s, WRATH_UPHILL)
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
            attrition = self.options.dominance == "attrition"
            if self.options.wrath_city == "cube" or (attrition and self.cubes[c] > 1):
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
        (Q7); with fixed dominance (or attrition's last cube) the city loses one. Returns
        the cubes that stay."""
        if self.options.dominance in ("fixed", "attrition"):
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
        self.shield = self.paid = 0
        self._begin_place()

    # ---- worker placement ------------------------------------------------------------------

    def placement_cost(self, s: int, c: int) -> int:
        """Food for one more worker on `c`: its terrain unless plains or an aptitude
        terrain, plus the extra-worker food after the first (Q9)."""
        on_free, elsewhere = self._placement_costs(s)
        return on_free if self.freemask[s] >> self.terr[c] & 1 else elsewhere

    def _placement_costs(self, s: int) -> tuple[int, int]:
        """Food for one more worker of `s` on one of its free terrains and on any other."""
        if self.free_place:
            return 0, 0
        extra = 0
        if self.placed:
            extra = self.options.extra_worker_food - self.mods[s][E.EXTRA_WORKER_DISCOUNT]
            if extra < 0:
                extra = 0
        return extra, self.options.placement_food + extra

    def _place_choices(self, s: int) -> list[Action]:
        """A placement on each of the area's cells where `s` has a worker to place and the
        food it costs (without the `DONE` that follows a first placement). A free
        terrain never costs more than another, so food for the dearer cost opens every
        cell and food short of the cheaper opens none."""
        if self.supply[s] <= 0:
            return []
        food = self.res[4 * s + FOOD_R]
        on_free, elsewhere = self._placement_costs(s)
        if food >= elsewhere:
            return list(self.board.place_actions[self.area])
        if food < on_free:
            return []
        free, terr = self.freemask[s], self.terr
        return [PLACE_A[c] for c in self.board.tile_cells[self.area] if free >> terr[c] & 1]

    def _offer_placement(self, s: int) -> None:
        """Wait for `s` to place a worker, or go on to the card when it cannot."""
        acts = self._place_choices(s)
        if not acts:
            if not self.placed:
                self.log.append(f"Seat {s + 1} cannot place a worker.")
            self._begin_card()
            return
        if self.placed:
            acts.append(DONE)
        self._offer(acts)

    def _begin_place(self) -> None:
        s = self.active
        self.phase, self.to_move = PLACE, s
        self._offer_placement(s)

    def _place(self, s: int, c: int) -> None:
        cost = self.placement_cost(s, c)
        self.res[4 * s + FOOD_R] -= cost
        self.wk[c * self.n + s] += 1
        self.supply[s] -= 1
        self.placed += 1
        paid = f" for {cost} food" if cost else ""
        self.log.append(f"Seat {s + 1} places a worker on cell {c}{paid}.")
        self._offer_placement(s)

    # ---- card placement ---------------------------------------------------------------------

    def plea_cost(self, s: int) -> int:
        cost = self.options.plea_faith - self.mods[s][E.PLEA_DISCOUNT]
        return cost if cost > 0 else 0

    def can_change(self, s: int) -> bool:
        """世代交代 needs a generation to leave, a slot to the right, a city token and an
        own worker on a cell without a building (Q4)."""
        return (bool(self.gens[s]) and len(self.gens[s]) < self.options.generations
                and self.cities[s] > 0 and self._has_city_site(s))

    def _city_sites(self, s: int) -> list[int]:
        bld = self.bld
        return [c for c in compress(CELLS, self.wk[s::self.n]) if bld[c] == EMPTY]

    def _has_city_site(self, s: int) -> bool:
        """Whether `_city_sites` holds any (stops at the first)."""
        return EMPTY in map(self.bld.__getitem__, compress(CELLS, self.wk[s::self.n]))

    def _begin_card(self) -> None:
        s = self.active
        if self.hand_size(s):
            self.phase, self.to_move = CARD, s
        else:
            self.log.append(f"Seat {s + 1} has no card to place.")
            self._war()

    def _held(self, s: int) -> int:
        """Bit mask of the card kinds in `s`'s hand (the choices over a hand read it)."""
        h = self.hand
        i = 5 * s
        return ((h[i] > 0) | (h[i + 1] > 0) << 1 | (h[i + 2] > 0) << 2 | (h[i + 3] > 0) << 3
                | (h[i + 4] > 0) << 4)

    def _card_choices(self, s: int) -> tuple[Action, ...]:
        change = self.can_change(s)
        plea = self.res[4 * s + FAITH_R] >= self.plea_cost(s)
        return _CARD_CHOICES[self._held(s) << 2 | change << 1 | plea]

    def _discard_choices(self, s: int) -> tuple[Action, ...]:
        """Any card of the hand, or done."""
        return _DISCARD_CHOICES[self._held(s)]

    def _prosper_choices(self, s: int) -> tuple[Action, ...]:
        """Prosperity: a card discarded or a resource exchanged for another, or done."""
        res, i = self.res, 4 * s
        return _PROSPER_CHOICES[self._held(s) << 3 | (res[i] > 0) | (res[i + 1] > 0) << 1
                                | (res[i + 2] > 0) << 2]

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
        return self._count_actions(s, kind, change, self._inheritance(s, kind, change))

    def _count_actions(self, s: int, kind: int, change: bool, inherit: int) -> int:
        """`actions_for` with the inheritance `_inheritance` gives."""
        gens = self.gens[s]
        count = 1 if change or not gens else gens[-1][0] + 1
        mods = self.mods[s]
        if inherit:
            inherit += mods[E.INHERITANCE_BONUS]
        return (count if count >= inherit else inherit) + mods[E.ACTION_BONUS + kind]

    def _play_card(self, s: int, action: Action) -> None:
        printed = action[1]
        acted = action[2] if action[0] == "plea" else printed
        change = bool(action[-1])
        t_kind = E.CARDS
        inherit = self._inheritance(s, acted, change)
        n = self._count_actions(s, acted, change, inherit)
        if inherit:
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
        self._note(s, E.CARD_KEYS[printed])
        self._note(s, E.ACTION_KEYS[acted])
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
            # offered when some point of the resolution holds the rate; faith only
            # grows until the conversion, so that is when the last gain reaches it (QD6)
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
            acts = self._prosper_choices(s)
            if len(acts) == 1:
                self._after_action()
            else:
                self._offer(acts)

    def _miracle(self, s: int, convert: bool) -> None:
        """奇跡: 1 faith per action, each gain capped at the maximum; 3 faith may become
        1 wrath once, at any point of the resolution (Q10). A conversion takes the
        earliest point the faith is there: the same wrath as any other point, and the
        most faith left at the end (QD6, proved in rules.md)."""
        rate, n = self.options.miracle_faith, self.acts
        i = 4 * s + FAITH_R
        got, turned = 0, ""
        if convert:
            first = rate - self.res[i] if self.res[i] < rate else 0  # gains before it
            got = self.gain(s, FAITH_R, first)
            self.res[i] -= rate
            self.gain(s, WRATH_R, 1)
            n -= first
            turned = (f" and turns {rate} faith into 1 wrath"
                      + (f" after {first} action(s)" if first else " first"))
        got += self.gain(s, FAITH_R, n)
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
        if not self.acts:
            self._after_action()
            return
        acts = self._prosper_choices(self.active)
        if len(acts) == 1:
            self._after_action()
        else:
            self._offer(acts)

    def _after_action(self) -> None:
        """A generation change ends with discarding any number of cards."""
        s = self.active
        self.acts = 0
        self.movable = []
        if self.changed and self.hand_size(s):
            self.phase = DISCARD
        else:
            self._war()



def _card_table(held: int, change: bool, plea: bool) -> tuple[Action, ...]:
    """The card placements of a hand holding the kinds in `held`: each kind as printed
    (and starting a generation when `change`), then with `plea` each as every other."""
    acts: list[Action] = []
    kinds = [k for k in range(5) if held >> k & 1]
    for k in kinds:
        acts.append(CARD_A[k][0])
        if change:
            acts.append(CARD_A[k][1])
    if plea:
        for k in kinds:
            for a in range(5):
                if a != k:
                    acts.append(PLEA_A[k][a][0])
                    if change:
                        acts.append(PLEA_A[k][a][1])
    return tuple(acts)


def _discards(held: int) -> list[Action]:
    return [DISCARD_A[k] for k in range(5) if held >> k & 1]


# every choice over a hand, by `_held` (and what else decides it), built once
_CARD_CHOICES = tuple(_card_table(key >> 2, bool(key & 2), bool(key & 1)) for key in range(128))
_DISCARD_CHOICES = tuple((*_discards(held), DONE) for held in range(32))
_PROSPER_CHOICES = tuple(
    (*_discards(key >> 3),
     *(EXCHANGE_A[a][b] for a in range(3) if key >> a & 1 for b in range(3) if b != a), DONE)
    for key in range(256)
)
