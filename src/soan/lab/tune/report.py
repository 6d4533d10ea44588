"""The tuning page and the tuned content file: best values, their figures, the search.

The page is self-contained HTML (plotly.js inline): the values the search
started from and the best ones, each target's figures with 95% intervals for
the starting values, for the best trial and for the best values measured again
on fresh seeds, Optuna's history of the search and how each value fared.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.lab.tune.tune import CHECK_SEED_OFFSET, Figures, Tuning, word
from soan.lab.value.report import soan_version
from soan.lab.value.value import write_atomically


@dataclass
class Outcome:
    """What a finished search found."""

    tuning: Tuning
    study: Any
    check: Figures | None  # the best values on fresh seeds
    check_games: int
    command: str

    @property
    def best(self) -> Any:
        return self.study.best_trial

    @property
    def start(self) -> Any | None:
        trials = self.study.get_trials(deepcopy=False)
        return next((t for t in trials if t.user_attrs.get("start") and t.value is not None),
                    None)

    def changes(self) -> list[tuple[str, Any, Any, str]]:
        """(value, where the search started, best, range) for every parameter."""
        now = self.tuning.space.current()
        return [(p.name, now[p.name], self.best.params[p.name], p.span)
                for p in self.tuning.space.params]

    def check_lines(self) -> list[dict[str, Any]]:
        return self.check.summary(self.tuning.targets) if self.check else []

    def check_total(self) -> float | None:
        return self.check.total(self.tuning.targets) if self.check else None


def content_header(outcome: Outcome) -> str:
    """The comment lines on top of the tuned content file: values, figures, command."""
    t = outcome.tuning
    lines = [f"Tuned by soan tune on {datetime.date.today().isoformat()} (soan {soan_version()}):"]
    options = {p.name for p in t.space.params if p.path is None}
    lines += [f"  {name} = {best}   (was {was}; searched {span})"
              for name, was, best, span in outcome.changes() if name not in options]
    chosen = [f"--option {name}={word(best)}" for name, _, best, _ in outcome.changes()
              if name in options]
    if chosen:
        lines.append(f"Rule numbers, to play with: {' '.join(chosen)}")
    where = (f"{outcome.check_games} games per table size on fresh seeds "
             f"{t.seed + CHECK_SEED_OFFSET}.." if outcome.check else
             f"{t.games} games per table size (the search's own seeds)")
    lines.append(f"Measured with {t.bot} bots, {where}, 95% intervals:")
    for line in outcome.check_lines() or outcome.best.user_attrs["figures"]:
        lines += [f"  {line['target']}:", *(f"    {f}" for f in line["figures"])]
    lines.append(f"Command: {outcome.command}")
    return "\n".join(lines)


def write_content(outcome: Outcome) -> Path | None:
    """The tuned content file, `out/best-content.toml` (atomically; the original is
    never touched), or None when only rule numbers were tuned."""
    text = outcome.tuning.space.content_text(outcome.best.params, content_header(outcome))
    if text is None:
        return None
    path = outcome.tuning.out / "best-content.toml"
    write_atomically(path, text)
    return path


def _figure_html(figure: Any, div: str) -> Markup:
    figure.update_layout(template="plotly_white", height=380)
    return Markup(figure.to_html(full_html=False, include_plotlyjs=False, div_id=div,
                                 config={"displaylogo": False, "responsive": True}))


def charts(study: Any, params: int) -> list[Markup]:
    """Optuna's history of the search and, per value, the loss each trial gave it."""
    from optuna.visualization import plot_optimization_history, plot_slice

    out = [_figure_html(plot_optimization_history(study), "history")]
    slice_figure = plot_slice(study)
    slice_figure.update_layout(width=None)
    out.append(_figure_html(slice_figure, "slice"))
    if params > 1:
        from optuna.visualization import plot_parallel_coordinate

        out.append(_figure_html(plot_parallel_coordinate(study), "parallel"))
    return out


PAGE = """<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>{{ title }}: tuning</title>
<style>
body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; max-width: 72rem;
       margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.45; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: 0.6rem 0 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left;
         vertical-align: top; }
th { background: #f0f0f0; }
.note { color: #666; font-size: 0.9rem; }
code { background: #f4f4f4; padding: 0 0.2rem; }
</style>
<script>{{ plotly_js }}</script>
</head>
<body>
<h1>{{ title }}: tuning toward the designer's targets <small>(調整)</small></h1>
<table>
{% for key, value in provenance.items() %}<tr><th>{{ key }}</th><td>{{ value }}</td></tr>
{% endfor %}
</table>

<h2>Best values (最良の値)</h2>
<table>
<tr><th>value</th><th>searched</th><th>started from</th><th>best</th></tr>
{% for name, was, best, span in outcome.changes() %}
<tr><td><code>{{ name }}</code></td><td>{{ span }}</td><td>{{ was }}</td>
<td><b>{{ best }}</b></td></tr>
{% endfor %}
</table>
{% if content_file %}<p>Play them: <code>soan play {{ game_id }} --content {{ content_file }}
{%- for option in options %} --option {{ option }}{% endfor %}</code></p>
{% elif options %}<p>Play them: <code>soan play {{ game_id }}
{%- for option in options %} --option {{ option }}{% endfor %}</code></p>{% endif %}

<h2>Targets and figures</h2>
<p class="note">Each target's loss is how far its figure misses (0 = met); over several
table sizes the worst size counts. Rates are win rates with their 95% Wilson interval.
The best trial is the best of many small noisy measurements, so it flatters; the last
column measures the best values again on fresh seeds.</p>
<table>
<tr><th>target</th>{% for name, _, _ in columns %}<th>{{ name }}</th>{% endfor %}</tr>
{% for row in rows %}
<tr><td><code>{{ row.target }}</code></td>
{% for cell in row.cells %}<td>{% if cell %}loss {{ "%.3f" | format(cell.loss) }}<br>
{% for f in cell.figures %}{{ f }}<br>{% endfor %}{% else %}–{% endif %}</td>{% endfor %}
</tr>
{% endfor %}
<tr><td>total</td>{% for _, _, total in columns %}<td>{% if total is not none %}
{{- "%.3f" | format(total) }}{% else %}–{% endif %}</td>{% endfor %}</tr>
</table>

<h2>The search</h2>
{% for chart in charts %}{{ chart }}{% endfor %}
<table>
<tr><th>trial</th><th>loss</th>{% for p in params %}<th><code>{{ p }}</code></th>
{% endfor %}</tr>
{% for trial in trials %}
<tr><td>{{ trial.number }}{% if trial.user_attrs.get("start") %} (start){% endif %}</td>
<td>{{ "%.3f" | format(trial.value) }}</td>
{% for p in params %}<td>{{ trial.params[p] }}</td>{% endfor %}</tr>
{% endfor %}
</table>
</body>
</html>
"""


def render(outcome: Outcome, content_file: Path | None) -> str:
    t = outcome.tuning
    game = t.space.game
    start, best = outcome.start, outcome.best
    columns = []
    if start is not None:
        columns.append((f"started from (trial {start.number})", start, start.value))
    columns.append((f"best trial ({best.number})", best, best.value))
    check_cells = outcome.check_lines()
    if check_cells:
        columns.append(("best values on fresh seeds", None, outcome.check_total()))
    rows = []
    for k, target in enumerate(t.targets):
        cells = [trial.user_attrs["figures"][k] if trial is not None else check_cells[k]
                 for _, trial, _ in columns]
        rows.append({"target": target.text, "cells": cells})
    option_params = [p.name for p in t.space.params if p.path is None]
    provenance = {
        "game": f"{game.title} ({game.id}), variant {t.space.variant}",
        "content searched from": str(t.space.content_path),
        "table": f"{', '.join(map(str, t.sizes))} players, {t.bot} in every seat",
        "trials": f"{len(outcome.study.trials)} in {t.out / 'study.db'}, {t.games} games per "
                  f"table size each, seeds {t.seed}..{t.seed + t.games - 1} in every trial",
        "command": outcome.command,
        "soan": soan_version(),
        "date": datetime.date.today().isoformat(),
    }
    trials = sorted((tr for tr in outcome.study.trials if tr.value is not None),
                    key=lambda tr: tr.value)[:20]
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return environment.from_string(PAGE).render(
        title=game.title, provenance=provenance, outcome=outcome, columns=columns, rows=rows,
        charts=charts(outcome.study, len(t.space.params)), trials=trials,
        params=[p.name for p in t.space.params], content_file=content_file, game_id=game.id,
        options=[f"{p}={word(best.params[p])}" for p in option_params],
        plotly_js=Markup(get_plotlyjs()),
    )


def write_page(outcome: Outcome, content_file: Path | None) -> Path:
    path = outcome.tuning.out / "tune.html"
    write_atomically(path, render(outcome, content_file))
    return path
