"""What a seat may see of a City Plan game, as JSON-ready data, mixed into
`CityPlanState`: every city, power and councillor count, the income cards, the
size of the deck, discards and other hands, its own hand and action card (the
others' action cards only once all are revealed), and the public log. Under the
simultaneous build phase a build chosen face down is seen by its seat alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soan.games.cityplan.codes import ACTION_CARDS, BUILD, PAY, PHASE_NAMES, PICK
from soan.games.cityplan.content import TYPE_NAMES, Cards, IncomeCard


def effect_text(cards: Cards, c: int) -> str:
    effect, amount = cards.effect[c], cards.amount[c]
    if effect == "card_discount":
        return f"your {TYPE_NAMES[cards.target[c]]} buildings cost {amount} card(s) less"
    if effect == "power_discount":
        return f"your buildings need {amount} power less"
    if effect == "no_power":
        return "you pay no power for buildings"
    if effect == "extra_income":
        return f"when you build nothing you draw {amount} more"
    if effect == "free_builds":
        return f"your next {amount} buildings cost 0 cards"
    if effect == "tie_win":
        return "wins a tie for first place"
    return ""


def income_text(card: IncomeCard) -> str:
    nouns = {"buildings": "buildings", "special": "special facilities", "power": "power plants"}
    what = nouns.get(card.condition, f"{card.condition} buildings")
    who = (
        "every player"
        if not card.max_buildings
        else f"players with at most {card.max_buildings} buildings"
    )
    return f"when someone has {card.count} {what}: {who} draw {card.draw}"


class View:
    """The information set of one seat (or a spectator), mixed into `CityPlanState`."""

    __slots__ = ()

    seats: int
    cards: Cards
    incomes: tuple[IncomeCard, ...]
    phase: int
    turn_no: int
    mayor: int
    to_move: int | None
    deck: list[int]
    discard: list[int]
    opened: bool
    parliament: int
    fired: list[bool]
    hands: list[list[int]]
    tableaux: list[list[int]]
    power: list[int]
    chips: list[int]
    free: list[int]
    picks: list[int]
    pending: list[tuple[int, ...]]  # per seat: the face-down build and its cards
    building: int
    simultaneous: bool
    lottery: list[tuple[int, ...]]
    log: list[str]
    over: bool  # the state's, beside the rules
    scores: Callable[[], list[int]]
    breakdown: Callable[[], list[dict[str, int]]]
    winners: Callable[[], list[int]]

    def card_info(self, c: int) -> dict[str, Any]:
        cards = self.cards
        info = {
            "id": c,
            "name": cards.name[c],
            "english": cards.english[c],
            "type": " + ".join(TYPE_NAMES[t] for t in cards.counts[c]),
            "cost": cards.cost[c],
            "points": cards.points[c],
            "eco": cards.eco[c],
        }
        info["output" if cards.is_plant[c] else "power"] = cards.power[c]
        if cards.effect[c] != "none":
            info["effect"] = effect_text(cards, c)
        return info

    def view(self, seat: int | None) -> dict[str, Any]:
        revealed = self.phase != PICK
        # a simultaneous build is chosen face down: others see no card being paid for
        hidden_build = self.simultaneous and seat != self.to_move
        phase = BUILD if hidden_build and self.phase == PAY else self.phase
        data: dict[str, Any] = {
            "game": "cityplan",
            "turn": self.turn_no,
            "phase": PHASE_NAMES[phase],
            "mayor": self.mayor,
            "to_move": self.to_move,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "parliament": {"open": self.opened, "chips": self.parliament},
            "income_cards": [
                {
                    "value": c.value,
                    "name": c.name,
                    "english": c.english or c.name,
                    "fired": f,
                    "text": income_text(c),
                }
                for c, f in zip(self.incomes, self.fired, strict=True)
            ],
            "seats": [
                {
                    "seat": s,
                    "hand_size": len(self.hands[s]),
                    "tableau": [self.card_info(c) for c in self.tableaux[s]],
                    "power": self.power[s],
                    "councillors": self.chips[s],
                    "free_builds": self.free[s],
                    "picked": bool(self.picks[s]),
                    "action": ACTION_CARDS[self.picks[s]] if revealed and self.picks[s] else None,
                }
                for s in range(self.seats)
            ],
            "log": list(self.log),
        }
        if self.phase == PAY and not hidden_build:
            data["building"] = self.card_info(self.building)
        if seat is not None:
            data["seat"] = seat
            data["hand"] = [self.card_info(c) for c in self.hands[seat]]
            if self.picks[seat]:
                data["my_action"] = ACTION_CARDS[self.picks[seat]]
            chosen = self.pending[seat]
            if chosen:  # the face-down build, its cards still in hand until the reveal
                data["my_build"] = (
                    "draw" if chosen[0] < 0 else self.card_info(chosen[0])
                )
                data["reserved"] = [c for c in chosen if c >= 0]
        if self.over:
            data["lottery"] = [[self.card_info(c) for c in drawn] for drawn in self.lottery]
            data["scores"] = self.scores()
            data["breakdown"] = self.breakdown()
            data["winners"] = self.winners()
        return data
