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

import itertools
import math
import re
from dataclasses import dataclass
from pathlib import Path

from soan.engine.core import Game
from soan.lab.report.metrics import games_for_half_width
from soan.lab.run.runner import LabError

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


def games_for_seat_rates(players: int) -> int:
    """Games for a ±2-point interval on a position's win rate near the fair 1/N,
    rounded up to whole rotations so every bot sits in every seat equally often."""
    games = games_for_half_width(1 / players, TARGET_HALF_WIDTH)
    return math.ceil(games / players) * players
