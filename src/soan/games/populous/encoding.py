"""A Populous seat's information set as numbers, and every Populous action as an index.

The layout is documented part by part in docs/encoding/populous.md. In short:

- Seats are relative: the observing seat first, then the others in turn order from it,
  so one model serves every seat. Every per-seat part and every piece on the map uses
  that order.
- The world is numbered as the engine numbers it: tile by tile in pair order among the
  tiles in this world (9, 12 or 15 at 3, 4 or 5 seats), 7 cells a tile, so cell `c` of
  the observation is the cell of ``("place", c)``, ``("build", c)`` and the other cell
  actions. Each tile says which pair it is, which ties the cells to the genesis cards
  that name them.
- Private: the seat's own grace hand and setup offer as counts per card. Of the others
  only what the seat may know: hand and offer sizes, grace areas, face-up discards,
  and the cards it has not seen (deck, other hands and offers together) as counts per
  card, which a redeal leaves alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from soan.boards import terrain as T
from soan.boards.world import PAIRS
from soan.engine.core import Action
from soan.engine.encoding import Encoder, Writer
from soan.games.populous import effects as E
from soan.games.populous.board import ACT_ACTIONS, AREA_ACTIONS, WILD_ACT_ACTIONS, WILD_AREA_ACTIONS
from soan.games.populous.codes import (
    BID,
    DISCARD,
    DRAW,
    NEUTRAL,
    PHASE_NAMES,
    PLACE,
    RETURN,
    VANDAL,
)
from soan.games.populous.content import Tables
from soan.games.populous.genesis import DOUBLE_AREA_ACTIONS, WILD_CARD
from soan.games.populous.grace import RESUME_LOSERS
from soan.games.populous.options import Options
from soan.games.populous.state import BID_ONE, DONE, DRAW_MORE, PASS, PopulousState

TILES = {3: 9, 4: 12, 5: 15}  # tiles in the world at each table size (天地開闢)
SLOTS = 7  # cells a tile: the centre, then east and on anticlockwise
PHASES = len(PHASE_NAMES)
TERRAINS = len(T.KEYS)
GENESIS = 6  # cards 1-5 and the wild card
MODS = len(E.ONGOING)

TRACKS = (
    "vp", "fp", "score", "lead", "food", "workers_on_map", "houses_on_map", "hand_size",
    "offer_size", "grace_area_size", "presence_vp", "pieces_in_area",
)
TURN = (
    "blessing", "revelation", "prosperity", "disaster", "labour", "wild_used",
    "places_left", "free_place", "drawn", "vandals_on_map", "discard_after_war",
)
TILE_FEATURES = len(PAIRS) + 2  # pair one-hot, is the area, empty share; then presence per seat

FOOD_SCALE = 10.0
HAND_SCALE = 10.0
MODS_SCALE = 5.0
ROUND_SCALE = 10.0
WAR_SCALE = 10.0
BID_SCALE = 5.0
PLACES_SCALE = 5.0
DRAWN_SCALE = 5.0


def tiles_at(seats: int) -> int:
    return TILES[seats]


class PopulousEncoder(Encoder):
    """The Populous observation (docs/encoding/populous.md) and action index."""

    # ---- the layout ----------------------------------------------------------------------

    def layout(self, seats: int, options: Options, content: Any) -> list[tuple[str, int]]:
        n, tiles = seats, tiles_at(seats)
        races, cards = len(content.races), len(content.grace)
        return [
            ("phase", PHASES),
            ("progress", 3),
            ("to_move", n),
            ("active", n),
            ("start_player", n),
            ("tracks", n * len(TRACKS)),
            ("race", n * races),
            ("effects", n * (MODS + TERRAINS)),
            ("genesis_down", n * GENESIS),
            ("grace_areas", n * cards),
            ("hand", cards),
            ("offer", cards),
            ("discard", cards),
            ("unseen", cards),
            ("deck", 2),
            ("turn", len(TURN)),
            ("war", 4 * n + 4),
            ("tiles", tiles * (TILE_FEATURES + n)),
            ("cells", tiles * SLOTS * (TERRAINS + 2 * n + 1)),
        ]

    # ---- the action index ----------------------------------------------------------------

    def actions(self, seats: int, options: Options, content: Any) -> Sequence[Action]:
        cells = range(tiles_at(seats) * SLOTS)
        cards = range(len(content.grace))
        out: list[Action] = []
        if options.race_choice:
            out += [("race", r) for r in range(len(content.races))]
        if options.grace_draw and options.grace_keep:
            out += [("keep", k) for k in cards]
        out += AREA_ACTIONS.values()
        if options.genesis_hand:  # two cards of one number name a double
            out += DOUBLE_AREA_ACTIONS.values()
        out += WILD_AREA_ACTIONS.values()
        out += ACT_ACTIONS[1:]
        out += WILD_ACT_ACTIONS[1:]
        out += [("remove", c) for c in cells]
        out += [("place", c) for c in cells]
        out.append(DONE)
        out.append(DRAW_MORE)
        if options.houses:
            out += [("build", c) for c in cells]
        if options.vandals:
            out += [("vandal", c) for c in cells]
        out += [("grace", k) for k in cards]
        out += [("discard", k) for k in cards]
        out.append(BID_ONE)
        out.append(PASS)
        out += [("return", c) for c in cells]
        return out

    # ---- the observation -----------------------------------------------------------------

    def write(self, state: PopulousState, seat: int, parts: Writer) -> None:  # type: ignore[override]
        """The parts up to `war` gathered in one list, then the map's arrays: one copy
        into the observation (docs/encoding/populous.md)."""
        k = self._constants(state)
        world = self._world(state, k)
        opts, n = state.options, state.seats
        order = k.order[seat]
        rel = k.rel[seat]
        hot = k.hot
        end = float(opts.end_score)

        out = k.phase_hot[state.phase].copy()  # "phase"
        active, start, to_move = state.active, state.start, state.to_move
        # turns left in the game, this one included, once the end is triggered
        left = ((start - active) % n or n) if state.ending and to_move is not None else 0
        out += [  # "progress"
            ((state.turn_no - 1) // n + 1) / ROUND_SCALE if state.turn_no > 0 else 0.0,
            1.0 if state.ending else 0.0,
            left / n,
        ]
        for s in (to_move, active, start):  # "to_move", "active", "start_player"
            out += hot[-1] if s is None or s < 0 else hot[rel[s]]

        # the map, for the pieces in the area and presence scores below
        occ = np.asarray(state.occ, dtype=np.intp)
        pieces = k.piece_rows[seat][occ + 1]  # (cells, 2n+1): worker, house by seat; vandal
        on_tile = pieces.reshape(k.tiles, SLOTS, -1)
        tile_has = on_tile.max(axis=1)  # (tiles, 2n+1)
        workers_there, houses_there = tile_has[:, 0:2 * n:2], tile_has[:, 1:2 * n:2]
        presence = np.where(houses_there > 0, float(opts.house_vp),
                            np.where(workers_there > 0, float(opts.worker_vp), 0.0))
        presence_vp = presence.sum(axis=0).tolist()  # by relative seat
        if state.area >= 0:
            area_rows = on_tile[state.area]
            in_area = (area_rows[:, 0:2 * n:2].sum(axis=0)
                       + area_rows[:, 1:2 * n:2].sum(axis=0)).tolist()
        else:
            in_area = [0.0] * n

        vp, fp, food, hands, offers, grace = (
            state.vp, state.fp, state.food, state.hands, state.offers, state.grace)
        scores = [vp[s] + fp[s] for s in range(n)]
        top = max(scores)
        second = sorted(scores)[-2]
        workers, houses = opts.workers, opts.houses
        for r, s in enumerate(order):  # "tracks"
            best_other = second if scores[s] == top else top
            out += [
                vp[s] / end, fp[s] / end, scores[s] / end, (scores[s] - best_other) / end,
                food[s] / FOOD_SCALE,
                (workers - state.workers[s]) / workers,
                (houses - state.houses[s]) / k.houses,
                len(hands[s]) / HAND_SCALE,
                len(offers[s]) / k.draw,
                len(grace[s]) / k.houses,
                presence_vp[r] / k.presence_max,
                in_area[r] / SLOTS,
            ]

        races = [0.0] * (n * k.races)  # "race"
        for r, s in enumerate(order):
            if state.race[s] >= 0:
                races[r * k.races + state.race[s]] = 1.0
        out += races

        mods, free, free_bits = state.mods, state.free, k.terrain_bits
        for s in order:  # "effects"
            out += [m / MODS_SCALE for m in mods[s]]
            out += free_bits[free[s]]

        hand_size = opts.genesis_hand  # "genesis_down"
        for s in order:
            if not hand_size:
                out += k.genesis_bits[state.down[s]]
            elif s == seat:  # a random genesis hand: its own, by number (the wild last)
                own = state.genesis[s]
                out += [own.count(g) / hand_size for g in (1, 2, 3, 4, 5, WILD_CARD)]
            else:  # others' hands are hidden: their size only
                out += [len(state.genesis[s]) / hand_size] + [0.0] * (GENESIS - 1)

        cards = k.cards
        areas = [0.0] * (n * cards)  # "grace_areas"
        seen = [0] * cards
        for r, s in enumerate(order):
            base = r * cards
            for c in grace[s]:
                areas[base + c] += 1.0
                seen[c] += 1
        out += areas
        for held in (hands[seat], offers[seat]):  # "hand", "offer"
            counts = [0.0] * cards
            for c in held:
                counts[c] += 1.0
                seen[c] += 1
            out += counts
        discard = [0.0] * cards
        for c in state.discard:
            discard[c] += 1.0
            seen[c] += 1
        copies = k.copies
        out += [discard[c] / copies[c] for c in range(cards)]  # "discard"
        out += [(copies[c] - seen[c]) / copies[c] for c in range(cards)]  # "unseen"
        out += [len(state.deck) / k.deck, len(state.discard) / k.deck]  # "deck"

        phase_now = state.phase
        turn = [0.0] * len(TURN)
        if state.action > 0:
            turn[state.action - 1] = 1.0
        turn[5] = 1.0 if state.wild else 0.0
        if phase_now == PLACE:
            turn[6] = state.places / PLACES_SCALE
            turn[7] = 1.0 if state.free_place else 0.0
        if phase_now == DRAW:
            turn[8] = state.drawn / DRAWN_SCALE
        turn[9] = state.vandals / k.vandals
        at_war = phase_now in (BID, RETURN) or (phase_now == DISCARD
                                                 and state.resume == RESUME_LOSERS)
        turn[10] = 1.0 if phase_now == DISCARD and state.resume == RESUME_LOSERS else 0.0
        out += turn

        war = [0.0] * (4 * n + 4)
        if at_war:
            for s in state.bidders:
                r = rel[s]
                war[r] = 1.0
                war[n + r] = state.bids[s] / BID_SCALE
                war[2 * n + r] = state.war_strength(s) / WAR_SCALE
            vandals = int(on_tile[state.area][:, 2 * n].sum())
            if vandals:
                war[4 * n] = 1.0
                war[4 * n + 1] = vandals * opts.worker_strength / WAR_SCALE
            war[4 * n + 2] = 1.0 if state.bid_added else 0.0
            for s in state.losers:
                if s == NEUTRAL:
                    war[4 * n + 3] = 1.0
                else:
                    war[3 * n + rel[s]] = 1.0
        out += war
        parts.put_run(parts.layout[:-2], out)

        tiles = np.empty((k.tiles, TILE_FEATURES + n), dtype=np.float32)
        tiles[:, :len(PAIRS)] = world.pairs
        tiles[:, len(PAIRS)] = 0.0
        if state.area >= 0:
            tiles[state.area, len(PAIRS)] = 1.0
        tiles[:, len(PAIRS) + 1] = (occ < 0).reshape(k.tiles, SLOTS).sum(axis=1) / SLOTS
        tiles[:, TILE_FEATURES:] = presence / k.presence_tile
        parts.put("tiles", tiles.ravel())

        parts.put("cells", np.concatenate((world.terrain, pieces), axis=1).ravel())

    # ---- constants, built once per rule set and per world --------------------------------

    def _constants(self, state: PopulousState) -> _Constants:
        cache = self.__dict__.setdefault("_constants_cache", {})
        key = (state.tables, state.seats, state.options)
        found = cache.get(key)
        if found is None:
            found = cache[key] = _Constants(state.tables, state.seats, state.options)
        return found

    def _world(self, state: PopulousState, k: _Constants) -> _World:
        cache = self.__dict__.setdefault("_world_cache", {})
        board = state.board
        found = cache.get(id(board))
        if found is None or found.board is not board:
            if len(cache) > 256:
                cache.clear()
            found = cache[id(board)] = _World(board, k)
        return found


class _Constants:
    """What the observation needs of one rule set at one table size."""

    __slots__ = ("cards", "copies", "deck", "draw", "genesis_bits", "hot", "houses", "order",
                 "phase_hot", "piece_rows", "presence_max", "presence_tile", "races", "rel",
                 "terrain_bits", "tiles", "vandals")

    def __init__(self, tables: Tables, seats: int, options: Options) -> None:
        n = seats
        self.tiles = tiles_at(n)
        self.races = len(tables.race_name)
        self.cards = len(tables.card_name)
        self.copies = [max(1, tables.deck.count(c)) for c in range(self.cards)]
        self.deck = float(max(1, len(tables.deck)))
        self.draw = float(max(1, options.grace_draw))
        self.houses = float(max(1, options.houses))
        self.vandals = float(max(1, options.vandals))
        self.presence_tile = float(max(1, options.worker_vp, options.house_vp))
        self.presence_max = self.presence_tile * self.tiles
        self.order = [[(seat + i) % n for i in range(n)] for seat in range(n)]
        self.rel = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        # one-hot rows, copied into the observation: a relative seat's (the last row:
        # none), a phase's, and the bits of a terrain set or of the genesis cards down
        self.hot = [_bits(1 << r, n) for r in range(n)] + [[0.0] * n]
        self.phase_hot = [_bits(1 << p, PHASES) for p in range(PHASES)]
        self.terrain_bits = [_bits(b, TERRAINS) for b in range(1 << TERRAINS)]
        self.genesis_bits = [_bits(b, GENESIS) for b in range(1 << GENESIS)]
        # for each observing seat, the row of the cell part's piece columns for each cell
        # code + 1: nothing, a seat's worker or house (relative seat order), a vandal
        self.piece_rows = []
        for seat in range(n):
            rows = np.zeros((VANDAL + 2, 2 * n + 1), dtype=np.float32)
            for s in range(n):
                r = (s - seat) % n
                rows[(s << 1) + 1, 2 * r] = 1.0
                rows[(s << 1 | 1) + 1, 2 * r + 1] = 1.0
            rows[VANDAL + 1, 2 * n] = 1.0
            self.piece_rows.append(rows)


class _World:
    """What the observation needs of one game's world: each cell's terrain and each
    tile's pair, as one-hot rows."""

    __slots__ = ("board", "pairs", "terrain")

    def __init__(self, board: Any, k: _Constants) -> None:
        self.board = board
        self.terrain = np.eye(TERRAINS, dtype=np.float32)[list(board.terrain)]
        index = {pair: i for i, pair in enumerate(PAIRS)}
        self.pairs = np.eye(len(PAIRS), dtype=np.float32)[[index[p] for p in board.world.pairs]]


def _bits(value: int, length: int) -> list[float]:
    """The low `length` bits of `value`, lowest first, as 0.0 and 1.0."""
    return [float(value >> i & 1) for i in range(length)]
