"""The review's runs: one per distinct rule set and table size, shared between questions.

Every question that plays something names a rule set (the draft as written unless it
names a variant or options) and a table size. Two questions on the same rule numbers
share one run even when they name them differently (a variant, or its options
spelled out); the draft as written is always played at each table size a question
asks for, since every sweep is compared with it on the same seeds. Runs that differ
in anything are never pooled: each has its own results file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from soan.lab.review.questions import Question
from soan.lab.run.simulation import Run, build_run

AS_WRITTEN = "default"


@dataclass
class PlannedRun:
    """One run of the review and the results file it fills."""

    run: Run
    file: Path
    questions: list[str] = field(default_factory=list)  # ids answered (in part) by it

    @property
    def as_written(self) -> bool:
        return self.run.spec.variant == AS_WRITTEN and not self.run.provenance["options_changed"]

    @property
    def players(self) -> int:
        return self.run.spec.players


@dataclass
class Plan:
    """The runs, and for each question the run it reads and the draft it is compared with."""

    runs: list[PlannedRun]
    of: dict[str, int]  # question id -> index of the run of its rule set
    draft: dict[int, int]  # table size -> index of the draft's run

    def reads(self, question: Question) -> list[int]:
        """The runs a question's answer reads: its rule set's, and for a sweep the draft's
        it is compared with; none for a vague one."""
        if question.answer == "vague":
            return []
        at = self.of[question.id]
        draft = self.draft[question.players]
        return [draft, at] if question.answer == "sweep" and draft != at else [at]


def file_name(players: int, variant: str, option_args: tuple[str, ...]) -> str:
    """A results file's name that says what it holds: 4p-default.parquet,
    4p-default-gold_vp=2-gold_vp_settled=3.parquet."""
    words = [f"{players}p", variant, *option_args]
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", "-".join(words)) + ".parquet"


def _key(run: Run) -> tuple[int, str, str | None]:
    return run.spec.players, run.spec.options_json, run.spec.content_path


def plan_review(game_id: str, questions: list[Question], bots: str, seed: int,
                out: Path) -> Plan:
    """The runs the questions need, the draft's first at each table size."""
    runs: list[PlannedRun] = []
    index: dict[tuple[int, str, str | None], int] = {}
    plan = Plan(runs, {}, {})

    def add(players: int, variant: str, option_args: tuple[str, ...]) -> int:
        run = build_run(game_id, players, bots, variant, list(option_args), seed)
        key = _key(run)
        if key not in index:
            index[key] = len(runs)
            runs.append(PlannedRun(run, out / file_name(players, variant, option_args)))
        return index[key]

    for question in questions:
        if question.answer == "vague":
            continue
        if question.players not in plan.draft:
            plan.draft[question.players] = add(question.players, AS_WRITTEN, ())
        at = add(question.players, question.variant, question.option_args)
        plan.of[question.id] = at
        runs[at].questions.append(question.id)
        if question.answer == "sweep":
            runs[plan.draft[question.players]].questions.append(question.id)
    return plan
