"""Codes shared by the rules, scoring, evaluation and presentation: phases, the layout
of a seat's front, settlements, the points kept as play goes on, and the rule branches
the lab counts."""

from __future__ import annotations

from soan.games.undecim import effects as E
from soan.games.undecim.content import TYPES

(MULLIGAN, BONUS, PICK, BOOST, PLAY, MARKET, TARGET, TAKE, GIVE, MOON, DIE, AUTO,
 REPLENISH, NIGHT, OVER) = range(15)
PHASE_NAMES = (
    "mulligan", "bonus resource", "action choice", "spend gold", "play from hand", "market",
    "choose a target", "take", "give", "red moon", "moon die", "auto action",
    "action replenishment", "red moon night", "over",
)
ACTION_PHASE = frozenset((BOOST, PLAY, MARKET, TARGET, TAKE, GIVE, MOON, DIE, AUTO))

# Action cards are bits 1-11 of an int (a hand, the field); BITS[m] lists them.
BITS = tuple(tuple(n for n in range(12) if m >> n & 1) for m in range(1 << 12))

# A seat's front: counts in one flat list of W numbers per seat, at W * seat + ...
F_LAND = 0  # 16: land-face cards by card type (not in a fief)
F_RES = 16  # 16: resource-face cards by card type
F_ENEMY = 32
F_GOLD = 33
F_LANDK = 34  # 4: land-face cards by land kind (not in a fief)
F_RESK = 38  # 4: resource-face cards by resource kind
F_FIEF = 42  # 16: fief lands by card type (variant fief)
W = 58
FRESH = 34  # per seat, front indexes 0-33 of cards that entered this action phase (U13)

# A settlement: (owner, kind, resources mask, level, gold, resource card types);
# kind is its resource 0-3 when founded with one resource, else MIXED.
OWNER, KIND, MASK, LEVEL, SGOLD, CARDS = range(6)
MIXED = 4

# Points kept per seat as play goes on, at NSOURCES * seat + ...
P_LANDS, P_ENEMIES, P_AWARDS, P_CARDS, P_ORDER, P_FIEFS = range(6)
NSOURCES = 6

# Rule branches the lab counts, beside card:, award: (content items by name).
NIGHT_KEY, NIGHT_WON = "night", "night:enemies won"
LAND_KEY, LAND_SET = "land bonus", "land bonus:set"
SETTLE_KEY, DEVELOP_KEY, GOLD_KEY, BOOST_KEY = "settle", "develop", "gold", "gold:boost"
ENEMY_KEY, MULLIGAN_KEY, FIEF_KEY, TIE_KEY = "enemy", "mulligan", "fief", "tie-break"
BRANCHES = (NIGHT_KEY, NIGHT_WON, ENEMY_KEY, LAND_KEY, LAND_SET, SETTLE_KEY, DEVELOP_KEY,
            GOLD_KEY, BOOST_KEY, MULLIGAN_KEY, TIE_KEY)


def _front_index(t: int, face: int) -> int:
    if face == E.LAND:
        return F_LAND + t
    if face == E.RESOURCE:
        return F_RES + t
    return F_ENEMY if face == E.ENEMY else F_GOLD


# FRONT[face][t]: where a card of type `t` shown as `face` is counted in a seat's front
FRONT = tuple(tuple(_front_index(t, face) for t in range(TYPES)) for face in range(4))
# KIND_CARDS[face][k]: (card type, front index) of the cards whose land face (face 0) or
# resource face (face 1) is of kind `k`
KIND_CARDS = (
    tuple(tuple((t, F_LAND + t) for t in range(4 * k, 4 * k + 4)) for k in range(4)),
    tuple(tuple((t, F_RES + t) for t in range(k, 16, 4)) for k in range(4)),
)
