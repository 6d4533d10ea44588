"""The lab's report: one self-contained HTML page that answers a designer's questions.

Rows are grouped into sets (one game, table size, variant and options each)
and sets of the same game and table size are compared with the first one.
Every figure carries its 95% interval; the page opens each set with plain
sentences, then shows the tables and charts they come from.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import pyarrow as pa
import pyarrow.parquet as pq
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.engine.core import SoanError, options_to_dict
from soan.engine.registry import get_game
from soan.lab import metrics
from soan.lab.charts import Charts
from soan.lab.metrics import Estimate, GameOutcome
from soan.lab.runner import ACTIONS_PREFIX, MAX_ACTIONS, POINTS_PREFIX, LabError, Row
from soan.lab.template import PAGE

DEFINITIONS = {
    "Seat win rate": "How often a seat wins: a shared win among k seats counts 1/k, a draw 0. "
    "Bots are rotated, so each bot sits in each seat equally often.",
    "Fair win rate": "What every seat would win if seat order did not matter: the share of "
    "games with a winner, divided by the number of seats.",
    "Balance": "1 minus the largest gap between two seats' win rates (Ludii's Balance). "
    "1 is perfectly balanced; 0.90 means two seats' win rates are 10 points apart.",
    "First-seat advantage": "How often seat 1 wins, a draw counting 1/N (Ludii's AdvantageP1). "
    "A fair game gives 1/N.",
    "Completion": "The share of games that end with a winner: not a draw, and not stopped at "
    f"the {MAX_ACTIONS:,}-action safety limit (Ludii's Completion).",
    "Drawishness": "The share of games that end without a winner (Ludii's Drawishness).",
    "Duration": "The mean number of turns per game (Ludii's DurationTurns), and of actions: "
    "every atomic choice, including each pick of a compound choice.",
    "Time per game": "Mean wall-clock seconds to play one game, bots' thinking included.",
    "Interval": "Each figure is followed by its 95% interval: Wilson score intervals for rates, "
    "normal intervals for means, Newcombe's interval for differences of rates, and a "
    "bootstrap over games (fixed seed) for balance. A difference whose interval excludes "
    "0 is beyond chance.",
}


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


@dataclass
class GameGroup:
    title: str
    players: int
    sets: list[ResultSet]
    comparison: Comparison | None = None

    @property
    def anchor(self) -> str:
        return f"{self.sets[0].game_id}-{self.players}"


@dataclass
class Report:
    groups: list[GameGroup]
    sources: list[str]

    @property
    def headlines(self) -> list[str]:
        """Every plain sentence of the page, in page order."""
        out = []
        for group in self.groups:
            for result_set in group.sets:
                out += [f"{group.title}, {result_set.label}: {h}" for h in result_set.headlines]
            if group.comparison:
                out += [f"{group.title}: {h}" for h in group.comparison.headlines]
        return out


# ---- formatting ------------------------------------------------------------------------

def pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def rate_text(e: Estimate) -> str:
    """'31% (95% CI 29-33%)', with a decimal when whole percents would hide the interval."""
    digits = 0 if e.high - e.low >= 0.04 else 1
    value, low, high = (f"{100 * x:.{digits}f}" for x in (e.value, e.low, e.high))
    return f"{value}% (95% CI {low}–{high}%)"


def number_text(e: Estimate, digits: int = 2) -> str:
    return f"{e.value:.{digits}f} (95% CI {e.low:.{digits}f} to {e.high:.{digits}f})"


def difference_text(e: Estimate, percent: bool, digits: int = 1) -> str:
    """'+3.1 points (95% CI +0.5 to +5.7)': rates differ in percentage points."""
    scale, unit = (100, " points") if percent else (1, "")
    value, low, high = (f"{scale * x:+.{digits}f}" for x in (e.value, e.low, e.high))
    return f"{value}{unit} (95% CI {low} to {high})"


# ---- loading and grouping --------------------------------------------------------------

def load_rows(paths: Sequence[Path]) -> list[Row]:
    """Every row of every file, each tagged with the file it came from."""
    rows: list[Row] = []
    for number, path in enumerate(paths):
        try:
            table = pq.read_table(path)
        except (pa.ArrowInvalid, OSError) as exc:
            raise LabError(f"cannot read results {path}: {exc}") from None
        for row in table.to_pylist():
            row["source"] = number
            rows.append(row)
    if not rows:
        raise LabError("the results files hold no games")
    return rows


def _label(game_id: str, variant: str, options_json: str) -> tuple[str, str]:
    """The game's title and the set's name: its variant and any options it overrides."""
    try:
        game = get_game(game_id)
        preset = options_to_dict(game.options(variant))
    except SoanError:
        return game_id, variant
    options = json.loads(options_json)
    changed = [f"{k}={json.dumps(v)}" for k, v in options.items() if preset.get(k) != v]
    return game.title, ", ".join([variant, *changed])


def _outcomes(rows: list[Row]) -> list[GameOutcome]:
    by_game: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for row in rows:
        by_game[row["source"], row["game_index"]].append(row)
    games = []
    for seats in by_game.values():
        seats.sort(key=lambda r: r["seat"])
        first = seats[0]
        games.append(GameOutcome(
            tuple(r["win_share"] for r in seats), first["completed"], first["turns"],
            first["actions"],
        ))
    return games


def group_rows(rows: list[Row]) -> list[GameGroup]:
    """Sets in order of first appearance, grouped by game and table size."""
    by_set: dict[tuple, list[Row]] = defaultdict(list)
    for row in rows:
        by_set[row["game"], row["players"], row["variant"], row["options"]].append(row)
    groups: dict[tuple[str, int], GameGroup] = {}
    for (game_id, players, variant, options_json), set_rows in by_set.items():
        title, label = _label(game_id, variant, options_json)
        result_set = ResultSet(game_id, title, players, variant, label, set_rows,
                               _outcomes(set_rows))
        groups.setdefault((game_id, players), GameGroup(title, players, [])).sets.append(
            result_set
        )
    return list(groups.values())


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
            f"No seat wins more or less than a fair {pct(fair, 0)} beyond chance: seat "
            f"{high + 1} wins {rate_text(rates[high])} and seat {low + 1} "
            f"{rate_text(rates[low])}."
        )
    first, *others = unusual
    sentence = (f"Seat order matters: seat {first + 1} wins {rate_text(rates[first])} "
                f"against a fair {pct(fair, 0)}.")
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


def _points_sentence(points: list[SplitLine]) -> list[str]:
    if not points:
        return []
    widest = max(points, key=lambda x: abs(x.gap.value))
    total_w, total_l = sum(x.winners for x in points), sum(x.losers for x in points)
    return [
        f"Winners score {total_w:.1f} points on average, losers {total_l:.1f}; the widest gap "
        f"is in {widest.name}: {widest.winners:.1f} against {widest.losers:.1f}, "
        f"a gap of {difference_text(widest.gap, False)}."
    ]


def _actions_sentence(actions: list[SplitLine]) -> list[str]:
    if not actions:
        return []
    widest = max(actions, key=lambda x: abs(x.gap.value))
    return [
        f"The action that most sets winners apart is {widest.name!r}: winners take it "
        f"{widest.winners:.1f} times a game, losers {widest.losers:.1f}."
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


def compare(group: GameGroup, charts: Charts) -> Comparison:
    """Every figure of every set next to the first set's, with the difference."""
    base, others = group.sets[0], group.sets[1:]
    lines = []
    headlines = []
    noted: dict[str, list[str]] = defaultdict(list)
    for figure in _comparable_figures(group.players):
        values = [figure.value(s) for s in group.sets]
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
        [s.label for s in group.sets], [s.seat_rates for s in group.sets],
        f"Win rate by seat, side by side: {group.title}, {group.players} players",
    )
    return Comparison([s.label for s in group.sets], lines, headlines, chart)


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


# ---- the page --------------------------------------------------------------------------

def build_report(paths: Sequence[Path]) -> Report:
    """Read results and work out every figure, sentence and chart."""
    groups = group_rows(load_rows(paths))
    charts = Charts()
    for group in groups:
        for result_set in group.sets:
            analyse(result_set, charts)
        if len(group.sets) > 1:
            group.comparison = compare(group, charts)
    return Report(groups, [str(p) for p in paths])


def render(report: Report) -> str:
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string(PAGE)
    return template.render(
        report=report, definitions=DEFINITIONS, plotly_js=Markup(get_plotlyjs()),
        rate_text=rate_text, number_text=number_text, difference_text=difference_text,
    )


def write_report(paths: Sequence[Path], out: Path) -> Report:
    """Write the page atomically and return the report (its headlines, for the console)."""
    report = build_report(paths)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(render(report), "utf-8")
    tmp.replace(out)
    return report

