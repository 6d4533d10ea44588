"""City Plan as text: what one seat sees, in 80 columns."""

from __future__ import annotations

from typing import Any


def _card(info: dict[str, Any]) -> str:
    power = f"+{info['output']}⚡" if "output" in info else f"{info['power']}⚡"
    eco = " eco" if info["eco"] else ""
    effect = f" [{info['effect']}]" if "effect" in info else ""
    kind = f"{info['type']}{eco}"
    return f"{info['english']} ({kind}, cost {info['cost']}, {power}, {info['points']}pt){effect}"


def render(view: dict[str, Any]) -> str:
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
    ]
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
