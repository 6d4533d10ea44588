"""How Quo Vadis reads to people: action labels and kinds, text and SVG pictures.

Everything here is built only from what the seat may know (its `view`): its own
epic hand, face-down skills and draft hand, everyone's public pieces, resources,
generations and face-up skills, the size of the deck and of other hands, the
face-up discards and the public log.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, cast

from rich.text import Text

from soan.boards import terrain as T
from soan.boards.hexgrid import Hex
from soan.boards.render import Mark, svg_map, text_grid
from soan.engine.core import Action, Presenter
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import (
    BUILDING_NAMES,
    CITY,
    DISCARD,
    EMPTY,
    FORT,
    PHASE_NAMES,
    PROSPER,
    RUIN,
)
from soan.games.quovadis.view import RESOURCE_WORDS, area_name, genesis, hand_counts

if TYPE_CHECKING:
    from soan.games.quovadis.state import QuoVadisState


# ---- labels --------------------------------------------------------------------------------

def _cell(state: QuoVadisState, c: int) -> str:
    return f"cell {c} ({E.TERRAINS[state.terr[c]]})"


def _card_label(state: QuoVadisState, action: Action) -> str:
    s = cast(int, state.to_move)  # a card is placed only while the game goes on
    printed = action[1]
    acted = action[2] if action[0] == "plea" else printed
    change = bool(action[-1])
    n = state.actions_for(s, acted, change)
    gens = state.gens[s]
    if change:
        where = f"start generation {len(gens) + 1} (generation change: a city, a skill, " \
                f"{gens[-1][0]} x majorities VP)"
    elif gens:
        where = f"generation {len(gens)}"
    else:
        where = "generation 1"
    plea = f" as {E.CARDS[acted]} (御無心, {state.plea_cost(s)} faith)" if acted != printed else ""
    return f"Place {E.CARDS[printed]}{plea} on {where}: {E.CARD_ENGLISH[acted]} x{n}"


ACTION_KINDS = {
    "pick": "pick a skill", "cubes": "split the starting cubes",
    "area": "choose an area",
    "free": "choose an area with Free", "free2": "choose an area with Free twice",
    "skill": "use a once-per-game skill", "wrath": "call the wrath of god",
    "smite": "strike a cell with wrath", "place": "place a worker", "move": "move a worker",
    "exchange": "exchange a resource", "convert": "turn faith into wrath",
    "morale": "spend morale in war", "keep": "keep a worker after losing",
    "city": "build a city", "fort": "build a fort", "temple": "build a temple",
    "ascend": "ascend a worker", "reveal": "set a skill",
}


# ---- text -------------------------------------------------------------------------------------

_BG = {T.PLAINS: "42", T.MOUNTAIN: "47", T.DESERT: "43", T.SNOW: "107", T.SEA: "44"}


def width(text: str) -> int:
    """Columns `text` takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(line: str, limit: int = 80) -> str:
    while width(line) > limit:
        line = line[:-4] + "..."
    return line


def _workers(state: QuoVadisState, c: int) -> str:
    n = state.n
    counts = [(s, state.wk[c * n + s]) for s in range(n) if state.wk[c * n + s]]
    plain = "".join(str(s + 1) * k for s, k in counts)
    if len(plain) <= 6:
        return plain
    return "".join(f"{s + 1}{k}" for s, k in counts)[:6]


def _building_code(state: QuoVadisState, c: int) -> str:
    code = state.bld[c]
    if code == EMPTY:
        return "   "
    kind, owner = code & 3, (code >> 2) + 1
    if kind in (CITY, RUIN):
        cubes = state.cubes[c]
        return ("C" if kind == CITY else "c") + str(owner) + (str(cubes) if cubes < 10 else "+")
    return ("F" if kind == FORT else "T") + str(owner) + " "


def text_map(state: QuoVadisState, colour: bool) -> str:
    """Each cell takes its two hexes: the upper one shows the cell number, terrain and
    building (C13: seat 1's city with 3 cubes, c = destroyed, F fort, T temple), the
    lower one the workers by seat (112: two of seat 1's, one of seat 2's). The creation
    area is framed with [ ]."""
    world = state.board.world
    slots: dict[tuple[int, int], tuple[str, str]] = {}
    paint: dict[tuple[int, int], str] = {}
    framed: set[tuple[Hex, int]] = set()
    area = state.board.tile_cells[state.area] if state.area >= 0 else ()
    for t, hexes in enumerate(world.tile_hexes):
        a, b = world.pairs[t]
        ring = state.ring[t]
        slots[hexes[0]] = (f"{a}-{b}", f"({T.LETTERS[ring]})" if ring >= 0 else "   ")
        if state.area == t:
            framed.update(((hexes[0], 0), (hexes[0], 1)))
    for c, hexes in enumerate(world.cell_hexes):
        first, second = sorted(hexes, key=lambda h: (h[1], h[0]))
        terrain = state.terr[c]
        workers = _workers(state, c).ljust(6)
        slots[first] = (f"{c:>2}{T.LETTERS[terrain]}", _building_code(state, c))
        slots[second] = (workers[:3], workers[3:])
        if colour:
            paint[first] = paint[second] = _BG[terrain]
        if c in area:
            framed.update((h, part) for h in hexes for part in (0, 1))
    return text_grid(slots, framed, paint)


LEGEND = (
    "P plains M mountain D desert S snow (凍土) W sea  (x) ring  [ ] creation area",
    "C13 seat 1's city, 3 cubes  c = destroyed  F fort  T temple  w112 workers",
)
SEAT_HEADER = "  seat  VP morale  food faith wrath workers cities forts temples hand race"


def _seat_line(state: QuoVadisState, s: int) -> str:
    """A seat's points and stocks; the race last, where its name may run long."""
    t, res, cap = state.tables, state.res, state.cap
    race = t.race_english[state.race[s]] if state.race[s] >= 0 else "-"
    mover = ">" if s == state.to_move else " "
    start = "S" if s == state.start else " "
    stock = [f"{res[4 * s + r]}/{cap[4 * s + r]}" if state.race[s] >= 0 else "-"
             for r in range(4)]
    return (f"{mover}{start}{s + 1:<4}{state.vp[s]:>3} {stock[0]:>6} {stock[1]:>5}"
            f" {stock[2]:>5} {stock[3]:>5} {state.supply[s]:>7} {state.cities[s]:>6}"
            f" {state.forts[s]:>5} {state.temples[s]:>7} {state.hand_size(s):>4} {race}")


def _generations(state: QuoVadisState, s: int) -> str:
    gens = " ".join(f"{E.CARDS[k]}{c}" for c, k in state.gens[s]) or "-"
    skills = ", ".join(state.tables.skill_english[k] for k in state.shown[s]) or "-"
    return fit(f"       generations {gens} | skills {skills} | {len(state.hidden[s])} face down")


def _areas(state: QuoVadisState, every: bool = False, limit: int = 80) -> list[str]:
    """One line per area holding pieces (and the creation area; with `every`, every
    area: the compact map): each cell's number, terrain letter, building and workers."""
    world = state.board.world
    lines = []
    for t, tile_cells in enumerate(world.tile_cells):
        held = [c for c in tile_cells if state.bld[c] != EMPTY or _workers(state, c)]
        if not held and t != state.area and not every:
            continue
        a, b = world.pairs[t]
        ring = f" ({T.LETTERS[state.ring[t]]} ring)" if state.ring[t] >= 0 else ""
        mark = "*" if t == state.area else " "
        parts = []
        for c in tile_cells:
            building = _building_code(state, c).strip()
            workers = _workers(state, c)
            pieces = " ".join(x for x in (building, f"w{workers}" if workers else "") if x)
            parts.append(f"{c:>2}{T.LETTERS[state.terr[c]]} {pieces or '-'}")
        lines.append(fit(f" {mark}{a}-{b}{ring}: " + " | ".join(parts), limit))
    return lines


# ---- the terminal screen --------------------------------------------------------------------

FULL_MAP = 100  # narrower terminals get the compact map: the areas one a line
COMPACT_LEGEND = (
    "P plains M mountain D desert S snow W sea  * creation area  (x ring)",
    "C13 seat 1's city, 3 cubes  c destroyed  F fort  T temple  w112 workers",
)


def screen(state: QuoVadisState, seat: int | None, columns: int) -> Text:
    """What a player reads at a terminal `columns` wide: the map in colour where it
    fits beside room to spare, else the compact map (every area with its cells and
    pieces); a legend, the seats and their points, the turn, the seat's own cards."""
    out = Text(no_wrap=True, overflow="crop")
    wide = columns >= FULL_MAP
    if wide:
        out.append_text(Text.from_ansi(text_map(state, True)))
        out.append("\n")
        body = list(LEGEND) + _areas(state, limit=columns)
    else:
        body = list(COMPACT_LEGEND) + _areas(state, every=True, limit=columns)
    body.append(fit(SEAT_HEADER, columns))
    for s in range(state.n):
        body.append(fit(_seat_line(state, s), columns))
        if wide or state.gens[s] or state.shown[s]:
            body.append(fit(_generations(state, s), columns))
    body += [fit(line, columns) for line in _status(state, seat)]
    body += [fit("  " + event, columns) for event in state.log[-(4 if wide else 2):]]
    out.append("\n".join(body))
    return out


def _status(state: QuoVadisState, seat: int | None) -> list[str]:
    """The turn, then the seat's own hand and skills."""
    status = f"Round {state.round_no}/{state.options.rounds}, {PHASE_NAMES[state.phase]}"
    status += f", markers on {' and '.join(genesis(m) for m in state.markers)}"
    if state.area >= 0:
        status += f", area {area_name(state.board, state.area)}"
    if state.acts:
        status += f", {E.CARDS[state.kind]}: {state.acts} action(s) left"
    lines = [status]
    if seat is not None:
        held = hand_counts(state.hand, seat)
        hand = ", ".join(f"{k} x{v}" for k, v in held.items()) or "none"
        lines.append(f"Your hand: {hand}")
        t = state.tables
        if state.hidden[seat]:
            lines.append("Your face-down skills: "
                         + ", ".join(t.skill_english[k] for k in state.hidden[seat]))
        if state.draft[seat]:
            lines.append("Your draft hand: "
                         + ", ".join(t.skill_english[k] for k in state.draft[seat]))
    return lines


def short_label(state: QuoVadisState, action: Action) -> str:
    """A few words for an action, for menus too long to show one choice a line (the 28
    area choices, the cells of a placement) in columns."""
    kind = action[0]
    if kind == "area":
        return f"area {action[1]}-{action[2]}"
    if kind == "free":
        x, y = action[1], action[2]
        return f"{min(x, y)}-{max(x, y)} {x}+Free"
    if kind == "free2":
        return f"{action[1]}-{action[2]} Free x2"
    if kind in ("place", "city", "fort", "temple", "smite", "keep"):
        c = action[1]
        verb = {"place": "worker", "smite": "strike"}.get(kind, kind)
        extra = " +destroy" if kind == "smite" and action[2] else ""
        return f"{verb} {c}{T.LETTERS[state.terr[c]]}{extra}"
    if kind == "move":
        return f"move {action[1]}>{action[2]}{T.LETTERS[state.terr[action[2]]]}"
    if kind == "exchange":
        return f"{RESOURCE_WORDS[action[1]]}>{RESOURCE_WORDS[action[2]]}"
    if kind == "morale":
        return f"{action[1]} morale"
    if kind == "discard":
        return f"discard {E.CARDS[action[1]]}"
    if kind in ("pick", "basic", "reveal", "skill"):
        return f"{kind} {state.tables.skill_english[action[1]]}"
    if kind == "race":
        return state.tables.race_english[action[1]]
    if kind == "cubes":
        return f"morale {action[1]} food {action[2]} faith {action[3]}"
    if kind in ("card", "plea"):
        acted = action[2] if kind == "plea" else action[1]
        change = " new gen" if action[-1] else ""
        plea = f" as {E.CARDS[acted]}" if kind == "plea" else ""
        return f"{E.CARDS[action[1]]}{plea}{change}"
    return state.game.presenter.label(state, action)


# ---- SVG ----------------------------------------------------------------------------------------

def marks(state: QuoVadisState) -> list[list[Mark]]:
    n = state.n
    out: list[list[Mark]] = []
    for c in range(len(state.bld)):
        cell: list[Mark] = []
        code = state.bld[c]
        if code != EMPTY:
            kind, owner = code & 3, code >> 2
            shape = ("city", "ruin", "fort", "temple")[kind]
            cell.append(Mark(f"{owner + 1}{'CcFT'[kind]}", shape, owner))
            if kind in (CITY, RUIN) and state.cubes[c]:
                cell.append(Mark(f"{state.cubes[c]}#", "cubes", None, state.cubes[c]))
        for s in range(n):
            k = state.wk[c * n + s]
            if k:
                cell.append(Mark(f"{s + 1}w", "worker", s, k))
        out.append(cell)
    return out


class QuoVadisPresenter(Presenter):
    """Quo Vadis in words and pictures: action labels (and short ones for long menus),
    action kinds, the text board, the terminal screen for its width and the SVG world."""

    def label(self, state: QuoVadisState, action: Action) -> str:  # type: ignore[override]
        # the actions whose words name the mover's costs come only while the game goes on
        kind, t, s = action[0], state.tables, cast(int, state.to_move)
        if kind == "place":
            cost = state.placement_cost(s, action[1])
            return f"Place a worker on {_cell(state, action[1])}" + (
                f", {cost} food" if cost else ", free")
        if kind == "card" or kind == "plea":
            return _card_label(state, action)
        if kind == "area":
            return f"Cards {action[1]} and {action[2]}: area {action[1]}-{action[2]}"
        if kind == "free":
            x, y = action[1], action[2]
            return (f"Card {x} and Free as {y} ({state.free_cost(s)} faith): "
                    f"area {min(x, y)}-{max(x, y)}")
        if kind == "free2":
            return (f"Free twice as {action[1]} and {action[2]} ({2 * state.free_cost(s)} faith): "
                    f"area {action[1]}-{action[2]}")
        if kind == "done":
            return {
                "worker placement": "Place no more workers",
                "wrath of god: cells": "Strike no more cells",
                "Revelation": "Move no more workers",
                "Prosperity": "No more discards or exchanges",
                "generation change: discards": "Discard no more cards",
                "build phase": "Build nothing more",
                "war: keeping workers": "Keep no more workers",
            }[PHASE_NAMES[state.phase]]
        if kind == "move":
            return f"Move a worker from cell {action[1]} to {_cell(state, action[2])}"
        if kind == "discard":
            return f"Discard {E.CARDS[action[1]]} ({E.CARD_ENGLISH[action[1]]})"
        if kind == "exchange":
            return f"Turn 1 {RESOURCE_WORDS[action[1]]} into 1 {RESOURCE_WORDS[action[2]]}"
        if kind == "morale":
            return f"Spend {action[1]} morale on the war"
        if kind == "pass":
            return {"wrath of god": "Keep your wrath", "Miracle": "Keep all the faith",
                    "ascension": "Do not ascend"}[PHASE_NAMES[state.phase]]
        if kind == "wrath":
            return f"Pay all {state.res[4 * s + 3]} wrath: the wrath of god on the area"
        if kind == "smite":
            c = action[1]
            words = f"Strike {_cell(state, c)}: its workers go home"
            if action[2]:
                code = state.bld[c]
                words += f", and destroy seat {(code >> 2) + 1}'s {BUILDING_NAMES[code & 3]}"
            return words
        if kind == "convert":
            return f"Turn {state.options.miracle_faith} faith into 1 wrath"
        if kind == "city":
            return f"Build your city on {_cell(state, action[1])}"
        if kind == "fort":
            return f"Build a fort on {_cell(state, action[1])} (a worker goes home)"
        if kind == "temple":
            return f"Build a temple on {_cell(state, action[1])} (a worker goes home)"
        if kind == "ascend":
            return f"A worker on your temple ascends: {state.ascended[s] + 1} VP"
        if kind == "keep":
            return f"Pay {state.options.keep_food} food to keep a worker on cell {action[1]}"
        if kind == "cubes":
            return f"Start with {action[1]} morale, {action[2]} food and {action[3]} faith"
        if kind in ("pick", "basic", "reveal", "skill"):
            k = action[1]
            verb = {"pick": "Pick", "basic": "Choose", "reveal": "Set", "skill": "Use"}[kind]
            tip = " (おススメ)" if kind == "basic" and t.recommended[k] else ""
            return f"{verb} {t.skill_english[k]} ({t.skill_name[k]}){tip}: {t.skill_text[k]}"
        r = action[1]
        return (f"Play the {t.race_english[r]} ({t.race_name[r]}), home terrain "
                f"{E.TERRAINS[t.race_home[r]]}")

    def short_label(self, state: QuoVadisState, action: Action) -> str:  # type: ignore[override]
        return short_label(state, action)

    def screen(self, state: QuoVadisState, seat: int | None, width: int) -> Text:  # type: ignore[override]
        """The colour terminal screen for a terminal `width` columns wide."""
        return screen(state, seat, width)

    def action_kind(self, state: QuoVadisState, action: Action) -> str:  # type: ignore[override]
        """The kind of an action in the game's words; a race and a basic skill are named, so
        the lab's tables can tell how each fares."""
        kind = action[0]
        if kind == "race":
            return f"play {state.tables.race_name[action[1]]}"
        if kind == "basic":
            return f"choose the basic skill {state.tables.skill_name[action[1]]}"
        if kind == "card" or kind == "plea":
            words = "generation change" if action[-1] else "continue the generation"
            return words + (" with 御無心" if kind == "plea" else "")
        if kind == "smite" and action[2]:
            return "strike a cell with wrath and destroy"
        if kind == "discard":
            return "discard for Prosperity" if state.phase == PROSPER else "discard a card"
        if kind == "done" or kind == "pass":
            return {
                "worker placement": "place no more workers", "wrath of god": "keep the wrath",
                "wrath of god: cells": "strike no more cells", "Miracle": "keep the faith",
                "Revelation": "move no more workers", "Prosperity": "end Prosperity",
                "generation change: discards": "discard no more cards",
                "build phase": "build nothing more", "ascension": "do not ascend",
                "war: keeping workers": "keep no more workers",
            }[PHASE_NAMES[state.phase]]
        return ACTION_KINDS[kind]

    def render(self, state: QuoVadisState, seat: int | None = None) -> str:  # type: ignore[override]
        """The map, a legend, the areas with pieces, the seats, the turn, the seat's own hand
        and skills, and the last events; every line fits 80 columns."""
        lines = [text_map(state, False), ""]
        lines += LEGEND
        lines += _areas(state)
        lines.append("")
        lines.append(SEAT_HEADER)
        for s in range(state.n):
            lines.append(_seat_line(state, s))
            lines.append(_generations(state, s))
        status = f"Round {state.round_no}/{state.options.rounds}, {PHASE_NAMES[state.phase]}"
        status += f", markers on {' and '.join(genesis(m) for m in state.markers)}"
        if state.area >= 0:
            status += f", area {area_name(state.board, state.area)}"
        if state.acts:
            status += f", {E.CARDS[state.kind]}: {state.acts} action(s) left"
        lines.append(status)
        if seat is not None:
            held = hand_counts(state.hand, seat)
            hand = ", ".join(f"{k} x{v}" for k, v in held.items()) or "none"
            lines.append(fit(f"Your hand: {hand}"))
            t = state.tables
            if state.hidden[seat]:
                names = ", ".join(t.skill_english[k] for k in state.hidden[seat])
                lines.append(fit(f"Your face-down skills: {names}"))
            if state.draft[seat]:
                names = ", ".join(t.skill_english[k] for k in state.draft[seat])
                lines.append(fit(f"Your draft hand: {names}"))
        if state.phase == DISCARD:
            lines.append("You may discard any number of cards after the generation change.")
        if state.over:
            lines.append("Winner: " + ", ".join(f"seat {s + 1}" for s in state.winners()))
        lines += [fit("  " + event) for event in state.log[-6:]]
        return "\n".join(lines)

    def svg(self, state: QuoVadisState) -> str:  # type: ignore[override]
        """The world with every piece on it, as a standalone SVG document."""
        title = f"Quo Vadis draft 27, round {state.round_no}"
        if state.area >= 0:
            title += f", creation area {area_name(state.board, state.area)}"
        rings = {t: r for t, r in enumerate(state.ring) if r >= 0}
        return svg_map(state.board.world, state.terr, marks(state), title, rings=rings,
                       outline=state.area if state.area >= 0 else None, cell_numbers=True)
