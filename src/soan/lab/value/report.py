"""The value page: every item ranked by what it is worth, with plain sentences first.

One self-contained HTML file (plotly.js inline, no network), written atomically,
and the same figures as Parquet rows beside it.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import jinja2
import plotly.graph_objects as go
import pyarrow as pa
import pyarrow.parquet as pq
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.bots.restricted import FORBID, FORCE
from soan.engine.core import Game, options_to_dict
from soan.lab.report.messages import Messages
from soan.lab.value.value import GAME_BREAKING, Plan, Worth, write_atomically

CAUSAL = (
    "These figures are causal: each item's games are played twice on the same seeds, "
    "once as usual and once with one seat's bot forbidden the item (or forced to use "
    "it), everything else equal, so a difference is what the item does. The lab "
    "report's Content section, which compares seats that happened to use an item with "
    "seats that did not, shows association only: strong players use good and bad cards "
    "alike."
)
DEFINITIONS = {
    "Worth": "The seat's baseline win rate minus its win rate when forbidden the item, over "
    "the same games (paired by seed; the restricted seat rotates through the seats). "
    "Positive: the item helps whoever uses it. A win share is 1/k to each of k winners, 1/N "
    "to every seat when nobody wins, so a fair game reads 1/N.",
    "Forced": "The seat's win rate when it must use the item whenever some legal choice "
    "uses it (a card built whenever affordable, a race taken when free, an action card "
    "always played), minus its baseline: positive means using it more would help.",
    "Interval": "95% interval of the mean paired difference (normal). Where the item never "
    "mattered the games are identical and the interval is zero. With K items about K/20 "
    "intervals exclude zero by chance alone, so the flags and the sentences above the "
    "table read 'beyond chance' on intervals widened for every comparison on the page "
    "(Bonferroni): luck alone then flags something on under one page in twenty. To check "
    "a flag, measure that item again on other seeds (--items ITEM --seed S).",
    "Used, offered": "Share of the baseline's seat-games in which the seat used the item, "
    "and in which some legal choice would have used it.",
    "Game-breaking": f"Worth (forbidden or forced) beyond +{100 * GAME_BREAKING:.0f} points "
    "of win rate.",
    "Not worth using": "Forbidding it costs nothing beyond chance while forcing it loses "
    "beyond chance; 'never used' means the bot never used it in the baseline games.",
    "The bot does better without it": "Forbidden the item, the bot wins more beyond chance: "
    "its evaluation misjudges what the item does.",
}


def soan_version() -> str:
    try:
        return version("soan")
    except PackageNotFoundError:
        return "unknown"


def points(e: Any) -> str:
    """A difference of win rates in points with its interval: the page is in English."""
    return Messages("en").difference(e, percent=True)


@dataclass
class ItemLine:
    """One row of the page's table: an item with its forbidden and forced figures."""

    item: str
    forbid: Worth | None
    force: Worth | None

    @property
    def first(self) -> Worth:
        return self.forbid or self.force  # type: ignore[return-value]

    @property
    def flags(self) -> tuple[str, ...]:
        return self.first.flags


def lines_of(table: list[Worth]) -> list[ItemLine]:
    lines: dict[str, ItemLine] = {}
    for w in table:
        line = lines.setdefault(w.item, ItemLine(w.item, None, None))
        setattr(line, w.mode, w)
    return list(lines.values())


def headlines(lines: list[ItemLine]) -> list[str]:
    """The page's plain sentences."""
    out = []
    breaking = [line for line in lines if "game-breaking" in line.flags]
    if breaking:
        out += [f"{line.item} is game-breaking: worth {points(_top(line).worth)} when "
                f"{'forbidden' if _top(line).mode == FORBID else 'forced'}." for line in breaking]
    else:
        out.append(f"No item is game-breaking (worth beyond +{100 * GAME_BREAKING:.0f} points).")
    helping = [line for line in lines if line.forbid and line.forbid.family_worth.low > 0]
    if helping:
        out.append("Worth something beyond chance (forbidding it costs): "
                   + ", ".join(f"{line.item} {100 * line.forbid.worth.value:+.1f}"
                               for line in helping if line.forbid) + " points.")
    for flag, words in (("never used", "Never used by the bot"),
                        ("not worth using", "Not worth using"),
                        ("the bot does better without it", "The bot does better without")):
        named = [line.item for line in lines if flag in line.flags]
        if named:
            out.append(f"{words}: {', '.join(named)}.")
    return out


def _top(line: ItemLine) -> Worth:
    return max((w for w in (line.forbid, line.force) if w), key=lambda w: w.worth.value)


def chart(lines: list[ItemLine]) -> Markup:
    """Worth with its interval, one bar per item, forced change as diamonds."""
    names = [line.item for line in lines][::-1]
    figure = go.Figure()
    for mode, label, kind in ((FORBID, "worth (forbidden)", "bar"),
                              (FORCE, "gain when forced", "scatter")):
        ws = [getattr(line, mode) for line in lines][::-1]
        if not any(ws):
            continue
        x = [100 * w.worth.value if w else None for w in ws]
        error = {"type": "data", "symmetric": False,
                 "array": [100 * (w.worth.high - w.worth.value) if w else 0 for w in ws],
                 "arrayminus": [100 * (w.worth.value - w.worth.low) if w else 0 for w in ws]}
        trace = (go.Bar(x=x, y=names, orientation="h", name=label, error_x=error,
                        marker_color="#4c72b0") if kind == "bar" else
                 go.Scatter(x=x, y=names, mode="markers", name=label, error_x=error,
                            marker={"symbol": "diamond", "size": 9, "color": "#c44e52"}))
        figure.add_trace(trace)
    figure.add_vline(x=100 * GAME_BREAKING, line_dash="dash", line_color="#c44e52",
                     annotation_text="game-breaking")
    figure.add_vline(x=0, line_color="#888")
    figure.update_layout(
        height=max(320, 22 * len(names) + 120), template="plotly_white",
        xaxis_title="points of win rate", margin={"l": 160, "r": 20, "t": 30, "b": 50},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom"},
    )
    return Markup(figure.to_html(full_html=False, include_plotlyjs=False, div_id="worth",
                                 config={"displaylogo": False, "responsive": True}))


def provenance(game: Game, plan: Plan, content_hash: str, games: int) -> dict[str, str]:
    preset = options_to_dict(game.options(plan.variant))
    options = json.loads(plan.options_json)
    changed = [f"{k}={json.dumps(v)}" for k, v in options.items() if preset.get(k) != v]
    return {
        "game": f"{game.title} ({game.id})",
        "variant": f"{plan.variant}: {game.variants[plan.variant].about}",
        "options changed": ", ".join(changed) or "none (the variant as written)",
        "content": (f"{plan.content_path} ({content_hash})" if plan.content_path
                    else f"shipped ({content_hash})"),
        "table": f"{plan.players} players, {plan.bot} in every seat",
        "games": f"{games} per run, seeds {plan.seed}..{plan.seed + games - 1}, the "
                 f"restricted seat rotating through the seats",
        "soan": soan_version(),
        "date": datetime.date.today().isoformat(),
    }


# The style of the lab's pages of one table of figures with headlines (value, ladder)
FIGURES_STYLE = """\
body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; max-width: 72rem;
       margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.45; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; margin-top: 2.5rem; }
.headlines { background: #f4f7fb; border-left: 4px solid #4c72b0;
             padding: 0.6rem 1rem 0.6rem 2rem; }
table { border-collapse: collapse; margin: 0.6rem 0 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; }
th:nth-child(-n+2), td:nth-child(-n+2) { text-align: left; }
th { background: #f0f0f0; }
dt { font-weight: bold; margin-top: 0.5rem; }
"""

PAGE = """<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>{{ title }}: what each item is worth</title>
<style>
""" + FIGURES_STYLE + """
.causal { background: #f6f6ee; border-left: 4px solid #8c8c3c; padding: 0.6rem 1rem; }
td.beyond { background: #fff3c4; font-weight: bold; }
td.flag { color: #a33; text-align: left; }
.note { color: #666; font-size: 0.9rem; }
</style>
<script>{{ plotly_js }}</script>
</head>
<body>
<h1>{{ title }}: what each item is worth <small>(各アイテムの価値)</small></h1>
<table>
{% for key, value in provenance.items() %}<tr><th>{{ key }}</th><td>{{ value }}</td></tr>
{% endfor %}
</table>
<p class="causal">{{ causal }}</p>
<ul class="headlines">
{% for sentence in headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>

<h2>Ranking (価値の順位)</h2>
{{ chart }}
<table>
<tr><th>#</th><th>item</th><th>used</th><th>offered</th><th>uses per seat-game</th>
<th>worth: forbidden (95% CI)</th><th>worth when offered</th><th>score change forbidden</th>
<th>gain when forced (95% CI)</th><th>forced: used</th><th>flags</th></tr>
{% for line in lines %}
<tr><td>{{ loop.index }}</td><td>{{ line.item }}</td>
<td>{{ "%.1f" | format(100 * line.first.used.value) }}%</td>
<td>{{ "%.1f" | format(100 * line.first.offered) }}%</td>
<td>{{ "%.2f" | format(line.first.uses) }}</td>
{% if line.forbid %}
<td{% if line.forbid.worth.low > 0 or line.forbid.worth.high < 0 %} class="beyond"{% endif %}>
{{- points(line.forbid.worth) }}</td>
<td>{{ "%+.1f" | format(100 * line.forbid.worth_when_offered.value) }}</td>
<td>{{ "%+.1f" | format(-line.forbid.score_change.value) }}</td>
{% else %}<td>–</td><td>–</td><td>–</td>{% endif %}
{% if line.force %}
<td{% if line.force.worth.low > 0 or line.force.worth.high < 0 %} class="beyond"{% endif %}>
{{- points(line.force.worth) }}</td>
<td>{{ "%.0f" | format(100 * line.force.restricted_used) }}%</td>
{% else %}<td>–</td><td>–</td>{% endif %}
<td class="flag">{{ line.flags | join(", ") }}</td></tr>
{% endfor %}
</table>
<p class="note">Highlighted intervals exclude zero. "worth when offered" is the worth
over the games in which the seat could have used the item (in the others the two games
are identical): what a copy is worth when it is there to take, which compares a single
card with one that has five copies. "score change forbidden" is the points the seat's
final score loses, on average, when forbidden the item.
"forced: used" is the share of forced games in which the seat managed to use it.</p>

{% if unrestricted %}
<h2>Not restricted</h2>
<p>No legal choice of any seat would have used these in the baseline games: rule
branches and events (they happen to a seat, it does not choose them), or items no seat
could ever take: {{ unrestricted | join(", ") }}.</p>
{% endif %}

<h2>How to read this page</h2>
<dl>
{% for name, text in definitions.items() %}<dt>{{ name }}</dt><dd>{{ text }}</dd>
{% endfor %}
</dl>
</body>
</html>
"""


def render(title: str, provenance_lines: dict[str, str], table: list[Worth],
           unrestricted: list[str]) -> str:
    lines = lines_of(table)
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return environment.from_string(PAGE).render(
        title=title, provenance=provenance_lines, causal=CAUSAL, headlines=headlines(lines),
        chart=chart(lines), lines=lines, unrestricted=unrestricted, definitions=DEFINITIONS,
        plotly_js=Markup(get_plotlyjs()), points=points,
    )


def worth_rows(table: list[Worth], plan: Plan, content_hash: str) -> pa.Table:
    """The figures as Parquet rows, one per item and mode, with their provenance."""
    rows = []
    for w in table:
        rows.append({
            "game": plan.game_id, "variant": plan.variant, "options": plan.options_json,
            "content_hash": content_hash, "players": plan.players, "bot": plan.bot,
            "seed": plan.seed, "item": w.item, "mode": w.mode, "games": w.games,
            "worth": w.worth.value, "worth_low": w.worth.low, "worth_high": w.worth.high,
            "score_change": w.score_change.value, "score_change_low": w.score_change.low,
            "score_change_high": w.score_change.high, "baseline_rate": w.baseline_rate,
            "used": w.used.value, "offered": w.offered, "uses": w.uses,
            "restricted_used": w.restricted_used,
            "worth_when_offered": w.worth_when_offered.value,
            "worth_when_offered_low": w.worth_when_offered.low,
            "worth_when_offered_high": w.worth_when_offered.high, "flags": list(w.flags),
        })
    return pa.Table.from_pylist(rows)


def write_outputs(out: Path, game: Game, plan: Plan, content_hash: str, games: int,
                  table: list[Worth], unrestricted: list[str]) -> tuple[Path, Path]:
    """`worth.parquet` and `value.html` in `out`, each written atomically."""
    page, data = out / "value.html", out / "worth.parquet"
    tmp = data.with_name(data.name + ".tmp")
    pq.write_table(worth_rows(table, plan, content_hash), tmp)
    tmp.replace(data)
    write_atomically(page, render(game.title, provenance(game, plan, content_hash, games),
                                  table, unrestricted))
    return page, data

