"""What a set of games shows: its figures, its plain sentences, and how sets differ.

A set is all games of one game, table size, variant and options. Each figure
carries its 95% interval, and a sentence calls something a difference only
when its interval excludes zero: the lab never reports luck as a finding.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup

from soan.lab import metrics
from soan.lab.charts import Charts
from soan.lab.metrics import Estimate, GameOutcome
from soan.lab.runner import ACTIONS_PREFIX, MAX_ACTIONS, POINTS_PREFIX, Row


@dataclass
class BotLine:
    bot: str
    seat_games: int
    win_rate: Estimate
    mean_score: float
    mean_rank: float


@dataclass
class SplitLine:
    """One points source or action kind: winners' mean, losers' mean, and the gap."""

    name: str
    winners: float
    losers: float
    gap: Estimate


@dataclass
class FigureLine:
    name: str
    value: str
    reference: str


@dataclass
class ResultSet:
    """All games of one game, table size, variant and options."""

    game_id: str
    title: str
    players: int
    variant: str
    label: str
    rows: list[Row]
    games: list[GameOutcome]
    seat_rates: list[Estimate] = field(default_factory=list)
    fair: float = 0.0
    balance: Estimate | None = None
    bots: list[BotLine] = field(default_factory=list)
    figures: list[FigureLine] = field(default_factory=list)
    points: list[SplitLine] = field(default_factory=list)
    actions: list[SplitLine] = field(default_factory=list)
    headlines: list[str] = field(default_factory=list)
    charts: dict[str, Markup] = field(default_factory=dict)


@dataclass
class ComparisonLine:
    name: str
    values: list[str]
    differences: list[tuple[str, bool]]  # text, and whether it is beyond chance


@dataclass
class Comparison:
    labels: list[str]
    lines: list[ComparisonLine]
    headlines: list[str]
    chart: Markup


# ---- formatting ------------------------------------------------------------------------

def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def rate_text(e: Estimate) -> str:
    """'31.2% (95% CI 29.1–33.4%)'."""
    value, low, high = (f"{100 * x:.1f}" for x in (e.value, e.low, e.high))
    return f"{value}% (95% CI {low}–{high}%)"


def number_text(e: Estimate, digits: int = 2) -> str:
    return f"{e.value:.{digits}f} (95% CI {e.low:.{digits}f} to {e.high:.{digits}f})"


def difference_text(e: Estimate, percent: bool, digits: int = 1) -> str:
    """'+3.1 points (95% CI +0.5 to +5.7)': rates differ in percentage points."""
    scale, unit = (100, " points") if percent else (1, "")
    value, low, high = (f"{scale * x:+.{digits}f}" for x in (e.value, e.low, e.high))
    return f"{value}{unit} (95% CI {low} to {high})"


# ---- one set ---------------------------------------------------------------------------

def _columns(rows: list[Row], prefix: str) -> list[str]:
    """The points or action columns this set has (in file order)."""
    return [k for k in rows[0] if k.startswith(prefix) and any(r[k] is not None for r in rows)]


def _split(rows: list[Row], prefix: str) -> list[SplitLine]:
    """Winners' and losers' mean of each column, with the gap's interval."""
    finished = [r for r in rows if r["completed"]]
    winners = [r for r in finished if r["win_share"] > 0]
    losers = [r for r in finished if r["win_share"] == 0]
    if not winners or not losers:
        return []
    lines = []
    for column in _columns(rows, prefix):
        w = [r[column] or 0 for r in winners]
        lo = [r[column] or 0 for r in losers]
        lines.append(SplitLine(column.removeprefix(prefix), sum(w) / len(w), sum(lo) / len(lo),
                               metrics.difference_of_means(lo, w)))
    return lines


def _bots(rows: list[Row]) -> list[BotLine]:
    by_bot: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_bot[row["bot"]].append(row)
    lines = [
        BotLine(bot, len(r), metrics.win_rate([x["win_share"] for x in r]),
                sum(x["score"] for x in r) / len(r), sum(x["rank"] for x in r) / len(r))
        for bot, r in by_bot.items()
    ]
    return sorted(lines, key=lambda line: -line.win_rate.value)


def analyse(result_set: ResultSet, charts: Charts) -> None:
    """Fill in a set's figures, sentences and charts."""
    games, rows = result_set.games, result_set.rows
    result_set.seat_rates = rates = metrics.seat_win_rates(games)
    result_set.fair = fair = metrics.fair_win_rate(games)
    result_set.balance = metrics.balance(games)
    result_set.bots = _bots(rows)
    result_set.points = _split(rows, POINTS_PREFIX)
    result_set.actions = _split(rows, ACTIONS_PREFIX)
    seconds = sum(r["duration_s"] for r in rows if r["seat"] == 1) / len(games)
    result_set.figures = [
        FigureLine("Balance", number_text(result_set.balance), "1 = balanced"),
        FigureLine("First-seat advantage", rate_text(metrics.first_seat_advantage(games)),
                   f"fair {pct(1 / result_set.players)}"),
        FigureLine("Completion", rate_text(metrics.completion(games)), "share with a winner"),
        FigureLine("Drawishness", rate_text(metrics.drawishness(games)), "share drawn"),
        FigureLine("Duration (turns)", number_text(metrics.duration_turns(games), 1), ""),
        FigureLine("Duration (actions)", number_text(metrics.duration_actions(games), 1), ""),
        FigureLine("Time per game", f"{1000 * seconds:.1f} ms", "bots included"),
    ]
    result_set.headlines = [
        _seat_sentence(rates, fair),
        *_bot_sentence(result_set.bots),
        _length_sentence(games),
        *_points_sentence(result_set.points),
        *_actions_sentence(result_set.actions),
    ]
    name = result_set.label
    seat_scores = [[r["score"] for r in rows if r["seat"] == s + 1] for s in range(len(rates))]
    result_set.charts = {
        "seats": charts.seat_win_rates(rates, fair, f"Win rate by seat: {name}"),
        "scores": charts.scores_by_seat(seat_scores, f"Final scores by seat: {name}"),
    }
    for key, lines, what in (("points", result_set.points, "Mean points by source"),
                             ("actions", result_set.actions, "Mean actions per game by kind")):
        if lines:
            result_set.charts[key] = charts.winners_and_losers(
                [x.name for x in lines], [x.winners for x in lines], [x.losers for x in lines],
                f"{what}, winners and losers: {name}", "per seat and game",
            )


def _seat_sentence(rates: list[Estimate], fair: float) -> str:
    unusual = sorted((s for s in range(len(rates)) if rates[s].excludes(fair)),
                     key=lambda s: -abs(rates[s].value - fair))
    if not unusual:
        low = min(range(len(rates)), key=lambda s: rates[s].value)
        high = max(range(len(rates)), key=lambda s: rates[s].value)
        return (
            f"No seat wins more or less than a fair {pct(fair)} beyond chance: seat "
            f"{high + 1} wins {rate_text(rates[high])} and seat {low + 1} "
            f"{rate_text(rates[low])}."
        )
    first, *others = unusual
    sentence = (f"Seat order matters: seat {first + 1} wins {rate_text(rates[first])} "
                f"against a fair {pct(fair)}.")
    more = "; ".join(f"seat {s + 1} {rate_text(rates[s])}" for s in others)
    return sentence + (f" Also beyond chance: {more}." if more else "")


def _bot_sentence(bots: list[BotLine]) -> list[str]:
    if len(bots) < 2:
        return []
    parts = ", ".join(f"{b.bot} {rate_text(b.win_rate)}" for b in bots)
    return [f"Bot strength (share of its seats won): {parts}."]


def _length_sentence(games: list[GameOutcome]) -> str:
    turns, actions = metrics.duration_turns(games), metrics.duration_actions(games)
    sentence = (
        f"Games last {turns.value:.1f} turns ({actions.value:.0f} actions) on average; "
        f"{rate_text(metrics.completion(games))} end with a winner and "
        f"{rate_text(metrics.drawishness(games))} in a draw."
    )
    unfinished = sum(not g.completed for g in games)
    if unfinished:
        sentence += f" {unfinished} games were stopped at the {MAX_ACTIONS:,}-action limit."
    return sentence


def _widest_real_gap(lines: list[SplitLine]) -> SplitLine | None:
    """The line whose winners-losers gap is largest among those beyond chance."""
    real = [x for x in lines if x.gap.excludes(0)]
    return max(real, key=lambda x: abs(x.gap.value)) if real else None


def _points_sentence(points: list[SplitLine]) -> list[str]:
    if not points:
        return []
    total_w, total_l = sum(x.winners for x in points), sum(x.losers for x in points)
    sentence = f"Winners score {total_w:.1f} points on average, losers {total_l:.1f}"
    widest = _widest_real_gap(points)
    if widest is None:
        return [sentence + "; no source of points sets them apart beyond chance."]
    return [
        f"{sentence}; the widest gap is in {widest.name}: {widest.winners:.1f} against "
        f"{widest.losers:.1f}, a gap of {difference_text(widest.gap, False)}."
    ]


def _actions_sentence(actions: list[SplitLine]) -> list[str]:
    if not actions:
        return []
    widest = _widest_real_gap(actions)
    if widest is None:
        return ["No kind of action sets winners apart from losers beyond chance."]
    return [
        f"The kind of action that most sets winners apart is {widest.name!r}: winners take "
        f"it {widest.winners:.1f} times a game, losers {widest.losers:.1f}: a gap of "
        f"{difference_text(widest.gap, False)}."
    ]


# ---- comparing sets --------------------------------------------------------------------

@dataclass
class _Figure:
    """A figure that can be compared between sets: its text and its difference."""

    name: str
    percent: bool
    value: Callable[[ResultSet], Estimate]
    difference: Callable[[ResultSet, ResultSet], Estimate]
    digits: int = 1


def _share_figure(name: str, per_game: Callable[[GameOutcome], float]) -> _Figure:
    def value(s: ResultSet) -> Estimate:
        return metrics.win_rate([per_game(g) for g in s.games])

    def difference(a: ResultSet, b: ResultSet) -> Estimate:
        return metrics.difference_of_proportions(
            sum(map(per_game, a.games)), len(a.games), sum(map(per_game, b.games)), len(b.games)
        )

    return _Figure(name, True, value, difference)


def _mean_figure(name: str, per_game: Callable[[GameOutcome], float]) -> _Figure:
    return _Figure(
        name, False,
        lambda s: metrics.mean([per_game(g) for g in s.games]),
        lambda a, b: metrics.difference_of_means(list(map(per_game, a.games)),
                                                 list(map(per_game, b.games))),
    )


def _comparable_figures(players: int) -> list[_Figure]:
    seats = [
        _share_figure(f"Seat {s + 1} win rate", lambda g, s=s: g.win_shares[s])
        for s in range(players)
    ]
    balance = _Figure(
        "Balance", False, lambda s: s.balance or metrics.balance(s.games),
        lambda a, b: metrics.bootstrap_difference(metrics.balance_value, a.games, b.games),
        digits=2,
    )
    return [
        balance, *seats,
        _share_figure("First-seat advantage", metrics.first_seat_wins),
        _share_figure("Completion", lambda g: float(g.decided)),
        _share_figure("Drawishness", lambda g: float(g.drawn)),
        _mean_figure("Duration (turns)", lambda g: g.turns),
        _mean_figure("Duration (actions)", lambda g: g.actions),
    ]


def compare(sets: list[ResultSet], charts: Charts) -> Comparison:
    """Every figure of every set next to the first set's, with the difference.
    The sets are of one game and table size."""
    base, others = sets[0], sets[1:]
    lines = []
    headlines = []
    noted: dict[str, list[str]] = defaultdict(list)
    for figure in _comparable_figures(base.players):
        values = [figure.value(s) for s in sets]
        differences = [figure.difference(base, s) for s in others]
        texts = [rate_text(v) if figure.percent else number_text(v, figure.digits)
                 for v in values]
        lines.append(ComparisonLine(figure.name, texts, [
            (difference_text(d, figure.percent, figure.digits), d.excludes(0))
            for d in differences
        ]))
        for other, value, difference in zip(others, values[1:], differences, strict=True):
            if figure.name == "Balance":
                headlines.append(_fairness_sentence(base, other, values[0], value, difference))
            elif difference.excludes(0):
                noted[other.label].append(
                    f"{figure.name.lower()} "
                    f"{difference_text(difference, figure.percent, figure.digits)}"
                )
    for other in others:
        changes = noted.get(other.label)
        headlines.append(
            f"Against {base.label}, {other.label} changes beyond chance: {'; '.join(changes)}."
            if changes else
            f"No other figure differs beyond chance between {other.label} and {base.label}."
        )
    chart = charts.seat_win_rates_by_set(
        [s.label for s in sets], [s.seat_rates for s in sets],
        f"Win rate by seat, side by side: {base.title}, {base.players} players",
    )
    return Comparison([s.label for s in sets], lines, headlines, chart)


def _fairness_sentence(
    base: ResultSet, other: ResultSet, base_value: Estimate, value: Estimate,
    difference: Estimate,
) -> str:
    verdict = (
        "yes, fairer beyond chance" if difference.low > 0 else
        "no, less fair beyond chance" if difference.high < 0 else
        "no difference beyond chance"
    )
    return (
        f"Is {other.label} fairer than {base.label}? Balance {value.value:.2f} against "
        f"{base_value.value:.2f}, a difference of {difference_text(difference, False, 2)}: "
        f"{verdict}."
    )
