"""What people see of an Undecim state: its view, action labels and 80-column text.

Everything here is built only from what the seat may know: its own hand of
resource cards and action cards (and its own hidden pick), everyone's fronts,
settlements, points and the red moon, the face-up field and awards, the sizes of
the deck and of other hands, the action cards others took from the field (the
whole table saw them taken), the discard pile (face up) and the public log.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from soan.engine.core import Action
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    AUTO,
    BITS,
    BONUS,
    BOOST,
    CARDS,
    F_ENEMY,
    F_FIEF,
    F_GOLD,
    F_LANDK,
    F_RES,
    F_RESK,
    GIVE,
    KIND,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    MULLIGAN,
    NIGHT,
    OWNER,
    PHASE_NAMES,
    PICK,
    PLAY,
    SGOLD,
    TAKE,
    W,
)
from soan.games.undecim.content import (
    EG,
    LAND_ENGLISH,
    LANDS,
    RESOURCE_ENGLISH,
    RESOURCES,
    TYPES,
    Tables,
)

if TYPE_CHECKING:
    from soan.games.undecim.state import UndecimState

# ---- words for cards ------------------------------------------------------------------

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


def card_info(t: Tables, c: int) -> dict[str, Any]:
    return {
        "number": c, "name": t.card_name[c], "english": t.card_english[c],
        "red": t.card_red[c], "text": t.card_text[c], "module": t.card_module[c] or None,
    }


def resource_info(t: Tables, typ: int, count: int = 1) -> dict[str, Any]:
    top, bottom = faces_of(t, typ)
    kind = "enemy/gold" if typ == EG else "land/resource"
    return {"type": typ, "faces": [top, bottom], "kind": kind, "count": count}


def _cards_of(t: Tables, counts: list[int], base: int = 0) -> list[dict[str, Any]]:
    return [resource_info(t, typ, counts[base + typ]) for typ in range(TYPES) if counts[base + typ]]


def settlement_info(st: tuple) -> dict[str, Any]:
    kind = st[KIND]
    return {
        "kind": "mixed" if kind == MIXED else "same",
        "resource": None if kind == MIXED else RESOURCES[kind],
        "resources": [RESOURCES[a] for a in range(4) if st[MASK] >> a & 1],
        "level": st[LEVEL],
        "gold": st[SGOLD],
        "cards": [RESOURCES[typ & 3] for typ in st[CARDS]] + ["金"] * st[SGOLD],
    }


def front_info(state: UndecimState, s: int) -> dict[str, Any]:
    f, b = state.front, W * s
    fiefs = sum(f[b + F_FIEF: b + F_FIEF + 16]) // 4
    return {
        "lands": {LANDS[k]: f[b + F_LANDK + k] for k in range(4)},
        "resources": {RESOURCES[k]: f[b + F_RESK + k] for k in range(4)},
        "enemies": f[b + F_ENEMY],
        "gold": f[b + F_GOLD],
        "fiefs": fiefs,
        "cards": [
            {**resource_info(state.tables, typ, f[b + typ]), "shown": LANDS[typ >> 2]}
            for typ in range(16) if f[b + typ]
        ] + [
            {**resource_info(state.tables, typ, f[b + F_RES + typ]), "shown": RESOURCES[typ & 3]}
            for typ in range(16) if f[b + F_RES + typ]
        ],
    }


# ---- the view ------------------------------------------------------------------------

def view(state: UndecimState, seat: int | None) -> dict[str, Any]:
    t = state.tables
    phase = state.phase
    revealed = phase != PICK
    points = state.scores()
    data: dict[str, Any] = {
        "game": "undecim",
        "round": state.round_no,
        "rounds": state.options.rounds,
        "phase": PHASE_NAMES[phase],
        "to_move": state.to_move,
        "start_player": state.first_player,
        "moon": {
            "counters": state.counters,
            "cap": state.options.moon_counters,
            "die": state.die or None,
            "night": state.night,
        },
        "field": [card_info(t, c) for c in BITS[state.field]],
        "face_down_actions": len(BITS[state.aside]),
        "awards": [
            {"name": t.award_name[a], "english": t.award_english[a], "text": t.award_text[a],
             "module": t.award_module[a] or None}
            for a in state.awards
        ],
        "deck": len(state.deck),
        "discard": _cards_of(t, [state.discard.count(typ) for typ in range(TYPES)]),
        "seats": [_seat_view(state, s, revealed, points[s]) for s in range(state.seats)],
        "log": list(state.log),
    }
    if state.cur >= 0:
        data["resolving"] = {"seat": state.cur, "card": card_info(t, state.card),
                             "step": state.si, "left": state.left, "gold_spent": state.spent}
    if phase == MARKET:
        data["market"] = _cards_of(t, state.market)
    if state.bonus >= 0:
        data["bonus_card"] = resource_info(t, state.bonus)
    if phase in (TAKE, GIVE):
        data["victim"] = state.victims[0]
    if phase == NIGHT:
        data["most_enemies"] = [s for s in range(state.seats) if state.most >> s & 1]
    if seat is not None:
        data["seat"] = seat
        data["hand"] = _cards_of(t, state.hand, TYPES * seat)
        data["action_cards"] = [card_info(t, c) for c in BITS[state.hands[seat]]]
        if state.picks[seat] and phase == PICK:
            data["my_pick"] = card_info(t, state.picks[seat])
    if state.over:
        data["scores"] = state.scores()
        data["breakdown"] = state.breakdown()
        data["winners"] = state.winners()
    return data


def _seat_view(state: UndecimState, s: int, revealed: bool, points: int) -> dict[str, Any]:
    t = state.tables
    known = state.hands[s] & ~state.secret[s]
    played = state.played[s]
    picked = bool(state.picks[s]) and state.phase == PICK
    return {
        "seat": s,
        "points": points,
        "hand_size": state.hsize[s],
        "action_cards": len(BITS[state.hands[s]]),
        "known_action_cards": [card_info(t, c) for c in BITS[known]],
        "picked": picked,
        "played": card_info(t, played) if revealed and played and state.round_no else None,
        "front": front_info(state, s),
        "settlements": [settlement_info(st) for st in state.settlements if st[OWNER] == s],
        "enemies_slain": state.slain[s],
    }


# ---- labels and kinds ----------------------------------------------------------------

def label(state: UndecimState, action: Action) -> str:
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
        return f"{verb} {abs(d)} time counter(s) {where} the red moon ({state.counters} -> {after})"
    if kind == "die":
        return f"Set the moon die to {action[1]}"
    if kind == "spend":
        return f"Spend a gold for +1 (spent {state.spent} so far)"
    if kind == "slay":
        return f"Discard an enemy for {state.options.enemy_vp + state.slays} VP"
    return DONE_WORDS.get(phase, "Done")


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


def action_kind(state: UndecimState, action: Action) -> str:
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


def uses(state: UndecimState, action: Action) -> tuple[str, ...]:
    """The usage keys the mover adds by this action."""
    kind = action[0]
    if kind == "play":
        return (f"card:{state.tables.card_name[action[1]]}",)
    if kind == "settle":
        return ("settle",)
    if kind == "develop":
        return ("gold",) if action[2] == 4 else ("develop",)
    if kind == "swap":
        return ("mulligan",)
    if kind == "slay":
        return ("enemy",)
    if kind == "spend":
        return ("gold:boost",)
    if kind in ("land", "resource", "enemy", "gold") and state.phase == BONUS:
        return (f"bonus:{kind}",)
    return ()


# ---- text ----------------------------------------------------------------------------

def render(view: dict[str, Any]) -> str:
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
    return "\n".join(_wrap(line) for line in lines)


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

