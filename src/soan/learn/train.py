"""Self-play expert iteration: a value model per rule set, learned from games.

Generation 0 plays games with the heuristic in every seat (with a little exploration),
recording at sampled positions every seat's observation and, once the game ends, every
seat's target, seat-relative (the observing seat first): the game's default
(`FIT_DEFAULTS`: the win share, or what was measured to train better) or another of
`TARGETS` (`soan train --target`). A small multilayer
perceptron (scikit-learn's `MLPRegressor`) is fitted on these rows. Each next
generation plays with the best model so far (the learned bot: one-step lookahead on the
value, with exploration), adds its rows and refits; the new model is kept only if, on
paired seeds (the same seeds for every comparison, the tested seat rotated by game), it
wins more than the fair share plus a margin in games against the best so far. At the
end the kept model plays against each baseline (heuristic, random) on paired seeds, and
its win shares with 95% intervals go into the model card.

With `start` (`soan train --from`), generation 0 plays with a model trained for another
rule set of the same game (the rules as written, say, for a variant one option away)
instead of the heuristic, and every fitted model must beat it to be kept: a variant
starts from what the default rules taught.

Games are deterministic by seed; `jobs` processes play them (each game alone, so the
rows do not depend on how games are split). Training stops when the next generation
would overrun the budget in minutes, or after `generations`; a generation under way
when the budget runs out stops there and is not kept (generation 0 always finishes:
without it there is no model), so a run ends within a few chunks of games of its
budget, plus the games against the baselines.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from soan.bots import make_bot, random_bot
from soan.bots.base import Bot
from soan.bots.heuristic import heuristic_bot, lead
from soan.bots.learned import LearnedBot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import Game, SoanError, State, options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.lab.report.metrics import wilson_interval
from soan.learn.model import (
    Learned,
    ModelKey,
    NoModel,
    ValueModel,
    canonical_options,
    features,
    final_shares,
    judgement_size,
    soan_version,
)

MIN_SCALE = 0.25  # the smallest spread an input is standardised by
MAX_ROWS = 300_000  # the newest rows kept for fitting


# what `soan train` fits for a game unless told (`--target`, `--fits`), as measured in
# benchmarks/results/learn.md: in four-seat Populous a `win` model plays level with the
# heuristic, a `lead` model averaged over five fits beats it; elsewhere `win`, one fit
FIT_DEFAULTS: dict[str, tuple[str, int]] = {"populous": ("lead", 5)}


class TrainError(SoanError):
    """Training settings that cannot work."""


@dataclass
class TrainSpec:
    """Everything a training run needs. `content_path` is None for the shipped content."""

    game: Game
    seats: int
    options: Any
    content: Any
    content_path: str | None = None
    variant: str = "default"
    seed: int = 1
    minutes: float = 10.0
    games: int = 1000  # self-play games per generation: generation 0 needs many
    gate_games: int = 0  # games of each keep-or-not comparison (0: same as games)
    eval_games: int = 200  # games against each baseline at the end
    jobs: int = 1
    generations: int = 0  # stop after this many generations (0: only the budget stops)
    models: str | None = None
    hidden: tuple[int, ...] = (64, 64)
    alpha: float = 30.0  # L2 penalty of the perceptron (`fit`)
    sample: float = 0.1  # share of positions recorded
    explore: float = 0.1  # share of random actions in self-play
    margin: float = 0.02  # win share above fair a new model needs to be kept
    baselines: tuple[str, ...] = ("heuristic", "random")
    start: str | None = None  # a model folder to start from (`--from`): warm start
    target: str = ""  # what a finished game teaches (`TARGETS`; "": the game's default)
    fits: int = 0  # perceptrons fitted a generation and averaged (0: the game's default)
    player: str | None = None  # a bot spec to play generation 0 instead of the heuristic

    def __post_init__(self) -> None:
        target, fits = FIT_DEFAULTS.get(self.game.id, ("win", 1))
        self.target, self.fits = self.target or target, self.fits or fits

    def start_model(self) -> ValueModel | None:
        """The model training starts from, checked to read this rule set's features."""
        if self.start is None:
            return None
        try:
            model = ValueModel.load(Path(self.start))
            Learned(model, self.game.new(self.seats, 1, self.options, self.content))
        except NoModel as exc:
            raise TrainError(f"--from {self.start}: {exc}") from None
        return model

    def check(self) -> None:
        if self.game.encoder is None:
            raise TrainError(f"{self.game.id} has no encoder yet, so no model can read it")
        if not self.game.min_seats <= self.seats <= self.game.max_seats:
            raise TrainError(f"{self.game.title} is for {self.game.min_seats} to "
                             f"{self.game.max_seats} players, not {self.seats}")
        if self.minutes <= 0:
            raise TrainError(f"--minutes {self.minutes:g}: train for more than 0 minutes")
        if self.games < 2:
            raise TrainError(f"--games {self.games}: play at least 2 games a generation")
        if self.jobs < 1:
            raise TrainError(f"--jobs {self.jobs}: use at least 1 process")
        if self.eval_games < 0 or self.gate_games < 0 or self.generations < 0:
            raise TrainError("--eval-games, --gate-games and --generations are at least 0")
        if not 1 <= self.fits <= 16:
            raise TrainError(f"--fits {self.fits}: average 1 to 16 fits")
        if self.player:
            make_bot(self.player)  # a bad spec is refused here, not in every game process
        if self.target not in TARGETS:
            raise TrainError(f"--target {self.target}: one of {', '.join(TARGETS)}")
        if not 0 <= self.seed < 2**62:
            raise TrainError(f"--seed {self.seed}: a seed is a whole number from 0 to 2^62")

    @property
    def key(self) -> ModelKey:
        return ModelKey.of(self.game, self.seats, self.options, self.content)


@dataclass
class Strength:
    """A bot's win share in one seat against a baseline in the others."""

    against: str
    games: int
    share: float
    low: float
    high: float

    def text(self, seats: int) -> str:
        return (f"{self.share:.1%} ({self.low:.1%}-{self.high:.1%}) against {self.against}, "
                f"fair {1 / seats:.1%}, {self.games} games")


@dataclass
class TrainResult:
    model: ValueModel
    card_path: Path
    card: dict[str, Any]
    history: list[dict[str, Any]] = field(default_factory=list)


# ---- playing -----------------------------------------------------------------------------

win_shares = final_shares


def relative(values: Sequence[float], seat: int) -> list[float]:
    """`values` seen from `seat`: its own first, then the seats after it in order."""
    n = len(values)
    return [values[(seat + k) % n] for k in range(n)]


class Exploring:
    """A bot that plays a uniformly random action with probability `explore`."""

    def __init__(self, bot: Callable[[State, Rng], Any], explore: float) -> None:
        self.bot, self.explore = bot, explore

    def __call__(self, state: State, rng: Rng) -> Any:
        if self.explore and rng.below(1 << 20) < self.explore * (1 << 20):
            return rng.choice(state.legal())
        return self.bot(state, rng)


def policy(model: ValueModel | None, explore: float, player: str | None = None) -> Bot:
    """The self-play player: before any model the heuristic (or the bot `player`
    names), the learned bot after."""
    if model is None:
        return Exploring(make_bot(player) if player else heuristic_bot, explore)
    return LearnedBot(model=model, explore=explore)


def place_shares(state: State) -> list[float]:
    """Each seat's place in a finished game as a share: 1 for first, 0 for last, seats
    tied (on winning, then on score) sharing the places they span. Less noisy than the
    win alone: a close second and a distant last are told apart."""
    winners = set(state.winners())
    scores = state.scores()
    key = [(s in winners, scores[s]) for s in range(state.seats)]
    n = state.seats
    out = []
    for s in range(n):
        above = sum(k > key[s] for k in key)
        tied = sum(k == key[s] for k in key)
        out.append(1.0 - (above + (tied - 1) / 2) / max(1, n - 1))
    return out


def lead_shares(state: State) -> list[float]:
    """Each seat's final lead over the best other seat, squashed into 0..1:
    0.5 + 0.5 tanh(lead / scale), the scale a fifth of the table's mean score (plus 1),
    so a game's points are read alike whatever its scoring's size."""
    scores = [float(v) for v in state.scores()]
    scale = 0.2 * sum(abs(v) for v in scores) / len(scores) + 1.0
    return [0.5 + 0.5 * float(np.tanh(lead(scores, s) / scale)) for s in range(len(scores))]


def mixed_shares(state: State) -> list[float]:
    """The win share and the squashed lead, half each."""
    return [(w + v) / 2 for w, v in zip(win_shares(state), lead_shares(state), strict=True)]


# what a finished game teaches each seat (`--target`): all on the win share's 0..1 scale,
# so the value stays an expected win share to the bots and searches that read it
TARGETS: dict[str, Callable[[State], list[float]]] = {
    "win": win_shares, "place": place_shares, "lead": lead_shares, "mix": mixed_shares}


@dataclass(frozen=True)
class SelfPlay:
    """How self-play games are played and recorded, the same in every process."""

    explore: float  # share of random actions
    sample: float  # share of positions recorded
    targets: tuple[str, ...] = ("win",)  # what each row learns (`TARGETS`), in order
    player: str | None = None  # a bot spec for generation 0 instead of the heuristic


def self_play(game: Game, seats: int, options: Any, content: Any, seed: int,
              model: ValueModel | None, settings: SelfPlay
              ) -> tuple[np.ndarray, np.ndarray]:
    """One self-play game: (features, seat-relative targets), one row per seat at
    each sampled position, the columns `seats` a target (`TARGETS`) in the order of
    `settings.targets`. Features are read from the real state: the judgement part
    then knows a little more than a bot's re-dealt copy would, which only sharpens it."""
    state = game.new(seats, seed, options, content)
    bot = policy(model, settings.explore, settings.player)
    rngs = bot_rngs(seed, seats)
    picker = Rng(seed ^ 0x5EED_0F_50A17)
    observed: list[np.ndarray] = []
    def record() -> None:
        values = game.evaluator.evaluate(state)
        observed.extend(features(state, s, values) for s in range(seats))

    while not state.over:
        if picker.below(1 << 20) < settings.sample * (1 << 20):
            record()
        state.play(choose(bot, state, rngs[state.mover]))
    if not observed:  # at least the last position
        record()
    ends = [TARGETS[t](state) for t in settings.targets]
    rows = [[v for end in ends for v in relative(end, s)] for s in range(seats)]
    y = np.array(rows * (len(observed) // seats), dtype=np.float32)
    return np.stack(observed), y


def self_play_games(game: Game, seats: int, options: Any, content: Any, seeds: Sequence[int],
                    model: ValueModel | None, settings: SelfPlay
                    ) -> tuple[np.ndarray, np.ndarray]:
    """`self_play` of each seed, the rows of all of them."""
    parts = [self_play(game, seats, options, content, s, model, settings) for s in seeds]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def match(game: Game, seats: int, options: Any, content: Any, seeds: Sequence[int],
          tested: Callable, others: Callable, offset: int = 0) -> list[float]:
    """The tested bot's win share in each game: game i of the run (counted from
    `offset`, so chunks keep the whole run's rotation) seats it at seat i mod seats."""
    out = []
    for i, seed in enumerate(seeds, offset):
        seat = i % seats
        state = game.new(seats, seed, options, content)
        rngs = bot_rngs(seed, seats)
        while not state.over:
            mover = state.mover
            state.play(choose(tested if mover == seat else others, state, rngs[mover]))
        out.append(win_shares(state)[seat])
    return out


# ---- workers -------------------------------------------------------------------------------

_WORKER_GAMES: dict[tuple[str, str, str | None], tuple[Game, Any, Any]] = {}


def _worker_table(game_id: str, options_json: str, content_path: str | None
                  ) -> tuple[Game, Any, Any]:
    key = (game_id, options_json, content_path)
    if key not in _WORKER_GAMES:
        game = get_game(game_id)
        options = options_from_dict(game, json.loads(options_json))
        _WORKER_GAMES[key] = (game, options, game.load_content(content_path))
    return _WORKER_GAMES[key]


def _bot(name: str, model: ValueModel | None) -> Callable:
    if name == "learned":
        return LearnedBot(model=model)
    return {"heuristic": heuristic_bot, "random": random_bot}[name]


def _play_chunk(table: tuple[str, str, str | None], seats: int, seeds: list[int], _: int,
                model: ValueModel | None, settings: SelfPlay
                ) -> tuple[np.ndarray, np.ndarray]:
    game, options, content = _worker_table(*table)
    return self_play_games(game, seats, options, content, seeds, model, settings)


def _match_chunk(table: tuple[str, str, str | None], seats: int, seeds: list[int], offset: int,
                 tested: tuple[str, ValueModel | None], others: tuple[str, ValueModel | None]
                 ) -> list[float]:
    game, options, content = _worker_table(*table)
    return match(game, seats, options, content, seeds, _bot(*tested), _bot(*others), offset)


class OutOfTime(Exception):
    """The budget ran out before a generation's games were all played."""


class Players:
    """Plays games in this process (jobs=1, or a game not in the registry) or in a pool.
    Given a `deadline` (a `time.perf_counter()` reading), a batch of games stops at it
    with `OutOfTime` instead of overrunning the budget: the games are played in small
    chunks, so at most the chunks already under way finish after it."""

    def __init__(self, spec: TrainSpec) -> None:
        self.spec = spec
        self.table = (spec.game.id, canonical_options(spec.options), spec.content_path)
        self.pool = ProcessPoolExecutor(spec.jobs) if spec.jobs > 1 else None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)

    def _chunks(self, seeds: list[int]) -> list[tuple[int, list[int]]]:
        n = max(1, min(len(seeds), self.spec.jobs * 16))
        size = -(-len(seeds) // n)
        return [(i, seeds[i:i + size]) for i in range(0, len(seeds), size)]

    def _run(self, local: Callable[[list[int], int], Any], remote: Callable[..., Any],
             seeds: list[int], deadline: float | None) -> list[Any]:
        """The chunks of `seeds` played in order: `local(chunk, offset)` in this
        process, or `remote(chunk, offset)` (picklable) in the pool."""
        chunks = self._chunks(seeds)
        if self.pool is None:
            out = []
            for offset, chunk in chunks:
                if deadline is not None and time.perf_counter() > deadline:
                    raise OutOfTime
                out.append(local(chunk, offset))
            return out
        futures = [self.pool.submit(remote, chunk, offset) for offset, chunk in chunks]
        out = []
        for future in futures:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                out.append(future.result(timeout=left))
            except TimeoutError:
                for pending in futures:
                    pending.cancel()
                raise OutOfTime from None
        return out

    def self_play(self, seeds: list[int], model: ValueModel | None,
                  deadline: float | None = None, targets: Sequence[str] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """Rows of self-play games; `targets` (default: the spec's one) names the
        targets recorded, `seats` columns each."""
        spec = self.spec
        settings = SelfPlay(spec.explore, spec.sample, tuple(targets or (spec.target,)),
                            spec.player)

        def local(chunk: list[int], _: int) -> tuple[np.ndarray, np.ndarray]:
            return self_play_games(spec.game, spec.seats, spec.options, spec.content, chunk,
                                   model, settings)

        remote = partial(_play_chunk, self.table, spec.seats, model=model, settings=settings)
        parts = self._run(local, remote, seeds, deadline)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

    def match(self, seeds: list[int], tested: tuple[str, ValueModel | None],
              others: tuple[str, ValueModel | None], deadline: float | None = None
              ) -> list[float]:
        spec = self.spec

        def local(chunk: list[int], offset: int) -> list[float]:
            return match(spec.game, spec.seats, spec.options, spec.content, chunk,
                         _bot(*tested), _bot(*others), offset)

        remote = partial(_match_chunk, self.table, spec.seats, tested=tested, others=others)
        parts = self._run(local, remote, seeds, deadline)
        return [share for part in parts for share in part]


# ---- fitting ---------------------------------------------------------------------------------

def fit_base(z: np.ndarray, y: np.ndarray, ridge: float = 1.0
             ) -> tuple[np.ndarray, np.ndarray]:
    """The judgement recalibrated: a ridge regression of the outcomes `y` on the
    standardised judgement columns `z`, as (weights, bias)."""
    mean_y = y.mean(axis=0)
    gram = z.T @ z + ridge * np.eye(z.shape[1], dtype=z.dtype)
    w = np.linalg.solve(gram.astype(np.float64), (z.T @ (y - mean_y)).astype(np.float64))
    return w.astype(np.float32), mean_y.astype(np.float32)


def fit(x: np.ndarray, y: np.ndarray, hidden: tuple[int, ...], seed: int, judged: int,
        previous: Any = None, max_iter: int = 30, alpha: float = 30.0, members: int = 1
        ) -> tuple[ValueModel, float, Any]:
    """A value model fitted on 90% of the rows, its mean squared error on the rest, and
    the regressors. The last `judged` columns are the judgement: a linear base on them
    is fitted first, then the perceptron on what the base leaves (so a perceptron that
    learns nothing still plays the recalibrated judgement). With the `previous`
    (regressors, mean, scale) the fit starts from their weights and standardisation and
    runs a third of the epochs, as many fits as they are. `alpha` is the perceptron's L2
    penalty: strong, since outcomes are noisy and a small error between two moves'
    results decides the move. `members` > 1 (without `previous`) fits that many
    perceptrons, each on a bootstrap sample of the rows from its own start, and plays
    their average (`ValueModel.averaged`): a single fit's moves depend on its start and
    its rows, and the average cuts that variance."""
    import copy
    import warnings

    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPRegressor

    order = np.random.default_rng(seed).permutation(len(x))
    cut = max(1, len(x) // 10) if len(x) >= 20 else 0
    held, used = order[:cut], order[cut:]
    # about 1,000 gradient steps at least: many epochs over few rows, few over many
    max_iter = int(np.clip(256_000 / max(1, len(used)), max_iter, 300))
    z = x[used]  # a copy, standardised in place below: rows are many and wide
    if previous is None:
        mean = z.mean(axis=0)
        # a rare flag's tiny spread would blow it up to dozens of units when it is set,
        # and one flag would then outweigh the whole position: spreads are floored
        scale = np.maximum(z.std(axis=0), MIN_SCALE)
        regressors = [MLPRegressor(hidden_layer_sizes=hidden, activation="relu", alpha=alpha,
                                   batch_size=min(256, len(used)), learning_rate_init=1e-3,
                                   max_iter=max_iter, random_state=(seed + 7_919 * k) % 2**32,
                                   early_stopping=len(used) >= 200, validation_fraction=0.1,
                                   n_iter_no_change=4, tol=1e-5)
                      for k in range(members)]
    else:
        regressors, mean, scale = copy.deepcopy(previous[0]), previous[1], previous[2]
        for regressor in regressors:
            regressor.set_params(warm_start=True, max_iter=max(3, max_iter // 3),
                                 batch_size=min(256, len(used)))
    z -= mean
    z /= scale
    base = fit_base(z[:, -judged:], y[used]) if judged else None
    rest = y[used] - (z[:, -judged:] @ base[0] + base[1]) if base is not None else y[used]
    fitted = []
    for k, regressor in enumerate(regressors):
        rows = (slice(None) if len(regressors) == 1 else
                np.random.default_rng([seed, k]).integers(0, len(used), len(used)))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            regressor.fit(z[rows], rest[rows])
        fitted.append(ValueModel.from_sklearn(regressor, mean, scale, base=base))
    model = fitted[0] if len(fitted) == 1 else ValueModel.averaged(fitted)
    check = held if cut else used
    loss = float(np.mean((model.predict(x[check]) - y[check]) ** 2))
    return model, loss, (regressors, mean, scale)


def strength(against: str, shares: list[float]) -> Strength:
    low, high = wilson_interval(sum(shares), len(shares))
    share = sum(shares) / len(shares) if shares else 0.0
    return Strength(against, len(shares), share, low, high)


# ---- the run ---------------------------------------------------------------------------------

Progress = Callable[[dict[str, Any]], None]


def train(spec: TrainSpec, progress: Progress | None = None) -> TrainResult:
    """Train a value model for `spec`'s rule set and save it with its model card."""
    spec.check()
    report = progress or (lambda _: None)
    started = time.perf_counter()
    deadline = started + spec.minutes * 60
    fair = 1.0 / spec.seats
    gate_games = spec.gate_games or spec.games
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    best: ValueModel | None = spec.start_model()
    previous: Any = None  # the kept regressors and their standardisation: the next fit starts there
    history: list[dict[str, Any]] = []
    next_seed = spec.seed * 1_000_003 % 2**62
    players = Players(spec)
    state: dict[str, Any] = {"generation": 0, "games": 0, "loss": None, "strength": None,
                             "phase": "self-play", "elapsed": 0.0, "budget": spec.minutes * 60}
    try:
        generation = 0
        while True:
            generation_start = time.perf_counter()
            state.update(generation=generation, phase="self-play",
                         elapsed=generation_start - started)
            report(state)
            seeds = list(range(next_seed, next_seed + spec.games))
            next_seed += spec.games
            try:  # generation 0 always finishes: without it there is no model
                x, y = players.self_play(seeds, best, None if best is None else deadline)
            except OutOfTime:
                history.append({"generation": generation, "stopped": "budget spent in self-play"})
                break
            xs.append(x)
            ys.append(y)
            state["games"] += spec.games
            rows_x, rows_y = np.concatenate(xs), np.concatenate(ys)
            if len(rows_x) > MAX_ROWS:
                rows_x, rows_y = rows_x[-MAX_ROWS:], rows_y[-MAX_ROWS:]
            xs, ys = [rows_x], [rows_y]  # the generations' rows held once, not twice
            state.update(phase="fitting", elapsed=time.perf_counter() - started)
            report(state)
            candidate, loss, fitted = fit(rows_x, rows_y, spec.hidden, spec.seed + generation,
                                          judgement_size(spec.seats), previous,
                                          alpha=spec.alpha, members=spec.fits)
            record: dict[str, Any] = {"generation": generation, "rows": len(rows_x),
                                      "loss": round(loss, 5)}
            if best is None:
                best, kept = candidate, True
            else:
                state.update(phase="gating", elapsed=time.perf_counter() - started)
                report(state)
                gate_seeds = list(range(next_seed, next_seed + gate_games))
                next_seed += gate_games
                try:
                    shares = players.match(gate_seeds, ("learned", candidate), ("learned", best),
                                           deadline)
                except OutOfTime:
                    history.append({**record, "kept": False,
                                    "stopped": "budget spent in gating"})
                    break
                gate = strength("the best so far", shares)
                kept = gate.share > fair + spec.margin
                record["against_best"] = {"share": round(gate.share, 4),
                                          "low": round(gate.low, 4), "high": round(gate.high, 4),
                                          "games": gate.games}
                state["strength"] = f"{gate.share:.0%} vs best"
                if kept:
                    best = candidate
            if kept:
                previous = fitted
            record["kept"] = kept
            record["seconds"] = round(time.perf_counter() - generation_start, 1)
            history.append(record)
            state.update(loss=loss, elapsed=time.perf_counter() - started)
            report(state)
            generation += 1
            took = time.perf_counter() - generation_start
            if spec.generations and generation >= spec.generations:
                break
            if time.perf_counter() + took > deadline:
                break
        assert best is not None
        state.update(phase="measuring", elapsed=time.perf_counter() - started)
        report(state)
        strengths = []
        eval_seeds = list(range(spec.seed * 7_919 % 2**61 + 2**61, spec.seed * 7_919 % 2**61
                                + 2**61 + spec.eval_games))
        for baseline in spec.baselines if spec.eval_games else ():
            shares = players.match(eval_seeds, ("learned", best), (baseline, None))
            strengths.append(strength(baseline, shares))
            state["strength"] = f"{strengths[-1].share:.0%} vs {baseline}"
            report(state)
    finally:
        players.close()
    seconds = time.perf_counter() - started
    fitted_runs = [h for h in history if "loss" in h]  # a generation cut by the budget has none
    key = spec.key
    card = {
        "what": f"learned value for {spec.game.title} at {spec.seats} seats",
        "key": key.fields(),
        "variant": spec.variant,
        "content_path": spec.content_path,
        "soan_version": soan_version(),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "rows": int(sum(len(x) for x in xs)),
        "games": state["games"],
        "generations": len(fitted_runs),
        "kept_generations": [h["generation"] for h in history if h.get("kept")],
        "training_seconds": round(seconds, 1),
        "jobs": spec.jobs,
        "seed": spec.seed,
        "inputs": int(best.inputs),
        "features": "observation, then every seat's evaluation and lead (seat-relative)",
        "target": spec.target,
        "hidden": list(spec.hidden),
        "fits": spec.fits,
        "player": spec.player or "heuristic",
        "loss": fitted_runs[-1]["loss"],
        "fair_share": round(fair, 4),
        "strength": [{"against": s.against, "games": s.games, "share": round(s.share, 4),
                      "low": round(s.low, 4), "high": round(s.high, 4)} for s in strengths],
        "history": history,
        "started_from": spec.start,
        "library": "scikit-learn MLPRegressor (fit); NumPy (play)",
    }
    best.card = card
    card_path = best.save(key.path(spec.models))
    return TrainResult(best, card_path, card, history)
