"""The child process of an isolated seat (`soan.bots.isolated`): it loads the bot, then
answers each pickled (re-dealt state, generator) with one line of JSON."""

from __future__ import annotations

import json
import os
import pickle
import struct
import sys
from typing import Any

from soan.bots import make_bot
from soan.bots.base import describe_failure
from soan.bots.match import as_action
from soan.engine.core import IllegalAction
from soan.engine.rng import Rng


def _serve(spec: str) -> None:
    """The child's side: load the bot, then answer each pickled (state, rng) with JSON."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # what the bot prints goes to the error stream, not the answers
    requests = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)

    def send(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    try:
        bot = make_bot(spec)
    except (Exception, SystemExit) as exc:
        send({"error": str(exc) or type(exc).__name__})
        return
    send({"ready": True})
    while header := requests.read(8):
        (size,) = struct.unpack(">Q", header)
        state, seed_state = pickle.loads(requests.read(size))
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
