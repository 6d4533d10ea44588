"""The lab's report: one self-contained HTML page that answers a designer's questions.

The steps run in one direction, each taking what the one before it made: results
files are checked (`run.results`) and pooled into sets, never across anything
that decides the games, grouped by game and table size (`sets`); each set is
judged (`findings`) and the sets of a group are compared with the rules as written
(`compare`); all of it is put into words (`words`, from the `messages` catalogue),
drawn (`charts`) and laid out (`template`). Each set gets its sections in a fixed
order (Provenance, Turn order, Factions, Content, Never seen, then the outcome
figures). The page is written in English or Japanese from one message catalogue
and each game's glossary (in Japanese, the games' own words are the drafts');
names from the content file are shown through `soan.engine.glossary.name`, with
their English gloss on the English page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.engine.files import write_atomic
from soan.lab.report.charts import Charts, comparison_chart, set_charts
from soan.lab.report.check import Check, check_set, find_checks
from soan.lab.report.compare import compare_group
from soan.lab.report.findings import Findings, analyse
from soan.lab.report.messages import LANGUAGES, Messages
from soan.lab.report.metrics import GameOutcome
from soan.lab.report.sets import Group, ResultSet, SetKey, group_sets
from soan.lab.report.template import PAGE
from soan.lab.report.words import ComparisonWords, SetWords, word_group
from soan.lab.run.output import check_output_file
from soan.lab.run.results import read_all
from soan.lab.run.runner import LabError

FILE_NAMES = {"en": "report.html", "ja": "report.ja.html"}  # a study writes both


@dataclass
class SetPage:
    """One set's part of the page: its games, what they show, its words and charts."""

    result_set: ResultSet
    found: Findings
    words: SetWords
    charts: dict[str, Markup]

    @property
    def games(self) -> list[GameOutcome]:
        return self.result_set.games

    @property
    def players(self) -> int:
        return self.result_set.players


@dataclass
class GroupPage:
    """One group's part of the page: its title, its sets, and their comparison."""

    group: Group
    title: str  # the game's title in the page's language
    sets: list[SetPage]
    comparison: ComparisonWords | None = None
    comparison_chart: Markup | None = None

    @property
    def anchor(self) -> str:
        return self.group.anchor

    @property
    def players(self) -> int:
        return self.group.players


@dataclass
class Report:
    lang: str
    groups: list[GroupPage]
    sources: list[str]

    @property
    def headlines(self) -> list[tuple[str, list[str]]]:
        """Every headline of the page, in page order, under the name of what it is about."""
        m = Messages(self.lang)
        out = []
        for page in self.groups:
            title = m("group_title", title=page.title, players=page.players)
            if page.comparison:
                out.append((f"{title} · {m('side_by_side')}", page.comparison.headlines))
            out += [(f"{title} · {s.words.label}", s.words.headlines) for s in page.sets]
        return out


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise LabError(f"--lang {lang!r}: the report is written in {' or '.join(LANGUAGES)}")
    return lang


def build_report(paths: Sequence[Path], lang: str) -> Report:
    """Read results and work out every figure, sentence and chart (in Japanese, the
    games' own words are the drafts')."""
    m = Messages(check_language(lang))
    groups = _groups(paths, m)
    return Report(lang, groups, [str(p) for p in paths])


def _groups(paths: Sequence[Path], m: Messages) -> list[GroupPage]:
    """The steps in order, group by group: pool, judge, compare, word, draw."""
    charts = Charts()  # numbers the page's charts in the order they are drawn
    pages = []
    for everything in group_sets(read_all(paths)):
        found = {s.key: analyse(s) for s in everything.sets}
        kept, pairs = find_checks(everything.sets)
        checks: dict[SetKey, list[Check]] = {}
        for first, check in pairs:
            checks.setdefault(first.key, []).append(
                check_set(first, found[first.key], check, found[check.key]))
        group = Group(everything.title, everything.game, everything.players, kept)
        comparison = compare_group(group.sets, found) if len(group.sets) > 1 else None
        words = word_group(group, found, comparison, m, checks)
        sets = [SetPage(s, found[s.key], w, set_charts(charts, s, found[s.key], w, m))
                for s, w in zip(group.sets, words.sets, strict=True)]
        page = GroupPage(group, words.title, sets, words.comparison)
        if comparison is not None:
            page.comparison_chart = comparison_chart(charts, group, found, words, m)
        pages.append(page)
    return pages


def render(report: Report, other_language: str | None = None) -> str:
    """The page; `other_language` is the address of the same page in the other language."""
    m = Messages(report.lang)
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string(PAGE)
    return template.render(
        report=report, m=m, other_language=other_language, plotly_js=Markup(get_plotlyjs()),
    )


def write_report(paths: Sequence[Path], out: Path, lang: str,
                 other_language: str | None = None) -> Report:
    """Write the page atomically and return the report (its headlines, for the console)."""
    check_output_file(out, FILE_NAMES["en"])
    report = build_report(paths, lang)
    page = render(report, other_language)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, page)
    return report


def write_both(paths: Sequence[Path], folder: Path, lang: str) -> Report:
    """A study's pages: report.html in English and report.ja.html in Japanese, each
    linking to the other; returns the report in `lang` (for the console)."""
    reports = {}
    for page_lang, name in FILE_NAMES.items():
        other = next(n for k, n in FILE_NAMES.items() if k != page_lang)
        reports[page_lang] = write_report(paths, folder / name, page_lang, other)
    return reports[lang]
