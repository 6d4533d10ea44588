"""The report page's jinja2 template: plain HTML and CSS, plotly.js inline once."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>soan lab report</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; margin-top: 3rem; }
h3 { margin-top: 2.2rem; }
h3 small { font-weight: normal; color: #666; }
.headlines { background: #f4f7fb; border-left: 4px solid #4c72b0;
             padding: 0.6rem 1rem 0.6rem 2rem; }
.headlines li { margin: 0.3rem 0; }
table { border-collapse: collapse; margin: 0.6rem 0 1rem; font-size: 0.92rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
td.beyond { background: #fff3c4; font-weight: bold; }
dt { font-weight: bold; margin-top: 0.5rem; }
dd { margin-left: 1.2rem; }
nav li { margin: 0.1rem 0; }
.note { color: #666; font-size: 0.9rem; }
</style>
<script>{{ plotly_js }}</script>
</head>
<body>
<h1>soan lab report</h1>
<p class="note">From {{ report.sources | join(", ") }}.</p>
<nav><ul>
{% for group in report.groups %}
<li><a href="#{{ group.anchor }}">{{ group.title }}, {{ group.players }} players</a>:
{% for set in group.sets %}<a href="#{{ group.anchor }}-{{ loop.index }}">{{ set.label }}</a>
{{- ", " if not loop.last }}{% endfor %}</li>
{% endfor %}
<li><a href="#definitions">How to read this page</a></li>
</ul></nav>

{% for group in report.groups %}
<section id="{{ group.anchor }}">
<h2>{{ group.title }}: {{ group.players }} players</h2>

{% if group.comparison %}
{% set comparison = group.comparison %}
<h3>Variants side by side</h3>
<ul class="headlines">
{% for sentence in comparison.headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>
<table>
<tr><th>figure</th>
{% for label in comparison.labels %}<th>{{ label }}</th>{% endfor %}
{% for label in comparison.labels[1:] %}
<th>{{ label }} − {{ comparison.labels[0] }}</th>{% endfor %}
</tr>
{% for line in comparison.lines %}
<tr><td>{{ line.name }}</td>
{% for value in line.values %}<td>{{ value }}</td>{% endfor %}
{% for text, beyond in line.differences %}
<td{% if beyond %} class="beyond"{% endif %}>{{ text }}</td>{% endfor %}
</tr>
{% endfor %}
</table>
<p class="note">Differences are each set minus the first, with their 95% interval;
highlighted ones exclude 0 (beyond chance). Rates differ in percentage points.</p>
{{ comparison.chart }}
{% endif %}

{% for set in group.sets %}
<article id="{{ group.anchor }}-{{ loop.index }}">
<h3>{{ set.title }}, {{ set.label }} <small>{{ set.games | length }} games,
{{ set.players }} players</small></h3>
<ul class="headlines">
{% for sentence in set.headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>

<h4>Seat advantage</h4>
<table>
<tr><th>seat</th><th>win rate (95% CI)</th><th>fair</th></tr>
{% for rate in set.seat_rates %}
<tr><td>seat {{ loop.index }}</td>
<td{% if rate.excludes(set.fair) %} class="beyond"{% endif %}>{{ rate_text(rate) }}</td>
<td>{{ "%.1f" | format(100 * set.fair) }}%</td></tr>
{% endfor %}
</table>
{{ set.charts.seats }}

<h4>Bot strength</h4>
<table>
<tr><th>bot</th><th>seat-games</th><th>win rate (95% CI)</th><th>mean score</th>
<th>mean place</th></tr>
{% for bot in set.bots %}
<tr><td>{{ bot.bot }}</td><td>{{ bot.seat_games }}</td><td>{{ rate_text(bot.win_rate) }}</td>
<td>{{ "%.1f" | format(bot.mean_score) }}</td><td>{{ "%.2f" | format(bot.mean_rank) }}</td></tr>
{% endfor %}
</table>

<h4>Figures</h4>
<table>
<tr><th>figure</th><th>value (95% CI)</th><th>reference</th></tr>
{% for figure in set.figures %}
<tr><td>{{ figure.name }}</td><td>{{ figure.value }}</td><td>{{ figure.reference }}</td></tr>
{% endfor %}
</table>

<h4>Score distributions</h4>
{{ set.charts.scores }}

{% for key, lines, title, unit in [
     ("points", set.points, "Points by source, winners and losers", "points"),
     ("actions", set.actions, "Actions by kind, winners and losers", "times a game")] %}
{% if lines %}
<h4>{{ title }}</h4>
<table>
<tr><th>{{ key }}</th><th>winners</th><th>losers</th><th>winners − losers (95% CI)</th></tr>
{% for line in lines %}
<tr><td>{{ line.name }}</td><td>{{ "%.2f" | format(line.winners) }}</td>
<td>{{ "%.2f" | format(line.losers) }}</td>
<td{% if line.gap.excludes(0) %} class="beyond"{% endif %}>
{{- difference_text(line.gap, false) }}</td></tr>
{% endfor %}
</table>
<p class="note">Means per seat and game, in {{ unit }};
winners are seats with a share of the win.</p>
{{ set.charts[key] }}
{% endif %}
{% endfor %}
</article>
{% endfor %}
</section>
{% endfor %}

<section id="definitions">
<h2>How to read this page</h2>
<dl>
{% for name, text in definitions.items() %}<dt>{{ name }}</dt><dd>{{ text }}</dd>
{% endfor %}
</dl>
</section>
</body>
</html>
"""
