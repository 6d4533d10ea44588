"""Sets side by side: each against the rules as written, and what a sweep says.

Every set of a group is compared with its reference, the rules as written (with
the same bots where there is such a set). Two sets played on the same seeds,
game for game, are compared over the paired games. A rule number swept over
several values (sets that differ in that number alone) ends with its fairest
value, the one whose turn positions are most balanced, with its interval.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from soan.engine.core import SoanError, options_to_dict
from soan.engine.registry import get_game
from soan.lab.report import metrics
from soan.lab.report.charts import Charts
from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Estimate, GameOutcome
from soan.lab.report.sets import Group, ResultSet, value_text


@dataclass
class Cell:
    value: str
    difference: str | None = None
    beyond: bool = False


@dataclass
class Line:
    """One set's row of the side-by-side table."""

    label: str
    reference: str | None  # the label of the set it is compared with (None: the reference)
    paired: bool
    cells: list[Cell]


@dataclass
class Comparison:
    figures: list[str]
    lines: list[Line]
    headlines: list[str]
    notes: list[str]
    chart: Markup


@dataclass
class _Figure:
    """A figure compared between sets: its value and the difference b - a."""

    key: str
    percent: bool
    value: Callable[[ResultSet], Estimate]
    difference: Callable[[ResultSet, ResultSet, bool], Estimate]
    digits: int = 1


def _per_game_figure(key: str, per_game: Callable[[GameOutcome], float], percent: bool,
                     digits: int = 1) -> _Figure:
    """A figure that is a mean over games of a per-game value (a rate, or a length)."""
    def value(s: ResultSet) -> Estimate:
        values = [per_game(g) for g in s.games]
        return metrics.win_rate(values) if percent else metrics.mean(values)

    def difference(a: ResultSet, b: ResultSet, paired: bool) -> Estimate:
        va, vb = [per_game(g) for g in a.games], [per_game(g) for g in b.games]
        if paired:
            return metrics.paired_difference(va, vb)
        if percent:
            return metrics.difference_of_proportions(sum(va), len(va), sum(vb), len(vb))
        return metrics.difference_of_means(va, vb)

    return _Figure(key, percent, value, difference, digits)


def _balance_difference(a: ResultSet, b: ResultSet, paired: bool) -> Estimate:
    return metrics.bootstrap_difference(metrics.balance_value, a.games, b.games, paired)


FIGURES = [
    _per_game_figure("f_first", metrics.first_player_rate, True),
    _Figure("f_balance", False, lambda s: s.findings.balance, _balance_difference, 2),
    _per_game_figure("f_decided", lambda g: float(g.decided), True),
    _per_game_figure("f_drawn", lambda g: float(g.drawn), True),
    _per_game_figure("f_turns", lambda g: g.turns, False),
]
BALANCE = FIGURES[1]


def paired(a: ResultSet, b: ResultSet) -> bool:
    """True when the two sets were played on the same seeds, game for game."""
    return a is not b and a.seeds == b.seeds


def reference_for(result_set: ResultSet, sets: Sequence[ResultSet]) -> ResultSet:
    """What a set is compared with: the rules as written with the same bots and soan if
    there is such another set, else the group's first rules-as-written set, else the
    group's first set. The first rules-as-written set is its own reference."""
    written = [s for s in sets if s.as_written]
    same = [s for s in written if s is not result_set and (s.key.lineup, s.key.soan_version)
            == (result_set.key.lineup, result_set.key.soan_version)]
    if same and not result_set.as_written:
        return same[0]
    return (written or list(sets))[0]


def _text(m: Messages, figure: _Figure, e: Estimate) -> str:
    return m.rate(e) if figure.percent else m.number(e, figure.digits)


def _verdict(m: Messages, difference: Estimate) -> str:
    if difference.low > 0:
        return m("fairer_yes")
    if difference.high < 0:
        return m("fairer_no")
    return m("fairer_same")


def compare_group(group: Group, m: Messages, charts: Charts) -> Comparison:
    """Every set against its reference, the sweeps' fairest values, and a chart."""
    sets = group.sets
    headlines: list[str] = []
    notes: list[str] = []
    if not any(s.as_written for s in sets):
        notes.append(m("no_reference", label=sets[0].label))
    lines = []
    for result_set in sets:
        reference = reference_for(result_set, sets)
        if reference is result_set:
            lines.append(Line(result_set.label, None, False, [
                Cell(_text(m, f, f.value(result_set))) for f in FIGURES]))
            continue
        is_paired = paired(reference, result_set)
        cells, changes = [], []
        for figure in FIGURES:
            difference = figure.difference(reference, result_set, is_paired)
            cells.append(Cell(_text(m, figure, figure.value(result_set)),
                              m.difference(difference, figure.percent, figure.digits),
                              difference.excludes(0)))
            if figure is BALANCE:
                headlines.append(m(
                    "fairer", label=result_set.label, reference=reference.label,
                    value=f"{result_set.findings.balance.value:.2f}",
                    base=f"{reference.findings.balance.value:.2f}",
                    difference=m.difference(difference, False, 2), verdict=_verdict(m, difference),
                ))
            elif difference.excludes(0):
                changes.append(m("change_item", figure=m(figure.key),
                                 difference=m.difference(difference, figure.percent,
                                                         figure.digits)))
        headlines.append(
            m("changes", reference=reference.label, label=result_set.label,
              changes=m.join(changes)) if changes else
            m("changes_none", label=result_set.label, reference=reference.label)
        )
        lines.append(Line(result_set.label, reference.label, is_paired, cells))
    compared = [line for line in lines if line.reference is not None]
    if compared and all(line.paired for line in compared):
        notes.append(m("paired_all"))
    else:
        notes += [m("paired", label=line.label, reference=line.reference)
                  for line in compared if line.paired]
    headlines += sweep_sentences(sets, m)
    positions = [m.ordinal(p + 1) for p in range(group.players)]
    chart = charts.rates_side_by_side(
        [s.label for s in sets], positions, [s.findings.turn_order.rates for s in sets],
        1 / group.players, f"{m('side_chart')}: {group.title}", m,
    )
    return Comparison([m(f.key) for f in FIGURES], lines, headlines, notes, chart)


# ---- sweeps ----------------------------------------------------------------------------

def _options(result_set: ResultSet) -> dict:
    return json.loads(result_set.key.options)


def sweeps(sets: Sequence[ResultSet]) -> list[tuple[str, list[ResultSet]]]:
    """Rule numbers swept: for each, the sets that differ from each other in it alone
    (same variant, other numbers, content, bots and soan), two values or more."""
    found = []
    keys = sorted({k for s in sets for k in _options(s)})
    for key in keys:
        clusters: dict[tuple, list[ResultSet]] = defaultdict(list)
        for s in sets:
            rest = {k: v for k, v in _options(s).items() if k != key}
            clusters[s.key.variant, json.dumps(rest, sort_keys=True), s.key.content_hash,
                     s.key.lineup, s.key.soan_version].append(s)
        found += [(key, members) for members in clusters.values()
                  if len({json.dumps(_options(s)[key]) for s in members}) > 1]
    return found


def _context(key: str, members: Sequence[ResultSet], m: Messages) -> str:
    """What the sets of a sweep share beyond the rules as written ('plain'), if anything."""
    parts = re.split(r"[;,] ", members[0].label)
    shared = [p for p in parts if not p.startswith(f"{key}=") and p != m("as_written")]
    return m("sweep_context", context=m.join(shared)) if shared else ""


def _as_written_value(game_id: str, key: str) -> object:
    try:
        return options_to_dict(get_game(game_id).options()).get(key)
    except SoanError:
        return None


def sweep_sentences(sets: Sequence[ResultSet], m: Messages) -> list[str]:
    """'The fairest value of hand_limit is 9: balance ...', one per sweep."""
    sentences = []
    for key, members in sweeps(sets):
        fairest = max(members, key=lambda s: s.findings.balance.value)
        sentence = m("fairest", key=key, context=_context(key, members, m),
                     value=value_text(_options(fairest)[key]),
                     balance=m.number(fairest.findings.balance))
        written = _as_written_value(fairest.key.game, key)
        base = next((s for s in members if _options(s)[key] == written), None)
        if base is fairest:
            sentence += m("fairest_is_reference", reference=base.label)
        elif base is not None:
            difference = _balance_difference(base, fairest, paired(base, fairest))
            sentence += m("fairest_against", key=key, base=value_text(written),
                          reference=base.label, difference=m.difference(difference, False, 2),
                          verdict=_verdict(m, difference))
        sentences.append(sentence)
    return sentences
