"""Sets side by side, as data: each against the rules as written, and what a sweep says.

Every set of a group is compared with its reference, the rules as written (with
the same bots where there is such a set). Two sets played on the same seeds,
game for game, are compared over the paired games. A rule number swept over
several values (sets that differ in that number alone) ends with its fairest
value, the one whose turn positions are most balanced, with its interval.
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
from soan.lab.report.metrics import Estimate, GameOutcome
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


def _balance_difference(a: ResultSet, b: ResultSet, paired: bool) -> Estimate:
    return metrics.bootstrap_difference(metrics.balance_value, a.games, b.games, paired)


FIGURES = [
    _per_game_figure("f_first", metrics.first_player_rate, True),
    Figure("f_balance", False, lambda s, found: found.balance, _balance_difference, 2),
    _per_game_figure("f_decided", lambda g: float(g.decided), True),
    _per_game_figure("f_drawn", lambda g: float(g.drawn), True),
    _per_game_figure("f_turns", lambda g: g.turns, False),
]
BALANCE = FIGURES[1]


@dataclass
class Line:
    """One set's row of the side-by-side table."""

    result_set: ResultSet
    reference: ResultSet | None  # the set it is compared with (None: it is the reference)
    paired: bool
    values: list[Estimate]  # one for each of FIGURES
    differences: list[Estimate]  # from the reference, one for each of FIGURES (none for it)

    @property
    def beyond(self) -> list[bool]:
        """For each difference: beyond chance (its interval excludes 0)."""
        return [d.excludes(0) for d in self.differences]


@dataclass
class Sweep:
    """A rule number swept over several sets, and its fairest value."""

    key: str
    members: list[ResultSet]
    fairest: ResultSet
    value: object  # the fairest set's value of the rule number
    written: object  # the value as written
    base: ResultSet | None  # the member that plays the value as written, if any
    difference: Estimate | None  # fairest's balance minus base's (when they differ)


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


def verdict(difference: Estimate) -> int:
    """FAIRER when a difference of balance is above 0 beyond chance, LESS_FAIR when below,
    else NO_DIFFERENCE."""
    if difference.low > 0:
        return FAIRER
    if difference.high < 0:
        return LESS_FAIR
    return NO_DIFFERENCE


def compare_group(sets: Sequence[ResultSet], found: Mapping[SetKey, Findings]) -> Comparison:
    """Every set against its reference, and the sweeps' fairest values; `found` holds each
    set's findings by its key."""
    lines = []
    for result_set in sets:
        reference = reference_for(result_set, sets)
        values = [f.value(result_set, found[result_set.key]) for f in FIGURES]
        if reference is result_set:
            lines.append(Line(result_set, None, False, values, []))
            continue
        is_paired = paired(reference, result_set)
        differences = [f.difference(reference, result_set, is_paired) for f in FIGURES]
        lines.append(Line(result_set, reference, is_paired, values, differences))
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
        fairest = max(members, key=lambda s: found[s.key].balance.value)
        written = _as_written_value(fairest.key.game, key)
        base = next((s for s in members if _options(s)[key] == written), None)
        difference = None
        if base is not None and base is not fairest:
            difference = _balance_difference(base, fairest, paired(base, fairest))
        out.append(Sweep(key, members, fairest, _options(fairest)[key], written, base,
                         difference))
    return out
