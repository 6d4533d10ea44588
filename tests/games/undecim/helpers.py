"""Building Undecim positions by hand for rule tests, and the places every card can be."""

from __future__ import annotations

from soan.engine.registry import get_game
from soan.games.undecim import codes as K
from soan.games.undecim.content import EG, LANDS, RESOURCES, TYPES
from soan.games.undecim.state import BITS, UndecimState

SEED = "002_582a1950c0f44c54.txt"  # the Undecim draft the tests cite
GAME = get_game("undecim")


def new(seats: int = 4, seed: int = 1, variant: str = "default", **options: object) -> UndecimState:
    return GAME.new(seats, seed, GAME.options(variant, **options))


def kind(land: str | None = None, resource: str | None = None) -> int:
    """The card type of a land-and-resource pairing (by the Japanese names)."""
    return LANDS.index(land) * 4 + RESOURCES.index(resource)


def resource_counts(state: UndecimState) -> list[int]:
    """How many cards of each type are anywhere: deck, discards, hands, fronts,
    fiefs, settlements, the market and a bonus card being placed."""
    out = [0] * TYPES
    for t in state.deck + state.discard:
        out[t] += 1
    for s in range(state.seats):
        for t in range(TYPES):
            out[t] += state.hand[TYPES * s + t]
        b = K.W * s
        for t in range(16):
            out[t] += state.front[b + K.F_LAND + t] + state.front[b + K.F_RES + t]
            out[t] += state.front[b + K.F_FIEF + t]
        out[EG] += state.front[b + K.F_ENEMY] + state.front[b + K.F_GOLD]
    for st in state.settlements:
        for t in st[K.CARDS]:
            out[t] += 1
        out[EG] += st[K.SGOLD]
    for t in range(TYPES):
        out[t] += state.market[t]
    if state.phase == K.BONUS:
        out[state.bonus] += 1
    return out


def action_places(state: UndecimState) -> list[int]:
    """Every action card number wherever it is: hands, field, face down, or on the table
    while the played cards resolve."""
    out = [c for s in range(state.seats) for c in BITS[state.hands[s]]]
    out += list(BITS[state.field]) + list(BITS[state.aside])
    if state.cur >= 0 or (state.phase in K.ACTION_PHASE):
        out += [c for c in state.played if not state.field >> c & 1]
    return sorted(out)


def play_until(state: UndecimState, phase: int, chooser=None) -> None:
    """Play the first legal action (or `chooser(state)`) until `phase` is reached."""
    while state.phase != phase and not state.over:
        state.play(chooser(state) if chooser else state.legal()[0])


def set_hand(state: UndecimState, seat: int, types: list[int]) -> None:
    """Replace a seat's hand of resource cards (the old cards go back into the deck)."""
    base = TYPES * seat
    for t in range(TYPES):
        state.deck.extend([t] * state.hand[base + t])
        state.hand[base + t] = 0
    for t in types:
        state.deck.remove(t)
        state.hand[base + t] += 1
    state.hsize[seat] = len(types)
    state._legal = None


def give_front(state: UndecimState, seat: int, t: int, face: int, n: int = 1) -> None:
    """Put n cards of type t from the deck into a seat's front (before the action phase)."""
    for _ in range(n):
        state.deck.remove(t)
        state._to_front(seat, t, face)
    state._legal = None
