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

from soan.lab.metrics import Estimate

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

    def seat_win_rates(self, rates: Sequence[Estimate], fair: float, title: str) -> Markup:
        """Bars with 95% intervals, and the fair rate as a line."""
        seats = [f"seat {s + 1}" for s in range(len(rates))]
        figure = go.Figure(go.Bar(
            x=seats, y=[100 * r.value for r in rates], marker_color="#4c72b0",
            error_y=_error_bars(rates, scale=100),
        ))
        figure.add_hline(y=100 * fair, line_dash="dash", annotation_text=f"fair {100 * fair:.1f}%")
        figure.update_layout(title=title, yaxis_title="win rate (%)")
        return self._html(figure)

    def seat_win_rates_by_set(
        self, labels: Sequence[str], rates: Sequence[Sequence[Estimate]], title: str
    ) -> Markup:
        """Seat win rates of several variants side by side."""
        figure = go.Figure([
            go.Bar(
                name=label, x=[f"seat {s + 1}" for s in range(len(set_rates))],
                y=[100 * r.value for r in set_rates], error_y=_error_bars(set_rates, scale=100),
            )
            for label, set_rates in zip(labels, rates, strict=True)
        ])
        figure.update_layout(title=title, yaxis_title="win rate (%)", barmode="group")
        return self._html(figure)

    def scores_by_seat(self, scores: Sequence[Sequence[float]], title: str) -> Markup:
        """One box per seat: where the final scores fall."""
        figure = go.Figure([
            go.Box(y=list(seat_scores), name=f"seat {s + 1}", boxmean=True)
            for s, seat_scores in enumerate(scores)
        ])
        figure.update_layout(title=title, yaxis_title="final score", showlegend=False)
        return self._html(figure)

    def winners_and_losers(
        self, names: Sequence[str], winners: Sequence[float], losers: Sequence[float],
        title: str, axis: str,
    ) -> Markup:
        """Winners' and losers' means side by side, one pair per name."""
        figure = go.Figure([
            go.Bar(name="winners", x=list(names), y=list(winners), marker_color=WINNERS_COLOUR),
            go.Bar(name="losers", x=list(names), y=list(losers), marker_color=LOSERS_COLOUR),
        ])
        figure.update_layout(title=title, yaxis_title=axis, barmode="group")
        return self._html(figure)


def _error_bars(estimates: Sequence[Estimate], scale: float) -> dict:
    return {
        "type": "data", "symmetric": False,
        "array": [scale * (e.high - e.value) for e in estimates],
        "arrayminus": [scale * (e.value - e.low) for e in estimates],
    }
