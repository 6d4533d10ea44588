"""Populous draft 5: the rules, as a state and its transitions.

Setup chooses races, deals the wild cards (the S-marked one starts) and lets
every seat keep 3 of 7 grace cards. A turn is: area selection (lower two
genesis cards), the creation phase (lower a third card for an action, then a
vandal if the wild card was used), the grace phase (play one card for FP), the
war phase (if the area is full and shared) and the end phase. See `rules.md`
beside this file for the rules in English with every ruling. The phases live in
`creation`, `grace` and `war`; points in `scoring`; a seat's view in `view`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from soan.boards.world import populous_world
from soan.engine.core import Action, OptionsError, State
from soan.engine.rng import Rng
from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.board import ALL_DOWN, TILE_SIZE, Board
from soan.games.populous.codes import (
    ACTION,
    ACTION_NAMES,
    AREA,
    BID,
    BID_ONE,
    BUILD,
    BUILD_ACTIONS,
    DISCARD,
    DISCARD_ACTIONS,
    DONE,
    DRAW,
    DRAW_MORE,
    EMPTY,
    GRACE,
    KEEP,
    KEEP_ACTIONS,
    NEUTRAL,
    PASS,
    PLACE,
    PUT_VANDAL,
    RACE,
    RACE_ACTIONS,
    REMOVE,
    REMOVE_ACTIONS,
    RETURN,
    RETURN_ACTIONS,
    VANDAL,
    VANDAL_ACTIONS,
    grace_actions,
    place_actions,
)
from soan.games.populous.content import Tables
from soan.games.populous.creation import HOUSE_BUILT, WILD_USED, Creation
from soan.games.populous.genesis import Genesis, action_choices, area_choices, deal_last
from soan.games.populous.grace import RESUME_WAR, Grace
from soan.games.populous.options import Options
from soan.games.populous.scoring import Scoring
from soan.games.populous.view import Viewing
from soan.games.populous.war import WAR, WAR_LOST, WAR_SEATS, WAR_VANDALS_WON, WAR_WON, War

# rule branches the lab counts (usage keys beside race:, grace: and action:)
BRANCHES = (WILD_USED, HOUSE_BUILT, WAR, WAR_SEATS, WAR_WON, WAR_LOST, WAR_VANDALS_WON,
            scoring.SHARED_AREA)
_BID_CHOICES, _DRAW_CHOICES = (BID_ONE, PASS), (DRAW_MORE, DONE)  # made once, as tuples


class PopulousState(Creation, Genesis, Grace, War, Scoring, Viewing, State):
    __slots__ = (
        "action", "active", "area", "bid_added", "bid_pos", "bidders", "bids", "board", "deck",
        "discard", "down", "drawn", "ending", "food", "fp", "free", "free_place", "gdeck",
        "gdiscard", "genesis", "grace", "hands", "houses", "losers", "mods", "occ", "offers",
        "phase", "places", "race", "resume", "start", "tables", "turn_no", "vandals", "vp",
        "vp_src", "wild", "workers",
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
        self.board = Board(populous_world(seats, self.rng), tables)
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
        self.genesis = [[] for _ in range(seats)]
        self.gdeck, self.gdiscard = [], []
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
        if self.options.genesis_hand:
            self._deal_genesis_hands(self.start)
        self.rng.shuffle(self.deck)
        for k in range(n):
            s = (self.start + k) % n
            self.offers[s] = [self.deck.pop() for _ in range(self.options.grace_draw)]
        self.phase, self.to_move = KEEP, self.start
        self._next_keeper()

    def _next_keeper(self) -> None:
        """Seat by seat from the start player, each keeps cards from its offer one at a
        time; the rest go back, and once all are back the deck is shuffled."""
        keep = self.options.grace_keep
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
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

    def no_effect(self, action: Action) -> bool:
        """A grace card that would only spend its FP now (see `Grace.idle_card`)."""
        return action[0] == "grace" and self.phase == GRACE and self.idle_card(
            self.to_move, action[1]  # type: ignore[arg-type]  # a grace phase has a mover
        )

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
        # lists of lists, each list copied (`map` calls `list.copy` a little faster)
        o.hands, o.genesis = [*map(list.copy, self.hands)], [*map(list.copy, self.genesis)]
        o.gdeck, o.gdiscard = self.gdeck.copy(), self.gdiscard.copy()
        o.grace, o.offers = [*map(list.copy, self.grace)], [*map(list.copy, self.offers)]
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
            o.hands[s] = deal_last(pool, len(self.hands[s]))
            o.offers[s] = deal_last(pool, len(self.offers[s]))
        o.deck = pool
        if self.options.genesis_hand:
            o._redeal_genesis(seat, rng)
        o._forget_past(rng)
        return o

    def _legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
        if phase == PLACE:
            return place_actions(self.placeable(s, self.free_place))
        if phase == AREA:
            if self.options.genesis_hand:
                return area_choices(self.genesis[s], self.board.world.tile_of_pair)
            return self.board.area_choices[ALL_DOWN & ~self.down[s]]
        if phase == ACTION:
            if self.options.genesis_hand:
                return action_choices(self.genesis[s])
            return self.board.action_choices[ALL_DOWN & ~self.down[s]]
        if phase == BID:
            return _BID_CHOICES
        if phase == GRACE:
            return grace_actions(self._playable(s))
        if phase == DRAW:
            return _DRAW_CHOICES
        occ, cells = self.occ, self.board.tile_cells[self.area] if self.area >= 0 else ()
        if phase == REMOVE:
            return [REMOVE_ACTIONS[c] for c in cells if occ[c] >= 0 and not occ[c] & 1]
        if phase == BUILD:
            own = s << 1
            return [BUILD_ACTIONS[c] for c in cells if occ[c] == own]
        if phase == PUT_VANDAL:
            return [VANDAL_ACTIONS[c] for c in cells if occ[c] == EMPTY]
        if phase == RETURN:
            loser = self.losers[0]
            if loser == NEUTRAL:
                return [RETURN_ACTIONS[c] for c in cells if occ[c] == VANDAL]
            return [RETURN_ACTIONS[c] for c in cells if occ[c] >= 0 and occ[c] >> 1 == loser]
        if phase == DISCARD:
            return [DISCARD_ACTIONS[k] for k in sorted(set(self.grace[s]))]
        if phase == KEEP:
            return [KEEP_ACTIONS[k] for k in sorted(set(self.offers[s]))]
        taken = set(self.race)
        return [RACE_ACTIONS[r] for r in range(len(self.tables.race_name)) if r not in taken]

    def _apply(self, action: Action) -> None:
        _HANDLERS[action[0]](self, self.to_move, action)  # type: ignore[arg-type]  # a seat in play

    # Every action kind's handler takes the mover and the action whole, so `_apply` is
    # one look-up in `_HANDLERS` (below the class) rather than a chain of comparisons.

    def _pass(self, s: int, action: Action) -> None:
        self.bid_pos += 1
        self._next_bidder()

    def _put_vandal(self, s: int, action: Action) -> None:
        self.occ[action[1]] = VANDAL
        self.vandals += 1
        self.log.append(f"A vandal appears on {self.board.cell_names[action[1]]}.")
        self._grace_phase()

    def _keep(self, s: int, action: Action) -> None:
        self.offers[s].remove(action[1])
        self.hands[s].append(action[1])
        if len(self.hands[s]) == self.options.grace_keep:
            self.log.append(f"Seat {s + 1} keeps {len(self.hands[s])} grace cards.")
        self._next_keeper()

    def _choose_race(self, s: int, action: Action) -> None:
        self._take_race(s, action[1])
        if s + 1 < self.seats:
            self.to_move = s + 1
        else:
            self._deal_genesis_and_grace()

    # ---- helpers ------------------------------------------------------------------------

    def area_codes(self) -> list[int]:
        """What stands on each cell of this turn's area (see `codes`): its cells are
        numbered one after another, so they are one slice of the map."""
        start = self.area * TILE_SIZE
        return self.occ[start:start + TILE_SIZE]

    def area_pair(self) -> str | None:
        """This turn's area as its pair of genesis numbers ("2-4"), None before it is chosen."""
        return self.board.pair_names[self.area] if self.area >= 0 else None



_HANDLERS: dict[str, Callable[[PopulousState, int, Action], None]] = {
    "place": PopulousState._place, "done": PopulousState._done,
    "area": PopulousState._choose_area, "wild": PopulousState._choose_area,
    "act": PopulousState._choose_action, "wildact": PopulousState._choose_action,
    "bid": PopulousState._bid, "pass": PopulousState._pass,
    "grace": PopulousState._play_grace, "draw": PopulousState._draw_more,
    "remove": PopulousState._remove, "build": PopulousState._build,
    "vandal": PopulousState._put_vandal, "return": PopulousState._return,
    "discard": PopulousState._discard, "keep": PopulousState._keep,
    "race": PopulousState._choose_race,
}
