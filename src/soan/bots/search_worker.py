"""A worker process of root-parallel ISMCTS (`soan.bots.root_parallel`): it makes its
search from the options it is sent first, then answers each pickled (re-dealt position,
generator, iterations, seconds) with its root children as one line of JSON."""

from __future__ import annotations

import json
import os
import pickle
import struct
import time
from typing import IO, Any

from soan.bots.base import describe_failure
from soan.bots.ismcts import Ismcts
from soan.engine.rng import Rng


def _frame(requests: IO[bytes]) -> Any:
    """The next pickled message from the bot, or None when it has closed the pipe."""
    header = requests.read(8)
    if len(header) < 8:
        return None
    (size,) = struct.unpack(">Q", header)
    return pickle.loads(requests.read(size))


def _serve() -> None:
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # anything printed goes to the error stream, not the answers
    requests = os.fdopen(os.dup(0), "rb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    options = _frame(requests)
    if options is None:
        return
    search = Ismcts(**options, workers=1, reuse=False)
    while (request := _frame(requests)) is not None:
        position, rng_state, iters, seconds = request
        rng = Rng()
        rng.state = rng_state
        if iters:
            search.iters = iters
        deadline = None if seconds is None else time.perf_counter() + seconds
        try:
            root = search.grow(position, rng, deadline)
        except Exception as exc:
            answers.write(json.dumps({"error": describe_failure(exc)}) + "\n")
            answers.flush()
            continue
        children = [[list(action), child.visits, child.avail, child.totals]
                    for action, child in root.children.items()]
        answers.write(json.dumps({"run": search.iterations_run, "children": children}) + "\n")
        answers.flush()


if __name__ == "__main__":
    _serve()
