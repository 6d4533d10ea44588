"""The lab's report: one self-contained HTML page that answers a designer's questions.

Rows are grouped into sets (one game, table size, variant and options each);
sets of the same game and table size are compared with the first one. The
page opens with plain sentences, then shows the tables and charts they come
from, and ends with the definition of every figure.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pyarrow as pa
import pyarrow.parquet as pq
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.engine.core import SoanError, options_to_dict
from soan.engine.registry import get_game
from soan.lab.charts import Charts
from soan.lab.findings import (
    Comparison,
    ResultSet,
    analyse,
    compare,
    difference_text,
    number_text,
    rate_text,
)
from soan.lab.metrics import GameOutcome
from soan.lab.runner import MAX_ACTIONS, LabError, Row
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


# ---- the page --------------------------------------------------------------------------

def build_report(paths: Sequence[Path]) -> Report:
    """Read results and work out every figure, sentence and chart."""
    groups = group_rows(load_rows(paths))
    charts = Charts()
    for group in groups:
        for result_set in group.sets:
            analyse(result_set, charts)
        if len(group.sets) > 1:
            group.comparison = compare(group.sets, charts)
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

