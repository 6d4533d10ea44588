"""The small vocabulary action cards are written in, and its plain words.

An action card is a list of steps, resolved in order for the seat that played it.
The draft prints no card texts (U1), so the shipped cards are data over these
steps, and a designer writes a new card in the content file without touching code:

- ``play``: put `amount` cards from your hand into your front, each with a face of
  your choice among `faces` (land, resource, enemy, gold); as many as you can.
- ``draw``: draw `amount` cards from the deck into your hand.
- ``market``: reveal `amount` cards from the deck; put `take` of them into your
  front (faces as for play); the rest go to the discard pile.
- ``steal``: from each other seat (or one you choose: ``targets = "one"``) take
  `amount` cards shown as `face` from its front into yours, or to the discard
  pile (``keep = false``). Cards that entered a front in this round's action
  phase, and fief lands, cannot be taken (U13).
- ``moon``: put `amount` time counters on the red moon (``add``), take them off
  (``remove``), or choose which (``choose``); never above the cap or below 0.
- ``set_die``: set this round's moon die to one of `values`; with ``recount`` the
  counters taken off at the round start follow the new roll.
- ``build``: `amount` more auto actions (settle or develop) after this card.
- ``vp``: score `amount` VP, or `amount` per settlement, land kind, enemy or gold
  you hold (``per``).

`amount` is a number or six numbers, one per moon die roll (「出目はこのラウンドの
アクション効果にも影響を与えます」). A step with ``gold_boost = N`` lets you first
spend up to N gold from your front, each adding 1 to its amount
(「金は様々なアクション効果を高める為に使用されます」).
"""

from __future__ import annotations

from typing import NamedTuple

LAND, RESOURCE, ENEMY, GOLD = range(4)
FACES = ("land", "resource", "enemy", "gold")
ALL_FACES = 0b1111

PLAY, DRAW, MARKET, STEAL, MOON, SET_DIE, BUILD, VP = range(8)
STEPS = ("play", "draw", "market", "steal", "moon", "set_die", "build", "vp")
ADD, REMOVE, CHOOSE = range(3)
DIRECTIONS = ("add", "remove", "choose")
PER = ("none", "settlement", "land_kind", "enemy", "gold")


class Step(NamedTuple):
    """One compiled step of an action card (what the rules read in the hot path)."""

    kind: int
    amounts: tuple[int, int, int, int, int, int]  # by moon die roll 1..6
    faces: int = ALL_FACES  # bit per face (play, market)
    face: int = LAND  # steal: the face of the cards taken
    take: int = 0  # market: cards kept
    one_target: bool = False  # steal: one seat of your choice instead of each other seat
    keep: bool = True  # steal: into your front (else the discard pile)
    direction: int = ADD  # moon
    values: int = 0  # set_die: bit v for each allowed roll v
    recount: bool = False  # set_die: counters follow the new roll
    per: int = 0  # vp: index into PER
    boost: int = 0  # gold that may be spent for +1 each


PLURALS = ("lands", "resources", "enemies", "gold")


def face_words(mask: int) -> str:
    """How a card may be shown: '(any face)' or 'as lands or resources'."""
    if mask == ALL_FACES:
        return "(any face)"
    return "as " + " or ".join(PLURALS[f] for f in range(4) if mask >> f & 1)


def _amount(amounts: tuple[int, ...]) -> str:
    if len(set(amounts)) == 1:
        return str(amounts[0])
    return "/".join(map(str, amounts)) + " (by the moon die 1-6)"


def describe(step: Step) -> str:
    """Plain words for one step, for views, labels and the rules table."""
    n = _amount(step.amounts)
    boost = f"; you may spend up to {step.boost} gold for +1 each" if step.boost else ""
    kind = step.kind
    if kind == PLAY:
        text = f"play {n} card(s) from your hand {face_words(step.faces)}"
    elif kind == DRAW:
        text = f"draw {n} card(s) into your hand"
    elif kind == MARKET:
        text = (
            f"reveal {n} cards from the deck, put {step.take} of them into your front "
            f"{face_words(step.faces)}, discard the rest"
        )
    elif kind == STEAL:
        whom = "one other player of your choice" if step.one_target else "each other player"
        where = "into your front" if step.keep else "to the discard pile"
        noun = FACES[step.face] if n == "1" else PLURALS[step.face]
        text = f"take {n} {noun} from {whom} {where}"
    elif kind == MOON:
        verb = ("put", "take", "put or take")[step.direction]
        where = ("on", "off", "on or off")[step.direction]
        text = f"{verb} {n} time counter(s) {where} the red moon"
    elif kind == SET_DIE:
        values = [str(v) for v in range(1, 7) if step.values >> v & 1]
        text = "set the moon die to " + (" or ".join(values) if len(values) < 6 else "any roll")
        if step.recount:
            text += " (the time counters follow the new roll)"
    elif kind == BUILD:
        text = f"settle or develop {n} more time(s)"
    else:
        per = "" if step.per == 0 else f" per {PER[step.per].replace('_', ' ')} you hold"
        text = f"score {n} VP{per}"
    return text + boost
