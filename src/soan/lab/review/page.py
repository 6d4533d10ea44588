"""The review's one page per language: review.html (English) and review.ja.html.

The page opens with what was played (bots, games, rule sets, the --check bot and the
answers that depend on it), then answers every question of the file in sections by
kind: proposals played, figures measured, the designer's arithmetic, what the lab
cannot measure (with its proxy), and what is too vague to play. Each question shows
the note's own words (with the English gloss on the English page), one sentence
answering it, and its figures with intervals; one chart sets every proposal's change
to the first player's win share side by side. plotly.js is inlined once, so the page
works offline; the layout is one column that wraps on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2
import plotly.graph_objects as go
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.engine.core import option_text
from soan.engine.registry import get_game
from soan.lab.review.answers import Answer, Figure
from soan.lab.review.checking import CheckPlan
from soan.lab.review.plan import Plan
from soan.lab.review.questions import ANSWERS
from soan.lab.review.words import (
    Words,
    check_lines,
    check_sentence,
    claim_figure,
    claim_number,
    item_name,
    sentence,
    unchecked_notes,
)
from soan.lab.run.output import write_atomically

FILE_NAMES = {"en": "review.html", "ja": "review.ja.html"}

PAGE = """<!doctype html>
<html lang="{{ w.lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body { font-family: system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif; max-width: 60rem;
       margin: 1.5rem auto; padding: 0 1rem; color: #222; line-height: 1.55; }
h1 { font-size: 1.7rem; line-height: 1.25; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; margin-top: 2.6rem; }
h3 { margin: 2rem 0 0.4rem; }
h3 small { font-weight: normal; color: #555; }
blockquote { margin: 0.4rem 0; padding: 0.3rem 0.8rem; border-left: 4px solid #c9a227;
             background: #fbf8ec; }
p.answer { background: #f4f7fb; border-left: 4px solid #4c72b0; padding: 0.5rem 0.8rem;
           font-weight: 600; }
.table { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.88rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.35rem; text-align: right;
         overflow-wrap: anywhere; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; overflow-wrap: normal; }
table.facts td { text-align: left; }
td.found { background: #fff3c4; font-weight: bold; }
.note { color: #555; font-size: 0.9rem; }
.language { float: right; }
.unchecked { color: #8a4b00; }
code { overflow-wrap: anywhere; }
</style>
<script>{{ plotly_js }}</script>
</head>
<body>
<p class="language"><a href="{{ other }}">{{ w("other_language") }}</a></p>
<h1>{{ title }}</h1>
<p>{{ w("head", players=players, bots=bots, games=games, seed=seed) }}</p>
<p>{{ counts }}</p>
{% if check_head %}<p>{{ check_head }}</p><p><strong>{{ depends }}</strong></p>
{% if unchecked %}<p><strong>{{ unchecked }}</strong></p>{% endif %}
<h4>{{ w("check_sets", bot=check_bot) }}</h4>
<ul>{% for text, command in check_sets %}<li{% if command %} class="unchecked"{% endif %}>
{{- text }}{% if command %} <code>{{ command }}</code>{% endif %}</li>
{% endfor %}</ul>{% endif %}
{% if missing %}<p class="note">{{ missing }}</p>{% endif %}
<h4>{{ w("rule_sets") }}</h4>
<ul>{% for name, about in rule_sets %}<li><code>{{ name }}</code>: {{ about }}</li>
{% endfor %}</ul>
<p class="note">{{ w("provisional", file=source) }}</p>
<nav><h4>{{ w("contents") }}</h4><ul>
{% for kind, items in sections %}{% if items %}<li><a href="#{{ kind }}">{{ w(kind) }}</a>:
{% for item in items %}<a href="#{{ item.id }}">{{ item.id }}</a>
{{- " " if not loop.last }}{% endfor %}
</li>{% endif %}{% endfor %}
<li><a href="#reading">{{ w("how_to_read") }}</a></li></ul></nav>

{% for kind, items in sections %}{% if items %}
<section id="{{ kind }}"><h2>{{ w(kind) }}</h2>
{% if kind == "sweep" and chart %}<h4>{{ w("chart_title") }}</h4>{{ chart }}{% endif %}
{% for item in items %}
<article id="{{ item.id }}">
<h3>{{ item.id }}{% if item.gloss %} <small>{{ item.gloss }}</small>{% endif %}</h3>
<blockquote lang="ja">{{ item.quote }}</blockquote>
<p class="answer">{{ item.sentence }}</p>
{% if item.check %}<p>{{ item.check }}</p>{% endif %}
{% for text, command in item.unchecked %}
<p class="unchecked">{{ text }} <code>{{ command }}</code></p>{% endfor %}
{% if item.facts %}<table class="facts">
{% for name, value in item.facts %}<tr><th>{{ name }}</th><td>{{ value }}</td></tr>{% endfor %}
</table>{% endif %}
{{ item.chart }}
{% if item.rows %}<div class="table"><table>
<tr>{% for h in item.header %}<th>{{ h }}</th>{% endfor %}</tr>
{% for row in item.rows %}<tr>{% for cell in row.cells %}
<td{% if loop.last and row.found %} class="found"{% endif %}>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}</table></div>{% endif %}
</article>
{% endfor %}
</section>
{% endif %}{% endfor %}
<h2 id="reading">{{ w("how_to_read") }}</h2>
<p>{{ w("reading") }}</p>
</body>
</html>
"""


@dataclass
class Row:
    cells: list[str]
    found: bool = False


@dataclass
class Item:
    """One question as the page shows it."""

    id: str
    quote: str
    gloss: str
    sentence: str
    check: str
    facts: list[tuple[str, str]]
    header: list[str]
    rows: list[Row]
    chart: Markup
    unchecked: list[tuple[str, str]]  # why --check did not check it: (text, train command)


def _figure_row(figure: Figure, w: Words) -> Row:
    assert figure.value is not None and figure.difference is not None
    m = figure.metric
    change = w("unchanged") if figure.identical else w.difference(figure.difference, m)
    return Row([w.figure(m, figure.per, figure.position), w.interval(figure.draft, m),
                w.interval(figure.value, m), change], figure.detected)


def item(found: Answer, w: Words, checking: CheckPlan | None = None) -> Item:
    """What the page shows of one answered question (`checking`: the review's --check)."""
    q = found.question
    gloss = q.gloss if w.lang == "en" else ""
    check = check_sentence(found.check, w) if found.check else ""
    facts: list[tuple[str, str]] = []
    header: list[str] = []
    rows: list[Row] = []
    if q.answer == "sweep":
        header = [w("figure"), w("draft"), w("proposal"), w("difference")]
        figures = [found.main, *found.positions, *found.others]
        seen: list[Figure] = []
        for figure in figures:
            if figure is not None and all(figure is not s for s in seen):
                seen.append(figure)
                rows.append(_figure_row(figure, w))
        for line in found.factions:
            rows.append(Row([w("faction", name=w.name(line.name)),
                             w.interval(line.draft, "win_share"),
                             w.interval(line.proposal, "win_share"),
                             w.difference(line.difference, "win_share")], line.detected))
    elif q.answer in ("measure", "proxy") and found.main is not None:
        header = [w("figure"), w("measured")]
        rows = [Row([w.figure(q.metric or "", q.per), w.interval(found.main.draft,
                                                                  q.metric or "")])]
        facts = _happened(found, w)
    elif q.answer == "claim":
        assumption = q.assumption if w.lang == "en" else q.assumption_ja
        if q.split is not None:
            facts = [(w("claim_says"), f"「{q.claim_text}」"), (w("assumption"), assumption)]
            header = [w("item"), w("seat_games"), w("used"), w("unused"), w("difference")]
            rows = [Row([item_name(x.key, w), f"{x.association.used_games:,}",
                         w.interval(x.association.used, "win_share"),
                         w.interval(x.association.unused, "win_share"),
                         w.difference(x.association.difference, "win_share")], x.beyond)
                    for x in found.items]
        elif found.main is not None and found.claim_gap is not None:
            m = q.metric or ""
            facts = [(w("claim_says"), f"「{q.claim_text}」 = {claim_number(q, w)}"),
                     (w("assumption"), assumption),
                     (w("play_shows"), f"{claim_figure(q, w)}: "
                                       f"{w.interval(found.main.draft, m)}"),
                     (w("gap"), w.difference(found.claim_gap, m))]
            if found.highest is not None:
                facts += [(w("highest"), w.value(found.highest, m)),
                          (w("beyond_claim"), f"{found.beyond_claim:,} / {found.games:,}")]
            facts += _happened(found, w)
    elif q.answer == "vague":
        facts = [(w("needs"), q.needs if w.lang == "en" else q.needs_ja)]
    chart = claim_chart(found, w) if q.answer == "claim" and found.main is not None \
        else Markup("")
    unchecked = unchecked_notes(found, checking, w) if checking else []
    return Item(q.id, q.quote, gloss, sentence(found, w), check, facts, header, rows, chart,
                unchecked)


def _happened(found: Answer, w: Words) -> list[tuple[str, str]]:
    """For a figure some games lack (a seat's 5th city that nobody built), in how many
    of the games played it happened: the figure rests on those alone."""
    if found.played <= found.games:
        return []
    return [(w("happened"), f"{found.games:,} / {found.played:,}")]


def _html(figure: go.Figure, div_id: str) -> Markup:
    return Markup(figure.to_html(full_html=False, include_plotlyjs=False, div_id=div_id,
                                 config={"displaylogo": False, "responsive": True}))


def claim_chart(found: Answer, w: Words) -> Markup:
    """What play shows (with its interval) beside the designer's figure, on one axis."""
    q = found.question
    assert found.main is not None and q.claim is not None
    e = found.main.draft
    traces = [
        go.Scatter(x=[e.value], y=[w("play_shows")], mode="markers", name=w("play_shows"),
                   marker={"size": 10, "color": "#4c72b0"},
                   error_x={"type": "data", "symmetric": False, "array": [e.high - e.value],
                            "arrayminus": [e.value - e.low]}),
        go.Scatter(x=[q.claim, q.claim_high] if q.claim_high is not None else [q.claim],
                   y=[w("claim_col")] * (2 if q.claim_high is not None else 1),
                   mode="lines+markers", name=w("claim_col"),
                   marker={"size": 12, "color": "#c44e52", "symbol": "diamond"}),
    ]
    if found.highest is not None:
        traces.append(go.Scatter(x=[found.highest], y=[w("highest")], mode="markers",
                                 name=w("highest"), marker={"size": 10, "color": "#55a868",
                                                            "symbol": "triangle-right"}))
    figure = go.Figure(traces)
    figure.update_layout(template="plotly_white", height=150 + 30 * (len(traces) - 2),
                         showlegend=False, margin={"l": 120, "r": 20, "t": 10, "b": 40},
                         xaxis_title=claim_figure(q, w))
    return _html(figure, f"claim-{q.id}")


def sweep_chart(answers: Sequence[Answer], w: Words) -> Markup:
    """Each proposal's paired change to the first player's win share, with its interval."""
    sweeps = [a for a in answers if a.question.answer == "sweep" and a.positions]
    if not sweeps:
        return Markup("")
    first = [a.positions[0].difference for a in sweeps]
    ids = [a.question.id for a in sweeps]
    figure = go.Figure(go.Scatter(
        x=[100 * d.value for d in first if d], y=ids, mode="markers",
        marker={"size": 9, "color": "#4c72b0"},
        error_x={"type": "data", "symmetric": False,
                 "array": [100 * (d.high - d.value) for d in first if d],
                 "arrayminus": [100 * (d.value - d.low) for d in first if d]},
    ))
    figure.add_vline(x=0, line_dash="dash", line_color="#888")
    figure.update_layout(xaxis_title=w("chart_axis"), template="plotly_white",
                         height=100 + 28 * len(ids),
                         margin={"l": 60, "r": 20, "t": 20, "b": 50},
                         yaxis={"autorange": "reversed"})
    return _html(figure, "review-sweeps")


@dataclass
class Review:
    """What both pages are made of."""

    game_id: str
    plan: Plan
    answers: list[Answer]
    games: int
    bots: str
    seed: int
    source: Path
    missing: list[str]
    check: CheckPlan | None = None  # the --check bot, its games and the models it lacks


def render(review: Review, lang: str) -> str:
    """One page of the review in `lang`."""
    game = get_game(review.game_id)
    content = game.load_content()
    w = Words(lang, game.glossary, content)
    title_name = game.glossary.title if game.glossary and lang == "ja" else game.title
    sections = [(kind, [item(a, w, review.check) for a in review.answers
                        if a.question.answer == kind]) for kind in ANSWERS]
    counts = {kind: sum(a.question.answer == kind for a in review.answers) for kind in ANSWERS}
    rule_sets = []
    for planned in review.plan.runs:
        changed = planned.run.provenance["options_changed"]
        variant = planned.run.spec.variant
        japanese = game.glossary.variants.get(variant) if game.glossary and lang == "ja" else None
        about = (w("as_written") if planned.as_written else
                 (japanese or planned.run.provenance["variant_about"])
                 if variant != "default" else "")
        shown = ", ".join(f"{k}={option_text(tuple(v) if isinstance(v, list) else v)}"
                          for k, v in changed.items())
        rule_sets.append((planned.file.stem, "; ".join(x for x in (about, shown) if x)))
    check_head = depends = unchecked = ""
    check_sets: list[tuple[str, str]] = []
    checking = review.check
    if checking is not None:
        check_head = w("check_head", bot=checking.bot, games=checking.games) if (
            not checking.missing) else w("check_head_partial", bot=checking.bot,
                                         games=checking.games, total=len(review.plan.runs),
                                         checked=len(review.plan.runs) - len(checking.missing))
        ids = [a.question.id for a in review.answers if a.check and a.check.depends]
        depends = w("depends_head", ids=", ".join(ids)) if ids else w("depends_none")
        lacking = [a.question.id for a in review.answers if a.unchecked]
        unchecked = w("unchecked_head", ids=", ".join(lacking)) if lacking else ""
        check_sets = check_lines(checking, review.plan, w)
    players = sorted({a.question.players for a in review.answers})
    template = jinja2.Environment(autoescape=True).from_string(PAGE)
    return template.render(
        w=w, title=w("title", title=title_name), players="/".join(map(str, players)),
        bots=review.bots, games=f"{review.games:,}", seed=review.seed,
        counts=w("counts", questions=len(review.answers), **counts),
        check_head=check_head, depends=depends, unchecked=unchecked, check_sets=check_sets,
        check_bot=checking.bot if checking else "",
        missing=w("missing", ids=", ".join(review.missing)) if review.missing else "",
        rule_sets=rule_sets, source=review.source.name, sections=sections,
        chart=sweep_chart(review.answers, w), plotly_js=Markup(get_plotlyjs()),
        other=FILE_NAMES["ja" if lang == "en" else "en"],
    )


def write_pages(review: Review, folder: Path) -> list[Path]:
    """Both pages, each written whole or not at all."""
    written = []
    for lang, name in FILE_NAMES.items():
        page = render(review, lang)
        path = folder / name

        def write(tmp: Path, page: str = page) -> None:
            tmp.write_text(page, "utf-8")

        write_atomically(path, write)
        written.append(path)
    return written
