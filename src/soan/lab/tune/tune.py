"""Tuning rule numbers and content values toward a designer's targets, with Optuna.

`--param` names what may change: an `Options` field (``hand_limit=6..10``) or a
content value by path (``deck.テレビ塔.cost=3..6``, see `tune_content`), with a
range ``LO..HI`` or choices ``a,b,c``. `--target` names what the designer wants:

- ``position``: every turn position's win rate near fair (the figure is the
  largest gap from 1/N); ``position=..0.05`` is met within 5 points;
- ``faction``: every faction's (race's) win rate near fair, the same way;
- ``length=10..12``: the mean number of turns;
- ``worth:ITEM=LO..HI``: an item's worth by restricted play (`soan value`);
- ``used:ITEM=LO..HI``: the share of seat-games that use an item;
- any of them weighted, ``3*position``; several targets add up.

A target with a range adds how far its figure lies outside it (win rates in
fractions, 0.01 a point; length in turns / 10, so a turn off weighs 10 points);
a balance target without one adds its gap. Over several table sizes a target
counts its worst size. Every trial plays the same seeds (common random numbers,
so trials differ by their values, not by luck), Optuna's TPE sampler proposes
the next values, the study lives in SQLite and resumes, and the best values are
measured again on fresh seeds before they are reported.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from soan.bots.restricted import FORBID
from soan.engine.content import ContentError
from soan.engine.core import Game, SoanError, options_to_dict
from soan.lab.report.metrics import Estimate, mean, proportion, win_rate
from soan.lab.run.runner import LabError, Row
from soan.lab.tune import content as tc
from soan.lab.value.value import Plan, Workers, play_games, seat_usage, worth, write_atomically

KINDS = ("position", "faction", "length", "worth", "used")
LENGTH_SCALE = 10.0  # turns outside a length range, per point of loss
CHECK_SEED_OFFSET = 1_000_000  # the best values are measured again on these fresh seeds


# ---- what may change ----------------------------------------------------------------------

@dataclass(frozen=True)
class Param:
    """One value the search may change: an Options field or a content path."""

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    path: tc.ContentPath | None = None  # None: an Options field

    def suggest(self, trial: Any) -> Any:
        if self.choices:
            return trial.suggest_categorical(self.name, list(self.choices))
        return trial.suggest_int(self.name, self.low, self.high)

    def admits(self, value: Any) -> bool:
        if self.choices:
            return value in self.choices
        return type(value) is int and self.low <= value <= self.high  # type: ignore[operator]

    @property
    def span(self) -> str:
        return ",".join(map(word, self.choices)) if self.choices else f"{self.low}..{self.high}"


def word(value: Any) -> str:
    """A value as typed on the command line (booleans in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _scalar(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def parse_param(text: str, game: Game, raw: tc.Raw) -> Param:
    """``NAME=LO..HI`` or ``NAME=a,b,c``; NAME an Options field or a content path."""
    name, eq, span = text.partition("=")
    name, span = name.strip(), span.strip()
    if not eq or not name or not span:
        raise LabError(f"--param takes NAME=LO..HI or NAME=a,b,c, not {text!r}")
    low = high = None
    choices: tuple[Any, ...] = ()
    if ".." in span:
        a, _, b = span.partition("..")
        try:
            low, high = int(a), int(b)
        except ValueError:
            raise LabError(f"--param {text}: a range is two whole numbers LO..HI") from None
        if low > high:
            raise LabError(f"--param {text}: the range is empty")
    else:
        choices = tuple(_scalar(w.strip()) for w in span.split(",") if w.strip())
    fields = {f.name: f for f in dataclasses.fields(game.Options)}
    if name in fields:
        meta = fields[name].metadata
        limits = (meta.get("low"), meta.get("high"))
        if low is not None and (
            (limits[0] is not None and low < limits[0])
            or (limits[1] is not None and high > limits[1])
        ):
            raise LabError(f"--param {text}: {name} takes {limits[0]}..{limits[1]}")
        return Param(name, low, high, choices)
    if "." not in name and name not in raw:
        raise LabError(f"--param {text}: {name} is neither an option of {game.id} "
                       f"({', '.join(fields)}) nor a value of its content")
    return Param(name, low, high, choices, tc.parse_path(name, raw))


# ---- what the designer wants -------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    text: str
    kind: str
    item: str = ""
    low: float | None = None
    high: float | None = None
    weight: float = 1.0

    def loss(self, figure: float) -> float:
        """How far the figure misses the target (0 when met)."""
        if self.low is None and self.high is None:
            return figure
        below = self.low - figure if self.low is not None else 0.0
        above = figure - self.high if self.high is not None else 0.0
        miss = max(below, above, 0.0)
        return miss / LENGTH_SCALE if self.kind == "length" else miss


_TARGET = re.compile(r"^(?:(?P<weight>[0-9.]+)\*)?(?P<kind>[a-z]+)(?::(?P<item>[^=]+))?"
                     r"(?:=(?P<low>-?[0-9.]*)\.\.(?P<high>-?[0-9.]*))?$")


def parse_target(text: str, keys: Sequence[str]) -> Target:
    """``[WEIGHT*]KIND[:ITEM][=LO..HI]``, such as ``2*position`` or
    ``worth:built:テレビ塔=0.05..0.15``."""
    m = _TARGET.match(text.strip())
    if not m or m["kind"] not in KINDS:
        raise LabError(f"--target {text!r}: write [WEIGHT*]KIND[:ITEM][=LO..HI] with KIND one "
                       f"of {', '.join(KINDS)}, such as position, length=10..12 or "
                       "worth:built:公園=0.02..0.15")
    kind, item = m["kind"], (m["item"] or "").strip()
    if (kind in ("worth", "used")) != bool(item):
        raise LabError(f"--target {text!r}: worth and used name an item (worth:ITEM=LO..HI); "
                       "the others name none")
    if item and item not in keys:
        raise LabError(f"--target {text!r}: no item {item!r}; items: {', '.join(keys)}")
    try:
        low = float(m["low"]) if m["low"] else None
        high = float(m["high"]) if m["high"] else None
        weight = float(m["weight"]) if m["weight"] else 1.0
    except ValueError:
        raise LabError(f"--target {text!r}: bounds and weight are numbers") from None
    if kind in ("length", "worth", "used") and low is None and high is None:
        raise LabError(f"--target {text!r}: {kind} needs a range, such as {kind}"
                       f"{':' + item if item else ''}=LO..HI")
    return Target(text.strip(), kind, item, low, high, weight)


# ---- measuring -------------------------------------------------------------------------------

@dataclass
class SizeFigures:
    """What one table size shows: win rate by turn position and by faction, length,
    items' use and worth."""

    players: int
    games: int
    positions: list[Estimate]
    factions: dict[str, Estimate]
    length: Estimate
    used: dict[str, Estimate] = field(default_factory=dict)
    worth: dict[str, Estimate] = field(default_factory=dict)

    @property
    def fair(self) -> float:
        return 1 / self.players

    def figure(self, target: Target) -> float:
        if target.kind == "position":
            return max(abs(r.value - self.fair) for r in self.positions)
        if target.kind == "faction":
            return max((abs(r.value - self.fair) for r in self.factions.values()), default=0.0)
        if target.kind == "length":
            return self.length.value
        return (self.worth if target.kind == "worth" else self.used)[target.item].value

    def describe(self, target: Target) -> str:
        """The figure with the rates it comes from, each with its 95% interval."""
        n = f"{self.players} players"
        if target.kind == "position":
            rates = ", ".join(f"{k + 1}: {_rate(r)}" for k, r in enumerate(self.positions))
            return f"{n}: largest gap {100 * self.figure(target):.1f} points ({rates})"
        if target.kind == "faction":
            rates = ", ".join(f"{f} {_rate(r)}" for f, r in self.factions.items())
            return f"{n}: largest gap {100 * self.figure(target):.1f} points ({rates})"
        if target.kind == "length":
            e = self.length
            return f"{n}: {e.value:.1f} turns (95% CI {e.low:.1f}–{e.high:.1f})"
        e = (self.worth if target.kind == "worth" else self.used)[target.item]
        return f"{n}: {_rate(e)}"


def _rate(e: Estimate) -> str:
    return f"{100 * e.value:.1f}% [{100 * e.low:.1f}–{100 * e.high:.1f}]"


def size_figures(rows: Sequence[Row], players: int) -> SizeFigures:
    """The figures of one table size's baseline rows."""
    by_position: dict[int, list[float]] = defaultdict(list)
    by_faction: dict[str, list[float]] = defaultdict(list)
    turns: dict[int, int] = {}
    for r in rows:
        by_position[r["position"]].append(r["win_share"])
        if r["faction"]:
            by_faction[r["faction"]].append(r["win_share"])
        turns[r["game_index"]] = r["turns"]
    return SizeFigures(
        players, len(turns), [win_rate(by_position[k]) for k in range(1, players + 1)],
        {f: win_rate(s) for f, s in sorted(by_faction.items())},
        mean(list(turns.values())),
    )


@dataclass
class Figures:
    sizes: list[SizeFigures]

    def loss(self, target: Target) -> tuple[float, SizeFigures]:
        """The target's loss at its worst table size, and that size."""
        return max(((target.loss(s.figure(target)), s) for s in self.sizes),
                   key=lambda pair: pair[0])

    def total(self, targets: Sequence[Target]) -> float:
        return sum(t.weight * self.loss(t)[0] for t in targets)

    def summary(self, targets: Sequence[Target]) -> list[dict[str, Any]]:
        """One line per target: its loss and every size's figure in words."""
        return [{"target": t.text, "loss": self.loss(t)[0],
                 "figures": [s.describe(t) for s in self.sizes]} for t in targets]


def measure(plan: Plan, sizes: Sequence[int], games: int, targets: Sequence[Target],
            workers: Workers, advance: Callable[[int], None] = lambda n: None) -> Figures:
    """Play the games the targets need at every table size and work out their figures."""
    out = []
    for players in sizes:
        sized = dataclasses.replace(plan, players=players)
        rows = play_games(sized, games, workers, on_chunk=advance)
        figures = size_figures(rows, players)
        usages = seat_usage(rows)
        for t in targets:
            if t.kind == "used":
                figures.used[t.item] = proportion(sum(1 for u in usages if u.get(t.item)),
                                                  len(usages))
            elif t.kind == "worth" and t.item not in figures.worth:
                restricted = play_games(sized, games, workers, t.item, FORBID, advance)
                figures.worth[t.item] = worth(t.item, FORBID, rows, restricted).worth
        out.append(figures)
    return Figures(out)


def games_per_trial(sizes: Sequence[int], games: int, targets: Sequence[Target]) -> int:
    worth_items = {t.item for t in targets if t.kind == "worth"}
    return len(sizes) * games * (1 + len(worth_items))


# ---- the values of a trial ------------------------------------------------------------------

@dataclass
class Space:
    """What the search changes, applied to the rules and content it starts from."""

    game: Game
    variant: str
    overrides: dict[str, Any]  # --option values, fixed
    content_path: Path
    text: str
    raw: tc.Raw
    params: list[Param]

    def current(self) -> dict[str, Any]:
        """Each parameter's value as the rules and content are now."""
        options = options_to_dict(self.game.options(self.variant, **self.overrides))
        return {p.name: options[p.name] if p.path is None else tc.get_value(self.raw, p.path)
                for p in self.params}

    def options(self, values: dict[str, Any]) -> Any:
        chosen = {p.name: values[p.name] for p in self.params if p.path is None}
        return self.game.options(self.variant, **{**self.overrides, **chosen})

    def content_text(self, values: dict[str, Any], header: str = "") -> str | None:
        """The content file with the values, or None when no content value changes."""
        paths = {p.path: values[p.name] for p in self.params if p.path is not None}
        if not paths:
            return None
        return tc.with_values(self.text, self.raw, paths, header)

    def plan(self, values: dict[str, Any], folder: Path, name: str, bot: str, seed: int
             ) -> Plan:
        """A plan playing these values, their content written to `folder/name.toml`."""
        text = self.content_text(values)
        path = self.content_path
        if text is not None:
            path = folder / f"{name}.toml"
            write_atomically(path, text)
        options = json.dumps(options_to_dict(self.options(values)), sort_keys=True)
        return Plan(self.game.id, self.variant, options, str(path.resolve()), 0, bot, seed)

    def check(self, folder: Path) -> None:
        """Refuse a range the content cannot take, before any trial."""
        for p in self.params:
            if p.path is None:
                continue
            for value in (p.choices or (p.low, p.high)):
                values = {**self.current(), p.name: value}
                path = folder / "check.toml"
                write_atomically(path, self.content_text(values) or self.text)
                try:
                    self.game.load_content(str(path))
                except ContentError as exc:
                    raise LabError(f"--param {p.name}={p.span}: the content cannot take "
                                   f"{value}: {exc}") from None
                finally:
                    path.unlink(missing_ok=True)


def default_content_path(game: Game) -> Path:
    """The shipped content file beside the game's code."""
    import sys

    module = sys.modules[type(game).__module__]
    return Path(module.__file__ or "").with_name("content.toml")


def space(game: Game, variant: str, overrides: dict[str, Any], content: Path | None,
          param_texts: Sequence[str]) -> Space:
    path = content or default_content_path(game)
    if not path.exists():
        raise LabError(f"{game.id} has no content file at {path}; pass --content FILE")
    text, raw = tc.read(path)
    params = [parse_param(t, game, raw) for t in param_texts]
    if not params:
        raise LabError("--param names at least one value to tune, such as hand_limit=6..10")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise LabError("each --param may appear once")
    return Space(game, variant, overrides, path, text, raw, params)


class TuneError(SoanError):
    """A tuning study that cannot start or continue."""


# ---- the study --------------------------------------------------------------------------------

STUDY_NAME = "soan-tune"


@dataclass
class Tuning:
    """A tuning study in folder `out`: its space, targets, table sizes, games per size
    and trial, bot and seeds."""

    space: Space
    targets: list[Target]
    sizes: list[int]
    games: int
    bot: str
    seed: int
    out: Path

    def identity(self) -> dict[str, Any]:
        import hashlib

        return {
            "game": self.space.game.id, "variant": self.space.variant,
            "options": {k: word(v) for k, v in self.space.overrides.items()},
            "content": hashlib.sha256(self.space.text.encode()).hexdigest()[:16],
            "params": [f"{p.name}={p.span}" for p in self.space.params],
            "targets": [t.text for t in self.targets], "players": self.sizes,
            "games": self.games, "bot": self.bot, "seed": self.seed,
        }

    def open(self) -> Any:
        """The study in `out/study.db`, new or resumed (another study there is refused)."""
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self.out.mkdir(parents=True, exist_ok=True)
        study = optuna.create_study(
            storage=f"sqlite:///{(self.out / 'study.db').resolve()}", study_name=STUDY_NAME,
            direction="minimize", load_if_exists=True,
            sampler=optuna.samplers.TPESampler(seed=self.seed),
        )
        stored = study.user_attrs.get("soan")
        if stored is None:
            study.set_user_attr("soan", self.identity())
            start = self.space.current()
            if all(p.admits(start[p.name]) for p in self.space.params):
                study.enqueue_trial(start, user_attrs={"start": True})
        elif stored != self.identity():
            differ = sorted(k for k in stored if stored[k] != self.identity().get(k))
            raise TuneError(f"{self.out} holds another study (it differs in "
                            f"{', '.join(differ)}); run the same command to resume it, or "
                            "choose another --out")
        return study

    def measure(self, values: dict[str, Any], name: str, seed: int, games: int,
                workers: Workers, advance: Callable[[int], None]) -> Figures:
        folder = self.out / "trials"
        plan = self.space.plan(values, folder, name, self.bot, seed)
        try:
            return measure(plan, self.sizes, games, self.targets, workers, advance)
        finally:
            (folder / f"{name}.toml").unlink(missing_ok=True)

    def objective(self, workers: Workers, advance: Callable[[int], None]
                  ) -> Callable[[Any], float]:
        def trial_loss(trial: Any) -> float:
            values = {p.name: p.suggest(trial) for p in self.space.params}
            figures = self.measure(values, f"trial-{trial.number}", self.seed, self.games,
                                   workers, advance)
            trial.set_user_attr("figures", figures.summary(self.targets))
            return figures.total(self.targets)

        return trial_loss


def completed(study: Any) -> list[Any]:
    import optuna

    return study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))


def tune(tuning: Tuning, study: Any, trials: int, workers: Workers,
         advance: Callable[[int], None] = lambda n: None) -> None:
    """Run the trials the study still lacks, up to `trials` in all."""
    remaining = trials - len(completed(study))
    if remaining > 0:
        study.optimize(tuning.objective(workers, advance), n_trials=remaining)
    if not completed(study):
        raise TuneError("no trial finished")
