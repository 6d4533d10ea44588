"""A set's headlines checked under another bot, as data: holds, does not hold, reverses,
or cannot tell at this size.

A check is a set that differs from another of its group in the bots alone (one bot in
every seat): `soan study --check BOT` and `soan report --check BOT` play it on the first
N seeds of the set it checks, so the two are paired game for game. Each headline of the
first set (every turn position's win rate, every faction's, the imbalance of turn
positions) is measured again and judged against the first run's effect:

- holds: the check also finds the effect beyond chance, in the same direction;
- reverses: the check finds it beyond chance in the opposite direction;
- does not hold: the check's interval rules out the first run's estimate and shows no
  effect in its direction (measured precisely enough to say the effect is not there);
- cannot tell: anything else, with about how many games a check would need to detect the
  first run's effect (95% confidence, 80% power). A check too small to see the effect
  is never a pass.

A headline the first run found within chance is reported as "appears" when the check
finds it beyond chance, else "neither". Each figure is judged as each run judged
it: a position by Holm's correction over the positions, a faction with its Bonferroni
interval over the factions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

from soan.lab.report import metrics
from soan.lab.report.findings import Findings
from soan.lab.report.metrics import Estimate, Imbalance
from soan.lab.report.sets import ResultSet

POWER = 0.80
HOLDS, REVERSES, DOES_NOT_HOLD, CANNOT_TELL, APPEARS, NEITHER = (
    "holds", "reverses", "does_not_hold", "cannot_tell", "appears", "neither")
CHECK_MARK = "check_of"  # provenance field of a check run: what it checks


def games_needed(p0: float, p1: float, z: float = metrics.Z95, power: float = POWER) -> int:
    """Observations a one-proportion test against `p0` needs to detect a true rate `p1`
    with two-sided confidence `z` and the given power (the normal approximation)."""
    if p1 == p0:
        return 0
    z_power = NormalDist().inv_cdf(power)
    root = z * math.sqrt(p0 * (1 - p0)) + z_power * math.sqrt(max(p1 * (1 - p1), 1e-12))
    return math.ceil((root / (p1 - p0)) ** 2)


def judge(first: Estimate, check: Estimate, fair: float, first_beyond: bool | None = None,
          check_beyond: bool | None = None) -> str:
    """The verdict on one headline: the first run's estimate and the check's, each with the
    interval the page judges it by, against the fair value; `first_beyond` and
    `check_beyond` are each run's own verdict where a corrected test gave it (else the
    interval's)."""
    first_beyond = first.excludes(fair) if first_beyond is None else first_beyond
    check_beyond = check.excludes(fair) if check_beyond is None else check_beyond
    if not first_beyond:
        return APPEARS if check_beyond else NEITHER
    up = first.value > fair
    if check_beyond:
        return HOLDS if (check.value > fair) == up else REVERSES
    rules_out = check.high < first.value if up else check.low > first.value
    return DOES_NOT_HOLD if rules_out else CANNOT_TELL


@dataclass
class Headline:
    """One headline of the first set, measured again by the check."""

    kind: str  # "position" or "faction"
    name: str  # the position's number (1 = first player), or the faction as rows hold it
    fair: float
    first: Estimate  # 95% interval
    check: Estimate  # 95% interval
    verdict: str
    needed: int | None = None  # games the check would need (cannot tell only)
    paired: Estimate | None = None  # check minus first over the paired games, per game
    first_beyond: bool = False  # each run's own verdict against fair, as its page shows it
    check_beyond: bool = False


@dataclass
class Check:
    """A set checked by another: every headline, side by side, and the balance."""

    first: ResultSet
    check: ResultSet
    bot: str  # the check's bots, as named
    paired_games: int  # games of the check played on seeds the first set also played
    headlines: list[Headline]
    balance_first: Imbalance
    balance_check: Imbalance
    models: list[str] = field(default_factory=list)  # model files the check's bots use

    @property
    def paired(self) -> bool:
        return self.paired_games == len(self.check.games)

    @property
    def games(self) -> int:
        return len(self.check.games)


def _same_but_bots(a: ResultSet, b: ResultSet) -> bool:
    ka, kb = a.key, b.key
    return (ka.game, ka.players, ka.variant, ka.options, ka.content_hash, ka.soan_version) == (
        kb.game, kb.players, kb.variant, kb.options, kb.content_hash, kb.soan_version
    ) and ka.lineup != kb.lineup


def _marked(s: ResultSet) -> bool:
    return isinstance(s.provenance.get(CHECK_MARK), dict)


def find_checks(sets: Sequence[ResultSet]) -> tuple[list[ResultSet], list[tuple[ResultSet,
                                                                               ResultSet]]]:
    """The sets of a group that are not checks, and each check with the set it checks.

    A set checks another when the two differ in the bots alone, it has one bot in every
    seat, and it is marked as a check (its run was played by --check) or has fewer games."""
    pairs: list[tuple[ResultSet, ResultSet]] = []
    for candidate in sets:
        if len(set(candidate.key.lineup)) != 1:
            continue
        firsts = [s for s in sets if s is not candidate and _same_but_bots(s, candidate)
                  and not _marked(s)
                  and (_marked(candidate) or len(s.games) > len(candidate.games))]
        if firsts:
            first = max(firsts, key=lambda s: len(s.games))
            pairs.append((first, candidate))
    checks = {id(c) for _, c in pairs}
    return [s for s in sets if id(s) not in checks], pairs


def _position_shares(result_set: ResultSet, position: int) -> dict[int, float]:
    return {g.seed: g.by_position[position] for g in result_set.games}


def check_set(first: ResultSet, first_found: Findings, check: ResultSet,
              check_found: Findings) -> Check:
    """Every headline of `first` judged again by `check`."""
    players = first.players
    fair = 1 / players
    first_by_seed = {g.seed: g for g in first.games}
    shared = [g.seed for g in check.games if g.seed in first_by_seed]
    headlines = []
    first_turn, check_turn = first_found.turn_order, check_found.turn_order
    for p, (a, b) in enumerate(zip(first_turn.rates, check_turn.rates, strict=True)):
        line = Headline("position", str(p + 1), fair, a, b,
                        judge(a, b, fair, first_turn.beyond[p], check_turn.beyond[p]),
                        first_beyond=first_turn.beyond[p], check_beyond=check_turn.beyond[p])
        if line.verdict == CANNOT_TELL:
            line.needed = games_needed(fair, a.value)
        if shared:
            x, y = _position_shares(first, p), _position_shares(check, p)
            line.paired = metrics.paired_difference([x[s] for s in shared],
                                                    [y[s] for s in shared])
        headlines.append(line)
    headlines += _faction_headlines(first, first_found, check, check_found)
    return Check(first, check, ",".join(dict.fromkeys(check.key.lineup)), len(shared),
                 headlines, first_found.balance, check_found.balance, check.models)


def _faction_headlines(first: ResultSet, first_found: Findings, check: ResultSet,
                       check_found: Findings) -> list[Headline]:
    """Each faction of the first set, judged with the Bonferroni interval its list uses."""
    fair = 1 / first.players
    theirs = {g.name: g for g in check_found.factions}
    z = metrics.family_z(len(first_found.factions))
    first_rows = {r["faction"] for r in first.rows}
    lines = []
    for faction in first_found.factions:
        other = theirs.get(faction.name)
        if other is None or faction.name not in first_rows:
            continue
        share_a = faction.rate.value * faction.seat_games
        share_b = other.rate.value * other.seat_games
        a = metrics.proportion(share_a, faction.seat_games, z)
        b = metrics.proportion(share_b, other.seat_games,
                               metrics.family_z(len(check_found.factions)))
        line = Headline("faction", faction.name, fair, faction.rate, other.rate,
                        judge(a, b, fair), first_beyond=a.excludes(fair),
                        check_beyond=b.excludes(fair))
        if line.verdict == CANNOT_TELL:
            per_game = faction.seat_games / len(first.games)
            line.needed = math.ceil(games_needed(fair, faction.rate.value, z) / per_game)
        lines.append(line)
    return lines

