"""A game's question file: every question in the designer's notes and the experiment
that answers it, read and checked before any game is played.

The file is `questions.toml` beside the game's module (a designer may name an edited
copy). Each ``[[question]]`` names its id in the notes' checklist (CP1-CP17,
PP1-PP29, QP1-QP12, UP1-UP12), the note's own words, an English gloss, and how it is
answered: ``sweep`` (a playable proposal against the draft as written), ``measure``
(a figure of the draft's games), ``claim`` (the designer's own figure against
play), ``proxy`` (not measurable; the closest figure) or ``vague`` (nothing to play;
what it would need). A measure, claim or proxy may name a variant or options too:
the designer's arithmetic often assumes a proposal (Undecim's 45/29 land points are
about the pairs rule), and is then measured under it. Anything the lab could not
honour (an unknown id, answer, variant, option or metric, a key that does not belong
to the answer) is refused naming the file and the entry, so no question is answered
by something else.

One entry of the notes may hold several of the designer's figures (Undecim's 「問題点」
gives 29 realistic and 45 at most in one breath): each further figure is its own
entry with a lettered id after the first (UP3b, UP3c), checked the same way. A claim
states the assumption behind the designer's number in both languages, and a vague
entry what it would need in both, so each page reads in its own language throughout.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from soan.engine.core import Game, SoanError, option_text
from soan.lab.run.runner import LOTTERY_KEY, LabError

FILE_NAME = "questions.toml"
# the notes' checklist (QUESTIONS.md): each game's id prefix and how many entries it has
CHECKLIST = {"cityplan": ("CP", 17), "populous": ("PP", 29), "quovadis": ("QP", 12),
             "undecim": ("UP", 12)}
ANSWERS = ("sweep", "measure", "claim", "proxy", "vague")
# the row figures a metric (or `per`) may name; the prefixed ones take a name after ':'
PLAIN_METRICS = ("score", "winning_score", "win_share", "turns", "actions", "lottery_decided")
NAMED_METRICS = ("points", "usage", "kind", "first", "overturned")
# named figures that are no seat count to add up or divide: the round of a seat's first
# event (State.firsts: seats it never happened to are left out), and the lead a points
# source overturned (a figure of the games it decided, not of a seat)
ROUND_METRICS = ("first",)
GAME_METRICS = ("overturned",)
# what a claim's figure is of each game: the mean of its seats, its best seat's, or (for a
# designer's maximum) its best seat's checked against the number as a ceiling
STATISTICS = ("mean", "best", "max")
COMMON_KEYS = {"id", "quote", "gloss", "answer", "players"}
KEYS = {
    "sweep": {"variant", "options", "metric", "per"},
    "measure": {"variant", "options", "metric", "per"},
    "claim": {"variant", "options", "metric", "per", "claim", "claim_high", "claim_text",
              "statistic", "split", "assumption", "assumption_ja"},
    "proxy": {"variant", "options", "metric", "per"},
    "vague": {"needs", "needs_ja"},
}
REQUIRED = {"sweep": set(), "measure": {"metric"},
            "claim": {"claim_text", "assumption", "assumption_ja"},
            "proxy": {"metric"}, "vague": {"needs", "needs_ja"}}


@dataclass(frozen=True)
class Question:
    """One entry of the notes' checklist and the experiment that answers it."""

    id: str
    quote: str
    gloss: str
    answer: str
    players: int  # the seat count it is about (the review's -n unless the entry says)
    variant: str = "default"
    options: dict[str, Any] = field(default_factory=dict)
    metric: str | None = None
    per: str | None = None
    claim: float | None = None
    claim_high: float | None = None  # a range claim's upper end (「12〜16点」)
    claim_text: str = ""
    statistic: str = "mean"  # a claim's figure per game: questions.STATISTICS
    split: str | None = None  # a claim about items: the usage prefix (built) to split seats by
    assumption: str = ""
    assumption_ja: str = ""
    needs: str = ""
    needs_ja: str = ""

    @property
    def base_id(self) -> str:
        """The notes' entry a lettered figure belongs to (UP3 for UP3b)."""
        return self.id.rstrip("abcdefghijklmnopqrstuvwxyz")

    @property
    def option_args(self) -> tuple[str, ...]:
        """The options as the command line writes them, key=value."""
        return tuple(f"{k}={option_text(v)}" for k, v in sorted(self.options.items()))


def question_file(game: Game) -> Path:
    """Where the game's own question file lives: beside its module."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else (
        module.__package__ or module.__name__)
    return Path(str(resources.files(package).joinpath(FILE_NAME)))


def _number(entry: dict[str, Any]) -> tuple[int, str]:
    """An id's place in the notes: its entry's number, then its letter (UP3 < UP3b)."""
    prefix_digits = re.fullmatch(r"[A-Z]+(\d+)([b-z]?)", str(entry.get("id", "")))
    return (int(prefix_digits.group(1)), prefix_digits.group(2)) if prefix_digits else (0, "")


class _Checker:
    """Checks one file's entries, each error naming the file and the entry."""

    def __init__(self, game: Game, path: Path, players: int) -> None:
        self.game, self.path, self.players = game, path, players
        self.draft = game.options()
        self.sources = set(game.new(players, 1).breakdown()[0])
        content = game.load_content()
        self.content = content
        self.usage = set(game.usage_keys(content, self.draft))
        self.events = set(game.first_events)

    def fail(self, where: str, problem: str) -> LabError:
        return LabError(f"{self.path}: {where}: {problem}")

    def text(self, entry: dict[str, Any], key: str, where: str) -> str:
        value = entry.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"{key} must be a non-empty string")
        return value.strip()

    def metric(self, name: object, key: str, where: str, usage: set[str],
               sources: set[str]) -> str:
        if not isinstance(name, str):
            raise self.fail(where, f"{key} must be a string such as score or points:lands")
        if "+" in name:  # a sum of seat figures: points:lands+points:fiefs
            parts = name.split("+")
            if any((p in PLAIN_METRICS and p not in ("score", "actions"))
                   or p.partition(":")[0] in ROUND_METRICS + GAME_METRICS for p in parts):
                raise self.fail(where, f"{key} {name!r}: only seat figures (points:, usage:, "
                                f"kind:, score, actions) add up")
            for part in parts:
                self.metric(part, key, where, usage, sources)
            return name
        if name == "lottery_decided" and LOTTERY_KEY not in usage:
            raise self.fail(where, f"{key} lottery_decided: {self.game.id} has no lottery "
                            f"that decides a winner")
        if name in PLAIN_METRICS:
            return name
        head, colon, tail = name.partition(":")
        if not colon or head not in NAMED_METRICS or not tail:
            forms = ", ".join([*PLAIN_METRICS, *(f"{n}:NAME" for n in NAMED_METRICS)])
            raise self.fail(where, f"{key} {name!r} is no figure of the rows; use one of {forms}")
        if head == "points" and tail not in sources:
            raise self.fail(where, f"{key} {name!r}: {self.game.id} scores no points source "
                            f"{tail!r} under these rules; sources: {', '.join(sorted(sources))}")
        if head == "first" and tail not in self.events:
            raise self.fail(where, f"{key} {name!r}: {self.game.id} notes the round of no "
                            f"event {tail!r}; events: {', '.join(sorted(self.events)) or 'none'}")
        if head == "overturned" and tail not in sources:
            raise self.fail(where, f"{key} {name!r}: {self.game.id} scores no points source "
                            f"{tail!r} under these rules; sources: {', '.join(sorted(sources))}")
        if head == "usage" and tail not in usage:
            raise self.fail(where, f"{key} {name!r}: {self.game.id} notes no usage {tail!r} "
                            f"under these rules; keys: {', '.join(sorted(usage))}")
        return name

    def entry(self, index: int, entry: object, seen: set[str]) -> Question:
        where = f"entry {index}"
        if not isinstance(entry, dict):
            raise self.fail(where, "each [[question]] must be a table")
        if isinstance(entry.get("id"), str):
            where = f"entry {index} ({entry['id']})"
        prefix, count = CHECKLIST.get(self.game.id, ("", 0))
        ident = self.text(entry, "id", where)
        if not re.fullmatch(rf"{prefix}\d+[b-z]?", ident) or not 1 <= _number(entry)[0] <= count:
            raise self.fail(where, f"unknown id {ident!r}: {self.game.id}'s notes hold "
                            f"{prefix}1 to {prefix}{count} (a further figure of one entry: "
                            f"{prefix}3b)")
        if ident in seen:
            raise self.fail(where, f"id {ident} is listed twice")
        answer = entry.get("answer")
        if answer not in ANSWERS:
            raise self.fail(where, f"answer {answer!r} is not one of {', '.join(ANSWERS)}")
        allowed = COMMON_KEYS | KEYS[answer]
        extra = sorted(set(entry) - allowed)
        if extra:
            raise self.fail(where, f"{', '.join(extra)} does not belong to a {answer} "
                            f"(it takes {', '.join(sorted(allowed))})")
        missing = sorted(k for k in REQUIRED[answer] if k not in entry)
        if missing:
            raise self.fail(where, f"a {answer} needs {', '.join(missing)}")
        players = entry.get("players", self.players)
        if type(players) is not int or not self.game.min_seats <= players <= self.game.max_seats:
            raise self.fail(where, f"players {players!r}: {self.game.title} is for "
                            f"{self.game.min_seats} to {self.game.max_seats} players")
        variant = entry.get("variant", "default")
        if variant not in self.game.variants:
            raise self.fail(where, f"unknown variant {variant!r}; {self.game.id}'s variants: "
                            f"{', '.join(self.game.variants)}")
        options = entry.get("options", {})
        if not isinstance(options, dict):
            raise self.fail(where, "options must be a table such as { hand_limit = 8 }")
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
        try:
            played = self.game.options(variant, **options)
        except (SoanError, TypeError, ValueError) as exc:
            raise self.fail(where, f"options: {exc}") from None
        if answer == "sweep" and played == self.draft:
            raise self.fail(where, "the sweep's variant and options are the draft as written; "
                            "name what the proposal changes")
        usage = self.usage | set(self.game.usage_keys(self.content, played))
        sources = self.sources | set(self.game.new(players, 1, played).breakdown()[0])
        metric = entry.get("metric")
        per = entry.get("per")
        claim = self.claim(entry, where, usage) if answer == "claim" else {}
        self.alone(metric, per, claim.get("statistic", "mean"), where)
        return Question(
            id=ident, quote=self.text(entry, "quote", where),
            gloss=self.text(entry, "gloss", where), answer=answer, players=players,
            variant=variant, options=options,
            metric=None if metric is None else self.metric(metric, "metric", where, usage,
                                                           sources),
            per=None if per is None else self.metric(per, "per", where, usage, sources),
            needs=self.text(entry, "needs", where) if answer == "vague" else "",
            needs_ja=self.text(entry, "needs_ja", where) if answer == "vague" else "",
            **claim,
        )

    def alone(self, metric: object, per: object, statistic: str, where: str) -> None:
        """A round or a game's overturned lead is no count: nothing divides it or is
        divided by it; a round's best seat is its earliest, and it has no maximum; an
        overturned lead is one game's, with no best seat."""
        heads = {str(m).partition(":")[0] for m in (metric, per) if m is not None}
        if heads & {*ROUND_METRICS, *GAME_METRICS} and per is not None:
            raise self.fail(where, f"{metric} is no count: per does not belong to it")
        if str(metric).partition(":")[0] in ROUND_METRICS and statistic == "max":
            raise self.fail(where, f"{metric} is a round: its line is a mean or the earliest "
                            f"seat's (statistic best), not a maximum")
        if str(metric).partition(":")[0] in GAME_METRICS and statistic != "mean":
            raise self.fail(where, f"{metric} is a figure of the game, not of a seat: "
                            f"statistic {statistic} does not belong to it")

    def claim(self, entry: dict[str, Any], where: str, usage: set[str]) -> dict[str, Any]:
        """A claim's own fields: a number (or a range) with the figure it is about, or a
        usage prefix whose items' winners and losers it compares."""
        split = entry.get("split")
        fields: dict[str, Any] = {
            "claim_text": self.text(entry, "claim_text", where),
            "assumption": self.text(entry, "assumption", where),
            "assumption_ja": self.text(entry, "assumption_ja", where),
        }
        if split is not None:
            numbers = sorted({"metric", "per", "claim", "claim_high", "statistic"} & set(entry))
            if numbers:
                raise self.fail(where, f"a claim split by {split!r} compares win shares; "
                                f"{', '.join(numbers)} does not belong to it")
            if not isinstance(split, str) or not any(k.startswith(f"{split}:") for k in usage):
                prefixes = sorted({k.partition(":")[0] for k in usage if ":" in k})
                raise self.fail(where, f"split {split!r} names no usage items; prefixes: "
                                f"{', '.join(prefixes)}")
            return {**fields, "split": split}
        missing = [k for k in ("metric", "claim") if k not in entry]
        if missing:
            raise self.fail(where, f"a claim needs {', '.join(missing)} (or split)")
        claim, high = entry["claim"], entry.get("claim_high")
        for key, value in (("claim", claim), ("claim_high", high)):
            if value is not None and type(value) not in (int, float):
                raise self.fail(where, f"{key} must be a number, not {value!r}")
        if high is not None and high <= claim:
            raise self.fail(where, f"claim_high {high} must exceed claim {claim}")
        statistic = entry.get("statistic", "mean")
        if statistic not in STATISTICS:
            raise self.fail(where, f"statistic {statistic!r} is not one of "
                            f"{', '.join(STATISTICS)}")
        if statistic == "max" and high is not None:
            raise self.fail(where, "a designer's maximum is one number; claim_high does "
                            "not belong to it")
        return {**fields, "claim": float(claim),
                "claim_high": None if high is None else float(high), "statistic": statistic}


def load_questions(game: Game, path: Path | None, players: int) -> list[Question]:
    """The questions of `path` (default: the game's own file), checked through."""
    path = path or question_file(game)
    if not path.is_file():
        raise LabError(f"{game.id} has no question file {path}; write one (docs/review.md)")
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LabError(f"{path} is not valid TOML: {exc}") from None
    extra = sorted(set(data) - {"question"})
    if extra:
        raise LabError(f"{path}: unknown table {', '.join(extra)}; the file lists [[question]] "
                       f"entries only")
    entries = data.get("question")
    if not isinstance(entries, list) or not entries:
        raise LabError(f"{path} lists no [[question]]")
    checker = _Checker(game, path, players)
    seen: set[str] = set()
    questions: list[Question] = []
    for index, entry in enumerate(entries, 1):
        question = checker.entry(index, entry, seen)
        if questions and _number(entry) < _number({"id": questions[-1].id}):
            raise checker.fail(f"entry {index} ({question.id})",
                               f"ids go in the notes' order; {question.id} comes after "
                               f"{questions[-1].id}")
        seen.add(question.id)
        questions.append(question)
    return questions


def missing_ids(game: Game, questions: list[Question]) -> list[str]:
    """The checklist's ids the file does not list (the page names them)."""
    prefix, count = CHECKLIST.get(game.id, ("", 0))
    listed = {q.base_id for q in questions}
    return [f"{prefix}{k}" for k in range(1, count + 1) if f"{prefix}{k}" not in listed]
