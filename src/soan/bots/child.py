"""The child process of an isolated seat (`soan.bots.isolated`): it loads the bot, then
answers each pickled (re-dealt state, generator) with one line of JSON."""

from __future__ import annotations

import json
import os
import pickle
import struct
import sys
from typing import IO, Any

from soan.bots import make_bot
from soan.bots.base import describe_failure
from soan.bots.match import as_action
from soan.engine.core import IllegalAction
from soan.engine.rng import Rng


def pipes() -> tuple[IO[bytes], IO[str]]:
    """The parent's requests and the answers' stream, with standard output sent to the
    error stream (what the bot prints never mixes with the answers) and standard input
    closed to the bot."""
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    requests = os.fdopen(os.dup(0), "rb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    return requests, answers


def read_frame(requests: IO[bytes]) -> Any:
    """The next pickled message from the parent, or None when it has closed the pipe."""
    header = requests.read(8)
    if len(header) < 8:
        return None
    (size,) = struct.unpack(">Q", header)
    return pickle.loads(requests.read(size))


def _serve(spec: str) -> None:
    """The child's side: load the bot, then answer each pickled (state, rng) with JSON."""
    requests, replies = pipes()

    def send(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    try:
        bot = make_bot(spec)
    except (Exception, SystemExit) as exc:
        send({"error": str(exc) or type(exc).__name__})
        return
    send({"ready": True})
    while (request := read_frame(requests)) is not None:
        state, seed_state = request
        rng = Rng()
        rng.state = seed_state
        try:
            answer = bot(state, rng)
        except (Exception, SystemExit) as exc:
            send({"error": describe_failure(exc)})
            return
        try:
            send({"action": list(as_action(answer)), "rng": rng.state})
        except IllegalAction as exc:
            send({"refused": str(exc)})
            return


if __name__ == "__main__":
    _serve(sys.argv[1])
