"""What people see of a Populous state: action labels and kinds, text and SVG pictures,
and the colour screen a player reads at the terminal (the seat's view as data is the
state's own, in `view`).

Everything here is drawn only from what the seat may know: its own grace
hand (and setup offer), everyone's public pieces, tracks and grace areas, the
size of the deck and of other hands, the face-up discards and the public log.
"""

from __future__ import annotations

import re
from typing import Any, cast

from rich.table import Table
from rich.text import Text

from soan.boards import terrain as T
from soan.boards.render import Mark, svg_map, text_map
from soan.engine.core import Action, Presenter
from soan.games.populous import content as C
from soan.games.populous.codes import (
    ACTION_NAMES,
    DRAW,
    EMPTY,
    GRACE,
    PHASE_NAMES,
    PLACE,
    VANDAL,
)
from soan.games.populous.state import PopulousState
from soan.games.populous.view import GENESIS, genesis_cards

ACTION_KINDS = {  # what people call each kind of choice (for the lab's tables)
    "race": "choose a race", "keep": "keep a grace card", "area": "choose an area",
    "wild": "choose an area with the wild card", "place": "place a worker",
    "remove": "remove a worker (Disaster)", "draw": "draw another card (Revelation)",
    "build": "build a house", "vandal": "place a vandal", "grace": "play a grace card",
    "discard": "discard a grace card", "bid": "commit food to the war",
    "pass": "commit no more food", "return": "return a piece after the war",
}
DONE_KINDS = {PLACE: "place no more workers", DRAW: "draw no more cards",
              GRACE: "play no grace card"}


def _cell_words(state: PopulousState, c: int) -> str:
    return f"{state.board.world.cell_name(c)} ({T.KEYS[state.board.terrain[c]]})"


def label(state: PopulousState, action: Action) -> str:
    kind, t, s = action[0], state.tables, cast(int, state.to_move)
    if kind == "area":
        return f"Lower {action[1]} and {action[2]}: area {action[1]}-{action[2]}"
    if kind == "wild":
        x, y = action[1], action[2]
        return (f"Lower {x} and the wild card as {y}: area {min(x, y)}-{max(x, y)} "
                "(a vandal appears)")
    if kind == "act":
        return f"Lower {action[1]}: {ACTION_NAMES[action[1]]}"
    if kind == "wildact":
        return f"Lower the wild card as {action[1]}: {ACTION_NAMES[action[1]]} (a vandal appears)"
    if kind == "place":
        c = action[1]
        food = 0 if state.free_place else state.place_cost(s, c)
        cost = f"pay {food} food" if food else "free"
        return f"Place a worker on {_cell_words(state, c)}, {cost}"
    if kind == "done":
        if state.phase == PLACE:
            return "Place no more workers"
        if state.phase == DRAW:
            return "Draw no more cards"
        if state.phase == GRACE:
            return "Play no grace card"
        return "Done"
    if kind == "draw":
        return "Pay 1 food to draw another grace card"
    if kind == "build":
        return f"Build a house on {_cell_words(state, action[1])}"
    if kind == "remove":
        code = state.occ[action[1]]
        whose = "the vandal" if code == VANDAL else f"seat {(code >> 1) + 1}'s worker"
        return f"Remove {whose} from {_cell_words(state, action[1])}"
    if kind == "vandal":
        return f"Put the vandal on {_cell_words(state, action[1])}"
    if kind == "return":
        code = state.occ[action[1]]
        if code == VANDAL:
            return f"Send the vandal on {_cell_words(state, action[1])} to the stock"
        piece = "house" if code & 1 else "worker"
        return f"Return your {piece} from {_cell_words(state, action[1])}"
    if kind == "bid":
        return f"Pay 1 food to commit one more piece (now {state.bids[s]})"
    if kind == "pass":
        return "Add no more food this round"
    if kind == "grace":
        k = action[1]
        return f"Play {t.card_english[k]} for {state.grace_cost(s, k)} FP: {t.card_text[k]}"
    if kind == "discard":
        return f"Discard {t.card_english[action[1]]} from your grace area"
    if kind == "keep":
        k = action[1]
        return (f"Keep {t.card_english[k]} ({C.KIND_NAMES[t.card_kind[k]]}, "
                f"{t.card_cost[k]} FP: {t.card_text[k]})")
    r = action[1]
    aptitude = t.race_aptitude[r]
    land = T.KEYS[aptitude] if aptitude >= 0 else "no aptitude terrain"
    return f"Play the {t.race_english[r]} ({land}; {t.race_text[r]})"


def marks(state: PopulousState) -> list[list[Mark]]:
    out: list[list[Mark]] = []
    for code in state.occ:
        if code == EMPTY:
            out.append([])
        elif code == VANDAL:
            out.append([Mark("V.", "vandal")])
        elif code & 1:
            out.append([Mark(f"{(code >> 1) + 1}H", "house", code >> 1)])
        else:
            out.append([Mark(f"{(code >> 1) + 1}w", "worker", code >> 1)])
    return out


def genesis_text(state: PopulousState, s: int, seat: int | None) -> str:
    """A seat's genesis cards as shown to `seat`: the fixed 【創世記】 with lowered cards
    as _, or under random hands (option `genesis_hand`) the hand to its holder and
    its size to the others."""
    if not state.options.genesis_hand:
        return "".join(g if not state.down[s] >> i & 1 else "_" for i, g in enumerate(GENESIS))
    if s == seat:
        return "".join(genesis_cards(state.genesis[s]))
    return f"{len(state.genesis[s])} genesis"


def _seat_line(state: PopulousState, s: int, seat: int | None) -> str:
    t = state.tables
    race = t.race_english[state.race[s]] if state.race[s] >= 0 else "-"
    genesis = genesis_text(state, s, seat)
    mover = ">" if s == state.to_move else " "
    start = "S" if s == state.start else " "
    return (f"{mover}{start} seat {s + 1} {race:<10} VP {state.vp[s]:>3} FP {state.fp[s]:>3} "
            f"= {state.vp[s] + state.fp[s]:>3}  food {state.food[s]:>2}  "
            f"w {state.workers[s]:>2} h {state.houses[s]} hand {len(state.hands[s])} "
            f"[{genesis}]")


def render(state: PopulousState, seat: int | None = None) -> str:
    """The map, then one line per seat, grace areas, the turn, and the last events."""
    t = state.tables
    lines = [text_map(state.board.world, state.board.terrain, marks(state)), ""]
    lines.append(T.LEGEND)
    lines.append("1w worker of seat 1  1H house of seat 1  V. vandal  [ ] a tile's centre")
    lines.append("")
    lines += [_seat_line(state, s, seat) for s in range(state.seats)]
    for s in range(state.seats):
        if state.grace[s]:
            names = ", ".join(t.card_english[k] for k in state.grace[s])
            lines.append(_fit(f"  seat {s + 1} grace area: {names}"))
    status = f"Turn {state.turn_no}, {PHASE_NAMES[state.phase]}"
    if state.area >= 0:
        status += f", area {state.area_pair()}"
    if state.action > 0:
        status += f", {ACTION_NAMES[state.action]}" + (" (wild)" if state.wild else "")
    if state.ending:
        status += ", last round"
    lines.append(status)
    if seat is not None:
        hand = ", ".join(t.card_english[k] for k in state.hands[seat]) or "none"
        lines.append(_fit(f"Your hand: {hand}"))
    if state.over:
        lines.append("Winners: " + ", ".join(f"seat {s + 1}" for s in state.winners()))
    lines += [_fit("  " + event) for event in state.log[-6:]]
    return "\n".join(lines)


def _fit(line: str, width: int = 80) -> str:
    return line if len(line) <= width else line[: width - 3] + "..."


def svg(state: PopulousState) -> str:
    title = f"Populous draft 5, turn {state.turn_no}"
    return svg_map(state.board.world, state.board.terrain, marks(state), title)



# --- the colour screen -----------------------------------------------------------
#
# One text line per hex row and two columns per lattice step, so the largest world
# (15 tiles) is 15 lines by 53 columns and a panel of the seats fits beside it: with
# the numbered choices below in at most 8 rows, a turn fits an 80x24 terminal.
# Each hex shows its cell number (the k of cell a-b.k; a tile's centre shows a-b)
# on its terrain's colour, and the piece on it as its seat's letter (A for seat 1):
# light for a worker on black, a house on purple, V for a vandal. The area being
# played is bracketed and underlined. Below the map, the terrains on their colours.

WORKER_STYLE = "bold bright_white on grey11"  # no terrain is near black, magenta or cyan
HOUSE_STYLE = "bold bright_white on dark_magenta"
VANDAL_STYLE = "bold black on bright_cyan"
AREA_STYLE = "bold bright_white"
PANEL_ROWS = 15  # as tall as the tallest map: with 8 rows of choices and the prompt, 24


SEAT_LETTERS = "ABCDEFGH"  # a seat's pieces on the map, never mistaken for a cell number


def _glyph(code: int) -> tuple[str, str] | None:
    if code == EMPTY:
        return None
    if code == VANDAL:
        return "V", VANDAL_STYLE
    return SEAT_LETTERS[code >> 1], HOUSE_STYLE if code & 1 else WORKER_STYLE


def terrain_legend(width: int) -> list[Text]:
    """Each terrain's name on its colour, in lines of at most `width` cells."""
    lines, line = [], Text()
    for key, colour in zip(T.KEYS, T.COLOURS, strict=True):
        if line and line.cell_len + 1 + len(key) > width:
            lines.append(line)
            line = Text()
        if line:
            line.append(" ")
        line.append(key, f"black on {colour}")
    lines.append(line)
    return lines


def piece_legend() -> Text:
    return Text.assemble(("A", WORKER_STYLE), " worker ", ("A", HOUSE_STYLE), " house ",
                         ("V", VANDAL_STYLE), " vandal")


def colour_map(state: PopulousState) -> Text:
    """The world in colour by terrain, cell numbers, pieces, the current area outlined."""
    world, terrain = state.board.world, state.board.terrain
    area = set(world.tile_cells[state.area]) if state.area >= 0 else set()
    cells = {hexes[0]: c for c, hexes in enumerate(world.cell_hexes)}
    x0 = min(2 * q + r for q, r in cells)
    width = (max(2 * q + r for q, r in cells) - x0) * 2 + 5
    rows = sorted({r for _, r in cells})
    out = Text(no_wrap=True, overflow="crop")
    for row in range(rows[0], rows[-1] + 1):
        chars = [" "] * width
        styles = [""] * width
        for (q, r), c in cells.items():
            if r != row:
                continue
            col = (2 * q + r - x0) * 2 + 1
            back = f"black on {T.COLOURS[terrain[c]]}"
            if world.cell_slot[c] == 0:
                a, b = world.pairs[world.cell_tile[c]]
                text, glyph_at = f"{a}-{b}", col + 3
            else:
                text, glyph_at = f"{world.cell_slot[c]}  ", col + 1
            for i, ch in enumerate(text):
                chars[col + i] = ch
                styles[col + i] = back + (" bold underline" if c in area else "")
            glyph = _glyph(state.occ[c])
            if glyph is not None:
                chars[glyph_at], styles[glyph_at] = glyph
            if c in area:
                for side, step in ((col - 1, -1), (col + 3, 1)):
                    neighbour = cells.get((q + step, r))
                    if neighbour not in area and chars[side] == " ":
                        chars[side], styles[side] = "[" if step < 0 else "]", AREA_STYLE
        for ch, style in zip(chars, styles, strict=True):
            out.append(ch, style or None)
        out.rstrip()
        out.append("\n")
    out.rstrip()
    return out


def _panel_lines(state: PopulousState, seat: int | None, width: int,
                 terrains: list[Text]) -> list[Text]:
    """The turn, each seat in two lines, the seat's hand, the legends; where that is
    taller than the map, the turn takes one line and the hand one (cut short) so the
    legends stay, and the note on the letters gives way."""
    t = state.tables
    title = [f"Turn {state.turn_no}, {PHASE_NAMES[state.phase]}"]
    if state.area >= 0:
        action = f", {ACTION_NAMES[state.action]}" if state.action > 0 else ""
        title.append(f"area {state.area_pair()}{action}")
    seats = []
    for s in range(state.seats):
        race = t.race_english[state.race[s]] if state.race[s] >= 0 else "-"
        mover = ">" if s == state.to_move else " "
        start = "S" if s == state.start else " "
        you = " (you)" if s == seat else ""
        # the race last: its name may be shown longer (with the name as written)
        seats.append(Text(f"{mover}{start}{s + 1}{SEAT_LETTERS[s]} VP{state.vp[s]:>3} "
                          f"FP{state.fp[s]:>3} {race}{you}", style="bold" if s == seat else ""))
        genesis = genesis_text(state, s, seat)
        seats.append(Text(f"   food{state.food[s]} w{state.workers[s]} h{state.houses[s]} "
                          f"c{len(state.hands[s])} {genesis}"))
    hand: list[Text] = []
    if seat is not None:
        cards = ", ".join(t.card_english[k] for k in state.hands[seat]) or "none"
        hand = list(Text(f"Hand: {cards}").wrap(_console(width), width))[:2]
    legends = [piece_legend(), *terrains]
    if len(title) + len(seats) + len(hand) + len(legends) > PANEL_ROWS:
        title = [", ".join(title).replace("Turn ", "T")]
        if len(hand) > 1:
            hand = [Text(hand[0].plain.rstrip().rstrip(",") + "…")]
    lines = [Text(line, style="bold") for line in title] + seats + hand + legends
    lines.append(Text("w workers, h houses, c cards left", style="dim"))
    return lines[:PANEL_ROWS]


def _console(width: int):
    from rich.console import Console

    return Console(width=width)


def screen(state: PopulousState, seat: int | None = None, width: int = 80) -> Table:
    """The map with a panel of the seats beside it, for a terminal `width` wide."""
    picture = colour_map(state)
    map_width = max(len(line) for line in picture.split())
    panel_width = max(20, width - map_width - 2)
    legend = terrain_legend(map_width)
    beside = len(picture.split()) + len(legend) > PANEL_ROWS  # no room below the map
    if not beside:
        for line in legend:
            picture.append("\n")
            picture.append_text(line)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, width=map_width)
    grid.add_column(no_wrap=True, width=panel_width, overflow="crop")
    lines = _panel_lines(state, seat, panel_width, terrain_legend(panel_width) if beside else [])
    panel = Text("\n").join(line.copy() for line in lines)
    panel.truncate(panel_width * 40)
    grid.add_row(picture, panel)
    return grid


def short_label(state: PopulousState, action: Action) -> str:
    """A few words for an action, for menus too long to show one choice a line."""
    kind, t = action[0], state.tables
    if kind == "area":
        return f"area {action[1]}-{action[2]}"
    if kind == "wild":
        x, y = action[1], action[2]
        return f"{min(x, y)}-{max(x, y)} {x}+wild"
    if kind == "act":
        return f"{action[1]} {ACTION_NAMES[action[1]]}"
    if kind == "wildact":
        return f"wild {ACTION_NAMES[action[1]]}"
    if kind in ("place", "build", "remove", "vandal", "return"):
        c = action[1]
        verb = {"place": "worker", "build": "house", "remove": "remove", "vandal": "vandal",
                "return": "return"}[kind]
        return f"{verb} {state.board.world.cell_name(c)} {T.KEYS[state.board.terrain[c]]}"
    if kind in ("grace", "discard", "keep"):
        k = action[1]
        cost = f" {state.grace_cost(cast(int, state.to_move), k)}FP" if kind == "grace" else ""
        return f"{kind} {t.card_english[k]}{cost}"
    if kind == "race":
        r = action[1]
        aptitude = t.race_aptitude[r]
        land = T.KEYS[aptitude] if aptitude >= 0 else "any"
        return f"{t.race_english[r]} ({land}): {brief(t.race_text[r])}"
    return label(state, action)


_BRIEF = (  # an ability in fewer words, for a menu line
    (re.compile(r"^losing a war gives (\d+) more (\w+)"), r"lost war +\1 \2"),
    (re.compile(r"^winning a war gives (\d+) more (\w+)"), r"won war +\1 \2"),
    (re.compile(r"^(?:your )?(\w+) gives (\d+) more (\w+)"), r"\1 +\2 \3"),
    (re.compile(r"^placing on (\w+) costs no food"), r"\1 free"),
    (re.compile(r"^\+(\d+) to your war value"), r"war +\1"),
    (re.compile(r"^your grace cards cost (\d+) FP less"), r"grace -\1 FP"),
)


def brief(text: str) -> str:
    """A race's abilities in fewer words (each one the content states, shortened where
    its wording is a known one, else as written)."""
    parts = []
    for part in text.split("; "):
        for pattern, words in _BRIEF:
            part = pattern.sub(words, part)
        parts.append(part)
    return "; ".join(parts)


def action_kind(state: PopulousState, action: Action) -> str:
    """The kind of an action in the game's words: each action card by its name."""
    kind = action[0]
    if kind in ("act", "wildact"):
        name = ACTION_NAMES[action[1]]
        return name if kind == "act" else f"{name} with the wild card"
    if kind == "done":
        return DONE_KINDS.get(state.phase, "done")
    return ACTION_KINDS[kind]


class PopulousPresenter(Presenter):
    """Words and pictures of a Populous state, as the `Populous` game binds them."""

    def label(self, state: PopulousState, action: Action) -> str:  # type: ignore[override]
        return label(state, action)

    def short_label(self, state: PopulousState, action: Action) -> str:  # type: ignore[override]
        return short_label(state, action)

    def action_kind(self, state: PopulousState, action: Action) -> str:  # type: ignore[override]
        return action_kind(state, action)

    def render(self, state: PopulousState, seat: int | None = None) -> str:  # type: ignore[override]
        return render(state, seat)

    def screen(self, state: PopulousState, seat: int | None, width: int) -> Any:  # type: ignore[override]
        """The colour terminal screen: map, cell numbers, the seats beside it."""
        return screen(state, seat, width)

    def svg(self, state: PopulousState) -> str:  # type: ignore[override]
        """The world with every piece on it, as a standalone SVG document."""
        return svg(state)
