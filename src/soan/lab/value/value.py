"""What each content item is worth, by restricted play.

For an item X (a card, a race, an action card, a grace card: any usage key an
action can add), game i is played twice on the same seed S+i: once with the same
bot in every seat (the baseline), once with the bot in seat i mod N forbidden X
(or forced to use X whenever it can). Everything else is equal, so the change in
that seat's win share is caused by the restriction: the item's worth. Games stay
identical until X matters, so the paired differences are small where X rarely
counts and the interval is sharp.

Worth is the baseline win rate minus the forbidden one (positive: the item
helps its holder); the forced change is the forced win rate minus the baseline
(positive: using it more would help). A win share is 1/k to each of k winners,
and 1/N to every seat of a game without a winner, so a fair game reads 1/N.
"""

from __future__ import annotations

import hashlib
import json
import re
import signal
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.bots.restricted import FORBID, FORCE, MODES, Restricted
from soan.engine.core import Game, State, options_from_dict
from soan.engine.registry import get_game
from soan.lab.report.metrics import Estimate, family_factor, mean, proportion
from soan.lab.run.runner import LabError, Row, plan_chunks

if TYPE_CHECKING:
    from soan.lab.run.store import ResultStore

GAME_BREAKING = 0.15  # a worth beyond +15 points of win rate breaks the game
DEFAULT_GAMES = 400
BASELINE = "baseline"


@dataclass(frozen=True)
class Plan:
    """What decides a study's games besides the item: game, rules, content, table,
    bot and seeds. Game i uses seed `seed` + i; the restricted seat is i mod N."""

    game_id: str
    variant: str
    options_json: str  # sorted-key JSON of the full Options
    content_path: str | None
    players: int
    bot: str
    seed: int

    def identity(self, content_hash: str, item: str, mode: str) -> dict[str, Any]:
        """What must match for a command to continue a run already on disk."""
        return {
            "game": self.game_id, "variant": self.variant,
            "options": json.loads(self.options_json), "content_hash": content_hash,
            "players": self.players, "bot": self.bot, "seed": self.seed,
            "item": item, "mode": mode,
        }


@dataclass
class _Context:
    game: Game
    options: Any
    content: Any


@cache
def _context(game_id: str, options_json: str, content_path: str | None) -> _Context:
    game = get_game(game_id)
    return _Context(game, options_from_dict(game, json.loads(options_json)),
                    game.load_content(content_path))


def win_shares(state: State) -> list[float]:
    """1/k to each of k winners; 1/N to every seat when nobody wins (a draw, or a
    game stopped unfinished), so a fair game reads exactly 1/N."""
    winners = state.winners()
    if not winners:
        return [1 / state.seats] * state.seats
    return [1 / len(winners) if s in winners else 0.0 for s in range(state.seats)]


def play(plan: Plan, index: int, item: str = "", mode: str = FORBID) -> list[Row]:
    """Game `index` of the plan: every seat's row for a baseline game (no `item`), the
    restricted seat's row otherwise. A baseline row also lists every usage key some
    legal action offered the seat: what a seat could have used, and so what can be
    restricted."""
    ctx = _context(plan.game_id, plan.options_json, plan.content_path)
    seed, n = plan.seed + index, plan.players
    focal = index % n
    bots = [make_bot(plan.bot) for _ in range(n)]
    if item:
        bots[focal] = Restricted(bots[focal], (item,), mode)
    state = ctx.game.new(n, seed, ctx.options, ctx.content)
    rngs = bot_rngs(seed, n)
    offered: list[set[str]] = [set() for _ in range(n)]
    while not state.over:
        seat = state.mover
        if not item:
            for action in state.legal():
                offered[seat].update(state.uses(action))
        state.play(choose(bots[seat], state, rngs[seat]))
    shares, scores, usage = win_shares(state), state.scores(), state.usage()
    first = state.first_player
    rows = []
    for seat in ([focal] if item else range(n)):
        row: Row = {
            "game_index": index, "seed": seed, "seat": seat + 1,
            "position": (seat - first) % n + 1, "faction": state.faction(seat) or "",
            "win_share": shares[seat], "score": scores[seat], "turns": state.turn(),
            "completed": not state.unfinished,
        }
        if item:
            row["used"] = usage[seat].get(item, 0)
        else:
            row["usage"] = json.dumps(usage[seat], ensure_ascii=False, sort_keys=True)
            row["offered"] = json.dumps(sorted(offered[seat]), ensure_ascii=False)
        rows.append(row)
    return rows


def play_chunk(plan: Plan, item: str, mode: str, indexes: Sequence[int]) -> list[Row]:
    return [row for index in indexes for row in play(plan, index, item, mode)]


def _play_chunk_args(args: tuple) -> list[Row]:
    return play_chunk(*args)


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which keeps what is done and stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Workers:
    """Runs tasks here (one job) or in a pool of `jobs` processes kept for the whole
    command; results come back as they finish."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise LabError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Workers:
        if self.jobs > 1:
            import multiprocessing

            # spawn, not fork: the parent holds threads (the progress bar) that fork would copy
            self._pool = ProcessPoolExecutor(
                self.jobs, mp_context=multiprocessing.get_context("spawn"),
                initializer=_ignore_interrupt,
            )
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=exc[0] is None, cancel_futures=True)
            self._pool = None

    def run(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
        """(task, result) pairs in the order the tasks finish."""
        if self._pool is None:
            for task in tasks:
                yield task, fn(task)
            return
        futures: dict[Future, Any] = {self._pool.submit(fn, t): t for t in tasks}
        try:
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in done:
                    yield futures.pop(future), future.result()
        finally:
            for future in futures:
                future.cancel()


def play_games(
    plan: Plan, games: int, workers: Workers, item: str = "", mode: str = FORBID,
    on_chunk: Callable[[int], None] | None = None,
) -> list[Row]:
    """Every row of games 0..games-1, in game order (no files: for tuning trials)."""
    chunks = plan_chunks(range(games), workers.jobs)
    rows: list[Row] = []
    for _, chunk_rows in workers.run(_play_chunk_args, [(plan, item, mode, c) for c in chunks]):
        rows += chunk_rows
        if on_chunk:
            on_chunk(len({r["game_index"] for r in chunk_rows}))
    rows.sort(key=lambda r: (r["game_index"], r["seat"]))
    return rows


# ---- figures ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Worth:
    """One item under one restriction, against the baseline on the same seeds."""

    item: str
    mode: str  # forbid or force
    games: int
    change: Estimate  # restricted win rate minus baseline, paired by game
    score_change: Estimate  # the same for the score
    baseline_rate: float  # the restricted seat's baseline win rate over these games
    offered: float  # share of baseline seat-games in which some legal action used it
    used: Estimate  # share of baseline seat-games that used it
    uses: float  # mean uses per baseline seat-game
    restricted_used: float  # share of restricted games in which the seat used it
    offered_change: Estimate  # the change over the games in which the seat was offered it
    flags: tuple[str, ...] = ()
    family: float = 1.0  # how much wider `family_worth` is than the 95% interval

    @property
    def family_worth(self) -> Estimate:
        """The worth with its interval widened for every comparison on the page: what a
        flag needs to exclude, so that luck alone rarely flags anything."""
        return self.worth.widened(self.family)

    @property
    def worth(self) -> Estimate:
        """The win rate the item is worth: lost when forbidden, gained when forced."""
        return self._signed(self.change)

    @property
    def worth_when_offered(self) -> Estimate:
        """The same over the games in which the restricted seat could have used it: what
        the item is worth when it is there to take (elsewhere the twins are identical)."""
        return self._signed(self.offered_change)

    def _signed(self, c: Estimate) -> Estimate:
        return Estimate(0.0 - c.value, 0.0 - c.high, 0.0 - c.low) if self.mode == FORBID else c


def seat_usage(rows: Sequence[Row]) -> list[dict[str, int]]:
    """The usage map of each baseline row."""
    return [json.loads(r["usage"]) for r in rows]


def offered_keys(rows: Sequence[Row]) -> set[str]:
    """Every usage key some legal action offered some seat in the baseline games."""
    return {key for r in rows for key in json.loads(r["offered"])}


def worth(item: str, mode: str, baseline: Sequence[Row], restricted: Sequence[Row]) -> Worth:
    """The paired figures of one restricted run against the baseline rows."""
    base = {(r["game_index"], r["seat"]): r for r in baseline}
    pairs = [(base[r["game_index"], r["seat"]], r) for r in restricted
             if (r["game_index"], r["seat"]) in base]
    if not pairs:
        raise LabError(f"no baseline games to compare the {mode} run of {item} with")
    usages = seat_usage(baseline)
    offered = sum(1 for r in baseline if item in json.loads(r["offered"]))
    there = [r["win_share"] - b["win_share"] for b, r in pairs if item in json.loads(b["offered"])]
    return Worth(
        item=item, mode=mode, games=len(pairs),
        change=mean([r["win_share"] - b["win_share"] for b, r in pairs]),
        score_change=mean([r["score"] - b["score"] for b, r in pairs]),
        baseline_rate=sum(b["win_share"] for b, _ in pairs) / len(pairs),
        offered=offered / len(baseline),
        used=proportion(sum(1 for u in usages if u.get(item, 0)), len(usages)),
        uses=sum(u.get(item, 0) for u in usages) / len(usages),
        restricted_used=sum(1 for _, r in pairs if r["used"]) / len(pairs),
        offered_change=mean(there) if there else Estimate(0.0, 0.0, 0.0),
    )


def flags(forbid: Worth | None, force: Worth | None) -> tuple[str, ...]:
    """Plain flags for one item: game-breaking, never used or not worth using, and
    an item the bot does better without (its evaluation misjudges it)."""
    runs = [w for w in (forbid, force) if w is not None]
    out = []
    if max(w.worth.value for w in runs) > GAME_BREAKING:
        out.append("game-breaking")
    if runs[0].used.value == 0:
        out.append("never used")
    elif forbid and force and forbid.worth.low <= 0 and force.family_worth.high < 0:
        out.append("not worth using")
    if forbid and forbid.used.value and forbid.family_worth.high < 0:
        out.append("the bot does better without it")
    return tuple(out)


def worth_table(baseline: Sequence[Row], runs: Mapping[tuple[str, str], Sequence[Row]]
                ) -> list[Worth]:
    """Every item's figures with its flags, the most valuable first (by worth when
    forbidden, else when forced)."""
    by_item: dict[str, dict[str, Worth]] = defaultdict(dict)
    family = family_factor(len(runs))
    for (item, mode), rows in runs.items():
        by_item[item][mode] = replace(worth(item, mode, baseline, rows), family=family)
    table = []
    for item_runs in by_item.values():
        marks = flags(item_runs.get(FORBID), item_runs.get(FORCE))
        table += [replace(w, flags=marks) for w in item_runs.values()]

    def rank(w: Worth) -> tuple:
        first = by_item[w.item].get(FORBID) or by_item[w.item][FORCE]
        return (-first.worth.value, w.item, MODES.index(w.mode))

    return sorted(table, key=rank)


def write_atomically(path: Path, text: str) -> None:
    """Write a text file so that a reader sees the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, "utf-8")
    tmp.replace(path)



# ---- a whole study on disk ----------------------------------------------------------------

def run_file(out: Path, item: str, mode: str) -> Path:
    """The results file of one run: readable, file-system safe and unique."""
    if not item:
        return out / "runs" / f"{BASELINE}.parquet"
    digest = hashlib.sha256(item.encode()).hexdigest()[:6]
    slug = re.sub(r"[^\w.-]+", "_", item).strip("_")
    return out / "runs" / f"{mode}-{slug}-{digest}.parquet"


@dataclass
class Study:
    """The runs of a value study in folder `out`: a baseline, then each item under each
    mode. Finished chunks are saved at once; the same command resumes, a larger
    `games` extends, other settings on the same folder are refused."""

    plan: Plan
    content_hash: str
    out: Path
    games: int

    def _store(self, item: str, mode: str) -> ResultStore:
        from soan.lab.run.store import ResultStore

        path = run_file(self.out, item, mode)
        path.parent.mkdir(parents=True, exist_ok=True)
        return ResultStore(path, self.plan.identity(self.content_hash, item or BASELINE, mode))

    def missing(self, runs: Sequence[tuple[str, str]]) -> int:
        """How many games the runs still need."""
        return sum(self.games - len(self._done(self._store(*run))) for run in runs)

    def _done(self, store: ResultStore) -> set[int]:
        return {i for i in store.done() if i < self.games}

    def play(self, runs: Sequence[tuple[str, str]], workers: Workers,
             advance: Callable[[int], None] = lambda n: None) -> None:
        """Play what the runs miss, saving each finished chunk at once; merge each run."""
        stores = {run: self._store(*run) for run in runs}
        tasks = []
        for (item, mode), store in stores.items():
            done = self._done(store)
            pending = [i for i in range(self.games) if i not in done]
            tasks += [(self.plan, item, mode, chunk)
                      for chunk in plan_chunks(pending, workers.jobs)]
        for (_, item, mode, chunk), rows in workers.run(_play_chunk_args, tasks):
            stores[item, mode].save_chunk(rows)
            advance(len(chunk))
        for store in stores.values():
            if store.has_unmerged_chunks():
                store.merge()

    def rows(self, item: str = "", mode: str = "") -> list[Row]:
        """A finished run's rows for games 0..games-1."""
        import pyarrow.parquet as pq

        table = pq.read_table(run_file(self.out, item, mode)).to_pylist()
        return [r for r in table if r["game_index"] < self.games]

    def table(self, items: Sequence[str], modes: Sequence[str]) -> list[Worth]:
        runs = {(item, mode): self.rows(item, mode) for item in items for mode in modes}
        return worth_table(self.rows(), runs)
