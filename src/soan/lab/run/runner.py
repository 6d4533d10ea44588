"""Playing many bot games and turning each into one row per seat.

Game i of a run uses seed S+i and seats the bots rotated by i mod N, so every
bot sits in every seat equally often and a game's rows depend only on the run
and i: never on how games are split into chunks, how many processes play them,
or on which machine. Workers import only the engine and bots (no pyarrow, no
rich), so they start fast.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import time
from collections import Counter
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import Any

from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import Game, SoanError, State, options_from_dict
from soan.engine.record import Record
from soan.engine.registry import get_game

MAX_CHUNK = 25  # games per chunk: fine progress, even shares at the end, little lost on Ctrl-C
POINTS_PREFIX = "pts_"
LOTTERY_KEY = "lottery:decided"  # the usage key a game notes when its lottery changed the winner
BACKENDS = ("local", "ray")

Row = dict[str, Any]


class LabError(SoanError):
    """A run that cannot start or continue, with what to do about it."""


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run's games (and so its identity for resuming)."""

    game_id: str
    variant: str
    options_json: str  # sorted-key JSON of the full Options
    content_path: str | None
    players: int
    bots: tuple[str, ...]  # one spec per seat, before rotation
    seed: int
    records_dir: str | None = None
    # "rotate": `bots` names one bot per seat, rotated one seat each game; "ladder": `bots`
    # is a pool of distinct bots, and each game draws its line-up (`ladder_lineup`)
    schedule: str = "rotate"
    timing: bool = False  # also record each seat's decisions and thinking time

    @property
    def options_hash(self) -> str:
        return hashlib.sha256(self.options_json.encode()).hexdigest()[:16]

    def identity(self, content_hash: str) -> dict[str, Any]:
        """What must match for a new command to continue an existing results file."""
        return {
            "game": self.game_id,
            "variant": self.variant,
            "options": json.loads(self.options_json),
            "content_hash": content_hash,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "soan_version": soan_version(),
            **({"schedule": self.schedule} if self.schedule != "rotate" else {}),
        }


@cache
def soan_version() -> str:
    """The installed soan's version, as every row and results file records it."""
    try:
        return version("soan")
    except PackageNotFoundError:
        return "unknown"


def seat_bots(bots: Sequence[str], index: int) -> list[str]:
    """The bot spec in each seat of game `index`: bot j sits in seat (j + index) mod N."""
    n = len(bots)
    shift = index % n
    return [bots[(seat - shift) % n] for seat in range(n)]


def ladder_blocks(pool: int, seats: int) -> list[tuple[int, ...]]:
    """The line-ups (bot numbers in seat order) a ladder plays, each for `seats` games in a
    row with the line-up rotated one seat per game, so within a block every bot of it sits
    in every seat once.

    With at least as many bots as seats, the blocks are every set of `seats` bots, so over
    all of them every bot meets every other equally often; they are ordered so that each
    prefix is as even as can be (the next block is the one whose bots and pairs have met
    least so far, ties to the first in order). With fewer bots than seats, bots repeat:
    block k seats bots k*N, k*N+1, ... of the pool cycled, so over `pool` blocks every bot
    fills the same number of seats."""
    if pool >= seats:
        left = [tuple(c) for c in combinations(range(pool), seats)]
        played: Counter[int] = Counter()
        met: Counter[tuple[int, int]] = Counter()
        blocks = []
        while left:
            best = min(left, key=lambda c: (sum(played[b] for b in c),
                                            sum(met[p] for p in combinations(c, 2))))
            left.remove(best)
            blocks.append(best)
            played.update(best)
            met.update(combinations(best, 2))
        return blocks
    return list(dict.fromkeys(tuple((k * seats + j) % pool for j in range(seats))
                              for k in range(pool)))


@cache
def _ladder_blocks(pool: int, seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(ladder_blocks(pool, seats))


def ladder_lineup(pool: Sequence[str], seats: int, index: int) -> list[str]:
    """The bots of ladder game `index`, in seat order: block index // N of
    `ladder_blocks`, rotated by index mod N; the blocks repeat in the same order."""
    blocks = _ladder_blocks(len(pool), seats)
    block = blocks[(index // seats) % len(blocks)]
    return seat_bots([pool[b] for b in block], index % seats)


def lineup(spec: RunSpec, index: int) -> list[str]:
    """The bot spec in each seat of game `index` of the run."""
    if spec.schedule == "ladder":
        return ladder_lineup(spec.bots, spec.players, index)
    return seat_bots(spec.bots, index)


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = best): winners first, then by score; ties share a place."""
    keys = [(seat in winners, score) for seat, score in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def win_shares(seats: int, winners: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners; 1/N for every seat when
    nobody wins (a draw, or a game stopped unfinished), so a fair game reads 1/N."""
    if not winners:
        return [1 / seats] * seats
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]


def turn_positions(seats: int, first: int) -> list[int]:
    """Each seat's place in turn order (1 = moves first), clockwise from `first`."""
    first = first if 0 <= first < seats else 0
    return [(seat - first) % seats + 1 for seat in range(seats)]


@dataclass
class _RunContext:
    """A worker's per-run setup, built once per process."""

    game: Game
    options: Any
    content: Any
    content_hash: str
    has_lottery: bool


@cache
def _context(spec: RunSpec) -> _RunContext:
    game = get_game(spec.game_id)
    content = game.load_content(spec.content_path)
    options = options_from_dict(game, json.loads(spec.options_json))
    keys = game.usage_keys(content, options)
    return _RunContext(game, options, content, game.content_hash(content), LOTTERY_KEY in keys)


class GameFailed(LabError):
    """A game that could not be played to its end (a bot failed), named by its index."""


def _play(state: State, specs: Sequence[str], seed: int,
          thinking: list[float] | None = None) -> list[Counter[str]]:
    """Play to the end (or the game's action limit); count each seat's actions by kind.
    With `thinking` (one number per seat), add to it the seconds each seat's bot takes
    to choose its actions."""
    bots = [make_bot(s) for s in specs]  # fresh bots: no memory carried between games
    rngs = bot_rngs(seed, len(specs))
    kinds: list[Counter[str]] = [Counter() for _ in specs]
    kind = state.game.presenter.action_kind
    clock = time.perf_counter
    while not state.over:
        seat = state.mover
        started = clock()
        action = choose(bots[seat], state, rngs[seat])
        if thinking is not None:
            thinking[seat] += clock() - started
        kinds[seat][kind(state, action)] += 1
        state.play(action)
    return kinds


def play_game(spec: RunSpec, index: int) -> list[Row]:
    """Play game `index` of the run and return its rows, one per seat."""
    ctx = _context(spec)
    seed = spec.seed + index
    specs = lineup(spec, index)
    state = ctx.game.new(spec.players, seed, ctx.options, ctx.content)
    thinking = [0.0] * spec.players if spec.timing else None
    started = time.perf_counter()
    try:
        kinds = _play(state, specs, seed, thinking)
    except Exception as exc:  # a bot's own code may raise anything: name the game
        raise GameFailed(
            f"game {index} (seed {seed}, bots {', '.join(specs)}) failed at action "
            f"{len(state.history) + 1}: {type(exc).__name__}: {exc}"
        ) from None
    seconds = time.perf_counter() - started
    if spec.records_dir is not None:
        path = Path(spec.records_dir) / f"{spec.game_id}-{spec.variant}-{index:06d}.json"
        try:
            Record.of(state, spec.variant, ctx.content_hash, specs, seed).save(path)
        except OSError as exc:
            raise LabError(f"cannot write the record {path}: {exc.strerror or exc}") from None
    rows = game_rows(spec, index, state, specs, kinds, seconds, ctx.content_hash,
                     ctx.has_lottery)
    if thinking is not None:
        for row, seat_kinds, think in zip(rows, kinds, thinking, strict=True):
            row["decisions"] = sum(seat_kinds.values())
            row["think_s"] = think
    return rows


def game_rows(
    spec: RunSpec, index: int, state: State, specs: Sequence[str],
    kinds: Sequence[Counter[str]], seconds: float, content_hash: str, has_lottery: bool,
) -> list[Row]:
    """The rows of a finished game, one per seat."""
    scores, winners, breakdown = state.scores(), state.winners(), state.breakdown()
    places = ranks(scores, winners)
    shares = win_shares(spec.players, winners)
    positions = turn_positions(spec.players, state.first_player)
    usage, firsts = state.usage(), state.firsts()
    common: Row = {
        "game": spec.game_id,
        "variant": spec.variant,
        "options": spec.options_json,
        "options_hash": spec.options_hash,
        "content_hash": content_hash,
        "soan_version": soan_version(),
        "players": spec.players,
        "game_index": index,
        "seed": spec.seed + index,
        "lineup": list(specs),
    }
    if has_lottery:
        common["lottery_decided"] = any(LOTTERY_KEY in seat_usage for seat_usage in usage)
    rows = []
    for seat, bot in enumerate(specs):
        row = {
            **common,
            "seat": seat + 1,
            "position": positions[seat],
            "faction": state.faction(seat),
            "bot": bot,
            "score": scores[seat],
            "rank": places[seat],
            "won": seat in winners,
            "win_share": shares[seat],
            "completed": not state.unfinished,
            "turns": state.turn(),
            "actions": len(state.history),
            "duration_s": seconds,
            "usage": usage[seat],
            "firsts": firsts[seat],
            "action_kinds": dict(sorted(kinds[seat].items())),
        }
        row.update({POINTS_PREFIX + source: points for source, points in breakdown[seat].items()})
        rows.append(row)
    return rows


def run_chunk(spec: RunSpec, indexes: Sequence[int]) -> list[Row]:
    """Play a chunk of games."""
    return [row for index in indexes for row in play_game(spec, index)]


def plan_chunks(pending: Sequence[int], jobs: int) -> list[list[int]]:
    """Split the games still to play into runs of consecutive indexes, a few per job."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(pending) / (max(jobs, 1) * 8))))
    chunks: list[list[int]] = []
    for index in sorted(pending):
        if chunks and len(chunks[-1]) < size and chunks[-1][-1] == index - 1:
            chunks[-1].append(index)
        else:
            chunks.append([index])
    return chunks


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run_chunks(
    spec: RunSpec, chunks: list[list[int]], jobs: int, backend: str, address: str | None
) -> Generator[list[Row], None, None]:
    """Each chunk's rows, in the order chunks finish. Close it to stop the workers."""
    if backend == "ray":
        yield from _ray_chunks(spec, chunks, jobs, address)
    elif jobs <= 1:
        for chunk in chunks:
            yield run_chunk(spec, chunk)
    else:
        yield from _pool_chunks(spec, chunks, jobs)


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which saves what is done and stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_chunk_args(args: tuple[RunSpec, list[int]]) -> list[Row]:
    return run_chunk(*args)


def _pool_chunks(spec: RunSpec, chunks: list[list[int]], jobs: int) -> Iterator[list[Row]]:
    import multiprocessing

    # spawn, not fork: the parent may hold threads (progress bar, Ray) that fork would copy
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(jobs, len(chunks)), initializer=_ignore_interrupt) as pool:
        yield from pool.imap_unordered(_run_chunk_args, [(spec, c) for c in chunks])


def import_ray() -> ModuleType:
    """Ray, an optional extra, or a message saying how to install it."""
    try:
        import ray
    except ImportError:
        raise LabError(
            "the Ray backend needs Ray, an optional extra: pip install 'soan[ray]'"
        ) from None
    return ray


NODE_RETRIES = 3  # how often a chunk is started again after its node or worker died


def _ray_chunks(
    spec: RunSpec, chunks: list[list[int]], jobs: int, address: str | None
) -> Iterator[list[Row]]:
    ray = import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, include_dashboard=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False)
    # SPREAD: chunks go to every node, not first to fill the driver's; a chunk whose node
    # dies is played again elsewhere (its games are deterministic by seed, so the rows
    # are the same), a chunk that fails in the game itself is not
    remote_chunk = ray.remote(run_chunk).options(
        scheduling_strategy="SPREAD", max_retries=NODE_RETRIES)
    pending = [remote_chunk.remote(spec, chunk) for chunk in chunks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
