"""A review's --check: which rule sets the check bot can play, and for each it cannot for
want of a learned model, the `soan train` command that makes one.

A bot that reads a learned model (`learned`, `strong`, `ismcts:eval=learned`) plays
only the rule set its model was trained for and refuses any other (`NoModel`). A review
plays many rule sets (one per proposal), and a designer has a model for the draft and
perhaps a few proposals, so the check plays every rule set that has a model and names
each one that has none, with the exact command that trains it and about how long that
takes; the questions that read only rule sets with a model are checked, the others say
why not. Nothing is checked with another rule set's model or by a weaker bot in its
place. Whether a rule set has a model is asked of the bot itself, by its first move in
the rule set's first game, before any game is played: any bot that refuses for want
of a model is handled alike, whatever model it reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import option_text, options_from_dict, options_to_dict
from soan.engine.registry import get_game
from soan.lab.review.plan import Plan
from soan.lab.review.questions import Question
from soan.lab.review.review import read_rows
from soan.lab.run.runner import LabError, Row
from soan.lab.run.simulation import Run
from soan.learn.model import TRAIN_MINUTES, NoModel

UNKNOWN_MINUTES = 15  # a game without its own estimate (learn.model.TRAIN_MINUTES)


@dataclass(frozen=True)
class MissingModel:
    """A rule set the check bot has no model for, and how to train one."""

    rule_set: str  # the run's name in the review's folder (4p-land_pairs)
    command: str  # the exact `soan train` command for it
    minutes: int  # about how long that takes on two cores


@dataclass
class CheckPlan:
    """The check of every run of a review's plan, in the plan's order."""

    bot: str
    games: int
    runs: list[tuple[Run, Path]]  # every planned run's check and its results file
    missing: dict[int, MissingModel] = field(default_factory=dict)  # run index -> no model
    used: set[int] = field(default_factory=set)  # runs with a model a question can read

    def checkable(self, plan: Plan, question: Question) -> bool:
        """Whether every run the question reads has a model (a vague one reads none)."""
        reads = plan.reads(question)
        return bool(reads) and not any(i in self.missing for i in reads)

    def rows(self) -> list[list[Row]]:
        """The check's rows of each run, of its first `games` games; none for a run not
        played (no model, or no question could read it)."""
        return [read_rows([file], self.games)[0] if i in self.used else []
                for i, (_, file) in enumerate(self.runs)]


def train_command(run: Run, bot: str) -> str:
    """`soan train` for exactly `run`'s rule set: its table size, variant, the rule numbers
    it sets beyond the variant's, its content file, the check bot's model folder (a
    `models=DIR` in its spec), and the training time the game needs for a usable model."""
    spec = run.spec
    game = get_game(spec.game_id)
    words = ["soan", "train", game.id, "-n", str(spec.players)]
    if spec.variant != "default":
        words += ["--variant", spec.variant]
    variant = options_to_dict(game.options(spec.variant))
    for key, value in sorted(json.loads(spec.options_json).items()):
        if variant.get(key) != value:
            shown = option_text(tuple(value) if isinstance(value, list) else value)
            words += ["--option", f"{key}={shown}"]
    if spec.content_path:
        words += ["--content", spec.content_path]
    models = next((p.partition("=")[2] for p in bot.split(":") if p.startswith("models=")), "")
    if models:
        words += ["--models", models]
    words += ["--minutes", str(_minutes(game.id))]
    return " ".join(words)


def _minutes(game_id: str) -> int:
    return TRAIN_MINUTES.get(game_id, UNKNOWN_MINUTES)


def has_model(run: Run) -> bool:
    """Whether `run`'s bot has what it needs to play its rule set: its first move in the
    run's first game, asked of it (False when it refuses for want of a model)."""
    spec = run.spec
    game = get_game(spec.game_id)
    options = options_from_dict(game, json.loads(spec.options_json))
    state = game.new(spec.players, spec.seed, options, game.load_content(spec.content_path))
    seat = state.to_move or 0
    try:
        choose(make_bot(spec.bots[seat]), state, bot_rngs(spec.seed, spec.players)[seat])
    except NoModel:
        return False
    except Exception as exc:  # a bot's own code may raise anything: name where
        raise LabError(f"--check {spec.bots[seat]}: its first move in {game.id} at "
                       f"{spec.players} seats ({spec.variant}) failed: "
                       f"{type(exc).__name__}: {exc}") from None
    return True


def plan_check(plan: Plan, questions: list[Question], bot: str, games: int,
               runs: list[tuple[Run, Path]]) -> CheckPlan:
    """The check (`runs`: each planned run's check by `bot` and its file, as
    `study.check_run` makes them) with each rule set asked whether the bot has a model
    for it; a run is played only when some question can read its check (every run that
    question reads has a model)."""
    found = CheckPlan(bot, games, runs)
    for i, (run, _) in enumerate(runs):
        if not has_model(run):
            found.missing[i] = MissingModel(plan.runs[i].file.stem, train_command(run, bot),
                                            _minutes(run.spec.game_id))
    for question in questions:
        if found.checkable(plan, question):
            found.used.update(plan.reads(question))
    return found
