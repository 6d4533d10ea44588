"""Playing and replaying at the terminal: humans pick numbered choices, bots play themselves.

With more than one human at the table (hot seat), the screen is cleared and the next
player asked to take the keyboard before anything private is shown; each player is
then told what happened since their last turn and which cards came into their hand.
Names from the content file (cards, races, skills) are shown through
`soan.engine.glossary.name`: in English with the name as written in brackets,
"Allotment gardens (市民農園)", in Japanese (`--lang ja`) as written alone.
Whatever ends a game early (a player quitting, Ctrl-C, a bot failing) keeps its
record, marked as stopped, when `--record` was given.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any, cast

from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.table import Table
from rich.text import Text

from soan.bots import ISOLATED, Bot, describe_failure, is_custom, with_workers
from soan.bots.isolated import BotFailure
from soan.bots.match import bot_rngs, choose
from soan.bots.root_parallel import MAX_WORKERS
from soan.engine.core import (
    IllegalAction,
    OptionsError,
    SoanError,
    State,
    option_text,
    options_to_dict,
)
from soan.engine.files import check_writable
from soan.engine.glossary import LANGUAGES, name, names_in
from soan.engine.record import Record, RecordError, replay
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.table import TableSetup

HELP = """Type the number of a choice and press Enter.
  help   this text
  rules  the rules reference of this game (q leaves it)
  log    the whole event log so far
  quit   leave the game (with --record, the game so far is kept)"""

MENU_ROWS = 8  # longer menus are shown in columns
CLEAR_SCROLLBACK = "\x1b[3J"


def seats_for(game_id: str, players: int, seats: str, isolate: bool = False,
              jobs: int = 1) -> list[str]:
    """The seat specs of `soan play`: as listed, or all random for the table size;
    with `isolate`, every bot from a file or module plays in a process of its own; with
    `jobs` above 1, every searching bot (ismcts, strong) that does not say otherwise
    searches each decision with that many processes."""
    game = get_game(game_id)
    specs = [s.strip() for s in seats.split(",")] if seats else []
    if players and specs and len(specs) != players:
        raise OptionsError(f"--players {players} but --seats lists {len(specs)} seats")
    if players < 0:
        raise OptionsError(f"--players {players}: give a number of players from "
                           f"{game.min_seats} to {game.max_seats}")
    if not 1 <= jobs <= MAX_WORKERS:
        raise OptionsError(f"--jobs {jobs}: a searching bot thinks with from 1 to "
                           f"{MAX_WORKERS} processes")
    specs = specs or ["random"] * (players or game.min_seats)
    return [f"{ISOLATED}:{s}" if isolate and is_custom(s) else with_workers(s, jobs)
            for s in specs]


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise OptionsError(f"--lang {lang!r}: names are shown in {' or '.join(LANGUAGES)}")
    return lang


def header(setup: TableSetup, lang: str = "en") -> list[str]:
    """The first lines of a game: the game and its table size, then what differs from
    the draft as written, each when it is set: the variant and its one line, every rule
    number that differs from the draft's (the game's default), and the content file."""
    game = setup.game
    glossary = game.glossary if lang == "ja" else None
    title = glossary.title if glossary is not None else game.title
    lines = [f"{title} - {len(setup.seats)} players, variant {setup.variant}"]
    if setup.variant != "default":
        about = game.variants[setup.variant].about
        if glossary is not None:
            about = glossary.variants.get(setup.variant, about)
        lines.append(f"Variant {setup.variant}: {about}")
    draft = options_to_dict(game.options())
    changed = [(key, value) for key, value in options_to_dict(setup.options).items()
               if draft.get(key) != value]
    if changed:
        lines.append("Rule numbers changed from the draft: " + ", ".join(
            f"{key}={_option(value)} (draft {_option(draft.get(key))})"
            for key, value in changed))
    if setup.content_path is not None:
        lines.append(f"Content: {setup.content_path} (in place of the shipped content)")
    return lines


def _option(value: Any) -> str:
    return option_text(tuple(value) if isinstance(value, list) else value)


def run_table(setup: TableSetup, console: Console, record_path: Path | None,
              quiet: bool, lang: str = "en") -> State:
    """Play one game to its end, or until a human quits, Ctrl-C or a bot fails; the
    record (when asked for) is written in every case. Names are shown for a reader of
    `lang` (en or ja)."""
    check_language(lang)
    if record_path is not None:
        check_writable(record_path, "--record")
    bots = setup.bots()
    state = setup.new_state()
    screen = Screen(console, state, setup.humans(), quiet, lang, setup.content)
    if not quiet:
        first, *rest = header(setup, lang)
        title, _, players = first.partition(" - ")
        console.print(Text.assemble((title, "bold"), f" - {players}"))
        for line in rest:
            console.print(line, markup=False, highlight=False)
    stopped, failure, interrupted = "", None, False
    try:
        stopped = _play(state, setup, bots, screen)
    except BotFailure as exc:
        stopped, failure = str(exc), exc
    except KeyboardInterrupt:
        stopped, interrupted = "interrupted with Ctrl-C", True
    finally:
        for bot in bots:  # isolated bots and searches in several processes end here
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    screen.finish()
    if state.over:
        print_final(console, state, list(setup.seats), lang)
    elif stopped:
        console.print(f"The game stopped after {len(state.history)} actions: {stopped}.",
                      markup=False, highlight=False)
    console.print(f"Seed {setup.seed}.", highlight=False)
    if record_path is not None:
        Record.of(state, setup.variant, setup.content_hash, list(setup.seats), setup.seed,
                  stopped).save(record_path)
        console.print(f"Record written to {record_path} (replay it with: soan replay "
                      f"{record_path})", markup=False, highlight=False)
    if failure is not None:
        kept = f"; the game so far is in {record_path}" if record_path else ""
        raise SoanError(f"{failure}{kept}")
    if interrupted:
        raise KeyboardInterrupt
    return state


def _play(state: State, setup: TableSetup, bots: list[Bot | None], screen: Screen) -> str:
    """Play until the end; the reason the game stopped early, or ""."""
    rngs = bot_rngs(setup.seed, len(setup.seats))
    while not state.over:
        seat = state.mover
        bot = bots[seat]
        if bot is None:
            action = screen.ask(seat)
            if action is None:
                return f"seat {seat + 1} left the game"
        else:
            action = bot_move(bot, state, rngs[seat], setup.seats[seat])
        screen.before_play()
        state.play(action)
        screen.after_play()
    return ""


def bot_move(bot: Bot, state: State, rng: Rng, spec: str) -> Any:
    """The bot's legal action for the seat to move; whatever else it does (raises,
    answers nonsense or an illegal action, times out) is a BotFailure naming it."""
    who = f"seat {state.mover + 1} ({spec}) at action {len(state.history) + 1}"
    try:
        action = choose(bot, state, rng)
    except BotFailure as exc:
        raise BotFailure(f"{who}: the bot {exc}") from None
    except IllegalAction as exc:
        raise BotFailure(f"{who}: {exc}") from None
    except (Exception, SystemExit) as exc:
        raise BotFailure(f"{who}: the bot raised {describe_failure(exc)}") from None
    if action not in state.legal():
        raise BotFailure(f"{who}: the bot chose {action!r}, which is not legal now")
    return action


class Screen:
    """What the humans at the table see: each one only their own seat's secrets."""

    def __init__(self, console: Console, state: State, humans: list[int], quiet: bool,
                 lang: str = "en", content: Any = None):
        self.console, self.state, self.quiet = console, state, quiet
        self.lang, self.content = lang, content
        self.humans = humans
        self.hot_seat = len(humans) > 1
        self.seen = dict.fromkeys(humans, 0)  # log lines each human has been shown
        self.shown = 0  # log lines shown to the table (one human or none)
        self.notes: dict[int, list[str]] = {s: [] for s in humans}
        self.at_keyboard: int | None = None
        self.hands: dict[int, Counter] = {}

    def ask(self, seat: int) -> Any:
        """Show the seat its view and the numbered choices; None means quit."""
        console, state = self.console, self.state
        if self.hot_seat and self.at_keyboard != seat:
            clear_all(console)
            console.print(Text(f"Pass the device to seat {seat + 1}.", style="bold"))
            try:
                console.input(f"Seat {seat + 1}, take the keyboard and press Enter "
                              "(others, look away). ")
            except EOFError:
                return None
            clear_all(console)
            self.at_keyboard = seat
            self._print_log(state.log[self.seen[seat]:], "Since your last turn:")
        else:
            self._catch_up()
        self.seen[seat] = len(state.log)
        for note in self.notes[seat]:
            console.print(note, markup=False, highlight=False)
        self.notes[seat].clear()
        self._show(seat)
        legal = state.legal()
        items = choices(state)
        while True:
            try:
                answer = console.input(f"Seat {seat + 1}, your choice [1-{len(items)}]: ")
            except EOFError:
                return None
            answer = answer.strip().lower()
            if answer in ("quit", "q", "exit"):
                return None
            if answer in ("help", "h", "?"):
                console.print(HELP, markup=False, highlight=False)
            elif answer == "rules":
                show_long(console, state.game.rules_text())
            elif answer == "log":
                self._print_log(state.log, "The whole log:")
            elif answer.isdigit() and 1 <= int(answer) <= len(items):
                action = items[int(answer) - 1][1]
                if action is not None and action in legal:
                    return action
                console.print(f"Choice {answer} is not open now ({items[int(answer) - 1][0]}).",
                              markup=False, highlight=False)
                continue
            else:
                console.print(f"Please type a number from 1 to {len(items)}, or help.")
                continue
            self._show(seat)

    def say(self, text: str) -> str:
        """A text of the game with its content names shown for the table's language."""
        return names_in(text, self.lang, self.content)

    def _show(self, seat: int) -> None:
        """The seat's picture of the game and its numbered choices."""
        state, console = self.state, self.console
        presenter = state.game.presenter
        screen = presenter.screen(state, seat, console.width)
        if screen is not None and console.color_system is not None:
            with console.capture() as captured:
                console.print(screen, highlight=False)
            named = Text.from_ansi(self.say(captured.get()))
            console.print(named, highlight=False, no_wrap=True, crop=True, end="")
        else:
            console.rule(f"Seat {seat + 1}")
            console.print(self.say(presenter.render(state, seat)), markup=False, highlight=False)
        menu(console, state, self.say)

    def before_play(self) -> None:
        self.hands = {s: _hand(self.state, s) for s in self.humans}

    def after_play(self) -> None:
        """Tell each human which cards came into their hand (privately, in hot seat).
        The news of the last action comes before the line that ends the game."""
        end = len(self.state.log) - 1 if self.state.over else None
        for seat, before in self.hands.items():
            new = _hand(self.state, seat) - before
            if new:
                names = ", ".join(self.say(card) for card in sorted(new.elements()))
                note = f"Seat {seat + 1}, into your hand: {names}"
                if self.hot_seat:
                    self.notes[seat].append(note)
                else:
                    self._catch_up(end)
                    self.console.print(note, markup=False, highlight=False)
        if not self.hot_seat:
            self._catch_up()

    def _catch_up(self, end: int | None = None) -> None:
        if not self.quiet and not self.hot_seat:
            end = len(self.state.log) if end is None else max(end, self.shown)
            self._print_log(self.state.log[self.shown:end])
            self.shown = end

    def _print_log(self, lines: list[str], title: str = "") -> None:
        if title and lines:
            self.console.print(title, style="bold")
        for line in lines:
            self.console.print(self.say(line), markup=False, highlight=False)

    def finish(self) -> None:
        """The end: everyone may look again."""
        if self.hot_seat:
            clear_all(self.console)
            log = self.state.log
            if self.state.over:
                self._print_log(log[-12:-1], "The last events:")
                for seat in self.humans:
                    for note in self.notes[seat]:
                        self.console.print(note, markup=False, highlight=False)
                self._print_log(log[-1:])
            else:
                self._print_log(log[-12:], "The last events:")
        else:
            self._catch_up()


def clear_all(console: Console) -> None:
    """Clear the screen and, at a terminal, its scrollback too (ESC[3J), so the next
    player cannot scroll back to the previous player's hand."""
    console.clear()
    if console.is_terminal:
        console.file.write(CLEAR_SCROLLBACK)
        console.file.flush()


def choices(state: State) -> list[tuple[str, Any]]:
    """The numbered choices as (label, action): the presenter's own list where it keeps
    numbers stable over a multi-step choice (an action of None is a step already
    taken, shown marked and not open), else the legal actions in order."""
    presenter = state.game.presenter
    own = getattr(presenter, "choices", None)
    items = own(state) if own is not None else None
    if items is None:
        items = [(presenter.label(state, a), a) for a in state.legal()]
    return [(marked(state, text, a), a) for text, a in items]


NO_EFFECT = " (no effect now)"


def marked(state: State, text: str, action: Any) -> str:
    """A choice's label, marked where the action is legal but changes nothing."""
    return text + NO_EFFECT if action is not None and state.no_effect(action) else text


def _hand(state: State, seat: int) -> Counter:
    """The cards in a seat's hand by name (as written), from its own view."""
    hand = state.view(seat).get("hand") or []
    return Counter(_card_name(card) for card in hand)


def _card_name(card: Any) -> str:
    if isinstance(card, dict):
        return str(card.get("name") or card.get("english") or "")
    return str(card)


def _as_is(text: str) -> str:
    return text


def menu(console: Console, state: State, say: Any = _as_is) -> None:
    """The numbered choices (`say` shows the names in them). A game with short labels
    (`short_label`) keeps its menu within `MENU_ROWS` choices a column: full labels
    (wrapped, indented) when there are few choices, short labels where the full ones do
    not fit, in columns where there are more choices than rows."""
    presenter, width = state.game.presenter, console.width
    entries = choices(state)
    items = [f"{i:>2}. {say(text)}" for i, (text, _) in enumerate(entries, 1)]
    if entries[0][1] is None or presenter.short_label(state, entries[0][1]) is None:
        for item in items:
            console.print(item, markup=False, highlight=False, overflow="fold")
        return
    if max(map(cell_len, items)) > width:
        wrapped = [_wrap(item, width) for item in items]
        if sum(map(len, wrapped)) <= MENU_ROWS:
            for lines in wrapped:
                for line in lines:
                    console.print(line, markup=False, highlight=False, crop=True,
                                  no_wrap=True)
            return
    if len(items) > MENU_ROWS or max(map(cell_len, items)) > width:
        # a game that labels its first choice short labels every one
        short = [t if a is None else marked(state, cast(str, presenter.short_label(state, a)), a)
                 for t, a in entries]
        items = [f"{i:>2}. {say(text)}" for i, text in enumerate(short, 1)]
    columns = -(-len(items) // MENU_ROWS)
    rows = -(-len(items) // columns)
    cell = width // columns if columns > 1 else width + 1
    for r in range(rows):
        cells = [items[c * rows + r] for c in range(columns) if c * rows + r < len(items)]
        line = "".join(_pad(_fit(text, cell - 1), cell) for text in cells).rstrip()
        console.print(line, markup=False, highlight=False, crop=True, no_wrap=True)


def _wrap(text: str, width: int, indent: int = 4) -> list[str]:
    """`text` in lines of at most `width` cells, broken at spaces where it can be, the
    lines after the first indented."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if cell_len(trial) <= width or not line.strip():
            line = trial
        else:
            lines.append(line)
            line = " " * indent + word
    lines.append(line)
    return [_fit(item, width) for item in lines]


def _fit(text: str, width: int) -> str:
    return text if cell_len(text) <= width else set_cell_size(text, width - 1) + "…"


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


def show_long(console: Console, text: str) -> None:
    """A long text (a rules reference) in a pager at a terminal, else printed."""
    if console.is_terminal:
        with console.pager(styles=False):
            console.print(text, markup=False, highlight=False)
    else:
        console.print(text, markup=False, highlight=False, soft_wrap=True)


def print_final(console: Console, state: State, seats: list[str], lang: str = "en") -> None:
    """The final table: a column per seat (fits 80 columns up to five seats), a row per
    source of points (in Japanese, the draft's words), then the totals."""
    breakdown = state.breakdown()
    winners = state.winners()
    glossary = state.game.glossary if lang == "ja" else None
    title = glossary.title if glossary is not None else state.game.title
    table = Table(title=f"{title}: final scores", title_justify="left")
    table.add_column("points")
    for s, spec in enumerate(seats):
        mark = " *" if s in winners else ""
        table.add_column(Text(f"{s + 1}{mark}\n{_short(spec)}"), justify="right")
    for source in breakdown[0]:
        table.add_row(name(source, lang, glossary), *(str(parts[source]) for parts in breakdown))
    table.add_row(Text("total", style="bold"),
                  *(Text(str(total), style="bold") for total in state.scores()))
    console.print(table)
    players = ", ".join(f"{s + 1} {spec}" for s, spec in enumerate(seats))
    console.print(f"Seats: {players}", markup=False, highlight=False)
    if state.unfinished:
        console.print(state.log[-1], markup=False, highlight=False)
    elif winners:
        names = ", ".join(f"seat {s + 1}" for s in winners)
        console.print(f"Winner: {names}" if len(winners) == 1 else f"Shared win: {names}")
    else:
        console.print("The game is a draw.")


def _short(spec: str) -> str:
    name = spec.removeprefix(f"{ISOLATED}:").split(":")[0]
    name = Path(name).stem if name.endswith(".py") else name.rsplit(".", 1)[-1]
    return name[:10]


def replay_record(path: Path, content_path: Path | None, step: bool, console: Console,
                  lang: str = "en") -> State:
    """Replay a record, checking every action; with `step`, walk through it showing the
    board as a spectator sees it (names for a reader of `lang`)."""
    check_language(lang)
    record = Record.load(path)
    game = get_game(record.game)
    content = game.load_content(str(content_path) if content_path else None)
    try:
        state = replay(record, game, content, game.content_hash(content))
    except SoanError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if step:
        _step_through(record, game, content, console, lang)
    if not state.over:
        if not record.stopped:
            raise RecordError(f"{path}: the record ends before the game does "
                              f"({len(record.actions)} actions) and does not say why; "
                              "was it cut short?")
        if record.result:
            raise RecordError(f"{path}: field result is given, but the game has not ended")
        console.print(names_in(state.game.presenter.render(state), lang, content), markup=False,
                      highlight=False)
        console.print(f"{path}: {len(record.actions)} actions replayed exactly; the game "
                      f"stopped there: {record.stopped}.", markup=False, highlight=False)
        return state
    print_final(console, state, record.seats, lang)
    console.print(f"{path}: {len(record.actions)} actions replayed exactly.", markup=False,
                  highlight=False)
    return state


def _step_through(record: Record, game: Any, content: Any, console: Console,
                  lang: str = "en") -> None:
    from soan.engine.core import options_from_dict

    state = game.new(
        len(record.seats), record.seed, options_from_dict(game, record.options), content
    )
    interactive = sys.stdin.isatty()
    presenter = game.presenter
    console.print(names_in(presenter.render(state), lang, content), markup=False, highlight=False)
    for i, action in enumerate(record.actions, 1):
        console.rule()
        console.print(f"{i}. seat {state.to_move + 1} ({record.seats[state.to_move]}): "
                      f"{names_in(presenter.label(state, action), lang, content)}", markup=False,
                      highlight=False)
        state.play(action)
        console.print(names_in(presenter.render(state), lang, content), markup=False,
                      highlight=False)
        if interactive:
            try:
                answer = console.input("Enter: next, q: stop stepping ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return

