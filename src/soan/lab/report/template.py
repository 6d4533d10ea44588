"""The report page's jinja2 template: plain HTML and CSS, plotly.js inline once.

It lays out what the steps before it made: each group's title and comparison, and
each set's findings (`found`), words (`words`: sentences, names, tables) and
charts. Every other word comes from the message catalogue (`m`); tables wrap to
the page.
"""

PAGE = """<!doctype html>
<html lang="{{ m.lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ m("page_title") }}</title>
<style>
body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; max-width: 72rem;
       margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
h1 { margin-bottom: 0.2rem; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; margin-top: 3rem; }
h3 { margin-top: 2.4rem; border-bottom: 1px solid #ddd; }
h3 small { font-weight: normal; color: #666; }
h4 { margin: 1.6rem 0 0.4rem; }
.headlines { background: #f4f7fb; border-left: 4px solid #4c72b0;
             padding: 0.6rem 1rem 0.6rem 2rem; }
.headlines li { margin: 0.3rem 0; }
table { border-collapse: collapse; margin: 0.6rem 0 1rem; font-size: 0.92rem;
        max-width: 100%; table-layout: auto; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right;
         overflow-wrap: anywhere; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
table.facts td { text-align: left; }
td.beyond { background: #fff3c4; font-weight: bold; }
td small { display: block; color: #555; font-weight: normal; }
td.beyond small { color: #222; font-weight: bold; }
dt { font-weight: bold; margin-top: 0.5rem; }
dd { margin-left: 1.2rem; }
nav li { margin: 0.1rem 0; }
.note { color: #555; font-size: 0.9rem; }
.language { float: right; }
ul.never { columns: 16rem; }
</style>
<script>{{ plotly_js }}</script>
</head>
<body>
{% if other_language %}
<p class="language"><a href="{{ other_language }}">{{ m("other_language") }}</a></p>
{% endif %}
<h1>{{ m("page_title") }}</h1>
<p class="note">{{ m("from_files", files=m.join(report.sources)) }}</p>
<nav><h4>{{ m("contents") }}</h4><ul>
{% for group in report.groups %}
<li><a href="#{{ group.anchor }}">
{{- m("group_title", title=group.title, players=group.players) }}</a>:
{% for set in group.sets %}<a href="#{{ group.anchor }}-{{ loop.index }}">{{ set.words.label }}</a>
{{- m("separator") if not loop.last }}{% endfor %}</li>
{% endfor %}
<li><a href="#definitions">{{ m("how_to_read") }}</a></li>
</ul></nav>

{% for group in report.groups %}
<section id="{{ group.anchor }}">
<h2>{{ m("group_title", title=group.title, players=group.players) }}</h2>

{% if group.comparison %}
{% set comparison = group.comparison %}
<h3 id="{{ group.anchor }}-side-by-side">{{ m("side_by_side") }}</h3>
<ul class="headlines">
{% for sentence in comparison.headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>
{% for note in comparison.notes %}<p class="note">{{ note }}</p>
{% endfor %}
<table>
<tr><th>{{ m("set") }}</th>{% for name in comparison.figures %}<th>{{ name }}</th>{% endfor %}</tr>
{% for line in comparison.lines %}
<tr><td>{{ line.label }}</td>
{% for cell in line.cells %}<td{% if cell.beyond %} class="beyond"{% endif %}>{{ cell.value }}
{%- if cell.difference %}<small>{{ cell.difference }}</small>{% endif %}</td>{% endfor %}
</tr>
{% endfor %}
</table>
<p class="note">{{ m("comparison_note", reference=group.sets[0].words.label) }}</p>
{{ group.comparison_chart }}
{% endif %}

{% for set in group.sets %}
{% set found = set.found %}{% set words = set.words %}
{% set anchor = group.anchor ~ "-" ~ loop.index %}
<article id="{{ anchor }}">
<h3>{{ words.label }}
<small>{{ m("set_games", games=set.games | length, players=set.players) }}</small></h3>
<ul class="headlines">
{% for sentence in words.headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>

{% for check in words.checks %}
<h4 id="{{ anchor }}-check-{{ loop.index }}">{{ check.title }}</h4>
<p>{{ check.intro }}</p>
<table>
<tr><th>{{ m("check_headline_col") }}</th><th>{{ m("check_first_col") }}</th>
<th>{{ check.check_column }}</th><th>{{ check.difference_column }}</th>
<th>{{ m("check_verdict_col") }}</th></tr>
{% for line in check.lines %}
<tr><td>{{ line.name }}</td>
<td{% if line.first_beyond %} class="beyond"{% endif %}>{{ line.first }}</td>
<td{% if line.check_beyond %} class="beyond"{% endif %}>{{ line.check }}</td>
<td>{{ line.difference }}</td><td>{{ line.verdict }}</td></tr>
{% endfor %}
</table>
<p>{{ check.balance }}</p>
<p class="note">{{ check.rule }}</p>
{% endfor %}

<h4 id="{{ anchor }}-provenance">{{ m("provenance") }}</h4>
<table class="facts">
{% for name, value in words.provenance %}<tr><th>{{ name }}</th><td>{{ value }}</td></tr>
{% endfor %}
</table>

<h4 id="{{ anchor }}-turn-order">{{ m("turn_order") }}</h4>
{% for note in words.notes.turn_order %}<p>{{ note }}</p>
{% endfor %}
<table>
<tr><th>{{ m("position") }}</th><th>{{ m("win_rate_ci") }}</th><th>{{ m("fair") }}</th></tr>
{% for rate in found.turn_order.rates %}
<tr><td>{{ m.ordinal(loop.index) }}</td>
<td{% if found.turn_order.beyond[loop.index0] %} class="beyond"{% endif %}>{{ m.rate(rate) }}</td>
<td>{{ m.pct(found.turn_order.fair) }}</td></tr>
{% endfor %}
</table>
{{ set.charts.turn_order }}

{% if found.factions %}
<h4 id="{{ anchor }}-factions">{{ m("factions") }}</h4>
<table>
<tr><th>{{ m("faction") }}</th><th>{{ m("seat_games") }}</th><th>{{ m("chosen") }}</th>
<th>{{ m("win_rate_ci") }}</th><th>{{ m("fair") }}</th></tr>
{% set total = found.factions | sum(attribute="seat_games") %}
{% for line in found.factions %}
<tr><td>{{ words.names[line.name] }}</td><td>{{ line.seat_games }}</td>
<td>{{ m.pct(line.seat_games / total) }}</td>
<td{% if line.beyond %} class="beyond"{% endif %}>{{ m.rate(line.rate) }}</td>
<td>{{ m.pct(found.turn_order.fair) }}</td></tr>
{% endfor %}
</table>
<p class="note">{{ m("list_note", count=found.factions | length) }}</p>
{{ set.charts.factions }}
{% endif %}

<h4 id="{{ anchor }}-content">{{ m("content") }}</h4>
<p>{{ m("content_intro") }}</p>
<table>
<tr><th>{{ m("item") }}</th><th>{{ m("uses") }}</th><th>{{ m("in_games") }}</th>
<th>{{ m("per_game") }}</th>
<th>{{ m("winners") }}</th>
<th>{{ m("losers") }}</th><th>{{ m("used") }}</th><th>{{ m("unused") }}</th>
<th>{{ m("difference") }}</th></tr>
{% for line in found.content if line.informative or (line.uses and not line.association) %}
<tr><td>{{ words.names[line.key] }}</td><td>{{ line.uses }}</td><td>{{ line.games }}</td>
<td>{{ "%.2f" | format(line.per_game) }}</td>
<td>{{ "%.2f" | format(line.winners) }}</td><td>{{ "%.2f" | format(line.losers) }}</td>
{% if line.association %}
<td>{{ m.rate(line.association.used) }}</td><td>{{ m.rate(line.association.unused) }}</td>
<td{% if line.beyond %} class="beyond"{% endif %}>
{{- m.difference(line.association.difference, true) }}</td>
{% else %}<td>–</td><td>–</td><td>–</td>{% endif %}
</tr>
{% endfor %}
</table>
{% set compared = found.content | selectattr("association") | list %}
<p class="note">{{ m("list_note", count=compared | length) }}</p>
{% for note in words.notes.content %}<p class="note">{{ note }}</p>
{% endfor %}

<h4 id="{{ anchor }}-never-seen">{{ m("never_seen") }}</h4>
<p>{{ m("never_intro", games=set.games | length) }}</p>
{% for note in words.notes.never_seen %}<p>{{ note }}</p>
{% endfor %}
{% if found.never_seen %}<ul class="never">
{% for key in found.never_seen %}<li>{{ words.names[key] }}</li>
{% endfor %}</ul>{% endif %}
{% if found.seldom_seen %}
<p>{{ m("seldom_intro", count=found.seldom_seen | length, games=set.games | length) }}</p>
<ul class="never">
{% for line in found.seldom_seen %}<li>{{ m("seldom_item", name=words.names[line.key],
                                              games=line.games) }}</li>
{% endfor %}</ul>{% endif %}

<h4 id="{{ anchor }}-figures">{{ m("figures") }}</h4>
<table>
<tr><th>{{ m("figure") }}</th><th>{{ m("value_ci") }}</th><th>{{ m("reference") }}</th></tr>
{% for figure in words.figures %}
<tr><td>{{ figure.name }}</td><td>{{ figure.value }}</td><td>{{ figure.reference }}</td></tr>
{% endfor %}
</table>

<h4 id="{{ anchor }}-bots">{{ m("bots") }}</h4>
<table>
<tr><th>{{ m("bot") }}</th><th>{{ m("seat_games") }}</th><th>{{ m("win_rate_ci") }}</th>
<th>{{ m("mean_score") }}</th><th>{{ m("mean_place") }}</th></tr>
{% for bot in found.bots %}
<tr><td>{{ bot.bot }}</td><td>{{ bot.seat_games }}</td><td>{{ m.rate(bot.win_rate) }}</td>
<td>{{ "%.1f" | format(bot.mean_score) }}</td><td>{{ "%.2f" | format(bot.mean_rank) }}</td></tr>
{% endfor %}
</table>

<h4 id="{{ anchor }}-scores">{{ m("scores") }}</h4>
{{ set.charts.scores }}

{% for key, lines, title, head, note in [
     ("points", found.points, "points", "source", "per_seat_points"),
     ("actions", found.actions, "action_kinds", "kind", "per_seat_actions")] %}
{% if lines %}
<h4 id="{{ anchor }}-{{ key }}">{{ m(title) }}</h4>
<table>
<tr><th>{{ m(head) }}</th><th>{{ m("winners") }}</th><th>{{ m("losers") }}</th>
<th>{{ m("gap_ci") }}</th></tr>
{% for line in lines %}
<tr><td>{{ words.names[line.key] }}</td><td>{{ "%.2f" | format(line.winners) }}</td>
<td>{{ "%.2f" | format(line.losers) }}</td>
<td{% if line.gap.excludes(0) %} class="beyond"{% endif %}>
{{- m.difference(line.gap, false) }}</td></tr>
{% endfor %}
</table>
<p class="note">{{ m(note) }}</p>
{{ set.charts[key] }}
{% endif %}
{% endfor %}
</article>
{% endfor %}
</section>
{% endfor %}

<section id="definitions">
<h2>{{ m("how_to_read") }}</h2>
<dl>
{% for name, text in m.definitions() %}<dt>{{ name }}</dt><dd>{{ text }}</dd>
{% endfor %}
</dl>
</section>
</body>
</html>
"""
