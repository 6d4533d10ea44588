"""What one visitor may ask of the server: bots' effort, tables a minute.

Anyone who can reach the server may make tables (there are no accounts), so
every table made through the API gets the same bounds, set by whoever runs the
server (`soan serve --max-iters --move-time --tables-per-minute`):

- a bot seat may ask for at most `max_iters` ISMCTS iterations and a `time=` of
  at most `move_time` seconds, and no bot thinks longer than `move_time` about
  one move, whatever its spec (`soan.web.workers` enforces it), in one process
  (`workers=` above 1 is refused: the server's own pool bounds its processes);
- one client address may make at most `tables_per_minute` tables in any minute
  (0: no limit); the next is refused with 429 and the seconds to wait.
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass

from soan.bots import BOTS, make_bot
from soan.engine.core import OptionsError
from soan.web.errors import TooMany

# The bots a web form may seat: a table never makes the server import code.
WEB_BOTS = tuple(BOTS)
MAX_FRAME = 64 * 1024  # bytes of a websocket message: a choice is a few dozen


@dataclass(frozen=True)
class Limits:
    max_iters: int = 2_000  # ISMCTS iterations a bot seat may ask for
    move_time: float = 3.0  # seconds any bot may think about one move
    tables_per_minute: int = 10  # tables one client address may make a minute (0: no limit)
    bot_workers: int = 2  # processes thinking for searching bots at once

    def check_bot(self, spec: str) -> str:
        """A built-in bot spec within the bounds, or an OptionsError saying what is allowed."""
        name = spec.split(":")[0]
        if name not in WEB_BOTS:
            raise OptionsError(
                f"seat {spec!r}: a web table seats human, remote or one of the bots "
                f"{', '.join(WEB_BOTS)} (options by colons, such as ismcts:iters=500); "
                "your own bot plays over the API as a remote seat"
            )
        bot = make_bot(spec)
        if getattr(bot, "iters", 0) > self.max_iters or getattr(bot, "seconds", 0.0) > \
                self.move_time:
            raise OptionsError(
                f"seat {spec!r} thinks too long for this server: at most "
                f"iters={self.max_iters} and time={self.move_time:g} (whoever runs the server "
                "sets these with soan serve --max-iters and --move-time)"
            )
        if getattr(bot, "workers", 1) > 1:
            raise OptionsError(
                f"seat {spec!r}: a web seat searches in one process (the server already "
                f"thinks for {self.bot_workers} searching seats at once); drop workers="
            )
        return spec


class CreationLimit:
    """At most `per_minute` tables from one client address in any 60 seconds."""

    WINDOW = 60.0

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._made: dict[str, deque[float]] = {}

    def check(self, client: str) -> None:
        """Refuse (TooMany, 429) when `client` has made its tables for this minute."""
        if self.per_minute <= 0:
            return
        made = self._recent(client)
        if len(made) >= self.per_minute:
            wait = math.ceil(self.WINDOW - (time.monotonic() - made[0]))
            raise TooMany(
                f"this address has made {len(made)} tables in the last minute, the most this "
                f"server allows; try again in {wait} s", retry_after=wait)

    def made(self, client: str) -> None:
        if self.per_minute > 0:
            self._recent(client).append(time.monotonic())

    def _recent(self, client: str) -> deque[float]:
        now = time.monotonic()
        if len(self._made) > 10_000:  # forget addresses quiet for a minute
            self._made = {c: d for c, d in self._made.items() if d and now - d[-1] < self.WINDOW}
        made = self._made.setdefault(client, deque())
        while made and now - made[0] >= self.WINDOW:
            made.popleft()
        return made
