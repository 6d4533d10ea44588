"""How City Plan reads to people: action labels and kinds, and the text picture of
what one seat sees, in 80 columns. City Plan has no board: no SVG and no colour screen.

Everything here is built from the seat's view (or, for a label, from the mover's
own choice), so it shows only what that seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from soan.engine.core import Action, Presenter
from soan.games.cityplan.codes import ACTION_CARDS, PAY

if TYPE_CHECKING:
    from soan.games.cityplan.state import CityPlanState

ACTION_KINDS = {  # what people call each kind of choice (for the lab's tables)
    "build": "build", "pay": "pay a card", "income": "build nothing (draw)",
    "discard": "discard", "done": "end exchange",
}


def label(state: CityPlanState, action: Action) -> str:
    kind = action[0]
    if kind == "act":
        return f"Play action card {action[1]} {ACTION_CARDS[action[1]]}"
    if kind == "done":
        return f"Done (draw {state.exchanged} card(s))"
    if kind == "income":
        draw = state.options.build_income + state.mods[cast(int, state.to_move)][6]
        return f"Build nothing: draw {draw} cards"
    c = action[1]
    name = state.cards.english[c]
    if kind == "build":
        s = cast(int, state.to_move)
        paid, points = f"{state.card_cost(s, c)} card(s)", state.cards.points[c]
        if state.cards.is_plant[c]:
            return f"Build {name} (pay {paid}, +{state.cards.power[c]} power, {points} pt)"
        return f"Build {name} (pay {paid} and {state.power_cost(s, c)} power, {points} pt)"
    if kind == "pay":
        return f"Pay with {name}"
    return f"Discard {name}"


def _card(info: dict[str, Any]) -> str:
    power = f"+{info['output']}⚡" if "output" in info else f"{info['power']}⚡"
    eco = " eco" if info["eco"] else ""
    effect = f" [{info['effect']}]" if "effect" in info else ""
    kind = f"{info['type']}{eco}"
    return f"{info['english']} ({kind}, cost {info['cost']}, {power}, {info['points']}pt){effect}"


LEGEND = ("Legend: +N⚡ power a plant makes, N⚡ power a building uses, pt points, "
          "eco ecological")


def score_line(state: CityPlanState) -> str:
    """Every seat's points so far (as the final table would count them now)."""
    return "Points so far: " + ", ".join(
        f"seat {s + 1} {points}" for s, points in enumerate(state.scores()))


def paid(state: CityPlanState) -> list[int]:
    """The cards paid so far for the building being paid for (the public history's
    last run of payments)."""
    cards = []
    for action in reversed(state.history):
        if action[0] != "pay":
            break
        cards.append(action[1])
    return cards


def choices(state: CityPlanState) -> list[tuple[str, Action | None]] | None:
    """While a building is paid for card by card, every card keeps its number from the
    first payment to the last: the cards of the hand (and those paid) in one fixed
    order, each paid card marked and no longer open; else None (the legal order)."""
    if state.phase != PAY:
        return None
    english = state.cards.english
    cards = [a[1] for a in state.legal()]
    spent = paid(state)
    order = sorted([(c, False) for c in cards] + [(c, True) for c in spent],
                   key=lambda item: (english[item[0]], item[0], not item[1]))
    return [(f"(paid) {english[c]}", None) if done else (label(state, ("pay", c)), ("pay", c))
            for c, done in order]


def text(view: dict[str, Any], scores: str = "") -> str:
    """The text picture of a view (with the points so far, when given)."""
    lines = [
        f"Turn {view['turn']}, {view['phase']} phase. Mayor: seat {view['mayor'] + 1}. "
        + (f"To move: seat {view['to_move'] + 1}. " if view["to_move"] is not None else "")
        + f"Deck {view['deck']}, discards {view['discard']}.",
        "Parliament: "
        + (
            f"{view['parliament']['chips']} councillor chips left"
            if view["parliament"]["open"]
            else "not yet open"
        ),
        "Income cards (checked lowest first):",
        *(
            f"  {c['value']} {c['english']}: {'fired' if c['fired'] else c['text']}"
            for c in view["income_cards"]
        ),
        LEGEND,
    ]
    if scores:
        lines.insert(1, scores)
    for seat in view["seats"]:
        s = seat["seat"]
        action = (
            f", action {seat['action']}"
            if seat["action"]
            else (", has picked" if seat["picked"] else "")
        )
        extra = f", {seat['free_builds']} free build(s)" if seat["free_builds"] else ""
        you = " (you)" if view.get("seat") == s else ""
        lines.append(
            f"Seat {s + 1}{you}: {len(seat['tableau'])} buildings, {seat['power']} power, "
            f"{seat['councillors']} councillors, {seat['hand_size']} cards in hand{action}{extra}"
        )
        for info in seat["tableau"]:
            lines.append(f"    {_card(info)}")
    if "building" in view:
        lines.append(f"Being built: {_card(view['building'])}")
    if "hand" in view:
        lines.append("Your hand:")
        lines.extend(f"    {_card(info)}" for info in view["hand"])
    return "\n".join(lines)


class CityPlanPresenter(Presenter):
    """City Plan's words and pictures, bound to the game as `presenter`."""

    def label(self, state: CityPlanState, action: Action) -> str:  # type: ignore[override]
        return label(state, action)

    def short_label(self, state: CityPlanState, action: Action) -> None:  # type: ignore[override]
        """City Plan's labels are short enough for every list."""
        return None

    def action_kind(self, state: CityPlanState, action: Action) -> str:  # type: ignore[override]
        return ACTION_KINDS[action[0]] if action[0] != "act" else ACTION_CARDS[action[1]]

    def render(self, state: CityPlanState, seat: int | None = None) -> str:  # type: ignore[override]
        return text(state.view(seat), score_line(state))

    def choices(self, state: CityPlanState) -> list[tuple[str, Action | None]] | None:
        """Stable numbers while paying for a building (see `choices`)."""
        return choices(state)

    def screen(self, state: CityPlanState, seat: int | None, width: int) -> None:  # type: ignore[override]
        """No colour screen: the terminal prints `render`."""
        return None

    def svg(self, state: CityPlanState) -> None:  # type: ignore[override]
        """No board to draw."""
        return None
