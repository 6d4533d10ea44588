"""Isolated seats: an untrusted bot plays from a process of its own.

``isolated:my_bot.py:MyBot`` runs the bot ``my_bot.py:MyBot`` in a child Python
process (``python -m soan.bots.child SPEC``). For each move the parent sends it
exactly two things, pickled: the re-dealt state ``real_state.redeal(seat, ...)``
(everything the seat cannot see dealt anew, no history) and the bot's generator.
The bot answers with one line of JSON: the action and its generator's new state.

What that guarantees (docs/bots.md): the bot's process never holds the real game,
its seed, other seats' hands or the deck order; it cannot read its caller's frame,
because the caller is in another process. Its answer is data, never code: the
parent reads JSON (not pickle), checks that it is an action and that it is legal,
and a bot that takes longer than its move time, dies or answers nonsense stops
the game with a message naming it. It is not a sandbox against the operating
system: the bot runs as the same user, with the same files.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from typing import IO, Any

from soan.bots.base import BotSpecError
from soan.bots.match import as_action
from soan.engine.core import Action, IllegalAction, SoanError, State
from soan.engine.rng import Rng

DEFAULT_MOVE_TIME = 10.0  # seconds an isolated bot may take a move
START_TIME = 60.0  # seconds its process may take to start and load the bot
LINE_LIMIT = 1 << 20  # an answer longer than this is no action


class BotFailure(SoanError):
    """A bot that failed while playing: raised, answered nonsense, timed out or died."""


class IsolatedBot:
    """A bot in a child process: called like any bot, with a time limit on each move.

    The process starts (and loads the bot) when this object is made, so a bot file
    that does not load is refused before the game starts; it ends with `close()` or
    when this object is collected."""

    def __init__(self, spec: str, move_time: float = DEFAULT_MOVE_TIME) -> None:
        if not spec:
            raise BotSpecError("isolated: needs the bot to isolate, such as "
                               "isolated:my_bot.py:MyBot")
        self.spec, self.move_time = spec, move_time
        self._buffer = b""
        self._errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        self._process: subprocess.Popen[bytes] | None = subprocess.Popen(
            [sys.executable, "-m", "soan.bots.child", spec],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors,
            start_new_session=True,
        )
        try:
            hello = self._answer(time.monotonic() + START_TIME,
                                 f"took longer than {START_TIME:g} s to start")
        except BotFailure as exc:
            self.close()
            raise BotSpecError(f"isolated bot {spec!r}: {exc}") from None
        if "error" in hello:
            self.close()
            raise BotSpecError(str(hello["error"])[:300])

    def __call__(self, state: State, rng: Rng) -> Action:
        if self._process is None:
            raise BotFailure(f"isolated bot {self.spec!r} has stopped")
        data = pickle.dumps((state, rng.state), pickle.HIGHEST_PROTOCOL)
        deadline = time.monotonic() + self.move_time
        slow = f"took longer than {self.move_time:g} s for a move"
        self._send(struct.pack(">Q", len(data)) + data, deadline, slow)
        reply = self._answer(deadline, slow)
        if "error" in reply:
            raise BotFailure(f"raised {str(reply['error'])[:300]}")
        if "refused" in reply:
            raise IllegalAction(str(reply["refused"])[:300])
        new_state = reply.get("rng")
        if type(new_state) is not int or not 0 <= new_state < 2**64:
            raise BotFailure(f"answered {json.dumps(reply)[:80]}, which is no move")
        rng.state = new_state
        return as_action(reply.get("action"))

    def _send(self, data: bytes, deadline: float, slow: str) -> None:
        """Hand the child its position; a child that stops reading cannot hold us."""
        assert self._process is not None and self._process.stdin is not None
        fd = self._process.stdin.fileno()
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                self.close()
                raise BotFailure(slow)
            try:
                view = view[os.write(fd, view[:65536]):]
            except OSError:
                raise BotFailure(self._died()) from None

    def _answer(self, deadline: float, slow: str) -> dict[str, Any]:
        """The child's next line of JSON, before `deadline` (else BotFailure(slow))."""
        assert self._process is not None and self._process.stdout is not None
        fd = self._process.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self.close()
                raise BotFailure(slow)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise BotFailure(self._died())
            self._buffer += chunk
            if len(self._buffer) > LINE_LIMIT:
                self.close()
                raise BotFailure("answered more than 1 MB at once")
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            reply = None
        if not isinstance(reply, dict):
            self.close()
            raise BotFailure(f"answered {line[:80]!r}, which is no move")
        return reply

    def _died(self) -> str:
        assert self._process is not None
        code = self._process.wait()
        last = last_words(self._errors)
        self.close()
        return f"its process ended (exit code {code}){last}"

    def close(self) -> None:
        """End the bot's process (and anything it started)."""
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        self._errors.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def last_words(errors: IO[bytes]) -> str:
    """The last line a dead process wrote to its error file, as the end of a message
    (empty when it wrote nothing)."""
    errors.seek(0)
    tail = errors.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
    return f"; its last words: {tail[-1]}" if tail else ""
