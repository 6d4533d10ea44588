"""What people read of an Undecim state: action labels and kinds, and the table as
80-column text.

The state says what a seat may know (`view.py`); this words it. Undecim has no board
picture and no colour screen: the terminal prints the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soan.engine.core import Action, Presenter
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    AUTO,
    BONUS,
    BOOST,
    KIND,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    MULLIGAN,
    NIGHT,
    PLAY,
)
from soan.games.undecim.content import (
    EG,
    LAND_ENGLISH,
    LANDS,
    RESOURCE_ENGLISH,
    RESOURCES,
)
from soan.games.undecim.words import card_words, face_words, type_words

if TYPE_CHECKING:
    from soan.games.undecim.state import UndecimState


DONE_WORDS = {
    MULLIGAN: "Keep your action cards",
    AUTO: "Neither settle nor develop",
    BOOST: "Spend no (more) gold",
    NIGHT: "Keep your remaining enemies",
}


def _kind_words(state: UndecimState, k: int) -> str:
    face = state.tables.steps[state.card][state.si].face
    if face == E.LAND:
        return f"a {LANDS[k]} ({LAND_ENGLISH[k]}) land"
    if face == E.RESOURCE:
        return f"a {RESOURCES[k]} ({RESOURCE_ENGLISH[k]}) resource"
    return "an enemy" if face == E.ENEMY else "a gold"


def settlement_words(st: tuple) -> str:
    if st[KIND] == MIXED:
        inside = "+".join(RESOURCES[a] for a in range(4) if st[MASK] >> a & 1)
        return f"mixed settlement {inside} (level {st[LEVEL]})"
    return f"{RESOURCES[st[KIND]]} settlement (level {st[LEVEL]})"


def _vp_change(state: UndecimState, level: int) -> str:
    table = state.options.building_vp
    return f"{scoring.settlement_vp(level, table)} -> {scoring.settlement_vp(level + 1, table)} VP"


ACTION_KINDS = {
    "pick": "take an action card", "swap": "mulligan swap", "settle": "settle",
    "target": "choose whom to take from", "take": "take a card", "give": "give a card",
    "die": "set the moon die", "spend": "spend gold", "slay": "discard an enemy at night",
}
DONE_KINDS = {
    MULLIGAN: "keep the action cards", AUTO: "neither settle nor develop",
    BOOST: "spend no more gold", NIGHT: "keep the enemies",
}


class UndecimPresenter(Presenter):
    """Undecim for people: the words of each action and the table as text."""

    def label(self, state: UndecimState, action: Action) -> str:  # type: ignore[override]
        """An action in plain words, with the card and the numbers it involves."""
        t, kind, phase = state.tables, action[0], state.phase
        if kind == "play":
            return f"Play {card_words(t, action[1])}: {t.card_text[action[1]]}"
        if kind == "pick":
            return f"Take {card_words(t, action[1])} into your hand"
        if kind == "swap":
            return f"Swap your {card_words(t, action[1])} for {card_words(t, action[2])}"
        if kind in ("land", "resource", "enemy", "gold"):
            typ = action[1] if len(action) > 1 else EG
            face = E.FACES.index(kind)
            where = {PLAY: "from your hand", MARKET: "from the market"}.get(phase, "(bonus)")
            return f"Put {type_words(t, typ)} {where} into your front as {face_words(t, typ, face)}"
        if kind == "settle":
            kinds = action[1:]
            mixed = " (mixed)" if len(kinds) == 2 and kinds[0] != kinds[1] else ""
            return f"Settle with {' + '.join(RESOURCES[a] for a in kinds)}{mixed}"
        if kind == "develop":
            st = state.settlements[action[1]]
            what = "金 (gold)" if action[2] == 4 else RESOURCES[action[2]]
            return (f"Develop your {settlement_words(st)} with {what} "
                    f"(level {st[LEVEL] + 1}, {_vp_change(state, st[LEVEL])})")
        if kind == "take":
            return f"Take {_kind_words(state, action[1])} from seat {state.victims[0] + 1}"
        if kind == "give":
            return f"Give seat {state.cur + 1} your {_kind_words(state, action[1])}"
        if kind == "target":
            return f"Take from seat {action[1] + 1}"
        if kind == "moon":
            d = action[1]
            after = min(max(state.counters + d, 0), state.options.moon_counters)
            verb = "Put" if d > 0 else "Take"
            where = "on" if d > 0 else "off"
            return (f"{verb} {abs(d)} time counter(s) {where} the red moon "
                    f"({state.counters} -> {after})")
        if kind == "die":
            return f"Set the moon die to {action[1]}"
        if kind == "spend":
            return f"Spend a gold for +1 (spent {state.spent} so far)"
        if kind == "slay":
            return f"Discard an enemy for {state.options.enemy_vp + state.slays} VP"
        return DONE_WORDS.get(phase, "Done")

    def short_label(self, state: UndecimState, action: Action) -> str | None:  # type: ignore[override]
        """None: Undecim's labels are short enough for every list."""
        return None

    def action_kind(self, state: UndecimState, action: Action) -> str:  # type: ignore[override]
        """The kind of an action in the game's words; an action card by its name as written."""
        kind = action[0]
        if kind == "play":
            return state.tables.card_name[action[1]]
        if kind in ("land", "resource", "enemy", "gold"):
            where = "bonus" if state.phase == BONUS else "front"
            return f"{where} {kind}"
        if kind == "develop":
            return "develop with gold" if action[2] == 4 else "develop"
        if kind == "moon":
            return "put time counters on" if action[1] > 0 else "take time counters off"
        if kind == "done":
            return DONE_KINDS.get(state.phase, "done")
        return ACTION_KINDS.get(kind, kind)

    def render(self, state: UndecimState, seat: int | None = None) -> str:  # type: ignore[override]
        """The table as `seat` sees it, in 80 columns."""
        return render_view(state.view(seat))

    def screen(self, state: UndecimState, seat: int | None, width: int) -> Any | None:  # type: ignore[override]
        """None: the terminal prints `render`."""
        return None

    def svg(self, state: UndecimState) -> str | None:  # type: ignore[override]
        """None: Undecim has no board to draw."""
        return None


# ---- text ----------------------------------------------------------------------------

def render_view(view: dict[str, Any]) -> str:
    """The table in 80 columns: moon, field, awards, every seat's front, your hand."""
    moon = view["moon"]
    when = f"Round {view['round']}/{view['rounds']}" if view["round"] else "Setup"
    lines = [
        f"{when}, {view['phase']}."
        + (f" To move: seat {view['to_move'] + 1}." if view["to_move"] is not None else "")
        + f" Deck {view['deck']}.",
        f"Red moon {'●' * moon['counters']}{'·' * (moon['cap'] - moon['counters'])} "
        f"{moon['counters']}/{moon['cap']} time counters"
        + (f", moon die {moon['die']}" if moon["die"] else "")
        + (", THE RED MOON NIGHT" if moon["night"] else "") + ".",
        "Field: " + ("; ".join(_card_line(c) for c in view["field"]) or "(empty)")
        + (f" (+{view['face_down_actions']} face down)" if view["face_down_actions"] else ""),
        "Awards: " + ("; ".join(f"{a['name']} {a['english']}: {a['text']}" for a in view["awards"])
                      or "(all taken)"),
    ]
    if "resolving" in view:
        r = view["resolving"]
        lines.append(f"Resolving: seat {r['seat'] + 1}'s {_card_line(r['card'])}")
    if "market" in view:
        lines.append("Market: " + ", ".join(_res_line(c) for c in view["market"]))
    if "bonus_card" in view:
        lines.append(f"Bonus card drawn: {_res_line(view['bonus_card'])}")
    for seat in view["seats"]:
        lines.extend(_seat_lines(view, seat))
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(_res_line(c) for c in view["hand"]) or "(empty)"))
        lines.append("Your action cards:")
        lines.extend(f"  {_card_line(c)}: {c['text']}" for c in view["action_cards"])
        if "my_pick" in view:
            lines.append(f"You picked: {_card_line(view['my_pick'])}")
    lines.append(LEGEND)
    return "\n".join(_wrap(line) for line in lines)


LEGEND = ("Legend: " + " ".join(f"{j} {e}" for j, e in zip(LANDS, LAND_ENGLISH, strict=True))
          + "; " + " ".join(f"{j} {e}" for j, e in zip(RESOURCES, RESOURCE_ENGLISH, strict=True))
          + "; 敵 enemy 金 gold; a card 森/鉄 is a land or a resource")


def _card_line(c: dict[str, Any]) -> str:
    return f"{c['number']} {c['name']} {c['english']}" + (" (red)" if c["red"] else "")


def _res_line(c: dict[str, Any]) -> str:
    times = f" x{c['count']}" if c.get("count", 1) > 1 else ""
    return "/".join(c["faces"]) + times


def _seat_lines(view: dict[str, Any], seat: dict[str, Any]) -> list[str]:
    s = seat["seat"]
    you = " (you)" if view.get("seat") == s else ""
    front = seat["front"]
    lands = " ".join(f"{k}{n}" for k, n in front["lands"].items() if n) or "-"
    res = " ".join(f"{k}{n}" for k, n in front["resources"].items() if n) or "-"
    action = ""
    if seat["played"]:
        action = f", played {_card_line(seat['played'])}"
        if seat.get("played_too"):
            action += f" and {_card_line(seat['played_too'])}"
    elif seat["picked"]:
        action = ", has picked"
    known = ", ".join(str(c["number"]) for c in seat["known_action_cards"])
    lines = [
        f"Seat {s + 1}{you}: {seat['points']} VP, hand {seat['hand_size']}, "
        f"{seat['action_cards']} action card(s)" + (f" (seen: {known})" if known else "") + action,
        f"  lands {lands} | resources {res} | enemies {front['enemies']} | gold {front['gold']}"
        + (f" | fiefs {front['fiefs']}" if front["fiefs"] else ""),
    ]
    if seat["settlements"]:
        lines.append("  settlements: " + ", ".join(
            "+".join(st["cards"]) + f" (L{st['level']})" for st in seat["settlements"]))
    return lines


def _wrap(line: str, width: int = 80) -> str:
    """Break a long line at spaces, keeping its indent; East Asian characters count two
    columns."""
    indent = line[: len(line) - len(line.lstrip(" "))]
    out, current = [], indent
    for word in line.split():
        candidate = f"{current} {word}" if current.strip() else current + word
        if _width(candidate) > width and current.strip():
            out.append(current)
            current = indent + "    " + word
        else:
            current = candidate
    out.append(current)
    return "\n".join(out)


def _width(text: str) -> int:
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)
