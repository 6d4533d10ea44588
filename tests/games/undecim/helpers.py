"""Building Undecim positions by hand for rule tests, and the places every card can be."""

from __future__ import annotations

from collections import Counter

from soan.engine.registry import get_game
from soan.games.undecim import codes as K
from soan.games.undecim.codes import BITS
from soan.games.undecim.content import EG, LANDS, RESOURCES, TYPES
from soan.games.undecim.state import UndecimState

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
    piles = Counter(state.deck)
    piles.update(state.discard)
    hand, front, w = state.hand, state.front, K.W
    out = [piles[t] + sum(hand[t::TYPES]) + state.market[t] for t in range(TYPES)]
    for t in range(16):
        out[t] += sum(front[K.F_LAND + t::w]) + sum(front[K.F_RES + t::w])
        out[t] += sum(front[K.F_FIEF + t::w])
    out[EG] += sum(front[K.F_ENEMY::w]) + sum(front[K.F_GOLD::w])
    for st in state.settlements:
        for t in st[K.CARDS]:
            out[t] += 1
        out[EG] += st[K.SGOLD]
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


def lift(state: UndecimState, t: int) -> None:
    """Take one card of type t out of the deck, the discards or a hand."""
    for pile in (state.deck, state.discard):
        if t in pile:
            pile.remove(t)
            return
    for s in range(state.seats):
        if state.hand[TYPES * s + t]:
            state.hand[TYPES * s + t] -= 1
            state.hsize[s] -= 1
            return
    raise LookupError(f"no card of type {t} left to take")


def available(state: UndecimState, land: str) -> int:
    """A card type with this land that is still in the deck, the discards or a hand."""
    for r in range(4):
        t = LANDS.index(land) * 4 + r
        if t in state.deck or t in state.discard or any(
                state.hand[TYPES * s + t] for s in range(state.seats)):
            return t
    raise LookupError(f"no {land} card left to take")


def set_hand(state: UndecimState, seat: int, types: list[int]) -> None:
    """Replace a seat's hand of resource cards (the old cards go back into the deck)."""
    base = TYPES * seat
    for t in range(TYPES):
        state.deck.extend([t] * state.hand[base + t])
        state.hand[base + t] = 0
    for t in types:
        lift(state, t)
        state.hand[base + t] += 1
    state.hsize[seat] = len(types)
    state._legal = None


def give_front(state: UndecimState, seat: int, t: int, face: int, n: int = 1) -> None:
    """Put n cards of type t into a seat's front (before the action phase), taken from
    the deck, else the discards, else anyone's hand."""
    for _ in range(n):
        lift(state, t)
        state._to_front(seat, t, face)
    state._legal = None


def give_action(state: UndecimState, seat: int, card: int) -> None:
    """Make `card` one of the seat's action cards: it swaps places with one of the seat's
    other cards (the seat's card goes where `card` was), so every card keeps one place."""
    if state.hands[seat] >> card & 1:
        return
    mine = next(c for c in BITS[state.hands[seat]] if c != state.picks[seat])
    bit, other = 1 << card, 1 << mine
    for s in range(state.seats):
        if state.hands[s] & bit:
            state.hands[s] ^= bit | other
            state.secret[s] = (state.secret[s] & ~bit) | other
    for name in ("field", "aside"):
        if getattr(state, name) & bit:
            setattr(state, name, getattr(state, name) ^ (bit | other))
    state.hands[seat] ^= bit | other
    state.secret[seat] = (state.secret[seat] & ~other) | bit
    state._legal = None


def to_phase(state: UndecimState, phase: int, bonus: int = 0) -> None:
    """Skip the mulligan and take the bonus resources until `phase`: as a land or enemy
    (`bonus=0`), or as a resource or gold (`bonus=1`)."""
    while state.phase != phase:
        legal = state.legal()
        if state.phase == K.MULLIGAN:
            state.play(("done",))
        else:
            state.play(legal[bonus] if state.phase == K.BONUS else legal[0])


def pick_all(state: UndecimState, picks: dict[int, int], bonus: int = 0) -> None:
    """Everyone plays the action card given (handed to them first if need be)."""
    to_phase(state, K.PICK, bonus)
    for seat, card in picks.items():
        give_action(state, seat, card)
    while state.phase == K.PICK:
        state.play(("play", picks[state.to_move]))


def choose(state: UndecimState, *actions: tuple) -> None:
    for action in actions:
        state.play(action)


def skip_autos(state: UndecimState) -> None:
    """Answer every auto action with 'neither settle nor develop'."""
    while state.phase == K.AUTO:
        state.play(("done",))


def content_with(*cards: dict, awards: list[dict] | None = None):
    """The shipped content with some action cards (by number) or the base awards replaced:
    rule tests state the exact card they need, so tuning the shipped set never moves them."""
    from soan.games.undecim.content import UndecimContent

    data = GAME.load_content().model_dump()
    for card in cards:
        number = card["number"]
        entry = {"name": f"試験{number}", "english": f"Test {number}", "red": False, **card}
        data["actions"] = [entry if a["number"] == number else a for a in data["actions"]]
    if awards is not None:
        data["awards"] = awards
    return UndecimContent.model_validate(data)


def new_with(*cards: dict, seats: int = 4, seed: int = 1, awards: list[dict] | None = None,
             variant: str = "default", **options: object) -> UndecimState:
    return GAME.new(seats, seed, GAME.options(variant, **options),
                    content=content_with(*cards, awards=awards))


def empty_fronts(state: UndecimState) -> None:
    """Return every card in front to the deck (a clean table for a rule test)."""
    for s in range(state.seats):
        b = K.W * s
        for t in range(16):
            for i in (K.F_LAND, K.F_RES, K.F_FIEF):
                state.deck.extend([t] * state.front[b + i + t])
        state.deck.extend([EG] * (state.front[b + K.F_ENEMY] + state.front[b + K.F_GOLD]))
    state.front = [0] * len(state.front)
    state.fresh = [0] * len(state.fresh)
    state._legal = None
