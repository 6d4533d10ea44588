"""The lab in the browser: studies run in the background by the command line's own runner.

A job is a kind (`study` or `review`), its settings as the page sent
them, the uploaded content file if any, and a secret key: its page and report open
only from its private link, as a seat opens only from its own. Each kind has a
planner and a runner (`KINDS`): the planner checks the settings the way the
command does (`soan.lab.study.study_runs`: the same loader as `--content`, so a
bad file is refused with the command's own words, naming the file as uploaded)
and counts the games; the runner gives the `soan` command line that does the
work, run as a child process at low priority, so the tables never wait for it.

The job's folder (beside the database, `<db>-lab/<id>/`) holds the content file,
the results files, the log and the reports. Its games are counted from the
results files there, and the command resumes from them: a server killed mid-study
starts the job again on start and only the games not yet saved are played.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import os
import re
import secrets
import shutil
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from soan.engine.core import SoanError
from soan.engine.registry import get_game
from soan.web.errors import NotFound, RequestError, TooMany
from soan.web.limits import Limits
from soan.web.manager import check_upload, safe_name

log = logging.getLogger("soan.web")

MAX_GAMES = 2_000  # games per run of a job from the browser
MAX_WAITING = 20  # jobs queued at once on one server process
REPORTS = {"en": "report.html", "ja": "report.ja.html"}
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
PR_SET_PDEATHSIG = 1  # prctl: the signal a child gets when its parent ends


@dataclass
class Job:
    id: str
    key: str  # the secret part of its private link
    kind: str
    settings: dict[str, Any]
    content_name: str | None
    created: float
    state: str = QUEUED
    error: str | None = None
    finished: float | None = None
    total: int = 0  # games in all (every run)
    players: int = 0
    files: list[str] = field(default_factory=list)  # results files, relative to `out`
    provenance: dict[str, Any] = field(default_factory=dict)
    started: float | None = None  # when this server process set it going
    done_at_start: int = 0  # games already played then


@dataclass(frozen=True)
class Plan:
    """What a job will do: its games, results files and provenance."""

    total: int
    players: int
    files: list[str]
    provenance: dict[str, Any]


def plan_study(settings: dict[str, Any], content: Path | None, out: Path) -> Plan:
    """A study's runs as `soan study` plans and checks them (a SoanError says what is
    wrong), each named for the page by its variant, changed rule numbers and file."""
    from soan.lab.study import plan_study as plan_runs
    from soan.lab.study import study_runs

    game = get_game(settings["game"])
    plan = plan_runs(game, settings["variant"], [], settings["options"], content)
    runs = study_runs(game, plan, settings["players"], settings["bots"], settings["seed"], out)
    names = [run.spec.variant + "".join(f" {k}={v}" for k, v in
                                        run.provenance["options_changed"].items())
             + ("" if run.provenance["content"]["shipped"] else
                f" + {run.provenance['content']['file']}")
             for run, _ in runs]
    first = runs[0][0].provenance
    return _plan(settings, first, first["players"], names, [file.name for _, file in runs])


def _plan(settings: dict[str, Any], first: dict[str, Any], players: int, names: list[str],
          files: list[str]) -> Plan:
    """A job's plan from its first run's provenance, its table size and its runs' names
    and results files."""
    provenance = {"soan_version": first["soan_version"], "game": first["game"],
                  "title": first["title"], "players": players, "bots": first["bots"],
                  "seed": settings["seed"], "runs": names}
    return Plan(settings["games"] * len(files), players, files, provenance)


def study_command(settings: dict[str, Any], content: Path | None, out: Path) -> list[str]:
    """`soan study` as the command line runs it, on one core."""
    words = ["study", settings["game"], "--out", str(out), "--variants", settings["variant"],
             "--games", str(settings["games"]), "--bots", settings["bots"],
             "--seed", str(settings["seed"]), "--jobs", "1"]
    if settings["players"]:
        words += ["--players", str(settings["players"])]
    for option in settings["options"]:
        words += ["--option", option]
    if content is not None:
        words += ["--content", str(content)]
    return words


def plan_review(settings: dict[str, Any], content: Path | None, out: Path) -> Plan:
    """A review's runs as `soan review` plans them: the draft as written and every
    proposal of the game's question file, on the shipped content."""
    from soan.lab.review.plan import plan_review as plan_runs
    from soan.lab.review.questions import load_questions, question_file
    from soan.lab.run.simulation import default_players, seat_specs

    if content is not None or settings["variant"] != "default" or settings["options"]:
        raise SoanError("a review plays the draft as written beside each proposal of the "
                        "designer's notes: start it without a variant, rule numbers or "
                        "content file (a study tries those)")
    game = get_game(settings["game"])
    seat_specs(game, settings["bots"], settings["players"])
    seats = settings["players"] or default_players(game)
    questions = load_questions(game, question_file(game), seats)
    plan = plan_runs(game.id, questions, settings["bots"], settings["seed"], out)
    return _plan(settings, plan.runs[0].run.provenance, seats,
                 [planned.file.stem for planned in plan.runs],
                 [planned.file.name for planned in plan.runs])


def review_command(settings: dict[str, Any], content: Path | None, out: Path) -> list[str]:
    """`soan review` as the command line runs it, on one core."""
    words = ["review", settings["game"], "--out", str(out), "--games", str(settings["games"]),
             "--bots", settings["bots"], "--seed", str(settings["seed"]), "--jobs", "1"]
    if settings["players"]:
        words += ["--players", str(settings["players"])]
    return words


@dataclass(frozen=True)
class Kind:
    plan: Callable[[dict[str, Any], Path | None, Path], Plan]
    command: Callable[[dict[str, Any], Path | None, Path], list[str]]
    pages: dict[str, str]  # the pages it writes, by language


KINDS = {"study": Kind(plan_study, study_command, REPORTS),
         "review": Kind(plan_review, review_command,
                        {"en": "review.html", "ja": "review.ja.html"})}


def check_settings(body: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """The settings of a new study, in the command line's words, or a RequestError. Its
    bots are built-in ones within the server's bounds, as at a table: a form never makes
    the server import code."""
    for spec in body["bots"].split(","):
        if spec.strip():
            limits.check_bot(spec.strip())
    games = body["games"]
    if not 1 <= games <= MAX_GAMES:
        raise RequestError(f"games: a study from the browser plays 1 to {MAX_GAMES} games "
                           f"per run, not {games}; run larger ones with soan study")
    options = []
    for key, value in body["options"].items():
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", key):
            raise RequestError(f"options: {key!r} is not a rule number's name")
        text = ",".join(str(v) for v in value) if isinstance(value, list) else str(value)
        options.append(f"{key}={text}")
    return {"game": body["game"], "variant": body["variant"], "options": options,
            "bots": body["bots"], "players": body["players"], "games": games,
            "seed": body["seed"]}


class Jobs:
    """This server process's jobs: kept in the store, run one at a time in the background."""

    def __init__(self, store: Any, folder: Path, owns: Callable[[str], bool],
                 new_id: Callable[[], str]) -> None:
        self.store, self.folder, self.owns, self.new_id = store, folder, owns, new_id
        self.jobs: dict[str, Job] = {}
        self.queue: asyncio.Queue[str] | None = None
        self._runner: asyncio.Task | None = None
        self._child: asyncio.subprocess.Process | None = None

    def start(self) -> None:
        """Take up this process's jobs: unfinished ones run again, from what they saved."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.queue = asyncio.Queue()
        for row in self.store.jobs():
            job = Job(**row)
            if not self.owns(job.id):
                continue
            self.jobs[job.id] = job
            if job.state in (QUEUED, RUNNING):
                job.state = QUEUED
                self.queue.put_nowait(job.id)
        self._runner = asyncio.get_running_loop().create_task(self._run_all())

    async def stop(self) -> None:
        if self._child is not None and self._child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._child.terminate()  # the command saves what it finished
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._child.wait(), 10)
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner

    # ---- new jobs -------------------------------------------------------------------------

    async def submit(self, kind: str, settings: dict[str, Any], content: str | None,
                     content_name: str) -> Job:
        """Check a job as its command would and queue it; nothing is kept if it is wrong."""
        assert self.queue is not None, "the server is not running"
        if kind not in KINDS:
            raise RequestError(f"kind: the lab runs {', '.join(KINDS)}, not {kind!r}")
        waiting = sum(job.state in (QUEUED, RUNNING) for job in self.jobs.values())
        if waiting >= MAX_WAITING:
            raise TooMany(f"{waiting} studies are waiting on this server, the most it keeps; "
                          "try again when one has finished", retry_after=60)
        job_id = self.new_id()
        folder = self.folder / job_id
        path = None
        safe = safe_name(content_name)
        try:
            if content is not None:
                check_upload(content, content_name)
                folder.mkdir(parents=True)
                path = folder / safe
                path.write_text(content, "utf-8")
            try:
                plan = await asyncio.to_thread(KINDS[kind].plan, settings, path,
                                               folder / "out")
            except SoanError as exc:
                text = str(exc) if path is None else str(exc).replace(str(path), content_name)
                raise RequestError(text) from None
        except Exception:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        job = Job(job_id, secrets.token_urlsafe(18), kind, settings,
                  safe if content is not None else None, time.time(), total=plan.total,
                  players=plan.players, files=plan.files, provenance=plan.provenance)
        await asyncio.wrap_future(self.store.add_job(self._row(job)))
        self.jobs[job.id] = job
        self.queue.put_nowait(job.id)
        return job

    # ---- finding and reading jobs -------------------------------------------------------

    def job(self, job_id: str, key: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None or not secrets.compare_digest(job.key, key):
            raise NotFound("there is no such study on this server: open it from the private "
                           "link you were given when it started")
        return job

    def done(self, job: Job) -> int:
        """Games saved so far, counted in the job's results files."""
        out = self.folder / job.id / "out"
        games = 0
        for name in job.files:
            finished = out / name
            if finished.is_file():
                games += _rows(finished) // job.players
                continue
            parts = out / f"{name}.parts"
            if parts.is_dir():
                games += sum(_rows(chunk) for chunk in parts.glob("*.parquet")) // job.players
        return min(games, job.total)

    def status(self, job: Job) -> dict[str, Any]:
        done = job.total if job.state == DONE else self.done(job)
        left = None
        if job.state == RUNNING and job.started is not None and job.total > done > \
                job.done_at_start:
            rate = (done - job.done_at_start) / (time.time() - job.started)
            left = round((job.total - done) / rate) if rate > 0 else None
        return {"job": job.id, "kind": job.kind, "state": job.state, "error": job.error,
                "created": job.created, "finished": job.finished, "games_done": done,
                "games": job.total, "seconds_left": left, "settings": job.settings,
                "content_name": job.content_name, "provenance": job.provenance,
                "reports": {lang: f"/lab/jobs/{job.id}/{job.key}/{name}"
                            for lang, name in KINDS[job.kind].pages.items()}
                if job.state == DONE else None}

    def report(self, job: Job, name: str) -> Path:
        pages = KINDS[job.kind].pages.values()
        if name not in pages:
            raise NotFound(f"a {job.kind}'s pages are {' and '.join(pages)}")
        path = self.folder / job.id / "out" / name
        if job.state != DONE or not path.is_file():
            raise NotFound(f"the {job.kind}'s pages are written when its games are done")
        return path

    # ---- running ------------------------------------------------------------------------

    async def _run_all(self) -> None:
        assert self.queue is not None
        while True:
            job = self.jobs[await self.queue.get()]
            try:
                await self._run(job)
            except (OSError, sqlite3.Error) as exc:  # the next job still runs
                log.exception("study %s could not run", job.id)
                job.state, job.error, job.finished = FAILED, f"the server failed: {exc}", \
                    time.time()
                with contextlib.suppress(sqlite3.Error):
                    await asyncio.wrap_future(self.store.set_job(job.id, FAILED, job.error,
                                                                 job.finished))

    async def _run(self, job: Job) -> None:
        folder = self.folder / job.id
        folder.mkdir(parents=True, exist_ok=True)
        content = folder / job.content_name if job.content_name else None
        words = KINDS[job.kind].command(job.settings, content, folder / "out")
        job.state, job.started, job.done_at_start = RUNNING, time.time(), self.done(job)
        await asyncio.wrap_future(self.store.set_job(job.id, RUNNING, None, None))
        with open(folder / "log.txt", "ab") as logged:
            self._child = await asyncio.create_subprocess_exec(
                sys.executable, "-c", "from soan.cli import app; app()", *words,
                stdin=asyncio.subprocess.DEVNULL, stdout=logged, stderr=logged,
                preexec_fn=_gently, env={**os.environ, "COLUMNS": "1000"})
            code = await self._child.wait()
        self._child = None
        if code < 0:  # stopped with the server: it runs again on start
            return
        if code == 0:
            job.state, job.error = DONE, None
        else:
            job.state, job.error = FAILED, _last_line(folder / "log.txt")
        job.finished = time.time()
        await asyncio.wrap_future(self.store.set_job(job.id, job.state, job.error,
                                                     job.finished))

    @staticmethod
    def _row(job: Job) -> dict[str, Any]:
        return {"id": job.id, "key": job.key, "kind": job.kind,
                "settings": json.dumps(job.settings), "content_name": job.content_name,
                "created": job.created, "state": job.state, "total": job.total,
                "players": job.players, "files": json.dumps(job.files),
                "provenance": json.dumps(job.provenance, ensure_ascii=False)}


def _gently() -> None:
    """The child runs at low priority (the tables come first) and ends with the server,
    however the server ends (Linux), so a restarted server never finds it still writing."""
    os.nice(10)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _rows(path: Path) -> int:
    try:
        return pq.read_metadata(path).num_rows
    except (OSError, ValueError):
        return 0  # being written


def _last_line(log_file: Path) -> str:
    """What the command said last: its one line on what was wrong."""
    try:
        lines = [line.strip() for line in log_file.read_text("utf-8", "replace").splitlines()]
    except OSError:
        return "the study stopped"
    said = [line for line in lines if line]
    return said[-1][:500] if said else "the study stopped"
