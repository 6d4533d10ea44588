"""Playing and replaying at the terminal: humans pick numbered choices, bots play themselves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from soan.bots import Bot, make_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import Game, OptionsError, SoanError, State
from soan.engine.record import Record, replay
from soan.engine.registry import get_game
from soan.table import HUMAN, TableSetup

HELP = """Type the number of a choice and press Enter.
  help   this text
  rules  the rules reference of this game
  log    the whole event log so far
  quit   leave the game (use --record to keep a record of finished games)"""


def seats_for(game_id: str, players: int, seats: str) -> list[str]:
    """The seat specs of `soan play`: as listed, or all random for the table size."""
    game = get_game(game_id)
    specs = [s.strip() for s in seats.split(",")] if seats else []
    if players and specs and len(specs) != players:
        raise OptionsError(f"--players {players} but --seats lists {len(specs)} seats")
    return specs or ["random"] * (players or game.min_seats)


def run_table(setup: TableSetup, console: Console, record_path: Path | None, quiet: bool) -> State:
    """Play one game to its end (or until a human quits)."""
    game = setup.game
    state = setup.new_state()
    bots: list[Bot | None] = [None if s == HUMAN else make_bot(s) for s in setup.seats]
    rngs = bot_rngs(setup.seed, len(setup.seats))
    humans = [s for s, b in enumerate(bots) if b is None]
    seen = 0
    if not quiet:
        console.print(
            f"[bold]{game.title}[/] - {len(setup.seats)} players, seed {setup.seed}, "
            f"variant {setup.variant}"
        )
    while not state.over:
        seat = state.to_move
        bot = bots[seat]
        if bot is None:
            if not quiet:
                seen = _print_log(console, state, seen)
            action = _ask_human(console, state, seat, len(humans) > 1)
            if action is None:
                console.print("You left the game.")
                return state
        else:
            action = choose(bot, state, rngs[seat])
        state.play(action)
    if not quiet:
        _print_log(console, state, seen)
    print_final(console, state, setup.seats)
    if record_path is not None:
        Record.of(state, setup.variant, setup.content_hash, list(setup.seats), setup.seed).save(
            record_path
        )
        console.print(
            f"Record written to {record_path} (replay it with: soan replay {record_path})"
        )
    return state


def _print_log(console: Console, state: State, seen: int) -> int:
    for line in state.log[seen:]:
        console.print(line, highlight=False, markup=False)
    return len(state.log)


def _ask_human(console: Console, state: State, seat: int, hot_seat: bool) -> Any:
    """Show the seat its view and the numbered choices; None means quit."""
    console.rule(f"Seat {seat + 1}" + (" (pass the keyboard)" if hot_seat else ""))
    console.print(state.render(seat), highlight=False, markup=False)
    legal = state.legal()
    for i, action in enumerate(legal, 1):
        console.print(f"  {i:>2}. {state.label(action)}", highlight=False, markup=False)
    while True:
        try:
            answer = (
                console.input(f"Seat {seat + 1}, your choice [1-{len(legal)}]: ").strip().lower()
            )
        except EOFError:
            return None
        if answer in ("quit", "q", "exit"):
            return None
        if answer in ("help", "h", "?"):
            console.print(HELP, markup=False)
        elif answer == "rules":
            console.print(state.game.rules_text(), markup=False, highlight=False)
        elif answer == "log":
            _print_log(console, state, 0)
        elif answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        else:
            console.print(f"Please type a number from 1 to {len(legal)}, or help.")


def print_final(console: Console, state: State, seats: list[str]) -> None:
    """The final table: each seat's total and its points by source."""
    breakdown = state.breakdown()
    sources = list(breakdown[0])
    winners = state.winners()
    table = Table(title=f"{state.game.title}: final scores")
    table.add_column("seat")
    table.add_column("player")
    for source in sources:
        table.add_column(source, justify="right")
    table.add_column("total", justify="right", style="bold")
    for s, (parts, total) in enumerate(zip(breakdown, state.scores(), strict=True)):
        mark = " *" if s in winners else ""
        table.add_row(f"{s + 1}{mark}", seats[s], *(str(parts[k]) for k in sources), str(total))
    console.print(table)
    if winners:
        names = ", ".join(f"seat {s + 1}" for s in winners)
        console.print(f"Winner: {names}" if len(winners) == 1 else f"Shared win: {names}")
    else:
        console.print("The game is a draw.")


def replay_record(path: Path, content_path: Path | None, step: bool, console: Console) -> State:
    """Replay a record, checking every action; with `step`, walk through it."""
    record = Record.load(path)
    game = get_game(record.game)
    content = game.load_content(str(content_path) if content_path else None)
    state = replay(record, game, content, game.content_hash(content))
    if step:
        _step_through(record, game, content, console)
    if not state.over:
        raise SoanError(
            f"{path}: the record ends before the game does ({len(record.actions)} actions)"
        )
    print_final(console, state, record.seats)
    console.print(f"{path}: {len(record.actions)} actions replayed exactly.")
    return state


def _step_through(record: Record, game: Game, content: Any, console: Console) -> None:
    from soan.engine.core import options_from_dict

    state = game.new(
        len(record.seats), record.seed, options_from_dict(game, record.options), content
    )
    interactive = sys.stdin.isatty()
    seen = _print_log(console, state, 0)
    for i, action in enumerate(record.actions, 1):
        console.print(
            f"[bold]{i}.[/] seat {state.to_move + 1} ({record.seats[state.to_move]}): "
            f"{state.label(action)}",
            highlight=False,
        )
        state.play(action)
        seen = _print_log(console, state, seen)
        if interactive:
            answer = console.input("[dim]Enter: next, q: stop stepping[/] ").strip().lower()
            if answer == "q":
                return
