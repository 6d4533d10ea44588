"""Populous draft 5: the rules, as a state and its transitions.

Setup chooses races, deals the wild cards (the S-marked one starts) and lets
every seat keep 3 of 7 grace cards. A turn is: area selection (lower two
genesis cards), the creation phase (lower a third card for an action, then a
vandal if the wild card was used), the grace phase (play one card for FP), the
war phase (if the area is full and shared) and the end phase. See `rules.md`
beside this file for the rules in English with every ruling.
"""

from __future__ import annotations

from typing import Any

from soan.boards.world import populous_world
from soan.engine.cards import take_cards
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng
from soan.games.populous import effects as E
from soan.games.populous import evaluation, presentation, scoring
from soan.games.populous.board import ALL_DOWN, WILD, Board
from soan.games.populous.codes import (
    ACTION,
    ACTION_NAMES,
    AREA,
    BID,
    BLESSING,
    BUILD,
    DISASTER,
    DISCARD,
    DRAW,
    EMPTY,
    GRACE,
    KEEP,
    LABOUR,
    NEUTRAL,
    OVER,
    PLACE,
    PROSPERITY,
    PUT_VANDAL,
    RACE,
    REMOVE,
    RETURN,
    REVELATION,
    VANDAL,
)
from soan.games.populous.content import MIRACLE, Tables
from soan.games.populous.options import Options

RESUME_WAR, RESUME_LOSERS = range(2)
# rule branches the lab counts (usage keys beside race:, grace: and action:)
WILD_USED, HOUSE_BUILT = "wild card", "house"
WAR, WAR_WON, WAR_LOST, WAR_VANDALS_WON = "war", "war:won", "war:lost", "war:vandals won"
ACTION_KINDS = {  # what people call each kind of choice (for the lab's tables)
    "race": "choose a race", "keep": "keep a grace card", "area": "choose an area",
    "wild": "choose an area with the wild card", "place": "place a worker",
    "remove": "remove a worker (Disaster)", "draw": "draw another card (Revelation)",
    "build": "build a house", "vandal": "place a vandal", "grace": "play a grace card",
    "discard": "discard a grace card", "bid": "commit food to the war",
    "pass": "commit no more food", "return": "return a piece after the war",
}
DONE_KINDS = {PLACE: "place no more workers", DRAW: "draw no more cards",
              GRACE: "play no grace card"}
BRANCHES = (WILD_USED, HOUSE_BUILT, WAR, WAR_WON, WAR_LOST, WAR_VANDALS_WON)

_MAX = 128  # more than the cells of 15 tiles and the card kinds a content file may hold
_PLACE = tuple(("place", i) for i in range(_MAX))
_REMOVE = tuple(("remove", i) for i in range(_MAX))
_BUILD = tuple(("build", i) for i in range(_MAX))
_VANDAL = tuple(("vandal", i) for i in range(_MAX))
_RETURN = tuple(("return", i) for i in range(_MAX))
_RACE = tuple(("race", i) for i in range(_MAX))
_KEEP = tuple(("keep", i) for i in range(_MAX))
_GRACE = tuple(("grace", i) for i in range(_MAX))
_DISCARD = tuple(("discard", i) for i in range(_MAX))
DONE: Action = ("done",)
DRAW_MORE: Action = ("draw",)
BID_ONE: Action = ("bid",)
PASS: Action = ("pass",)


class PopulousState(State):
    __slots__ = (
        "action", "active", "area", "bid_added", "bid_pos", "bidders", "bids", "board", "deck",
        "discard", "down", "drawn", "ending", "food", "fp", "free", "free_place", "grace",
        "hands", "houses", "losers", "mods", "occ", "offers", "phase", "places", "race",
        "resume", "start", "tables", "turn_no", "vandals", "vp", "vp_src", "wild", "workers",
    )

    board: Board
    tables: Tables

    # ---- setup -------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, options: Options, content: Any, tables: Tables) -> None:
        """Lay the world and start race choice (or deal races and go on)."""
        self._init_base(seats, seed, options, content)
        self.tables = tables
        if len(tables.deck) < seats * options.grace_draw:
            raise OptionsError(
                f"a grace deck of {len(tables.deck)} cards cannot deal {options.grace_draw} "
                f"to each of {seats} players"
            )
        self.board = Board(populous_world(seats, self.rng), tables.terrain)
        self.occ = [EMPTY] * self.board.world.cells
        self.workers = [options.workers] * seats
        self.houses = [options.houses] * seats
        self.vp = [options.start_vp] * seats
        self.vp_src = [0] * (4 * seats)
        for s in range(seats):
            self.vp_src[4 * s + scoring.START] = options.start_vp
        self.fp = [options.start_fp] * seats
        self.food = [options.start_food] * seats
        self.down = [0] * seats
        self.race = [-1] * seats
        self.mods = [E.NO_MODS] * seats
        self.free = [1] * seats
        self.hands = [[] for _ in range(seats)]
        self.grace = [[] for _ in range(seats)]
        self.offers = [[] for _ in range(seats)]
        self.deck = list(tables.deck)
        self.discard = []
        self.bids = [0] * seats
        self.bidders, self.losers = (), []
        self.start = self.active = self.area = self.action = -1
        self.wild = self.free_place = self.ending = self.bid_added = False
        self.places = self.drawn = self.bid_pos = self.vandals = self.turn_no = 0
        self.resume = RESUME_WAR
        pairs = ", ".join(f"{a}-{b}" for a, b in self.board.world.pairs)
        self.log.append(f"The world is laid: {len(self.board.world.pairs)} area tiles ({pairs}).")
        if options.race_choice:
            self.phase, self.to_move = RACE, 0
        else:
            order = list(range(len(tables.race_name)))
            self.rng.shuffle(order)
            for s in range(seats):
                self._take_race(s, order[s])
            self._deal_genesis_and_grace()

    def _take_race(self, s: int, r: int) -> None:
        self.race[s] = r
        self._note(s, f"race:{self.tables.race_name[r]}")
        self._refresh_mods(s)
        self.log.append(f"Seat {s + 1} plays the {self.tables.race_english[r]}.")

    def _deal_genesis_and_grace(self) -> None:
        """創世準備 and 恩寵準備: the S-marked wild picks the start player (with fewer than
        5 players the plain wilds are removed first, so it is always dealt); then
        everyone draws grace cards to keep some."""
        n = self.seats
        wilds = [True] + [False] * (n - 1)
        self.rng.shuffle(wilds)
        self.start = self.active = wilds.index(True)
        self.log.append(f"Seat {self.start + 1} receives the S-marked wild card and starts.")
        self.rng.shuffle(self.deck)
        for k in range(n):
            s = (self.start + k) % n
            self.offers[s] = [self.deck.pop() for _ in range(self.options.grace_draw)]
        self.phase, self.to_move = KEEP, self.start
        self._next_keeper()

    def _next_keeper(self) -> None:
        """Seat by seat from the start player, each keeps cards from its offer one at a
        time; the rest go back, and once all are back the deck is shuffled."""
        keep, s = self.options.grace_keep, self.to_move
        while not (self.offers[s] and len(self.hands[s]) < keep):
            self.deck.extend(self.offers[s])
            self.offers[s] = []
            s = (s + 1) % self.seats
            if s == self.start:
                self.rng.shuffle(self.deck)
                self.log.append("The unkept grace cards are shuffled back into the deck.")
                self.turn_no = 1
                self._start_turn()
                return
        self.to_move = s

    # ---- the contract ------------------------------------------------------------------

    def turn(self) -> int:
        return self.turn_no

    @property
    def first_player(self) -> int:
        """The seat dealt the S-marked wild card (-1 while races are still chosen)."""
        return self.start

    def faction(self, seat: int) -> str | None:
        race = self.race[seat]
        return self.tables.race_name[race] if race >= 0 else None

    def uses(self, action: Action) -> tuple[str, ...]:
        kind = action[0]
        if kind == "race":
            return (f"race:{self.tables.race_name[action[1]]}",)
        if kind == "grace":
            return (f"grace:{self.tables.card_name[action[1]]}",)
        if kind in ("act", "wildact"):
            name = f"action:{ACTION_NAMES[action[1]]}"
            return (name, WILD_USED) if kind == "wildact" else (name,)
        if kind == "wild":
            return (WILD_USED,)
        if kind == "build":
            return (HOUSE_BUILT,)
        return ()

    def copy(self) -> PopulousState:
        o = PopulousState.__new__(PopulousState)
        self._copy_base(o)
        o.board, o.tables = self.board, self.tables
        o.occ = self.occ.copy()
        o.workers, o.houses = self.workers.copy(), self.houses.copy()
        o.vp, o.vp_src = self.vp.copy(), self.vp_src.copy()
        o.fp, o.food = self.fp.copy(), self.food.copy()
        o.down, o.race = self.down.copy(), self.race.copy()
        o.mods, o.free = self.mods.copy(), self.free.copy()
        o.hands = [h.copy() for h in self.hands]
        o.grace = [g.copy() for g in self.grace]
        o.offers = [h.copy() for h in self.offers]
        o.deck, o.discard = self.deck.copy(), self.discard.copy()
        o.bids, o.bidders, o.losers = self.bids.copy(), self.bidders, self.losers.copy()
        o.phase, o.start, o.active = self.phase, self.start, self.active
        o.area, o.action, o.wild = self.area, self.action, self.wild
        o.free_place, o.ending, o.bid_added = self.free_place, self.ending, self.bid_added
        o.places, o.drawn, o.bid_pos = self.places, self.drawn, self.bid_pos
        o.vandals = self.vandals
        o.turn_no, o.resume = self.turn_no, self.resume
        return o

    def redeal(self, seat: int, rng: Rng) -> PopulousState:
        """Shuffle every grace card `seat` cannot see (the deck, other hands and other
        seats' setup offers) and deal them back in the same sizes; reseed future dice.
        `seat` is treated as not remembering which cards it put back at setup."""
        o = self.copy()
        others = [s for s in range(self.seats) if s != seat]
        pool = o.deck
        for s in others:
            pool.extend(o.hands[s])
            pool.extend(o.offers[s])
        pool.sort()  # so the result depends on what `seat` knows, not on the real deal
        rng.shuffle(pool)
        for s in others:
            o.hands[s] = [pool.pop() for _ in range(len(self.hands[s]))]
            o.offers[s] = [pool.pop() for _ in range(len(self.offers[s]))]
        o.deck = pool
        o._forget_past(rng)
        return o

    def _legal_actions(self) -> list[Action]:
        phase, s = self.phase, self.to_move
        if phase == PLACE:
            acts = [_PLACE[c] for c in self.placeable(s, self.free_place)]
            acts.append(DONE)
            return acts
        if phase == AREA:
            return self.board.area_choices[ALL_DOWN & ~self.down[s]]
        if phase == ACTION:
            return self.board.action_choices[ALL_DOWN & ~self.down[s]]
        if phase == BID:
            return [BID_ONE, PASS]
        if phase == GRACE:
            acts = [_GRACE[k] for k in self._playable(s)]
            acts.append(DONE)
            return acts
        if phase == DRAW:
            return [DRAW_MORE, DONE]
        occ, cells = self.occ, self.board.tile_cells[self.area] if self.area >= 0 else ()
        if phase == REMOVE:
            return [_REMOVE[c] for c in cells if occ[c] >= 0 and not occ[c] & 1]
        if phase == BUILD:
            own = s << 1
            return [_BUILD[c] for c in cells if occ[c] == own]
        if phase == PUT_VANDAL:
            return [_VANDAL[c] for c in cells if occ[c] == EMPTY]
        if phase == RETURN:
            loser = self.losers[0]
            if loser == NEUTRAL:
                return [_RETURN[c] for c in cells if occ[c] == VANDAL]
            return [_RETURN[c] for c in cells if occ[c] >= 0 and occ[c] >> 1 == loser]
        if phase == DISCARD:
            return [_DISCARD[k] for k in sorted(set(self.grace[s]))]
        if phase == KEEP:
            return [_KEEP[k] for k in sorted(set(self.offers[s]))]
        taken = set(self.race)
        return [_RACE[r] for r in range(len(self.tables.race_name)) if r not in taken]

    def _apply(self, action: Action) -> None:
        kind = action[0]
        s = self.to_move
        if kind == "place":
            self._place(s, action[1])
        elif kind == "done":
            self._done(s)
        elif kind == "area" or kind == "wild":
            self._choose_area(s, action)
        elif kind == "act" or kind == "wildact":
            self._choose_action(s, action)
        elif kind == "bid":
            self._bid(s)
        elif kind == "pass":
            self.bid_pos += 1
            self._next_bidder()
        elif kind == "grace":
            self._play_grace(s, action[1])
        elif kind == "draw":
            self._draw_more(s)
        elif kind == "remove":
            self._remove(s, action[1])
        elif kind == "build":
            self._build(s, action[1])
        elif kind == "vandal":
            self.occ[action[1]] = VANDAL
            self.vandals += 1
            self.log.append(f"A vandal appears on {self._cell(action[1])}.")
            self._grace_phase()
        elif kind == "return":
            self._return(action[1])
        elif kind == "discard":
            self._discard(s, action[1])
        elif kind == "keep":
            self.offers[s].remove(action[1])
            self.hands[s].append(action[1])
            if len(self.hands[s]) == self.options.grace_keep:
                self.log.append(f"Seat {s + 1} keeps {len(self.hands[s])} grace cards.")
            self._next_keeper()
        else:  # race
            self._take_race(s, action[1])
            if s + 1 < self.seats:
                self.to_move = s + 1
            else:
                self._deal_genesis_and_grace()

    # ---- area selection and the creation phase ----------------------------------------

    def _start_turn(self) -> None:
        s = self.active
        self.phase, self.to_move = AREA, s
        self.area = self.action = -1
        self.wild = False
        self.log.append(f"Turn {self.turn_no}: seat {s + 1}.")
        bonus = self.mods[s][E.TURN_FOOD]
        if bonus:
            self.food[s] += bonus
            self.log.append(f"Seat {s + 1} gains {bonus} food at the start of its turn.")
        if not self.board.area_choices[ALL_DOWN & ~self.down[s]]:
            self.down[s] = 0
            self.log.append(f"Seat {s + 1}'s raised cards name no tile in the world: all its "
                            "genesis cards rise.")

    def _choose_area(self, s: int, action: Action) -> None:
        kind, x, y = action
        if kind == "wild":
            self.down[s] |= 1 << (x - 1) | 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers {x} and the wild card as {y}.")
        else:
            self.down[s] |= 1 << (x - 1) | 1 << (y - 1)
            self.log.append(f"Seat {s + 1} lowers {x} and {y}.")
        self.area = self.board.world.tile_of_pair[(min(x, y), max(x, y))]
        self.phase = ACTION

    def _choose_action(self, s: int, action: Action) -> None:
        kind, n = action
        opts = self.options
        if kind == "wildact":
            self.down[s] |= 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers the wild card as {n}: {ACTION_NAMES[n]} "
                            f"in {self._area_name()}.")
        else:
            self.down[s] |= 1 << (n - 1)
            self.log.append(f"Seat {s + 1} lowers {n}: {ACTION_NAMES[n]} in {self._area_name()}.")
        self.action = n
        self._note(s, f"action:{ACTION_NAMES[n]}")
        self.places, self.free_place, self.drawn = 1, False, 0
        if n == BLESSING:
            self.places = opts.blessing_workers + self.mods[s][E.BLESSING_WORKERS]
            self.free_place = True
        elif n == DISASTER and any(c >= 0 and not c & 1 for c in self.area_codes()):
            self.phase = REMOVE
            return
        self._begin_place()

    def placeable(self, s: int, free_place: bool) -> list[int]:
        """Empty cells of the area `s` may place a worker on now: any, when placing is
        free of food (Blessing) or `s` can pay; else only its free terrains."""
        if not self.workers[s]:
            return []
        occ, terrain = self.occ, self.board.terrain
        if free_place or self.food[s] >= self.options.placement_food:
            return [c for c in self.board.tile_cells[self.area] if occ[c] == EMPTY]
        free = self.free[s]
        return [c for c in self.board.tile_cells[self.area]
                if occ[c] == EMPTY and free >> terrain[c] & 1]

    def _begin_place(self) -> None:
        if self.places > 0 and self.placeable(self.to_move, self.free_place):
            self.phase = PLACE
        else:
            self._after_place()

    def _place(self, s: int, c: int) -> None:
        self.occ[c] = s << 1
        self.workers[s] -= 1
        self.places -= 1
        paid = ""
        if not self.free_place and not self.free[s] >> self.board.terrain[c] & 1:
            self.food[s] -= self.options.placement_food
            paid = f", paying {self.options.placement_food} food"
        self.log.append(f"Seat {s + 1} places a worker on {self._cell(c)}{paid}.")
        self._begin_place()

    def _done(self, s: int) -> None:
        if self.phase == PLACE:
            self.places = 0
            self._after_place()
        elif self.phase == DRAW:
            self._creation_end()
        else:  # GRACE: play no card
            self._war_check()

    def _after_place(self) -> None:
        """The rest of the action once its workers are placed."""
        s, n, opts = self.to_move, self.action, self.options
        if n == REVELATION:
            got = self._draw(s, opts.revelation_draws + self.mods[s][E.REVELATION_DRAW])
            self.log.append(f"Seat {s + 1} draws {got} grace card(s).")
            self.phase = DRAW
            if not self._can_draw_more(s):
                self._creation_end()
        elif n == PROSPERITY:
            if self.houses[s] and (s << 1) in self.area_codes():
                self.phase = BUILD
            else:
                self._prosperity(s)
                self._creation_end()
        elif n == DISASTER:
            gain = opts.disaster_ether_fp + self.mods[s][E.DISASTER_FP]
            if gain:
                self.fp[s] += gain
                self.log.append(f"Seat {s + 1} gains {gain} FP from the disaster.")
            self._creation_end()
        elif n == LABOUR:
            count = self._strength(s, opts.worker_yield, opts.house_yield)
            food, fp = count + self.mods[s][E.LABOUR_FOOD], count + self.mods[s][E.LABOUR_FP]
            self.food[s] += food
            self.fp[s] += fp
            self.log.append(f"Seat {s + 1} gains {food} food and {fp} FP from Labour.")
            self._creation_end()
        else:  # Blessing: nothing more
            self._creation_end()

    def _can_draw_more(self, s: int) -> bool:
        """啓示: one more card per food, at most as many as own workers in the area."""
        own = self.area_codes().count(s << 1)
        return self.drawn < own and self.food[s] >= 1 and bool(self.deck or self.discard)

    def _draw_more(self, s: int) -> None:
        self.food[s] -= 1
        self.drawn += 1
        self._draw(s, 1)
        self.log.append(f"Seat {s + 1} pays 1 food to draw another grace card.")
        if not self._can_draw_more(s):
            self._creation_end()

    def _remove(self, s: int, c: int) -> None:
        code = self.occ[c]
        self.occ[c] = EMPTY
        if code == VANDAL:
            self.vandals -= 1
            self.log.append(f"Seat {s + 1}'s disaster sends the vandal on {self._cell(c)} "
                            "to the stock.")
        else:
            owner = code >> 1
            self.workers[owner] += 1
            self.fp[owner] += self.options.disaster_fp
            self.log.append(f"Seat {s + 1}'s disaster returns seat {owner + 1}'s worker from "
                            f"{self._cell(c)}; seat {owner + 1} gains "
                            f"{self.options.disaster_fp} FP.")
        self._begin_place()

    def _build(self, s: int, c: int) -> None:
        self.occ[c] = s << 1 | 1
        self.workers[s] += 1
        self.houses[s] -= 1
        self._note(s, HOUSE_BUILT)
        self.log.append(f"Seat {s + 1} builds a house on {self._cell(c)}.")
        self._prosperity(s)
        self._creation_end()

    def _prosperity(self, s: int) -> None:
        gain = self.presence_vp(s) + self.mods[s][E.PROSPERITY_VP]
        self._gain_vp(s, gain, scoring.PROSPERITY)
        self.log.append(f"Seat {s + 1} scores {gain} VP for Prosperity.")

    def _creation_end(self) -> None:
        """ヴァンダルの配置: a used wild card brings a vandal from the stock onto an empty cell."""
        if self.wild and EMPTY in self.area_codes() and self.vandals < self.options.vandals:
            self.phase, self.to_move = PUT_VANDAL, self.active
        else:
            self._grace_phase()

    # ---- grace --------------------------------------------------------------------------

    def grace_cost(self, s: int, k: int) -> int:
        cost = self.tables.card_cost[k] - self.mods[s][E.GRACE_DISCOUNT]
        return cost if cost > 0 else 0

    def _playable(self, s: int) -> list[int]:
        fp = self.fp[s]
        return [k for k in sorted(set(self.hands[s])) if self.grace_cost(s, k) <= fp]

    def _grace_phase(self) -> None:
        s = self.to_move = self.active
        if self.hands[s] and self._playable(s):
            self.phase = GRACE
        else:
            self._war_check()

    def capacity(self, s: int) -> int:
        """The grace area holds as many cards as the seat has houses on the map."""
        return self.options.houses - self.houses[s]

    def _play_grace(self, s: int, k: int) -> None:
        t = self.tables
        cost = self.grace_cost(s, k)
        self.fp[s] -= cost
        self.hands[s].remove(k)
        self._note(s, f"grace:{t.card_name[k]}")
        self.log.append(f"Seat {s + 1} plays {t.card_english[k]} for {cost} FP.")
        if t.card_kind[k] == MIRACLE:
            for effect, amount in t.card_once[k]:
                self._miracle(s, effect, amount)
            self.discard.append(k)
            self._war_check()
            return
        self.grace[s].append(k)
        self._refresh_mods(s)
        if len(self.grace[s]) > self.capacity(s):
            self.phase, self.resume = DISCARD, RESUME_WAR
        else:
            self._war_check()

    def _miracle(self, s: int, effect: int, amount: int) -> None:
        who = f"Seat {s + 1}"
        if effect == E.GAIN_FP:
            self.fp[s] += amount
            self.log.append(f"{who} gains {amount} FP.")
        elif effect == E.GAIN_FOOD:
            self.food[s] += amount
            self.log.append(f"{who} gains {amount} food.")
        elif effect == E.DRAW_CARDS:
            self.log.append(f"{who} draws {self._draw(s, amount)} grace card(s).")
        else:
            if effect == E.PROSPERITY_SCORE:
                amount *= self.presence_vp(s)
            elif effect == E.VP_PER_HOUSE:
                amount *= self.capacity(s)
            self._gain_vp(s, amount, scoring.GRACE)
            self.log.append(f"{who} gains {amount} VP.")

    def _discard(self, s: int, k: int) -> None:
        self.grace[s].remove(k)
        self.discard.append(k)
        self._refresh_mods(s)
        self.log.append(f"Seat {s + 1} discards {self.tables.card_english[k]} from its grace area.")
        if len(self.grace[s]) > self.capacity(s):
            return
        if self.resume == RESUME_WAR:
            self._war_check()
        else:
            self._next_loser()

    def _refresh_mods(self, s: int) -> None:
        t = self.tables
        mods, free = t.race_mods[self.race[s]], t.race_free[self.race[s]]
        for k in self.grace[s]:
            mods = E.fold(mods, enumerate(t.card_mods[k]))
            free |= t.card_free[k]
        self.mods[s], self.free[s] = mods, free

    def _draw(self, s: int, k: int) -> int:
        """Draw up to k grace cards, reshuffling the discards when the deck runs out."""
        got, reshuffled = take_cards(self.deck, self.discard, self.rng, k)
        if reshuffled:
            self.log.append("The grace discards are shuffled into a new deck.")
        self.hands[s].extend(got)
        return len(got)

    # ---- war ------------------------------------------------------------------------------

    def _war_check(self) -> None:
        """戦争フェイズ: the area is full and more than one owner (vandals count) is in it."""
        codes = self.area_codes()
        if EMPTY in codes or len({c >> 1 for c in codes}) < 2:
            self._end_turn()
            return
        n, a = self.seats, self.active
        owners = {c >> 1 for c in codes}
        self.bidders = tuple(s for s in ((a + k) % n for k in range(n)) if s in owners)
        self.bids = [0] * n
        self.bid_pos, self.bid_added = 0, False
        sides = [f"seat {s + 1}" for s in self.bidders]
        if NEUTRAL in owners:
            sides.append("the vandals")
        self.log.append(f"War breaks out in {self._area_name()}: {', '.join(sides)}.")
        self._next_bidder()

    def _can_bid(self, s: int) -> bool:
        return self.food[s] >= 1 and self.bids[s] < self._pieces(s)

    def _pieces(self, s: int) -> int:
        worker, house = s << 1, s << 1 | 1
        return sum(1 for c in self.area_codes() if c in (worker, house))

    def _next_bidder(self) -> None:
        """Bidding goes round from the active seat until a full round adds nothing."""
        bidders = self.bidders
        while True:
            while self.bid_pos < len(bidders):
                s = bidders[self.bid_pos]
                if self._can_bid(s):
                    self.phase, self.to_move = BID, s
                    return
                self.bid_pos += 1
            if not self.bid_added:
                self._resolve_war()
                return
            self.bid_pos, self.bid_added = 0, False

    def _bid(self, s: int) -> None:
        self.food[s] -= 1
        self.bids[s] += 1
        self.bid_added = True
        if not self._can_bid(s):
            self.bid_pos += 1
            self._next_bidder()

    def _strength(self, s: int, worker_value: int, house_value: int, limit: int = 99) -> int:
        """The value of `s`'s `limit` strongest pieces in the area."""
        values = [house_value if c & 1 else worker_value for c in self.area_codes() if c >> 1 == s]
        values.sort(reverse=True)
        return sum(values[:limit])

    def war_strength(self, s: int) -> int:
        """`s`'s war value before its die: the pieces its food committed, strongest
        first, plus its war bonus."""
        opts = self.options
        committed = self._strength(s, opts.worker_strength, opts.house_strength, self.bids[s])
        return committed + self.mods[s][E.WAR_STRENGTH]

    def vandal_strength(self) -> int:
        """The vandals' war value before the highest die: all of them fight, free."""
        return self.area_codes().count(VANDAL) * self.options.worker_strength

    def _resolve_war(self) -> None:
        opts, rng = self.options, self.rng
        values, words = {}, []
        dice = []
        for s in self.bidders:
            die = rng.die(opts.war_die)
            dice.append(die)
            values[s] = self.war_strength(s) + die
            words.append(f"seat {s + 1} pays {self.bids[s]} food, rolls {die}: {values[s]}")
        vandals = self.area_codes().count(VANDAL)
        if vandals:
            values[NEUTRAL] = self.vandal_strength() + max(dice)
            words.append(f"the vandals {values[NEUTRAL]}")
        best = max(values.values())
        top = [s for s, v in values.items() if v == best]
        winner = top[0] if len(top) == 1 else -1
        outcome = ("a tie at the top: everyone loses" if winner < 0 else
                   "the vandals win" if winner == NEUTRAL else f"seat {winner + 1} wins")
        self.log.append(f"War: {'; '.join(words)}; {outcome}.")
        for s in self.bidders:
            self._note(s, WAR)
            self._note(s, WAR_WON if s == winner else
                       WAR_VANDALS_WON if winner == NEUTRAL else WAR_LOST)
        if 0 <= winner < NEUTRAL:
            gain = self.presence_vp(winner) + self.mods[winner][E.WAR_WIN_VP]
            self._gain_vp(winner, gain, scoring.WAR)
            self.log.append(f"Seat {winner + 1} scores {gain} VP for the war.")
        self.losers = [s for s in self.bidders if s != winner]
        if vandals and winner != NEUTRAL:
            self.losers.append(NEUTRAL)
        self._next_loser()

    def _next_loser(self) -> None:
        if self.losers:
            self.phase = RETURN
            self.to_move = self.active if self.losers[0] == NEUTRAL else self.losers[0]
        else:
            self._end_turn()

    def _return(self, c: int) -> None:
        code = self.occ[c]
        self.occ[c] = EMPTY
        self.losers.pop(0)
        if code == VANDAL:
            self.vandals -= 1
            self.log.append(f"The vandal on {self._cell(c)} goes back to the stock.")
            self._next_loser()
            return
        s = code >> 1
        gain = self.options.war_loss_fp + self.mods[s][E.WAR_LOSS_FP]
        self.fp[s] += gain
        if code & 1:
            self.houses[s] += 1
            self.log.append(f"Seat {s + 1} returns its house from {self._cell(c)} "
                            f"and gains {gain} FP.")
            if len(self.grace[s]) > self.capacity(s):
                self.phase, self.to_move, self.resume = DISCARD, s, RESUME_LOSERS
                return
        else:
            self.workers[s] += 1
            self.log.append(f"Seat {s + 1} returns its worker from {self._cell(c)} "
                            f"and gains {gain} FP.")
        self._next_loser()

    # ---- the end phase -----------------------------------------------------------------

    def _end_turn(self) -> None:
        s, n = self.active, self.seats
        if self.down[s] == ALL_DOWN:
            self.down[s] = 0
            self.log.append(f"All of seat {s + 1}'s genesis cards are down: they rise again.")
        if not self.ending:
            reached = [t for t in range(n) if self.vp[t] + self.fp[t] >= self.options.end_score]
            if reached:
                self.ending = True
                who = ", ".join(f"seat {t + 1}" for t in reached)
                self.log.append(f"{who} reached {self.options.end_score}: the round is played out.")
        if self.ending and (s + 1) % n == self.start:
            self.phase, self.to_move = OVER, None
            totals = ", ".join(f"seat {t + 1}: {v}" for t, v in enumerate(self.scores()))
            self.log.append(f"The game ends. {totals}.")
            return
        self.active = (s + 1) % n
        self.turn_no += 1
        self._start_turn()

    # ---- helpers ------------------------------------------------------------------------

    def area_codes(self) -> list[int]:
        """What stands on each cell of this turn's area (see `codes`)."""
        occ = self.occ
        return [occ[c] for c in self.board.tile_cells[self.area]]

    def presence_vp(self, s: int) -> int:
        """The VP a Prosperity would score for `s` now."""
        o = self.options
        return scoring.presence_vp(self.occ, self.board.tile_cells, s, o.worker_vp, o.house_vp)

    def _gain_vp(self, s: int, amount: int, source: int) -> None:
        self.vp[s] += amount
        self.vp_src[4 * s + source] += amount

    def _cell(self, c: int) -> str:
        return self.board.world.cell_name(c)

    def _area_name(self) -> str:
        a, b = self.board.world.pairs[self.area]
        return f"{a}-{b}"

    # ---- results and what people see ---------------------------------------------------

    def scores(self) -> list[int]:
        return scoring.scores(self)

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
        kind = action[0]
        if kind in ("act", "wildact"):
            name = ACTION_NAMES[action[1]]
            return name if kind == "act" else f"{name} with the wild card"
        if kind == "done":
            return DONE_KINDS.get(self.phase, "done")
        return ACTION_KINDS[kind]

    def render(self, seat: int | None = None) -> str:
        return presentation.render(self, seat)

    def screen(self, seat: int | None = None, width: int = 80) -> Any:
        """The colour terminal screen: map, cell numbers, the seats beside it."""
        return presentation.screen(self, seat, width)

    def short_label(self, action: Action) -> str:
        return presentation.short_label(self, action)

    def svg(self) -> str:
        """The world with every piece on it, as a standalone SVG document."""
        return presentation.svg(self)
