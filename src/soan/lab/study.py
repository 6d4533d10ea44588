"""A study: the rules as written, every variant, swept rule number and content named,
then one report in English and one in Japanese.

The rules as written (the default variant, no rule number changed, the shipped
content) is always one of the runs: it is what every other run is compared
with. A sweep such as ``hand_limit=7,8,9`` adds one run per value; several
sweeps multiply; ``--content FILE`` plays every run with the shipped content
and with the file. Runs that come out the same (``hand_limit=8`` is the rules as
written) are played once. Every run uses the same seeds, so differences are
worked out over paired games. Without ``--games`` a study plays enough games
for a ±2-point 95% interval on a position's win rate around the fair rate.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from soan.engine.core import Game
from soan.lab.report.metrics import games_for_half_width
from soan.lab.run.runner import LabError
from soan.lab.run.simulation import Run

TARGET_HALF_WIDTH = 0.02
AS_WRITTEN = "default"


@dataclass(frozen=True)
class StudyRun:
    """One run of a study: a variant, the rule numbers it sets, its content file."""

    variant: str
    option_args: tuple[str, ...] = ()  # key=value: the study's --option, then swept values
    content: Path | None = None  # None: the shipped content

    @property
    def file_name(self) -> str:
        words = [self.variant, *self.option_args]
        if self.content is not None:
            words.append(f"content={self.content.stem}")
        return re.sub(r"[^A-Za-z0-9_.=-]+", "_", "-".join(words)) + ".parquet"


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``key=v1,v2,...`` into its key and values."""
    key, eq, values = text.partition("=")
    choices = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not key.strip() or not choices:
        raise LabError(f"--sweep takes key=value1,value2,..., such as hand_limit=7,8,9; "
                       f"not {text!r}")
    return key.strip(), choices


def plan_study(
    game: Game, variants: str, sweeps: list[str], options: list[str] | None = None,
    content: Path | None = None,
) -> list[StudyRun]:
    """The rules as written first, then every named variant (all of the game's when none
    are named and nothing is swept or edited) with `options`, times every sweep value and
    content. Runs may still turn out the same as the first; the caller plays those once."""
    named = [v.strip() for v in variants.split(",") if v.strip()]
    unknown = [v for v in named if v not in game.variants]
    if unknown:
        raise LabError(
            f"--variants: {game.id} has no variant {', '.join(unknown)}; "
            f"variants: {', '.join(game.variants)}"
        )
    names = named or ([AS_WRITTEN] if sweeps or content else list(game.variants))
    parsed = [parse_sweep(s) for s in sweeps]
    keys = [key for key, _ in parsed]
    if len(set(keys)) < len(keys):
        raise LabError(f"--sweep names {keys[0]} more than once; give all its values in one "
                       f"--sweep key=v1,v2,...")
    axes = [[f"{key}={value}" for value in values] for key, values in parsed]
    contents = [None, content] if content is not None else [None]
    runs = [StudyRun(AS_WRITTEN)]
    for variant, combination, file in itertools.product(names, itertools.product(*axes),
                                                        contents):
        run = StudyRun(variant, (*(options or []), *combination), file)
        if run not in runs:
            runs.append(run)
    return runs


def study_runs(
    game: Game, plan: list[StudyRun], players: int | None, bots: str, seed: int, out: Path,
) -> list[tuple[Run, Path]]:
    """Each planned run checked as `soan simulate` checks it (a bad rule number, bot or
    content file is refused here), with its results file in `out`; runs that come out
    the same as an earlier one are dropped. `soan study` and the browser lab plan alike."""
    from soan.lab.run.simulation import build_run

    runs: list[tuple[Run, Path]] = []
    for planned in plan:
        run = build_run(game.id, players, bots, planned.variant, list(planned.option_args),
                        seed, planned.content)
        if all(run.identity != earlier.identity for earlier, _ in runs):
            runs.append((run, out / planned.file_name))
    return runs


def games_for_seat_rates(players: int) -> int:
    """Games for a ±2-point interval on a position's win rate near the fair 1/N,
    rounded up to whole rotations so every bot sits in every seat equally often."""
    games = games_for_half_width(1 / players, TARGET_HALF_WIDTH)
    return math.ceil(games / players) * players


# ---- checks under another bot -----------------------------------------------------------

DEFAULT_CHECK_GAMES = 200  # at most; never more than the run it checks


def check_file(results: Path, bot: str) -> Path:
    """Where the check of a results file by `bot` is kept: beside it, named by both."""
    slug = re.sub(r"[^A-Za-z0-9_.=-]+", "_", bot)
    return results.with_name(f"{results.stem}.check-{slug}.parquet")


def check_bot(bot: str) -> str:
    """The check's one bot spec, refused before any game is played if it is not one."""
    spec = bot.strip()
    if not spec or "," in spec:
        raise LabError(f"--check {bot}: name one bot spec, such as heuristic or "
                       f"ismcts:iters=200; it sits in every seat")
    return spec


def check_run(run: Run, bot: str) -> Run:
    """The check of `run`: the same game, variant, rule numbers, content, table size and
    first seed, with `bot` in every seat, marked in its provenance as a check."""
    from soan.engine.core import SoanError, option_text
    from soan.lab.report.check import CHECK_MARK
    from soan.lab.run.simulation import build_run

    spec = run.spec
    options = json.loads(spec.options_json)
    changed = run.provenance["options_changed"]
    try:
        checked = build_run(spec.game_id, spec.players, bot, spec.variant,
                            [f"{k}={option_text(_tuple(v))}" for k, v in changed.items()],
                            spec.seed, Path(spec.content_path) if spec.content_path else None)
    except SoanError as exc:
        raise LabError(f"--check {bot}: {exc}") from None
    if checked.spec.bots == spec.bots:
        raise LabError(f"--check {bot}: these games are already played by {bot} in every "
                       f"seat; name another bot to check them with")
    if json.loads(checked.spec.options_json) != options or (
            checked.content_hash != run.content_hash):
        raise LabError(f"--check {bot}: the checked run's rule numbers or content cannot be "
                       f"played again (content file moved or changed?); simulate it again")
    provenance = {**checked.provenance,
                  CHECK_MARK: {"bots": list(spec.bots), "seed": spec.seed}}
    return dataclasses.replace(checked, provenance=provenance)


def _tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def runs_of_files(paths: list[Path]) -> list[tuple[Run, Path, int]]:
    """Each results file's run, rebuilt from its provenance, with the file and its games
    (for `soan report --check`: the games to check start at the file's first seed)."""
    from soan.engine.core import SoanError, option_text
    from soan.lab.report.check import CHECK_MARK
    from soan.lab.run.results import read_all
    from soan.lab.run.simulation import build_run

    found = []
    for results in read_all(paths):
        given = results.provenance
        if isinstance(given.get(CHECK_MARK), dict):
            continue  # a check already
        content = given["content"]
        path = None if content.get("shipped") else content.get("path")
        if path is not None and not Path(path).is_file():
            raise LabError(f"--check: {results.path} was played with the content file {path}, "
                           f"which is no longer there; put it back to check these games")
        seeds = sorted({row["seed"] for row in results.rows})
        try:
            run = build_run(given["game"], given["players"], ",".join(given["bots"]),
                            given["variant"],
                            [f"{k}={option_text(_tuple(v))}"
                             for k, v in given["options_changed"].items()],
                            seeds[0], Path(path) if path else None)
        except SoanError as exc:
            raise LabError(f"--check: {results.path} cannot be played again: {exc}") from None
        consecutive = next((i for i, s in enumerate(seeds) if s != seeds[0] + i), len(seeds))
        found.append((run, results.path, consecutive))
    return found
