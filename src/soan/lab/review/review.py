"""The review from finished results files to answers: each question read from the runs
of its plan, and, with --check, again from the check's runs.

Playing the runs is `soan simulate`'s runner (`lab/run`), one results file per run in
the review's folder, so a review started again reuses every finished game.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from pathlib import Path

from soan.lab.review.answers import Answer, answer, check_answer
from soan.lab.review.plan import Plan
from soan.lab.review.questions import Question
from soan.lab.run.results import read_results
from soan.lab.run.runner import Row

# games a review plays at its defaults over all its rule sets: with the heuristic on this
# project's 2-core reference machine about 19 minutes for the slowest game, Undecim
# (benchmarks/results/review_time.md)
GAMES_BUDGET = 10_000
FEWEST_GAMES = 200  # a smaller default says too little to be worth the wait


def default_games(target: int, runs: int, players: int) -> int:
    """Games per rule set: `target` (the study's ±2-point interval on a win rate) unless the
    review's budget over all its runs is smaller, in whole rotations of the seats."""
    games = max(FEWEST_GAMES, min(target, GAMES_BUDGET // max(runs, 1)))
    return math.ceil(games / players) * players


def answer_all(questions: Sequence[Question], plan: Plan, rows: Sequence[Sequence[Row]],
               checked: Sequence[Sequence[Row]] | None = None, bot: str = "",
               missing: Collection[int] = ()) -> list[Answer]:
    """Every question's answer from the rows of each run (in the plan's order), and with
    `checked` (the check's rows of each run) whether it holds under `bot`; a question
    reading a run in `missing` (runs the check bot has no model for, so not played)
    names those runs instead."""
    answers = []
    for question in questions:
        if question.answer == "vague":
            answers.append(answer(question, {}))
            continue

        def of(runs: Sequence[Sequence[Row]], q: Question = question) -> dict[str, Sequence[Row]]:
            return {"draft": runs[plan.draft[q.players]], "set": runs[plan.of[q.id]]}

        found = answer(question, of(rows))
        if checked is not None:
            lacking = [i for i in plan.reads(question) if i in missing]
            if lacking:
                found.unchecked = [plan.runs[i].file.stem for i in lacking]
            else:
                found.check = check_answer(found, answer(question, of(checked)), bot)
        answers.append(found)
    return answers


def read_rows(files: Sequence[Path], games: int) -> list[list[Row]]:
    """The rows of each results file, checked through, of its first `games` games only: a
    file an earlier, longer review filled holds more, and every rule set must rest on the
    same seeds."""
    return [[row for row in read_results(file).rows if row["game_index"] < games]
            for file in files]
