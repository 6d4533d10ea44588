"""A study: every variant and every swept rule number of one game, then one report.

A sweep such as ``hand_limit=7,8,9`` adds one run per value; several sweeps
multiply. Without ``--games`` a study plays enough games for a ±2-point 95%
interval on a seat's win rate around the fair rate, which is what a designer
needs to tell a real seat advantage from luck.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from soan.engine.core import Game
from soan.lab.metrics import games_for_half_width
from soan.lab.runner import LabError

TARGET_HALF_WIDTH = 0.02


@dataclass(frozen=True)
class StudyRun:
    """One run of a study: a variant, the swept values it fixes, and its file's name."""

    variant: str
    sweep_args: tuple[str, ...]  # key=value, added to the study's --option list

    @property
    def file_name(self) -> str:
        words = [self.variant, *self.sweep_args]
        return re.sub(r"[^A-Za-z0-9_.=-]+", "_", "-".join(words)) + ".parquet"


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``key=v1,v2,...`` into its key and values."""
    key, eq, values = text.partition("=")
    choices = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not key.strip() or not choices:
        raise LabError(f"--sweep takes key=value1,value2,..., not {text!r}")
    return key.strip(), choices


def plan_study(game: Game, variants: str, sweeps: list[str]) -> list[StudyRun]:
    """Every variant (all of the game's when none are named) times every sweep value."""
    names = [v.strip() for v in variants.split(",") if v.strip()] or list(game.variants)
    unknown = [v for v in names if v not in game.variants]
    if unknown:
        raise LabError(
            f"{game.id} has no variant {', '.join(unknown)}; variants: {', '.join(game.variants)}"
        )
    axes = [[f"{key}={value}" for value in values] for key, values in map(parse_sweep, sweeps)]
    return [
        StudyRun(variant, combination)
        for variant in names
        for combination in itertools.product(*axes)
    ]


def games_for_seat_rates(players: int) -> int:
    """Games for a ±2-point interval on a seat's win rate near the fair 1/N,
    rounded up to whole rotations so every bot sits in every seat equally often."""
    games = games_for_half_width(1 / players, TARGET_HALF_WIDTH)
    return math.ceil(games / players) * players
