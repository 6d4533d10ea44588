"""Setting up a table: the one place a game, its rules, content and seats are chosen.

The terminal (`soan play`), the lab (`soan simulate`) and the web server all build
their games here, so a bad variant, rule number, content file, seat spec, seed or
table size is refused the same way everywhere, before any game starts.

The seed is drawn at random unless one is given: nobody at the table (no person,
no bot) can know it in advance and so rebuild the deal.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soan.bots import Bot, BotSpecError, make_bot
from soan.bots.isolated import DEFAULT_MOVE_TIME, IsolatedBot
from soan.engine.core import Game, OptionsError, State, parse_option_value
from soan.engine.registry import get_game

HUMAN = "human"
REMOTE = "remote"  # a seat a program plays over the web API (`soan serve`)
SEED_LIMIT = 2**63  # seeds are whole numbers 0 .. 2^63-1


def draw_seed() -> int:
    """A fresh seed nobody at the table can know in advance."""
    return secrets.randbelow(SEED_LIMIT)


def parse_option_args(game: Game, option_args: Sequence[str]) -> dict[str, Any]:
    """`key=value` words from a command line as typed rule numbers."""
    overrides = {}
    for arg in option_args:
        key, eq, value = arg.partition("=")
        if not eq or not key:
            raise OptionsError(f"--option takes key=value, such as hand_limit=7, not {arg!r}")
        overrides[key.strip()] = parse_option_value(game, key.strip(), value.strip())
    return overrides


@dataclass(frozen=True)
class TableSetup:
    """A checked table: game, variant, rule numbers, content, one spec per seat, seed."""

    game: Game
    seats: tuple[str, ...]
    seed: int
    variant: str
    options: Any
    content: Any
    content_path: Path | None = None
    move_time: float = DEFAULT_MOVE_TIME  # seconds an isolated bot may take a move

    @classmethod
    def build(
        cls,
        game_id: str,
        seats: Sequence[str],
        seed: int | None = None,
        variant: str = "default",
        overrides: Mapping[str, Any] | None = None,
        content_path: Path | None = None,
        remote: bool = False,
        move_time: float = DEFAULT_MOVE_TIME,
    ) -> TableSetup:
        """Check everything and fix the table; `seed=None` draws a secret one. Remote
        seats are allowed only where a server takes them (`remote=True`)."""
        game = get_game(game_id)
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise OptionsError(
                f"{game.title} is for {game.min_seats} to {game.max_seats} players, "
                f"not {len(seats)}"
            )
        if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
            raise OptionsError(f"seed {seed} is out of range: a seed is a whole number "
                               "from 0 to 2^63-1")
        if not 0 < move_time <= 3600:
            raise OptionsError(f"move time {move_time} is out of range: an isolated bot "
                               "takes from a moment to 3600 seconds a move")
        options = game.options(variant, **dict(overrides or {}))
        content = game.load_content(str(content_path) if content_path else None)
        if REMOTE in seats and not remote:
            raise OptionsError("a remote seat is played over the web API: use `soan serve`")
        seed = draw_seed() if seed is None else seed
        setup = cls(game, tuple(seats), seed, variant, options, content, content_path,
                    move_time)
        setup.new_state()  # refuse a table the content cannot deal for
        for bot in setup.bots():  # refuse a bad spec or bot file before the game starts
            if isinstance(bot, IsolatedBot):
                bot.close()
        return setup

    @property
    def content_hash(self) -> str:
        return self.game.content_hash(self.content)

    def new_state(self) -> State:
        return self.game.new(len(self.seats), self.seed, self.options, self.content)

    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec == HUMAN]

    def bots(self) -> list[Bot | None]:
        """A fresh bot for each bot seat (None for a human or remote seat); a bad one
        names its seat."""
        out: list[Bot | None] = []
        for s, spec in enumerate(self.seats):
            try:
                out.append(None if spec in (HUMAN, REMOTE) else make_bot(spec, self.move_time))
            except BotSpecError as exc:
                raise BotSpecError(f"seat {s + 1}: {exc}") from None
        return out
