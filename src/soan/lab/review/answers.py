"""Each question's answer as figures with intervals, no words (those are `words`').

A figure is worked out per game first (the mean over the seats of a seat figure, the
first player's win share, a game figure as it is), then over games, so the seats of
one game, which share its luck, never count as independent. A sweep compares the
proposal's games with the draft's game for game on the seeds both played (paired),
which removes the luck of the deal both share. A difference whose interval covers 0
is no finding: the answer says how many games a paired test would need to see a
difference of the size measured (95% confidence, 80% power; statsmodels' power
solver for a paired t-test).

The designer's arithmetic is checked the way the note states it: a typical figure (the
mean of the seats, or of each game's best seat for "a seat that goes for it") against
the number or range, a maximum against the highest any game's best seat reached, and
"one card can break the game" as each item's win share with and against it, judged
over all the items at once (Bonferroni, as the report's card list).
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from statistics import stdev

from statsmodels.stats.power import TTestPower

from soan.lab.report import metrics
from soan.lab.report.check import POWER, judge
from soan.lab.report.metrics import Estimate
from soan.lab.review.questions import Question
from soan.lab.run.runner import POINTS_PREFIX, Row

SHARES = ("win_share", "lottery_decided")  # figures that are shares of games (Wilson)
SUMMARY = ("score", "turns")  # what every sweep also reports beside its metric
# --check verdicts (report.check) that mean the answer depends on the bot
DEPENDS = ("reverses", "does_not_hold", "appears")


def seat_value(row: Row, metric: str) -> float:
    """One seat-game's figure named by `metric` (questions.PLAIN_METRICS, points:,
    usage:, kind:, or a sum of them: points:lands+points:fiefs)."""
    if "+" in metric:
        return sum(seat_value(row, part) for part in metric.split("+"))
    head, _, name = metric.partition(":")
    if head == "points":
        return float(row.get(POINTS_PREFIX + name) or 0)
    if head == "usage":
        return float((row.get("usage") or {}).get(name, 0))
    if head == "kind":
        return float((row.get("action_kinds") or {}).get(name, 0))
    return float(row[metric])


def first_round(seats: Sequence[Row], event: str, earliest: bool) -> float | None:
    """The round of a game's first `event` (State.firsts): the mean over the seats it
    happened to, or with `earliest` the earliest seat's; None when it happened to none
    (a seat that never built a city has no round, and counting it as 0 would flatter)."""
    rounds = [r["firsts"][event] for r in seats if event in (r.get("firsts") or {})]
    if not rounds:
        return None
    return float(min(rounds)) if earliest else sum(rounds) / len(rounds)


def overturned(seats: Sequence[Row], source: str) -> float | None:
    """How far behind the top a game's winner was before the points of `source` (the
    lottery's 都市ボーナス) were added: the lead that source overturned, 0 for a tie it
    broke. None when the source decided nothing (the winners are the top before it, ties
    and all) or nobody won."""
    winners = [r for r in seats if r["won"]]
    if not winners:
        return None
    before = {r["seat"]: float(r["score"]) - float(r.get(POINTS_PREFIX + source) or 0)
              for r in seats}
    top = max(before.values())
    if {r["seat"] for r in winners} == {s for s, v in before.items() if v == top}:
        return None
    return top - min(before[r["seat"]] for r in winners)


def per_game(rows: Sequence[Row], metric: str, per: str | None = None,
             best: bool = False) -> dict[int, float]:
    """Each game's figure, by seed: the first player's share for win_share, the winner's
    score for winning_score (the best score when nobody won), with `best` its best seat's
    figure (for a round, the earliest seat's), else the sum over its seats divided by
    `per`'s sum (the mean per seat when `per` is None). A round (first:) or an overturned
    lead (overturned:) leaves out the games that have none."""
    games: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        games[row["seed"]].append(row)
    out = {}
    head, _, name = metric.partition(":")
    for seed, seats in sorted(games.items()):
        if head in ("first", "overturned"):
            value = (first_round(seats, name, best) if head == "first"
                     else overturned(seats, name))
            if value is not None:
                out[seed] = value
            continue
        if metric == "win_share":
            out[seed] = next(float(r["win_share"]) for r in seats if r["position"] == 1)
            continue
        if metric == "winning_score":  # what it takes to win: the winners' score
            won = [r for r in seats if r["won"]] or seats
            out[seed] = max(float(r["score"]) for r in won)
            continue
        if best:
            out[seed] = max(_ratio(seat_value(r, metric), seat_value(r, per) if per else 1.0)
                            for r in seats)
            continue
        total = sum(seat_value(r, metric) for r in seats)
        divisor = sum(seat_value(r, per) for r in seats) if per else len(seats)
        out[seed] = _ratio(total, divisor)
    return out


def _ratio(total: float, divisor: float) -> float:
    return total / divisor if divisor else 0.0


def estimate(values: Sequence[float], metric: str) -> Estimate:
    """The mean over games with its 95% interval (Wilson for shares of games)."""
    if metric in SHARES:
        return metrics.proportion(sum(values), len(values))
    return metrics.mean(values)


def games_to_detect(differences: Sequence[float], size: float, family: int = 1) -> int | None:
    """Paired games a two-sided 95% test (over `family` tests at once, Bonferroni) with 80%
    power needs to see a mean difference of `size`, given the spread of the differences
    seen; None when nothing varies."""
    if len(differences) < 2 or size == 0:
        return None
    spread = stdev(differences)
    if spread == 0:
        return None
    needed = TTestPower().solve_power(effect_size=abs(size) / spread,
                                      alpha=(1 - metrics.CONFIDENCE) / family,
                                      power=POWER, alternative="two-sided")
    return math.ceil(needed)


@dataclass(frozen=True)
class Figure:
    """One figure of an answer: the draft's, the rule set's and (paired) their difference."""

    metric: str
    per: str | None
    draft: Estimate
    value: Estimate | None = None  # the proposal's (sweep) or the rule set measured
    difference: Estimate | None = None  # proposal minus draft, paired per game
    judged: Estimate | None = None  # the interval the verdict uses (Bonferroni over a family)
    needed: int | None = None  # paired games to see the difference measured (within chance)
    identical: bool = False  # the figure is the same in every paired game
    constant: bool = False  # the proposal changes it by the same amount in every game
    position: int | None = None  # the turn position (1 = first player) of a win share

    @property
    def detected(self) -> bool:
        interval = self.judged or self.difference
        return interval is not None and interval.excludes(0.0)


def compare(draft: Mapping[int, float], proposal: Mapping[int, float], metric: str,
            per: str | None = None, family: int = 1, position: int | None = None) -> Figure:
    """A figure of the proposal against the draft on the seeds both played."""
    seeds = sorted(set(draft) & set(proposal))
    a, b = [draft[s] for s in seeds], [proposal[s] for s in seeds]
    difference = metrics.paired_difference(a, b)
    judged = difference.widened(metrics.family_factor(family)) if family > 1 else difference
    differences = [y - x for x, y in zip(a, b, strict=True)]
    identical = all(d == 0 for d in differences)
    constant = len(differences) > 1 and max(differences) - min(differences) < 1e-9
    figure = Figure(metric, per, estimate(a, metric), estimate(b, metric), difference,
                    judged, identical=identical, constant=constant and not identical,
                    position=position)
    if not figure.detected and not identical:
        size = difference.value or (difference.high - difference.low) / 2
        figure = dataclasses.replace(figure, needed=games_to_detect(differences, size, family))
    return figure


def position_shares(rows: Sequence[Row], position: int) -> dict[int, float]:
    """Each game's win share of the seat at turn `position` (1 = the first player)."""
    return {r["seed"]: float(r["win_share"]) for r in rows if r["position"] == position}


@dataclass
class Answer:
    """A question's figures: the main one first, then what a sweep also reports."""

    question: Question
    games: int  # games the figures rest on (paired games for a sweep)
    main: Figure | None = None
    positions: list[Figure] = field(default_factory=list)
    others: list[Figure] = field(default_factory=list)
    factions: list[FactionLine] = field(default_factory=list)
    claim_gap: Estimate | None = None  # measured minus the designer's figure (nearest end)
    highest: float | None = None  # a designer's maximum: the highest any game's best seat had
    beyond_claim: int = 0  # ... and the games whose best seat went above it
    items: list[ItemLine] = field(default_factory=list)  # a split claim's items, widest first
    played: int = 0  # a measure's games played, of which `games` had the figure (a round)
    series: dict[int, float] = field(default_factory=dict)  # a measure's figure by seed
    check: CheckAnswer | None = None
    # the rule sets (by run name) the --check bot had no model for, so not checked
    unchecked: list[str] = field(default_factory=list)


@dataclass
class CheckAnswer:
    """The same answer under the --check bot, on its paired subsample."""

    bot: str
    games: int
    main: Figure
    # report.check's verdict (holds, reverses, does_not_hold, cannot_tell, appears,
    # neither); for a measure or proxy: "differs" or "no_difference" (paired, per game)
    verdict: str

    @property
    def depends(self) -> bool:
        return self.verdict in (*DEPENDS, "differs")


@dataclass(frozen=True)
class FactionLine:
    """A faction's win rate as written and with the proposal (seat-games, not paired)."""

    name: str
    draft: Estimate
    proposal: Estimate
    difference: Estimate  # 95% (Newcombe)
    detected: bool  # its interval over all the factions at once (Bonferroni) excludes 0


def _factions(draft: Sequence[Row], proposal: Sequence[Row]) -> list[FactionLine]:
    """Each faction's win rate as written and with the proposal, and their difference."""
    names = sorted({r["faction"] for r in draft if r["faction"] is not None})
    z = metrics.family_z(len(names))
    out = []
    for name in names:
        a = [r["win_share"] for r in draft if r["faction"] == name]
        b = [r["win_share"] for r in proposal if r["faction"] == name]
        if a and b:
            judged = metrics.difference_of_proportions(sum(a), len(a), sum(b), len(b), z)
            out.append(FactionLine(
                name, metrics.win_rate(a), metrics.win_rate(b),
                metrics.difference_of_proportions(sum(a), len(a), sum(b), len(b)),
                judged.excludes(0.0)))
    return out


def answer_sweep(question: Question, draft: Sequence[Row], proposal: Sequence[Row]) -> Answer:
    """The proposal against the draft: its metric (else the first player's win share),
    every position's win share (judged over the positions together), score and length."""
    players = question.players
    positions = [compare(position_shares(draft, p), position_shares(proposal, p), "win_share",
                         family=players, position=p) for p in range(1, players + 1)]
    others = [compare(per_game(draft, m), per_game(proposal, m), m) for m in SUMMARY]
    if not question.metric or (question.metric == "win_share" and not question.per):
        main = positions[0]
    elif question.metric in SUMMARY and not question.per:
        main = others[SUMMARY.index(question.metric)]
    else:
        main = compare(per_game(draft, question.metric, question.per),
                       per_game(proposal, question.metric, question.per), question.metric,
                       question.per)
    games = len(set(position_shares(draft, 1)) & set(position_shares(proposal, 1)))
    return Answer(question, games, main, positions, others, _factions(draft, proposal))


def claim_gap(e: Estimate, low: float, high: float | None = None) -> Estimate:
    """How far play lies from the designer's number (or range low-high): the measured
    figure minus the nearest end, 0 inside the range, with the interval's ends measured
    the same way, so the gap's interval excludes 0 only when play's excludes the claim."""
    top = low if high is None else high

    def off(x: float) -> float:
        return x - low if x < low else x - top if x > top else 0.0

    return Estimate(off(e.value), off(e.low), off(e.high))


def answer_measure(question: Question, rows: Sequence[Row]) -> Answer:
    """A figure of one rule set's games (a claim: against the designer's figure)."""
    assert question.metric is not None
    series = per_game(rows, question.metric, question.per,
                      best=question.statistic in ("best", "max"))
    values = list(series.values())
    main = Figure(question.metric, question.per, estimate(values, question.metric))
    found = Answer(question, len(values), main, series=series,
                   played=len({r["seed"] for r in rows}))
    if question.claim is not None:
        found.claim_gap = claim_gap(main.draft, question.claim, question.claim_high)
    if question.statistic == "max" and values:
        assert question.claim is not None
        found.highest = max(values)
        found.beyond_claim = sum(v > question.claim for v in values)
    return found


@dataclass(frozen=True)
class ItemLine:
    """One item of a split claim: the win share of seat-games that used it and of those
    that did not, and whether the gap holds over every item at once."""

    key: str
    association: metrics.Association
    judged: Estimate  # the gap's interval over every item compared (Bonferroni)

    @property
    def beyond(self) -> bool:
        return self.judged.excludes(0.0)


def answer_split(question: Question, rows: Sequence[Row]) -> Answer:
    """Every item under the question's usage prefix that play used (every card built): its
    users' win share against the others', widest gap first. Items too seldom used (or too always)
    for any gap to show beyond chance carry no information and are left out; the family
    the intervals are judged over is every item compared, so luck over many cards is
    not called a card that breaks the game."""
    assert question.split is not None
    prefix = f"{question.split}:"
    keys = sorted({k for r in rows for k in (r.get("usage") or {}) if k.startswith(prefix)})
    compared: list[tuple[str, metrics.Association]] = []
    for key in keys:
        used = [r["win_share"] for r in rows if (r.get("usage") or {}).get(key, 0)]
        unused = [r["win_share"] for r in rows if not (r.get("usage") or {}).get(key, 0)]
        found = metrics.association(used, unused)
        if found is not None:
            compared.append((key, found))
    family = len(compared)
    items = [ItemLine(key, a, metrics.association_family_gap(a, family))
             for key, a in compared if metrics.association_informative(a, family)]
    items.sort(key=lambda x: -abs(x.association.difference.value))
    games = len({r["seed"] for r in rows})
    return Answer(question, games, items=items)


def answer(question: Question, rows: Mapping[str, Sequence[Row]]) -> Answer:
    """A question's answer from the rows of its runs: "draft" and "set" (its rule set)."""
    if question.answer == "vague":
        return Answer(question, 0)
    if question.answer == "sweep":
        return answer_sweep(question, rows["draft"], rows["set"])
    if question.split is not None:
        return answer_split(question, rows["set"])
    return answer_measure(question, rows["set"])


def check_answer(first: Answer, check: Answer, bot: str) -> CheckAnswer | None:
    """Whether `first`'s answer holds under the --check bot (`check`, the same question
    answered from the check's games)."""
    if first.main is None or check.main is None:
        return None
    question = first.question
    if question.answer == "sweep":
        assert first.main.difference is not None and check.main.difference is not None
        verdict = judge(first.main.difference, check.main.difference, 0.0)
    elif first.claim_gap is not None and check.claim_gap is not None:
        verdict = judge(first.claim_gap, check.claim_gap, 0.0)
    else:
        seeds = sorted(set(first.series) & set(check.series))
        gap = metrics.paired_difference([first.series[s] for s in seeds],
                                        [check.series[s] for s in seeds])
        verdict = "differs" if gap.excludes(0.0) else "no_difference"
    return CheckAnswer(bot, check.games, check.main, verdict)
