"""What a seat may know of a Quo Vadis state, as JSON-ready data (the contract's `view`).

Its own epic hand, face-down skills and draft hand, everyone's public pieces,
resources, generations and face-up skills, the size of the deck and of other
hands, the face-up discards and the public log. The small helpers below are
shared with the presentation, which words the same things for people.
"""

from __future__ import annotations

from typing import Any

from soan.games.quovadis import effects as E
from soan.games.quovadis.board import FREE, Board
from soan.games.quovadis.codes import BUILDING_NAMES, CITY, EMPTY, KEEP, MORALE, PHASE_NAMES, RUIN
from soan.games.quovadis.content import Tables
from soan.games.quovadis.fields import Fields

RESOURCE_WORDS = ("morale", "food", "faith", "wrath")


def genesis(card: int) -> str:
    """A genesis card's name: its number, or Free."""
    return "Free" if card == FREE else str(card)


def skill_info(tables: Tables, k: int) -> dict[str, Any]:
    return {"id": k, "name": tables.skill_name[k], "english": tables.skill_english[k],
            "text": tables.skill_text[k], "once": bool(tables.skill_once[k])}


def hand_counts(hand: list[int], s: int) -> dict[str, int]:
    """Seat `s`'s epic cards by name (the hands are kept as counts, five per seat)."""
    return {E.CARDS[k]: hand[5 * s + k] for k in range(5) if hand[5 * s + k]}


def building(code: int) -> dict[str, Any] | None:
    if code == EMPTY:
        return None
    kind = code & 3
    return {"kind": "city" if kind in (CITY, RUIN) else BUILDING_NAMES[kind],
            "seat": code >> 2, "face_up": kind != RUIN}


def area_name(board: Board, area: int) -> str | None:
    """The creation area by its two genesis numbers ("2-4"), None before it is chosen."""
    if area < 0:
        return None
    a, b = board.world.pairs[area]
    return f"{a}-{b}"


class View(Fields):
    """The contract's `view`, mixed into `QuoVadisState`."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        world, t, n = self.board.world, self.tables, self.n
        seats = []
        for s in range(n):
            race = self.race[s]
            seats.append({
                "seat": s,
                "race": t.race_name[race] if race >= 0 else None,
                "race_english": t.race_english[race] if race >= 0 else None,
                "home": E.TERRAINS[t.race_home[race]] if race >= 0 else None,
                "vp": self.vp[s],
                "resources": {RESOURCE_WORDS[r]: self.res[4 * s + r] for r in range(4)},
                "maxima": {RESOURCE_WORDS[r]: self.cap[4 * s + r] for r in range(4)},
                "workers_left": self.supply[s], "cities_left": self.cities[s],
                "forts_left": self.forts[s], "temples_left": self.temples[s],
                "ascended": self.ascended[s], "wars_won": self.wars_won[s],
                "hand_size": self.hand_size(s),
                "generations": [{"cards": c, "top": E.CARDS[k]} for c, k in self.gens[s]],
                "skills": [skill_info(t, k) for k in self.shown[s]],
                "skills_used": [t.skill_name[k] for k in self.used[s]],
                "face_down_skills": len(self.hidden[s]),
                "draft_hand_size": len(self.draft[s]),
                "basic_chosen": self.basic[s] >= 0,
                "majorities": self.majorities(s),
            })
        data: dict[str, Any] = {
            "game": "quovadis",
            "round": self.round_no,
            "rounds": self.options.rounds,
            "turn": self.turn_no,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "start_player": self.start,
            "active": self.active,
            "markers": [genesis(m) for m in self.markers],
            "area": area_name(self.board, self.area),
            "world": {
                "tiles": [
                    {"pair": list(world.pairs[i]), "spot": list(world.spots[i]),
                     "cells": list(world.tile_cells[i]),
                     "ring": E.TERRAINS[self.ring[i]] if self.ring[i] >= 0 else None}
                    for i in range(len(world.pairs))
                ],
                "cells": [
                    {"id": c, "tile": world.cell_tile[c], "terrain": E.TERRAINS[self.terr[c]],
                     "printed_terrain": E.TERRAINS[self.board.base[c]],
                     "adjacent": list(self.board.adjacent[c]),
                     "workers": [self.wk[c * n + s] for s in range(n)],
                     "building": building(self.bld[c]), "cubes": self.cubes[c]}
                    for c in range(world.cells)
                ],
            },
            "rings_left": {E.TERRAINS[k]: self.rings_left[k] for k in range(5)},
            "seats": seats,
            "deck": len(self.deck),
            "discard": {E.CARDS[k]: self.discard[k] for k in range(5) if self.discard[k]},
            "log": list(self.log),
        }
        if self.phase in (MORALE, KEEP) or (self.sides and self.phase > MORALE):
            data["war"] = {"sides": list(self.sides), "contested": list(self.contested),
                           "morale": [self.decl[s] for s in self.sides]}
        if self.acts:
            data["acting"] = {"card": E.CARDS[self.kind], "actions_left": self.acts}
        if seat is not None:
            data["seat"] = seat
            data["hand"] = hand_counts(self.hand, seat)
            data["face_down_skills"] = [skill_info(t, k) for k in self.hidden[seat]]
            if self.draft[seat]:
                data["draft_hand"] = [skill_info(t, k) for k in self.draft[seat]]
            if self.basic[seat] >= 0 and not self.shown[seat]:
                data["basic_choice"] = skill_info(t, self.basic[seat])
        if self.over:
            data["scores"] = self.scores()
            data["breakdown"] = self.breakdown()
            data["winners"] = self.winners()
        return data
