"""What a seat may know of an Undecim state (its information set), as JSON-ready data.

Everything here is built only from what the seat may know: its own hand of
resource cards and action cards (and its own hidden pick), everyone's fronts,
settlements, points and the red moon, the face-up field and awards, the sizes of
the deck and of other hands, the action cards others took from the field (the
whole table saw them taken), the discard pile (face up) and the public log.
"""

from __future__ import annotations

from typing import Any

from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    BITS,
    CARDS,
    F_ENEMY,
    F_GOLD,
    F_LANDK,
    F_RES,
    F_RESK,
    GIVE,
    KIND,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    NIGHT,
    OWNER,
    PHASE_NAMES,
    PICK,
    SGOLD,
    TAKE,
    W,
)
from soan.games.undecim.content import EG, LANDS, RESOURCES, TYPES, Tables
from soan.games.undecim.fields import Fields
from soan.games.undecim.words import faces_of


def card_info(t: Tables, c: int) -> dict[str, Any]:
    return {
        "number": c, "name": t.card_name[c], "english": t.card_english[c],
        "red": t.card_red[c], "text": t.card_text[c], "module": t.card_module[c] or None,
    }


def resource_info(t: Tables, typ: int, count: int = 1) -> dict[str, Any]:
    top, bottom = faces_of(t, typ)
    kind = "enemy/gold" if typ == EG else "land/resource"
    return {"type": typ, "faces": [top, bottom], "kind": kind, "count": count}


def cards_of(t: Tables, counts: list[int], base: int = 0) -> list[dict[str, Any]]:
    return [resource_info(t, typ, counts[base + typ]) for typ in range(TYPES) if counts[base + typ]]


def settlement_info(st: tuple) -> dict[str, Any]:
    kind = st[KIND]
    return {
        "kind": "mixed" if kind == MIXED else "same",
        "resource": None if kind == MIXED else RESOURCES[kind],
        "resources": [RESOURCES[a] for a in range(4) if st[MASK] >> a & 1],
        "level": st[LEVEL],
        "gold": st[SGOLD],
        "cards": [RESOURCES[typ & 3] for typ in st[CARDS]] + ["金"] * st[SGOLD],
    }


class Views(Fields):
    """The information set of each seat, mixed into `UndecimState`."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        t = self.tables
        phase = self.phase
        revealed = phase != PICK
        points = self.scores()
        data: dict[str, Any] = {
            "game": "undecim",
            "round": self.round_no,
            "rounds": self.options.rounds,
            "phase": PHASE_NAMES[phase],
            "to_move": self.to_move,
            "start_player": self.first_player,
            "moon": {
                "counters": self.counters,
                "cap": self.options.moon_counters,
                "die": self.die or None,
                "night": self.night,
            },
            "field": [card_info(t, c) for c in BITS[self.field]],
            "face_down_actions": len(BITS[self.aside]),
            "awards": [
                {"name": t.award_name[a], "english": t.award_english[a], "text": t.award_text[a],
                 "module": t.award_module[a] or None}
                for a in self.awards
            ],
            "deck": len(self.deck),
            "discard": cards_of(t, [self.discard.count(typ) for typ in range(TYPES)]),
            "seats": [self._seat_view(s, revealed, points[s]) for s in range(self.seats)],
            "log": list(self.log),
        }
        if self.cur >= 0:
            data["resolving"] = {"seat": self.cur, "card": card_info(t, self.card),
                                 "step": self.si, "left": self.left, "gold_spent": self.spent}
        if phase == MARKET:
            data["market"] = cards_of(t, self.market)
        if self.bonus >= 0:
            data["bonus_card"] = resource_info(t, self.bonus)
        if phase in (TAKE, GIVE):
            data["victim"] = self.victims[0]
        if phase == NIGHT:
            data["most_enemies"] = [s for s in range(self.seats) if self.most >> s & 1]
        if seat is not None:
            data["seat"] = seat
            data["hand"] = cards_of(t, self.hand, TYPES * seat)
            data["action_cards"] = [card_info(t, c) for c in BITS[self.hands[seat]]]
            if self.picks[seat] and phase == PICK:
                data["my_pick"] = card_info(t, self.picks[seat])
        if self.over:
            data["scores"] = self.scores()
            data["breakdown"] = self.breakdown()
            data["winners"] = self.winners()
        return data

    def _seat_view(self, s: int, revealed: bool, points: int) -> dict[str, Any]:
        t = self.tables
        known = self.hands[s] & ~self.secret[s]
        played = self.played[s]
        other = max(self.picks[s], self.second[s]) if self.second[s] else 0
        picked = bool(self.picks[s]) and self.phase == PICK
        return {
            "seat": s,
            "points": points,
            "hand_size": self.hsize[s],
            "action_cards": len(BITS[self.hands[s]]),
            "known_action_cards": [card_info(t, c) for c in BITS[known]],
            "picked": picked,
            "played": card_info(t, played) if revealed and played and self.round_no else None,
            # the notes' two-card last round: the seat's other card (None otherwise)
            "played_too": card_info(t, other) if revealed and other else None,
            "front": self._front_info(s),
            "settlements": [settlement_info(st) for st in self.settlements if st[OWNER] == s],
            "enemies_slain": self.slain[s],
        }

    def _front_info(self, s: int) -> dict[str, Any]:
        f, b = self.front, W * s
        fiefs = scoring.fiefs(self, s)
        t = self.tables
        return {
            "lands": {LANDS[k]: f[b + F_LANDK + k] for k in range(4)},
            "resources": {RESOURCES[k]: f[b + F_RESK + k] for k in range(4)},
            "enemies": f[b + F_ENEMY],
            "gold": f[b + F_GOLD],
            "fiefs": fiefs,
            "cards": [
                {**resource_info(t, typ, f[b + typ]), "shown": LANDS[typ >> 2]}
                for typ in range(16) if f[b + typ]
            ] + [
                {**resource_info(t, typ, f[b + F_RES + typ]), "shown": RESOURCES[typ & 3]}
                for typ in range(16) if f[b + F_RES + typ]
            ],
        }
