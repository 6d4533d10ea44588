"""What a seat may know of a Populous state, as JSON-ready data (its information set).

Everything here is built only from what the seat may know: its own grace
hand (and setup offer), everyone's public pieces, tracks and grace areas, the
size of the deck and of other hands, the face-up discards and the public log.
"""

from __future__ import annotations

from typing import Any

from soan.boards import terrain as T
from soan.games.populous import content as C
from soan.games.populous.codes import ACTION_NAMES, BID, EMPTY, NEUTRAL, PHASE_NAMES, RETURN, VANDAL
from soan.games.populous.content import Tables
from soan.games.populous.fields import Fields

GENESIS = ("1", "2", "3", "4", "5", "W")  # a seat's genesis cards, bit by bit of its mask


def card_info(tables: Tables, k: int) -> dict[str, Any]:
    t = tables
    return {
        "id": k, "name": t.card_name[k], "english": t.card_english[k],
        "kind": C.KIND_NAMES[t.card_kind[k]], "cost": t.card_cost[k], "text": t.card_text[k],
    }


def piece_info(code: int) -> dict[str, Any] | None:
    if code == EMPTY:
        return None
    if code == VANDAL:
        return {"kind": "vandal"}
    return {"kind": "house" if code & 1 else "worker", "seat": code >> 1}


def genesis(down: int) -> dict[str, list[str]]:
    return {
        "up": [g for i, g in enumerate(GENESIS) if not down >> i & 1],
        "down": [g for i, g in enumerate(GENESIS) if down >> i & 1],
    }


def genesis_cards(hand: list[int]) -> list[str]:
    """A random genesis hand (option `genesis_hand`) in the fixed cards' words: 1-5, W."""
    return sorted(GENESIS[n - 1] if n else GENESIS[-1] for n in hand)


class Viewing(Fields):
    """The view of a seat, mixed into `PopulousState`."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        world, t, opts = self.board.world, self.tables, self.options
        data: dict[str, Any] = {
            "game": "populous",
            "turn": self.turn_no,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "start_player": self.start,
            "active": self.active,
            "ending": self.ending,
            "area": self.area_pair(),
            "action": ACTION_NAMES[self.action] if self.action > 0 else None,
            "wild_used": self.wild,
            "world": {
                "tiles": [
                    {"pair": list(world.pairs[i]), "spot": list(world.spots[i]),
                     "cells": list(world.tile_cells[i])}
                    for i in range(len(world.pairs))
                ],
                "cells": [
                    {"id": c, "name": world.cell_name(c), "terrain": T.KEYS[self.board.terrain[c]],
                     "piece": piece_info(self.occ[c])}
                    for c in range(world.cells)
                ],
            },
            "vandals_on_map": self.vandals,
            "seats": [
                {
                    "seat": s,
                    "race": t.race_english[self.race[s]] if self.race[s] >= 0 else None,
                    "race_text": t.race_text[self.race[s]] if self.race[s] >= 0 else None,
                    "vp": self.vp[s], "fp": self.fp[s], "score": self.vp[s] + self.fp[s],
                    "food": self.food[s],
                    "workers_left": self.workers[s], "houses_left": self.houses[s],
                    "workers_on_map": opts.workers - self.workers[s],
                    "hand_size": len(self.hands[s]),
                    "offer_size": len(self.offers[s]),
                    "grace_area": [card_info(t, k) for k in self.grace[s]],
                    "genesis": (
                        {"up": [], "down": [], "hand_size": len(self.genesis[s])}
                        if opts.genesis_hand else genesis(self.down[s])
                    ),
                }
                for s in range(self.seats)
            ],
            "deck": len(self.deck),
            "discard": [t.card_english[k] for k in self.discard],
            **({"genesis_discard": genesis_cards(self.gdiscard)} if opts.genesis_hand else {}),
            "log": list(self.log),
        }
        if self.phase in (BID, RETURN):
            data["war"] = {
                "sides": list(self.bidders),
                "bids": [self.bids[s] for s in range(self.seats)],
                "losers_to_return": [None if s == NEUTRAL else s for s in self.losers],
            }
        if seat is not None:
            data["seat"] = seat
            data["hand"] = [card_info(t, k) for k in self.hands[seat]]
            if opts.genesis_hand:  # a random genesis hand is hidden from the others
                data["genesis_hand"] = genesis_cards(self.genesis[seat])
            if self.offers[seat]:
                data["offer"] = [card_info(t, k) for k in self.offers[seat]]
        if self.over:
            data["scores"] = self.scores()
            data["breakdown"] = self.breakdown()
            data["winners"] = self.winners()
        return data
