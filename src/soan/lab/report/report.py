"""The lab's report: one self-contained HTML page that answers a designer's questions.

Results files are checked, pooled into sets (never across anything that decides
the games) and grouped by game and table size. Each set gets its sections in a
fixed order (Provenance, Turn order, Factions, Content, Never seen, then the
outcome figures); sets of a group are compared with the rules as written. The
page is written in English or Japanese from one message catalogue and each
game's glossary (in Japanese, the games' own words are the drafts'); names from
the content file are shown through `soan.engine.glossary.name`, with their English
gloss on the English page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup
from plotly.offline import get_plotlyjs

from soan.engine.files import write_atomic
from soan.lab.report.charts import Charts
from soan.lab.report.compare import compare_group
from soan.lab.report.findings import analyse
from soan.lab.report.messages import LANGUAGES, Messages
from soan.lab.report.sets import Group, ResultSet, group_sets, value_text
from soan.lab.report.template import PAGE
from soan.lab.run.output import check_output_file
from soan.lab.run.results import read_all
from soan.lab.run.runner import LabError

FILE_NAMES = {"en": "report.html", "ja": "report.ja.html"}  # a study writes both


@dataclass
class Report:
    lang: str
    groups: list[Group]
    sources: list[str]

    @property
    def headlines(self) -> list[tuple[str, list[str]]]:
        """Every headline of the page, in page order, under the name of what it is about."""
        m = Messages(self.lang)
        out = []
        for group in self.groups:
            title = m("group_title", title=group.title, players=group.players)
            if group.comparison:
                out.append((f"{title} · {m('side_by_side')}", group.comparison.headlines))
            out += [(f"{title} · {s.label}", s.findings.headlines) for s in group.sets]
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


def _groups(paths: Sequence[Path], m: Messages) -> list[Group]:
    groups = group_sets(read_all(paths), m)
    charts = Charts()
    for group in groups:
        names: dict[str, str] = {}  # every set's content names, for the comparison
        for result_set in group.sets:
            names = {**result_set.names, **names}
        words = m.for_game(group.game, names)
        group.title = words.title(group.title)
        for result_set in group.sets:
            result_set.findings = analyse(result_set, m.for_game(group.game, result_set.names),
                                          charts)
        if len(group.sets) > 1:
            group.comparison = compare_group(group, words, charts)
    return groups


def provenance(result_set: ResultSet, m: Messages) -> list[tuple[str, str]]:
    """The Provenance table of a set: where its games came from, in the page's words."""
    m = m.for_game(result_set.key.game)
    first = result_set.provenance
    changed = first["options_changed"]
    content = first["content"]
    content_text = (
        m("p_content_shipped", hash=result_set.key.content_hash) if result_set.content_shipped
        else m("p_content_edited", file=content.get("path") or content.get("file") or "?",
               hash=result_set.key.content_hash)
    )
    files = result_set.files
    return [
        (m("p_version"), result_set.key.soan_version),
        (m("p_game"), f"{m.title(first['title'])} ({first['game']})"),
        (m("p_variant"),
         f"{first['variant']}: {m.variant(first['variant'], first['variant_about'])}"),
        (m("p_options"), m.join(f"{k}={value_text(v)}" for k, v in changed.items()) if changed
         else m("p_options_none")),
        (m("p_content"), content_text),
        (m("p_bots"), m("p_bots_value", lineup=", ".join(first["bots"]))),
        (m("p_seeds"), m.join(m("p_seed_range", first=f.provenance["seeds"][0],
                                last=f.provenance["seeds"][-1]) for f in files)),
        (m("p_games"), str(len(result_set.games))),
        (m("p_date"), m.join(dict.fromkeys(f.provenance["date"] for f in files))),
        (m("p_files"), m.join(str(f.path) for f in files)),
    ]


def render(report: Report, other_language: str | None = None) -> str:
    """The page; `other_language` is the address of the same page in the other language."""
    m = Messages(report.lang)
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = environment.from_string(PAGE)
    return template.render(
        report=report, m=m, provenance=provenance, other_language=other_language,
        plotly_js=Markup(get_plotlyjs()),
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
