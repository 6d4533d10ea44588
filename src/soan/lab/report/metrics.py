"""The lab's figures as small pure functions, each with its uncertainty.

Every interval and test comes from the field's libraries, never written by hand:
proportions get Wilson score intervals (statsmodels' `proportion_confint`), which
stay honest near 0% and 100% and for small samples; differences of proportions
get Newcombe's hybrid score interval (`confint_proportions_2indep`); means and
differences of means get t intervals (statsmodels' `DescrStatsW`, Welch for two
independent sets). Two sets played on the same seeds are compared game by game
(paired), which removes the luck of the deal both share.

Turn positions are judged all at once, so that testing every seat does not turn
luck into findings:
- a position is flagged only when its score test against the fair rate (the test
  Wilson's interval inverts) holds after Holm's correction over all positions
  (statsmodels' `multipletests`); a flagged position's 95% interval therefore
  never contains the fair rate;
- the imbalance of turn order is Pearson's chi-square over the positions' wins
  against fair shares (SciPy's `chisquare`). Its expected value when the game is
  perfectly balanced is known: N - 1 for N positions (at most that, when wins are
  shared). It is also given as the spread of the positions' win rates from fair
  (root mean square, in points) beside the spread chance alone gives at this
  many games, sqrt((N - 1) / n) / N: the two say the same thing, since
  spread / chance = sqrt(chi-square / (N - 1)).

A game with no winner (a draw, or one stopped unfinished) gives every seat 1/N,
so a fair game reads exactly 1/N; how often that happens is its own figure.
The outcome figures follow Ludii's definitions:
- decided games: the share of games that end with a winner;
- drawishness: the share of finished games that end without one;
- duration: the mean number of turns (and of actions) per game.

Where a page lists many figures against one reference (every card's win rate),
a 95% interval misses by luck about once in twenty, so such a list marks an
item "beyond chance" only when its Bonferroni interval (95% over the whole
list) excludes the reference.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

# SciPy and statsmodels are imported where they are used: together they take seconds to
# import, which every soan command would pay (the ladder reads Z95 from here).
NORMAL = NormalDist()  # the standard library's normal distribution, for quantiles
CONFIDENCE = 0.95
ALPHA = 1 - CONFIDENCE
Z95 = NORMAL.inv_cdf(1 - ALPHA / 2)  # 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval."""

    value: float
    low: float
    high: float

    def excludes(self, x: float) -> bool:
        """True when `x` lies outside the interval: a difference beyond chance."""
        return x < self.low or x > self.high

    def widened(self, factor: float) -> Estimate:
        """The interval `factor` times as wide about the same value."""
        return Estimate(self.value, self.value - factor * (self.value - self.low),
                        self.value + factor * (self.high - self.value))


def family_factor(comparisons: int) -> float:
    """How much wider each 95% interval must be for `comparisons` of them to hold
    together (Bonferroni): then luck alone puts something beyond chance on under one
    page in twenty, where single intervals would on most pages of many items."""
    return family_z(comparisons) / Z95


@dataclass(frozen=True)
class GameOutcome:
    """What the figures need from one game: each seat's win share, who moved first,
    how it ended and how long it took."""

    win_shares: tuple[float, ...]  # by seat: 1/k for each of k winners; 1/N each if none
    decided: bool  # ended with at least one winner
    completed: bool  # reached its end (not stopped at the action limit)
    turns: int
    actions: int
    first: int = 0  # the seat (0-based) that moved first in turn order
    seed: int = 0

    @property
    def drawn(self) -> bool:
        return self.completed and not self.decided

    @property
    def by_position(self) -> tuple[float, ...]:
        """The win shares in turn order: the first player's first."""
        n = len(self.win_shares)
        return tuple(self.win_shares[(self.first + k) % n] for k in range(n))


# ---- intervals -------------------------------------------------------------------------

def _alpha(z: float) -> float:
    """The two-sided error rate of an interval `z` standard errors wide on each side."""
    return 2 * NORMAL.cdf(-z)


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for `successes` out of `trials` (fractions allowed)."""
    if trials <= 0:
        return 0.0, 1.0
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(successes, trials, alpha=_alpha(z), method="wilson")
    # exact at the ends, where floating point leaves a hair's breadth
    return (0.0 if successes <= 0 else float(low)), (1.0 if successes >= trials else float(high))


def family_z(items: int) -> float:
    """The z of a Bonferroni interval: 95% over `items` intervals at once."""
    return NORMAL.inv_cdf(1 - ALPHA / (2 * max(items, 1)))


def proportion(successes: float, trials: int, z: float = Z95) -> Estimate:
    """A proportion with its Wilson interval."""
    low, high = wilson_interval(successes, trials, z)
    return Estimate(successes / trials if trials else 0.0, low, high)


def beyond_chance(successes: float, trials: int, reference: float, items: int) -> bool:
    """True when a proportion's Bonferroni interval over `items` excludes `reference`."""
    return trials > 0 and proportion(successes, trials, family_z(items)).excludes(reference)


def win_rate(win_shares: Sequence[float]) -> Estimate:
    """The mean win share over some seat-games (one bot's, one position's)."""
    return proportion(sum(win_shares), len(win_shares))


def games_for_half_width(p: float, half_width: float, z: float = Z95) -> int:
    """The fewest games whose Wilson interval around `p` is at most ±`half_width`."""

    def half(n: int) -> float:
        low, high = wilson_interval(p * n, n, z)
        return (high - low) / 2

    low, high = 1, 1
    while half(high) > half_width:
        low, high = high, high * 2
    while low < high:
        middle = (low + high) // 2
        if half(middle) > half_width:
            low = middle + 1
        else:
            high = middle
    return high


def difference_of_proportions(
    successes_a: float, trials_a: int, successes_b: float, trials_b: int, z: float = Z95
) -> Estimate:
    """b's proportion minus a's, with Newcombe's hybrid score interval (method 10)."""
    from statsmodels.stats.proportion import confint_proportions_2indep

    low, high = confint_proportions_2indep(successes_b, trials_b, successes_a, trials_a,
                                           method="newcomb", compare="diff", alpha=_alpha(z))
    return Estimate(successes_b / trials_b - successes_a / trials_a, float(low), float(high))


def _spread_free(values: np.ndarray) -> bool:
    """Too few values, or all alike: a t interval has no width to give."""
    return len(values) < 2 or float(np.ptp(values)) == 0.0


def mean(values: Sequence[float]) -> Estimate:
    """A mean with its t 95% interval."""
    if not len(values):
        return Estimate(0.0, 0.0, 0.0)
    x = np.asarray(values, dtype=float)
    centre = float(x.mean())
    if _spread_free(x):
        return Estimate(centre, centre, centre)
    from statsmodels.stats.weightstats import DescrStatsW

    low, high = DescrStatsW(x).tconfint_mean(alpha=ALPHA)
    return Estimate(centre, float(low), float(high))


def difference_of_means(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """b's mean minus a's, with Welch's t 95% interval."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    difference = float(y.mean() - x.mean())
    if _spread_free(x) and _spread_free(y):
        return Estimate(difference, difference, difference)
    if len(x) < 2:  # a single value on one side: the other side's spread alone
        return mean(list(y - x.mean()))
    if len(y) < 2:
        return mean(list(y.mean() - x))
    from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

    low, high = CompareMeans(DescrStatsW(y), DescrStatsW(x)).tconfint_diff(
        alpha=ALPHA, usevar="unequal")
    return Estimate(difference, float(low), float(high))


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean of b - a over paired games (the same seed in both), with a t 95%
    interval on the per-game differences: luck the two games share cancels out."""
    return mean([y - x for x, y in zip(a, b, strict=True)])


# ---- turn order, imbalance, outcomes ---------------------------------------------------

def position_win_rates(games: Sequence[GameOutcome]) -> list[Estimate]:
    """The win rate of each turn position (first player first) over all games."""
    positions = len(games[0].win_shares)
    return [win_rate([g.by_position[p] for g in games]) for p in range(positions)]


def beyond_fair_holm(rates: Sequence[Estimate], trials: int, fair: float) -> list[bool]:
    """Which of several rates (each over `trials`) differ from `fair` beyond chance,
    all judged together: each rate's score test against `fair`, Holm-corrected over
    the rates. A rate so flagged has a 95% Wilson interval that excludes `fair`
    (Wilson's interval is the score test inverted)."""
    if trials <= 0 or not rates:
        return [False] * len(rates)
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.proportion import proportions_ztest

    p_values = [float(proportions_ztest(r.value * trials, trials, value=fair,
                                        prop_var=fair)[1]) for r in rates]
    return [bool(x) for x in multipletests(p_values, alpha=ALPHA, method="holm")[0]]


def first_player_rate(game: GameOutcome) -> float:
    """The first player's share of one game."""
    return game.by_position[0]


@dataclass(frozen=True)
class Imbalance:
    """How far all turn positions together are from fair: Pearson's chi-square against
    fair shares, whose value a perfectly balanced game expects is known (`expected`),
    and the same said in points (`spread` beside `chance`)."""

    statistic: float  # chi-square over the positions' wins
    df: int  # positions - 1: what a balanced game expects of the statistic
    p_value: float
    spread: float  # root mean square of the positions' win rates minus fair
    chance: float  # the spread chance alone gives a balanced game at this many games
    games: int

    @property
    def expected(self) -> float:
        return float(self.df)

    @property
    def beyond(self) -> bool:
        """True when the positions differ beyond chance, all tested at once."""
        return self.p_value < ALPHA


def balance(games: Sequence[GameOutcome]) -> Imbalance:
    """The imbalance of turn positions over `games` (chi-square goodness of fit)."""
    n, positions = len(games), len(games[0].win_shares)
    wins = np.array([sum(shares) for shares in zip(*(g.by_position for g in games),
                                                  strict=True)])
    from scipy.stats import chisquare

    statistic, p_value = chisquare(wins, np.full(positions, n / positions))
    rates = wins / n - 1 / positions
    return Imbalance(float(statistic), positions - 1, float(p_value),
                     float(np.sqrt(np.mean(rates ** 2))),
                     math.sqrt((positions - 1) / n) / positions, n)


def positions_differ(games_a: Sequence[GameOutcome], games_b: Sequence[GameOutcome]) -> float:
    """The p-value of the chi-square test that two sets share one distribution of wins
    over turn positions: a small value says their turn orders favour positions
    differently. Sets played on the same seeds share luck, which only makes the test
    more cautious."""
    table = np.array([[sum(shares) for shares in zip(*(g.by_position for g in games),
                                                     strict=True)]
                      for games in (games_a, games_b)])
    table = table[:, table.sum(axis=0) > 0]
    if table.shape[1] < 2:
        return 1.0
    from scipy.stats import chi2_contingency

    return float(chi2_contingency(table)[1])


def decided_share(games: Sequence[GameOutcome]) -> Estimate:
    """The share of games that end with a winner."""
    return proportion(sum(g.decided for g in games), len(games))


def drawishness(games: Sequence[GameOutcome]) -> Estimate:
    """The share of games that end, but without a winner."""
    return proportion(sum(g.drawn for g in games), len(games))


def unfinished_share(games: Sequence[GameOutcome]) -> Estimate:
    """The share of games stopped at the action limit."""
    return proportion(sum(not g.completed for g in games), len(games))


def duration_turns(games: Sequence[GameOutcome]) -> Estimate:
    """The mean number of turns per game."""
    return mean([g.turns for g in games])


def duration_actions(games: Sequence[GameOutcome]) -> Estimate:
    """The mean number of actions per game."""
    return mean([g.actions for g in games])


# ---- groups of seat-games (factions, bots, content items) ------------------------------

@dataclass(frozen=True)
class GroupRate:
    """The win rate of the seat-games in one group (a faction, a bot)."""

    name: str
    seat_games: int
    rate: Estimate
    beyond: bool  # its Bonferroni interval over all groups excludes the reference


def group_win_rates(
    pairs: Iterable[tuple[Hashable, float]], reference: float
) -> list[GroupRate]:
    """Win rate per group from (group, win share) seat-games, in first-seen order."""
    by_group: dict[Hashable, list[float]] = defaultdict(list)
    for group, share in pairs:
        by_group[group].append(share)
    items = len(by_group)
    return [
        GroupRate(str(group), len(shares), win_rate(shares),
                  beyond_chance(sum(shares), len(shares), reference, items))
        for group, shares in by_group.items()
    ]


@dataclass(frozen=True)
class Association:
    """The win rate of seat-games that used an item against those that did not."""

    used: Estimate
    unused: Estimate
    difference: Estimate  # used minus unused
    used_games: int
    unused_games: int


def association(used: Sequence[float], unused: Sequence[float]) -> Association | None:
    """Win shares of seat-games with and without an item; None when either is empty."""
    if not used or not unused:
        return None
    return Association(
        win_rate(used), win_rate(unused),
        difference_of_proportions(sum(unused), len(unused), sum(used), len(used)),
        len(used), len(unused),
    )


def association_family_gap(item: Association, items: int) -> Estimate:
    """The gap between users and non-users with its interval held at 95% over all
    `items` (Newcombe's interval built from Bonferroni intervals)."""
    return difference_of_proportions(
        item.unused.value * item.unused_games, item.unused_games,
        item.used.value * item.used_games, item.used_games, family_z(items),
    )


def association_beyond_chance(item: Association, items: int) -> bool:
    """True when the gap between users and non-users holds at 95% over all `items`."""
    return association_family_gap(item, items).excludes(0)


def association_informative(item: Association, items: int) -> bool:
    """True when the item was used (and gone without) in enough seat-games that its gap
    could be judged beyond chance at all: if every seat-game that used it had won, or
    every one had lost, the list's test would say so. An item seen in two seat-games
    ("0.0% (95% CI 0–65.8%)") cannot, and its row carries no information."""
    unused = item.unused.value * item.unused_games
    return any(
        difference_of_proportions(unused, item.unused_games, extreme, item.used_games,
                                  family_z(items)).excludes(0)
        for extreme in (0, item.used_games)
    )
