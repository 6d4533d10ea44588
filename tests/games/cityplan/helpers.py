"""Building City Plan positions by hand for rule tests."""

from __future__ import annotations

from soan.engine.registry import get_game
from soan.games.cityplan.content import CityPlanContent
from soan.games.cityplan.state import CityPlanState, seat_mods

SEED = "001_43cb0f2ed2dbc10d.txt"  # the City Plan Delta draft the tests cite
GAME = get_game("cityplan")


def new(seats: int = 3, seed: int = 1, content: object = None, **options: object
        ) -> CityPlanState:
    variant = "plain" if options.pop("plain", False) else "default"
    return GAME.new(seats, seed, GAME.options(variant, **options), content)


def first_income_at(count: int, condition: str = "buildings") -> CityPlanContent:
    """The shipped content with its first income card (開発計画) firing when someone has
    `count` of `condition`: rule tests build the card they test, whatever the
    provisional set prints."""
    data = GAME.load_content().model_dump()
    data["income"][0].update(condition=condition, count=count, draw=1, max_buildings=0)
    return CityPlanContent.model_validate(data)


def card(state: CityPlanState, english: str, *, taken: tuple[int, ...] = ()) -> int:
    """A card id of that name from the deck, discards or any hand (not one of `taken`)."""
    for c in state.deck + state.discard + [c for h in state.hands for c in h]:
        if state.cards.english[c] == english and c not in taken:
            return c
    raise LookupError(f"no {english!r} left in the deck")


def _lift(state: CityPlanState, c: int) -> None:
    for place in (state.deck, state.discard, *state.hands):
        if c in place:
            place.remove(c)
            return


def set_hand(state: CityPlanState, seat: int, names: list[str]) -> list[int]:
    """Replace a seat's hand with cards of these names (old hand goes to the discards)."""
    state.discard.extend(state.hands[seat])
    state.hands[seat] = []
    ids: list[int] = []
    for name in names:
        c = card(state, name)
        _lift(state, c)
        ids.append(c)
        state.hands[seat].append(c)
    state._legal = None
    return ids


def add_buildings(state: CityPlanState, seat: int, names: list[str]) -> list[int]:
    """Put buildings into a seat's city (no cost paid) and refresh its effects."""
    ids = []
    for name in names:
        c = card(state, name)
        _lift(state, c)
        state.tableaux[seat].append(c)
        ids.append(c)
    state.mods[seat] = seat_mods(state.cards, state.tableaux[seat])
    state._legal = None
    return ids


def pick_all(state: CityPlanState, picks: dict[int, int]) -> None:
    """Everyone plays an action card (seat -> 1 Income, 2 Exchange, 3 Parliament)."""
    while state.phase == 0:
        state.play(("act", picks[state.to_move]))


def all_places(state: CityPlanState) -> list[int]:
    """Every card id wherever it is: deck, discards, hands, cities, lottery draws."""
    out = state.deck + state.discard
    for s in range(state.seats):
        out = [*out, *state.hands[s], *state.tableaux[s], *state.lottery[s]]
    return out
