"""A worker process of root-parallel ISMCTS (`soan.bots.root_parallel`): it makes its
search from the options it is sent first, then answers each pickled (re-dealt position,
generator, iterations, seconds) with its root children as one line of JSON."""

from __future__ import annotations

import json
import time

from soan.bots.base import describe_failure
from soan.bots.child import pipes, read_frame
from soan.bots.ismcts import Ismcts
from soan.engine.rng import Rng


def _serve() -> None:
    requests, answers = pipes()
    options = read_frame(requests)
    if options is None:
        return
    search = Ismcts(**options, workers=1, reuse=False)
    while (request := read_frame(requests)) is not None:
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
