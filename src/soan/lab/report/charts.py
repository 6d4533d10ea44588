"""The report's plotly figures, as HTML fragments without the plotly library.

Charts draw what findings found, with the words the words step chose (titles,
names) and the catalogue's for axes and lines. The page embeds plotly.js once in
its head, so every fragment here is small and the page works offline. Div ids
are numbered in the order the charts are drawn, so the same results give the
same page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import count

import plotly.graph_objects as go
from markupsafe import Markup

from soan.lab.report.findings import Findings
from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Estimate
from soan.lab.report.sets import Group, ResultSet, SetKey
from soan.lab.report.words import GroupWords, SetWords

WINNERS_COLOUR = "#2a7f62"
LOSERS_COLOUR = "#b5651d"
_LAYOUT = {
    "height": 340,
    "margin": {"l": 50, "r": 20, "t": 40, "b": 50},
    "template": "plotly_white",
    "legend": {"orientation": "h", "y": -0.2},
}


class Charts:
    """Makes figures with ids unique on one page."""

    def __init__(self) -> None:
        self._ids = count(1)

    def _html(self, figure: go.Figure) -> Markup:
        figure.update_layout(**_LAYOUT)
        return Markup(figure.to_html(
            full_html=False, include_plotlyjs=False, div_id=f"chart-{next(self._ids)}",
            config={"displaylogo": False, "responsive": True},
        ))

    def rates(
        self, names: Sequence[str], rates: Sequence[Estimate], fair: float, title: str,
        m: Messages,
    ) -> Markup:
        """Bars with 95% intervals, and the fair rate as a line."""
        figure = go.Figure(go.Bar(
            x=list(names), y=[100 * r.value for r in rates], marker_color="#4c72b0",
            error_y=_error_bars(rates),
        ))
        figure.add_hline(y=100 * fair, line_dash="dash",
                         annotation_text=m("fair_line", rate=m.pct(fair)))
        figure.update_layout(title=title, yaxis_title=m("win_rate_axis"))
        return self._html(figure)

    def rates_side_by_side(
        self, labels: Sequence[str], names: Sequence[str],
        rates: Sequence[Sequence[Estimate]], fair: float, title: str, m: Messages,
    ) -> Markup:
        """The same rates of several sets side by side."""
        figure = go.Figure([
            go.Bar(name=label, x=list(names), y=[100 * r.value for r in set_rates],
                   error_y=_error_bars(set_rates))
            for label, set_rates in zip(labels, rates, strict=True)
        ])
        figure.add_hline(y=100 * fair, line_dash="dash",
                         annotation_text=m("fair_line", rate=m.pct(fair)))
        figure.update_layout(title=title, yaxis_title=m("win_rate_axis"), barmode="group")
        return self._html(figure)

    def boxes(
        self, names: Sequence[str], values: Sequence[Sequence[float]], title: str, axis: str
    ) -> Markup:
        """One box per name: where the values fall."""
        figure = go.Figure([
            go.Box(y=list(v), name=name, boxmean=True)
            for name, v in zip(names, values, strict=True)
        ])
        figure.update_layout(title=title, yaxis_title=axis, showlegend=False)
        return self._html(figure)

    def winners_and_losers(
        self, names: Sequence[str], winners: Sequence[float], losers: Sequence[float],
        title: str, m: Messages,
    ) -> Markup:
        """Winners' and losers' means side by side, one pair per name."""
        figure = go.Figure([
            go.Bar(name=m("winners"), x=list(names), y=list(winners),
                   marker_color=WINNERS_COLOUR),
            go.Bar(name=m("losers"), x=list(names), y=list(losers),
                   marker_color=LOSERS_COLOUR),
        ])
        figure.update_layout(title=title, yaxis_title=m("per_seat_and_game"), barmode="group")
        return self._html(figure)


def _error_bars(estimates: Sequence[Estimate]) -> dict:
    return {
        "type": "data", "symmetric": False,
        "array": [100 * (e.high - e.value) for e in estimates],
        "arrayminus": [100 * (e.value - e.low) for e in estimates],
    }


def set_charts(charts: Charts, result_set: ResultSet, found: Findings, words: SetWords,
               m: Messages) -> dict[str, Markup]:
    """One set's charts by section: turn order, scores, factions, points and actions."""
    name = words.label
    players = result_set.players
    positions = [m.ordinal(p + 1) for p in range(players)]
    by_position: list[list[float]] = [[] for _ in range(players)]
    for row in result_set.rows:
        by_position[row["position"] - 1].append(row["score"])
    out = {
        "turn_order": charts.rates(positions, found.turn_order.rates, found.turn_order.fair,
                                   f"{m('positions_chart')}: {name}", m),
        "scores": charts.boxes(positions, by_position, f"{m('scores_chart')}: {name}",
                               m("final_score")),
    }
    if found.factions:
        out["factions"] = charts.rates([words.names[g.name] for g in found.factions],
                                       [g.rate for g in found.factions], 1 / players,
                                       f"{m('factions_chart')}: {name}", m)
    for key, lines, title in (("points", found.points, "points_chart"),
                              ("actions", found.actions, "actions_chart")):
        if lines:
            out[key] = charts.winners_and_losers(
                [words.names[x.key] for x in lines], [x.winners for x in lines],
                [x.losers for x in lines], f"{m(title)}: {name}", m,
            )
    return out


def comparison_chart(charts: Charts, group: Group, found: Mapping[SetKey, Findings],
                     words: GroupWords, m: Messages) -> Markup:
    """The sets' win rates by turn position, side by side."""
    positions = [m.ordinal(p + 1) for p in range(group.players)]
    return charts.rates_side_by_side(
        [w.label for w in words.sets], positions,
        [found[s.key].turn_order.rates for s in group.sets],
        1 / group.players, f"{m('side_chart')}: {words.title}", m,
    )
