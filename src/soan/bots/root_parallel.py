"""Root parallelism: one ISMCTS decision searched by several processes at once.

`ismcts:workers=N` splits a decision's iterations over N independent searches, one in
each process of a small pool the bot keeps for its life (started at its first real
decision, ended by `close()`, or when the bot is collected, or when the bot's process
ends and the pipes close). The bot adds up the root children's visits and reward sums
of all N trees and chooses as it would from one (`soan.bots.ismcts`).

What a worker is given, pickled, for each decision: a re-deal of the position for the
seat to move (`state.redeal(seat, rng)`, dealt by the bot from the position it was
handed, so everything the seat cannot see is dealt anew), its own generator (spawned
from the bot's, so the same seed and the same N give the same move) and its share of
the budget. A worker is a fresh interpreter (`python -m soan.bots.search_worker`),
never a fork, so it never holds the real game, its seed or another seat's cards. It
answers one line of JSON: each root child's action, visits, availability and reward
sums. A worker that dies or fails stops the decision with a `BotFailure` naming it.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import struct
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from soan.bots.isolated import BotFailure, last_words
from soan.bots.match import as_action
from soan.engine.core import Action, SoanError, State
from soan.engine.rng import Rng

MAX_WORKERS = 64  # processes one bot may search a decision with

# One root child as a worker reports it: action, visits, availability, reward sums;
# a worker's answer: the iterations it ran and its root's children.
RootChild = tuple[Action, int, int, list[float]]
Answer = tuple[int, list[RootChild]]


class Share:
    """One worker's part of a decision: its re-dealt position, generator and budget
    (`iters` iterations; 0 with a `time=` budget, which every worker spends whole)."""

    __slots__ = ("iters", "position", "rng")

    def __init__(self, position: State, rng: Rng, iters: int) -> None:
        self.position, self.rng, self.iters = position, rng, iters


def check_workers(workers: int) -> int:
    """`workers` if it is a number of processes a bot may search with, else ValueError."""
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS}, "
                         f"not {workers!r}")
    return workers


def split(iters: int, workers: int) -> list[int]:
    """`iters` iterations over at most `workers` searches, as evenly as whole numbers
    go (the first ones one more), none of them empty."""
    base, extra = divmod(iters, workers)
    return [base + (i < extra) for i in range(min(workers, iters))]


class SearchPool:
    """`workers` search processes, each making an `Ismcts(**options)` of its own."""

    def __init__(self, workers: int, options: dict[str, Any]) -> None:
        self.workers, self.options = workers, options
        self._processes: list[subprocess.Popen[bytes]] = []
        self._errors: list[IO[bytes]] = []

    def pids(self) -> list[int]:
        """The running workers' process ids (none before the first search)."""
        return [p.pid for p in self._processes]

    def search(self, shares: Sequence[Share], seconds: float | None) -> list[Answer]:
        """Each share searched by its own worker (share i by worker i), for at most
        `seconds` when given: per worker, the iterations it ran and its root's
        children. Starts the workers at the first call."""
        if not self._processes:
            self._start()
        for i, share in enumerate(shares):
            data = pickle.dumps((share.position, share.rng.state, share.iters, seconds),
                                pickle.HIGHEST_PROTOCOL)
            self._send(i, data)
        return [self._answer(i) for i in range(len(shares))]

    def _start(self) -> None:
        # a fixed hash seed: a worker's search is the same in every run, whatever order
        # a game's sets of strings iterate in (one BLAS thread each: see soan/__init__.py)
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        options = pickle.dumps(self.options, pickle.HIGHEST_PROTOCOL)
        for i in range(self.workers):
            errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
            self._errors.append(errors)
            self._processes.append(subprocess.Popen(
                [sys.executable, "-m", "soan.bots.search_worker"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, env=env,
                start_new_session=True,  # Ctrl-C at the terminal is the parent's to handle
            ))
            self._send(i, options)

    def _send(self, i: int, data: bytes) -> None:
        stream = self._processes[i].stdin
        assert stream is not None
        try:
            stream.write(struct.pack(">Q", len(data)) + data)
            stream.flush()
        except OSError:
            self._fail(i, self._died(i))

    def _answer(self, i: int) -> Answer:
        stream = self._processes[i].stdout
        assert stream is not None
        line = stream.readline()
        if not line:
            self._fail(i, self._died(i))
        reply = _reply(line)
        if reply is None:
            self._fail(i, f"which answered {line[:80]!r}")
        if isinstance(reply, str):
            self._fail(i, f"which raised {reply[:300]}")
        return reply

    def _died(self, i: int) -> str:
        code = self._processes[i].wait()
        return f"which ended with exit code {code}{last_words(self._errors[i])}"

    def _fail(self, i: int, what: str) -> NoReturn:
        """Stop every worker and raise the failure of worker `i`."""
        pid = self._processes[i].pid
        self.close()
        raise BotFailure(f"lost its search worker {i + 1} of {self.workers} (process {pid}), "
                         f"{what}")

    def close(self) -> None:
        """End every worker (a new search starts them again)."""
        processes, self._processes = self._processes, []
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        for process in processes:
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        errors, self._errors = self._errors, []
        for file in errors:
            file.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def _reply(line: bytes) -> Answer | str | None:
    """A worker's answer: (iterations run, root children), or the error it reports, or
    None for anything else."""
    try:
        reply = json.loads(line)
        if "error" in reply:
            return str(reply["error"])
        children = [(as_action(a), int(v), int(n), [float(x) for x in t])
                    for a, v, n, t in reply["children"]]
        return int(reply["run"]), children
    except (ValueError, KeyError, TypeError, SoanError, RecursionError):
        return None
