"""The names the log and the labels give cards: action cards by number and name,
resource cards by their two faces, one face with its English.

Rules-side, so the state's log and the presentation word a card the same way."""

from __future__ import annotations

from functools import cache

from soan.games.undecim import effects as E
from soan.games.undecim.codes import FRONT
from soan.games.undecim.content import (
    EG,
    LAND_ENGLISH,
    LANDS,
    RESOURCE_ENGLISH,
    RESOURCES,
    Tables,
)


@cache
def card_words(t: Tables, c: int) -> str:
    """An action card as written, with its number: 「2 侵略戦争 Invasion (red)」."""
    red = " (red)" if t.card_red[c] else ""
    return f"{c} {t.card_name[c]} {t.card_english[c]}{red}"


def faces_of(t: Tables, typ: int) -> tuple[str, str]:
    """A resource card's two halves, as printed: (land, resource) or (enemy, gold)."""
    if typ == EG:
        return t.enemy_name, t.gold_name
    return LANDS[typ >> 2], RESOURCES[typ & 3]


@cache
def type_words(t: Tables, typ: int) -> str:
    """A resource card by its two faces: 「森/木」."""
    return "/".join(faces_of(t, typ))


@cache
def face_words(t: Tables, typ: int, face: int) -> str:
    """One face of a card: 「森 (forest, land)」."""
    name = faces_of(t, typ)[face & 1]
    if face == E.LAND:
        return f"{name} ({LAND_ENGLISH[typ >> 2]}, land)"
    if face == E.RESOURCE:
        return f"{name} ({RESOURCE_ENGLISH[typ & 3]}, resource)"
    return f"{name} ({E.FACES[face]})"


def place_words(t: Tables, typ: int, face: int) -> str:
    """A card put into a front, for the log: 「森/木 into its front as 森 (forest, land)」."""
    return f"{type_words(t, typ)} into its front as {face_words(t, typ, face)}"


@cache
def placed_lines(t: Tables, seats: int) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The log's lines for a card put into a front, by seat and front index (`codes.FRONT`,
    which names the card's type and face): (from the hand or the market, as the bonus
    resource). Every placement writes one, so they are worded once per content."""
    cards = sorted(((typ, face) for face in range(4)
                    for typ in (range(EG) if face < E.ENEMY else (EG,))),
                   key=lambda card: FRONT[card[1]][card[0]])
    return tuple(tuple(
        (f"Seat {s + 1} puts {place_words(t, typ, face)}.",
         f"Seat {s + 1} puts {place_words(t, typ, face)} (bonus resource).")
        for typ, face in cards) for s in range(seats))
