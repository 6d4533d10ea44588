"""The report's plotly figures, as HTML fragments without the plotly library.

The page embeds plotly.js once in its head, so every fragment here is small and
the page works offline. Div ids are numbered, so the same results give the
same page.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count

import plotly.graph_objects as go
from markupsafe import Markup

from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Estimate

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
