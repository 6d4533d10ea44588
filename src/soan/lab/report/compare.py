"""Sets side by side, as data: each against the rules as written, and what a sweep says.

Every set of a group is compared with its reference, the rules as written (with
the same bots where there is such a set). Two sets played on the same seeds,
game for game, are compared over the paired games. A difference is a change
only when it is beyond chance and large enough to show at the page's precision
(a paired "+0.0 (95% CI +0.0 to +0.0)" is no finding). Fairness is judged on all
turn positions at once: one set is fairer than another when the two distribute
wins over the positions differently (a chi-square test of homogeneity), the other
set's own positions differ from fair beyond chance, and this set's spread from
fair is the smaller. A rule number swept over several values (sets that differ
in that number alone) ends with its fairest value, the one whose positions'
spread from fair is smallest, judged the same way against the value as written.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from soan.engine.core import SoanError, options_to_dict
from soan.engine.registry import get_game
from soan.lab.report import metrics
from soan.lab.report.findings import Findings
from soan.lab.report.metrics import Estimate, GameOutcome, Imbalance
from soan.lab.report.sets import ResultSet, SetKey

FAIRER, LESS_FAIR, NO_DIFFERENCE = 1, -1, 0  # verdicts on a difference of balance


@dataclass
class Figure:
    """A figure compared between sets: its value and the difference b - a. `key` names it
    in the message catalogue."""

    key: str
    percent: bool
    value: Callable[[ResultSet, Findings], Estimate]
    difference: Callable[[ResultSet, ResultSet, bool], Estimate]
    digits: int = 1

    def shows(self, difference: Estimate) -> bool:
        """True when a difference reads as more than zero at the page's precision."""
        scale = 100 if self.percent else 1
        return round(abs(scale * difference.value), self.digits) > 0


def _per_game_figure(key: str, per_game: Callable[[GameOutcome], float], percent: bool,
                     digits: int = 1) -> Figure:
    """A figure that is a mean over games of a per-game value (a rate, or a length)."""
    def value(s: ResultSet, found: Findings) -> Estimate:
        values = [per_game(g) for g in s.games]
        return metrics.win_rate(values) if percent else metrics.mean(values)

    def difference(a: ResultSet, b: ResultSet, paired: bool) -> Estimate:
        va, vb = [per_game(g) for g in a.games], [per_game(g) for g in b.games]
        if paired:
            return metrics.paired_difference(va, vb)
        if percent:
            return metrics.difference_of_proportions(sum(va), len(va), sum(vb), len(vb))
        return metrics.difference_of_means(va, vb)

    return Figure(key, percent, value, difference, digits)


FIGURES = [
    _per_game_figure("f_first", metrics.first_player_rate, True),
    _per_game_figure("f_decided", lambda g: float(g.decided), True),
    _per_game_figure("f_drawn", lambda g: float(g.drawn), True),
    _per_game_figure("f_turns", lambda g: g.turns, False),
]


@dataclass
class Fairness:
    """Whether set b is fairer than set a, judged on all turn positions at once."""

    verdict: int  # FAIRER, LESS_FAIR or NO_DIFFERENCE (b against a)
    p_differ: float  # the chi-square test that the two distribute wins over positions alike
    a: Imbalance
    b: Imbalance


def fairness(a: ResultSet, b: ResultSet, found: Mapping[SetKey, Findings]) -> Fairness:
    """b against a: FAIRER when the two differ over the positions beyond chance, a's
    positions differ from fair beyond chance, and b's spread from fair is smaller."""
    imbalance_a, imbalance_b = found[a.key].balance, found[b.key].balance
    p_differ = metrics.positions_differ(a.games, b.games)
    verdict = NO_DIFFERENCE
    if p_differ < metrics.ALPHA:
        if imbalance_a.beyond and imbalance_b.spread < imbalance_a.spread:
            verdict = FAIRER
        elif imbalance_b.beyond and imbalance_a.spread < imbalance_b.spread:
            verdict = LESS_FAIR
    return Fairness(verdict, p_differ, imbalance_a, imbalance_b)


@dataclass
class Line:
    """One set's row of the side-by-side table."""

    result_set: ResultSet
    reference: ResultSet | None  # the set it is compared with (None: it is the reference)
    paired: bool
    values: list[Estimate]  # one for each of FIGURES
    differences: list[Estimate]  # from the reference, one for each of FIGURES (none for it)
    imbalance: Imbalance
    fairness: Fairness | None = None  # against the reference (none for it)

    @property
    def beyond(self) -> list[bool]:
        """For each difference: a change, beyond chance (its interval excludes 0) and
        large enough to show."""
        return [d.excludes(0) and f.shows(d) for f, d in zip(FIGURES, self.differences,
                                                             strict=True)]


@dataclass
class Sweep:
    """A rule number swept over several sets, and its fairest value."""

    key: str
    members: list[ResultSet]
    fairest: ResultSet
    value: object  # the fairest set's value of the rule number
    written: object  # the value as written
    base: ResultSet | None  # the member that plays the value as written, if any
    fairness: Fairness | None  # fairest against base (when they differ)


@dataclass
class Comparison:
    lines: list[Line]
    sweeps: list[Sweep]
    has_reference: bool  # some set plays the rules as written


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


def compare_group(sets: Sequence[ResultSet], found: Mapping[SetKey, Findings]) -> Comparison:
    """Every set against its reference, and the sweeps' fairest values; `found` holds each
    set's findings by its key."""
    lines = []
    for result_set in sets:
        reference = reference_for(result_set, sets)
        values = [f.value(result_set, found[result_set.key]) for f in FIGURES]
        imbalance = found[result_set.key].balance
        if reference is result_set:
            lines.append(Line(result_set, None, False, values, [], imbalance))
            continue
        is_paired = paired(reference, result_set)
        differences = [f.difference(reference, result_set, is_paired) for f in FIGURES]
        lines.append(Line(result_set, reference, is_paired, values, differences, imbalance,
                          fairness(reference, result_set, found)))
    return Comparison(lines, fairest_values(sets, found), any(s.as_written for s in sets))


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


def _as_written_value(game_id: str, key: str) -> object:
    try:
        return options_to_dict(get_game(game_id).options()).get(key)
    except SoanError:
        return None


def fairest_values(sets: Sequence[ResultSet], found: Mapping[SetKey, Findings]
                   ) -> list[Sweep]:
    """Each sweep's fairest value, and how it compares with the value as written."""
    out = []
    for key, members in sweeps(sets):
        fairest = min(members, key=lambda s: found[s.key].balance.spread)
        written = _as_written_value(fairest.key.game, key)
        base = next((s for s in members if _options(s)[key] == written), None)
        judged = None
        if base is not None and base is not fairest:
            judged = fairness(base, fairest, found)
        out.append(Sweep(key, members, fairest, _options(fairest)[key], written, base,
                         judged))
    return out
