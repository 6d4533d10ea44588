"""Bots think in worker processes, shared fairly between the tables.

The server's event loop never runs a bot. Each bot decision goes to a worker
process as two things, pickled: the seat's re-dealt copy of the state
(`state.redeal(seat, ...)`: what the seat may see, everything else dealt anew,
as `soan.bots.match.choose` hands every bot) and the bot's generator. The worker
answers the action as a line of JSON. A worker is a fresh interpreter
(`python -m soan.web.workers`, never a fork of the server), so it never holds the
real game, its seed or another seat's cards; it ends when the server closes its
pipe, or dies.

Two lanes, each its own processes and its own queue:

- the **quick lane** (one process) thinks for the bots that do not search
  (`random`, `heuristic`): a move takes milliseconds, and a table of them never
  waits behind a search;
- the **search lane** (`workers` processes) thinks for the searching bots (`ismcts`).

Each lane shares its workers' time fairly between tables, not first come first
served: a table has at most one decision queued or being thought about, and when a
worker is free it takes the decision of the table that has had the least thinking
time so far. A table new to the queue, or back after a while, counts as one budget
less than the least served table in the queue: it goes first, but waiting banks no
more credit than that. Tables whose bots think equally long are served round-robin,
one move each in turn, however many bots they seat; a table whose bots think briefly
is served as soon as a worker is free, before tables whose bots think long.

A worker that has just answered a table is held for that table until the move is
stored and the table says what comes next (`release`, or its next decision): a
bot's turn is several decisions in a row, and were the worker handed on meanwhile,
a briefly thinking bot would wait a whole long search before each of them.

The quick lane also makes the undo test of a person's move (`soan.web.undo`: sixteen
re-deals, the most expensive part of a move) away from the event loop: the seat is
told it may undo once the answer is in, a few milliseconds after the move.

Every move has a time budget (`move_time` seconds). ISMCTS stops searching at the
budget and plays its best action so far (a bot with `iters=` that finishes in time
plays exactly as without a budget). A worker still silent a second after its
budget is killed and started again, and the move is the `heuristic` bot's from the
same re-dealt state and generator; should that fail too, a choice drawn uniformly
with the same generator.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import pickle
import signal
import struct
import subprocess
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, cast

from soan.bots import Bot, describe_failure, make_bot
from soan.bots.ismcts import Ismcts
from soan.bots.match import as_action
from soan.bots.strong import StrongBot
from soan.engine.core import Action, SoanError, State
from soan.engine.registry import all_games
from soan.engine.rng import Rng
from soan.web.undo import undoable

log = logging.getLogger("soan.web")

QUICK_BOTS = ("random", "heuristic")  # bots that do not search
UNDO_CHECK = "undo-check"  # not a bot: the undo test of a person's last move
FALLBACK = "heuristic"  # plays the move of a bot stopped past its budget
GRACE = 1.0  # seconds a worker may answer late before it is stopped
HOLD = 1.0  # seconds at most a worker waits for the next decision of the table it answered
START_TIME = 60.0  # seconds a worker may take to start
LINE_LIMIT = 1 << 16  # an answer is one short line of JSON


@dataclass
class Job:
    """One bot decision: `done(action, note)` is called on the event loop with the
    move (`note` says why it is a fallback's, else None)."""

    key: str  # the table: at most one job per table (and one undo test)
    spec: str
    state: Any  # the seat's re-dealt copy (an undo test: `undoable`'s arguments)
    rng: Rng | None
    budget: float
    done: Callable[[Any, str | None], None]  # a move, or an undo test's answer
    note: str | None = None  # why this is a fallback's job (it goes ahead of the queue)
    sent: float = 0.0  # when a worker was given it


def lane_of(spec: str) -> str:
    return "quick" if spec.split(":")[0] in (*QUICK_BOTS, UNDO_CHECK) else "search"


def think(bot: Bot, state: State, rng: Rng, seconds: float) -> Action:
    """The bot's move, searching at most `seconds` (ISMCTS: its best so far). A search
    starts afresh at every decision, never from a subtree kept from the seat's last
    one: a table's decisions go to whichever worker is free and survive restarts, so a
    move must depend on the position and its generator alone."""
    if isinstance(bot, StrongBot):
        bot = bot.bot_for(state)
    if isinstance(bot, Ismcts):
        bot.forget()
        return bot.search(state, rng, time.perf_counter() + seconds)
    return bot(state, rng)


class Worker:
    """One worker process, the job it is thinking about, and its answer so far."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "soan.web.workers"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            start_new_session=True)  # Ctrl-C stops the server, which ends its workers
        assert self.process.stdin is not None and self.process.stdout is not None
        self.requests, self.answers = self.process.stdin.fileno(), self.process.stdout.fileno()
        self.ready = False
        self.buffer = b""
        self.job: Job | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.held: str | None = None  # the table this idle worker waits for (see `Lane.hold`)

    def send(self, job: Job) -> None:
        """Hand the worker its job (it is idle, so it reads at once)."""
        data = pickle.dumps((job.spec, job.state, job.rng, job.budget),
                            pickle.HIGHEST_PROTOCOL)
        view = memoryview(struct.pack(">Q", len(data)) + data)
        while view:
            view = view[os.write(self.requests, view):]

    def read(self) -> list[dict[str, Any]] | None:
        """The answers that came in whole (None: the worker has ended)."""
        chunk = os.read(self.answers, 65536)
        if not chunk:
            return None
        self.buffer += chunk
        if len(self.buffer) > LINE_LIMIT:
            return None
        lines = self.buffer.split(b"\n")
        self.buffer = lines.pop()
        return [json.loads(line) for line in lines]

    def kill(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        with contextlib.suppress(OSError):
            self.process.kill()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]


class Lane:
    """Worker processes (started as needed, up to `size`) and the tables' decisions
    waiting for them, served by least thinking time so far."""

    def __init__(self, pool: BotWorkers, name: str, size: int) -> None:
        self.pool, self.name, self.size = pool, name, size
        self.waiting: OrderedDict[str, Job] = OrderedDict()
        self.workers: list[Worker] = []
        self.idle: list[Worker] = []
        self.used: dict[str, float] = {}  # seconds of thinking each table has had
        self.level = 0.0  # the least served waiting or thinking table's `used`
        self.credit = pool.move_time  # how far below the level a table may start

    def submit(self, job: Job) -> None:
        active = [self.used[key] for key in self.waiting]
        active += [self.used[w.job.key] for w in self.workers if w.job is not None]
        if active:
            self.level = max(self.level, min(active))
        floor = self.level - self.credit
        if len(self.used) > 10_000:  # forget tables at the floor or below: they start there
            self.used = {k: v for k, v in self.used.items() if v > floor}
        self.used[job.key] = max(self.used.get(job.key, floor), floor)
        self.waiting[job.key] = job
        self.pool.release(job.key)

    def hold(self, worker: Worker, key: str) -> None:
        """Keep the idle `worker` from other tables until table `key` says what comes
        next, at most `HOLD` seconds."""
        worker.held = key
        worker.timer = self.pool.loop.call_later(HOLD, self.release, key)

    def release(self, key: str) -> None:
        """Table `key` has said what comes next: a held worker is free for the least
        served table again."""
        for worker in self.idle:
            if worker.held == key:
                worker.held = None
                if worker.timer is not None:
                    worker.timer.cancel()
                    worker.timer = None
        self.dispatch()

    def dispatch(self) -> None:
        free = [w for w in self.idle if w.held is None]
        while self.waiting and free:
            worker = free.pop()
            self.idle.remove(worker)
            key = min(self.waiting, key=lambda k: (self.waiting[k].note is None, self.used[k]))
            self._send(worker, self.waiting.pop(key))
        starting = sum(not w.ready for w in self.workers)
        if len(self.waiting) > starting and len(self.workers) < self.size:
            self.start()

    def start(self) -> None:
        """Start a worker; it takes jobs once it has loaded the games."""
        worker = Worker()
        self.workers.append(worker)
        self.pool.loop.add_reader(worker.answers, self._readable, worker)
        worker.timer = self.pool.loop.call_later(START_TIME, self._failed, worker,
                                                 f"a {self.name} worker did not start")

    def _send(self, worker: Worker, job: Job) -> None:
        worker.job = job
        job.sent = time.monotonic()
        try:
            worker.send(job)
        except OSError:
            self._failed(worker, "its worker process ended")
            return
        worker.timer = self.pool.loop.call_later(job.budget + GRACE, self._late, worker)

    def _readable(self, worker: Worker) -> None:
        try:
            answers = worker.read()
        except (OSError, ValueError):
            answers = None
        if answers is None:
            self._failed(worker, "its worker process ended")
            return
        for answer in answers:
            self._answered(worker, answer)

    def _answered(self, worker: Worker, answer: Any) -> None:
        if worker.timer is not None:
            worker.timer.cancel()
        job, worker.job, worker.timer = worker.job, None, None
        worker.ready = True
        self.idle.append(worker)
        if job is not None:
            self._spent(job)
            if self.waiting and job.spec != UNDO_CHECK:
                self.hold(worker, job.key)
            self.pool.answer(job, answer)
        self.dispatch()

    def _late(self, worker: Worker) -> None:
        job = worker.job
        assert job is not None
        self._failed(worker, f"{job.spec} thought past its budget of {job.budget:g} s")

    def _failed(self, worker: Worker, why: str) -> None:
        """Stop the worker (a new one starts when needed) and fall back for its job."""
        job = worker.job
        self._retire(worker)
        if job is not None:
            self._spent(job)
            self.pool.fall_back(job, why)
        else:
            log.warning("%s", why)
        self.dispatch()

    def _spent(self, job: Job) -> None:
        self.used[job.key] = self.used.get(job.key, self.level) + time.monotonic() - job.sent

    def _retire(self, worker: Worker) -> None:
        with contextlib.suppress(ValueError, OSError):
            self.pool.loop.remove_reader(worker.answers)
        worker.kill()
        if worker in self.workers:
            self.workers.remove(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        self.pool.loop.run_in_executor(None, worker.process.wait)

    def close(self) -> None:
        self.waiting.clear()
        for worker in list(self.workers):
            with contextlib.suppress(ValueError, OSError):
                self.pool.loop.remove_reader(worker.answers)
            worker.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                worker.process.wait(2)
        self.workers.clear()
        self.idle.clear()


class BotWorkers:
    """The lanes of worker processes; every call is made on the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, workers: int = 2,
                 move_time: float = 3.0) -> None:
        self.loop, self.move_time = loop, move_time
        self.lanes = {"quick": Lane(self, "quick", 1), "search": Lane(self, "search", workers)}
        self.fallbacks = 0  # moves played by a fallback since the start

    def warm(self) -> None:
        """Start the quick lane's process now, so the first bot move does not wait for it."""
        lane = self.lanes["quick"]
        if not lane.workers:
            lane.start()

    def think(self, key: str, spec: str, state: State, rng: Rng,
              done: Callable[[Action, str | None], None]) -> None:
        """Queue a decision of table `key`; `done` gets the move on the event loop."""
        self.lanes[lane_of(spec)].submit(Job(key, spec, state, rng, self.move_time, done))

    def release(self, key: str) -> None:
        """Table `key` has said what comes next (no bot decision, or one just queued):
        a worker held for it is free again."""
        for lane in self.lanes.values():
            lane.release(key)

    def check_undo(self, key: str, question: tuple, done: Callable[[bool | None], None]
                   ) -> None:
        """Make the undo test `undoable(*question)` for table `key` in the quick lane;
        `done` gets the answer on the event loop (None: the test failed or ran late)."""
        self.lanes["quick"].submit(Job(f"{key} undo", UNDO_CHECK, question, None,
                                       self.move_time, lambda answer, _: done(answer)))

    def answer(self, job: Job, answer: Any) -> None:
        """Play a worker's answer, or fall back if it is no move."""
        if job.spec == UNDO_CHECK:
            undo = answer.get("undo") if isinstance(answer, dict) else None
            self._done(job, undo if isinstance(undo, bool) else None, None)  # type: ignore[arg-type]
            return
        try:
            action = as_action(answer["action"])
        except (KeyError, TypeError, SoanError):
            error = answer.get("error") if isinstance(answer, dict) else answer
            self.fall_back(job, f"{job.spec} failed: {str(error)[:300]}")
            return
        self._done(job, action, job.note)

    def _done(self, job: Job, action: Action, note: str | None) -> None:
        try:
            job.done(action, note)
        except Exception:
            log.exception("table %s: its bot's move could not be played", job.key)

    def fall_back(self, job: Job, why: str) -> None:
        if job.spec == UNDO_CHECK:  # the seat is simply not offered the undo
            log.warning("table %s: the undo test failed: %s", job.key, why)
            self._done(job, None, why)  # type: ignore[arg-type]
            return
        self.fallbacks += 1
        log.warning("table %s: %s", job.key, why)
        if job.spec != FALLBACK:
            note = f"{why}; {FALLBACK} moved instead"
            self.lanes["quick"].submit(replace(job, spec=FALLBACK, note=note))
            return
        rng = cast(Rng, job.rng)  # a move's job always carries its generator
        self._done(job, as_action(rng.choice(job.state.legal())),
                   f"{job.note or why}; a random choice was played instead")

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.close()


def _serve() -> None:
    """A worker process: say it is ready, then answer each pickled (spec, state, rng,
    seconds) with a line of JSON, the action or what went wrong, until the server
    closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # what a bot prints goes to the error stream, not the answers
    requests = os.fdopen(os.dup(0), "rb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)

    def answer(message: dict[str, Any]) -> None:
        answers.write(json.dumps(message) + "\n")
        answers.flush()

    all_games()  # import every game before the first move
    answer({"ready": True})
    bots: dict[str, Bot] = {}
    while header := requests.read(8):
        (size,) = struct.unpack(">Q", header)
        spec, state, rng, seconds = pickle.loads(requests.read(size))
        try:
            if spec == UNDO_CHECK:
                answer({"undo": undoable(*state)})
                continue
            if spec not in bots:
                bots[spec] = make_bot(spec)
            answer({"action": list(as_action(think(bots[spec], state, rng, seconds)))})
        except Exception as exc:
            answer({"error": describe_failure(exc)})


if __name__ == "__main__":
    _serve()
