"""The lab's figures as small pure functions, each with its uncertainty.

Proportions get Wilson score intervals, which stay honest near 0% and 100% and
for small samples; differences of proportions get Newcombe's interval built
from two Wilson intervals; means get normal intervals. Balance is a maximum
over positions, which has no simple formula for its spread, so it is
bootstrapped over games with a fixed seed (the same results give the same page).
Two sets played on the same seeds are compared game by game (paired), which
removes the luck of the deal both share.

A game with no winner (a draw, or one stopped unfinished) gives every seat 1/N,
so a fair game reads exactly 1/N; how often that happens is its own figure.
The outcome figures follow Ludii's definitions:
- balance: 1 minus the largest gap between two turn positions' win rates;
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
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from soan.engine.rng import Rng

CONFIDENCE = 0.95
Z95 = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)  # 1.959963984540054
BOOTSTRAP_RESAMPLES = 400


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
    return NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / (2 * max(comparisons, 1))) / Z95


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

def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for `successes` out of `trials` (fractions allowed)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def family_z(items: int) -> float:
    """The z of a Bonferroni interval: 95% over `items` intervals at once."""
    return NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / (2 * max(items, 1)))


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
    a, b = proportion(successes_a, trials_a, z), proportion(successes_b, trials_b, z)
    difference = b.value - a.value
    low = difference - math.hypot(b.value - b.low, a.high - a.value)
    high = difference + math.hypot(b.high - b.value, a.value - a.low)
    return Estimate(difference, low, high)


def _mean_and_variance(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, variance


def mean(values: Sequence[float]) -> Estimate:
    """A mean with its normal 95% interval."""
    centre, variance = _mean_and_variance(values)
    half = Z95 * math.sqrt(variance / len(values)) if values else 0.0
    return Estimate(centre, centre - half, centre + half)


def difference_of_means(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """b's mean minus a's, with a normal (Welch) 95% interval."""
    mean_a, var_a = _mean_and_variance(a)
    mean_b, var_b = _mean_and_variance(b)
    difference = mean_b - mean_a
    half = Z95 * math.sqrt(var_a / max(len(a), 1) + var_b / max(len(b), 1))
    return Estimate(difference, difference - half, difference + half)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean of b - a over paired games (the same seed in both), with a normal 95%
    interval on the per-game differences: luck the two games share cancels out."""
    return mean([y - x for x, y in zip(a, b, strict=True)])


# ---- turn order, balance, outcomes -----------------------------------------------------

def position_win_rates(games: Sequence[GameOutcome]) -> list[Estimate]:
    """The win rate of each turn position (first player first) over all games."""
    positions = len(games[0].win_shares)
    return [win_rate([g.by_position[p] for g in games]) for p in range(positions)]


def first_player_rate(game: GameOutcome) -> float:
    """The first player's share of one game."""
    return game.by_position[0]


def balance_value(games: Sequence[GameOutcome]) -> float:
    """1 minus the largest gap between two turn positions' win rates (1 = balanced)."""
    totals = [sum(shares) for shares in zip(*(g.by_position for g in games), strict=True)]
    return 1.0 - (max(totals) - min(totals)) / len(games)


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


# ---- bootstrap -------------------------------------------------------------------------

def _percentile_interval(value: float, draws: list[float]) -> Estimate:
    draws.sort()
    low = draws[int(0.025 * len(draws))]
    high = draws[math.ceil(0.975 * len(draws)) - 1]
    return Estimate(value, low, high)


def bootstrap(
    statistic: Callable[[Sequence[GameOutcome]], float],
    games: Sequence[GameOutcome],
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 1,
) -> Estimate:
    """`statistic` with a percentile bootstrap interval over games."""
    rng, n = Rng(seed), len(games)
    draws = [statistic([games[rng.below(n)] for _ in range(n)]) for _ in range(resamples)]
    return _percentile_interval(statistic(games), draws)


def bootstrap_difference(
    statistic: Callable[[Sequence[GameOutcome]], float],
    games_a: Sequence[GameOutcome],
    games_b: Sequence[GameOutcome],
    paired: bool = False,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 1,
) -> Estimate:
    """statistic(b) - statistic(a); paired sets (game i of each on the same seed) are
    resampled game for game together, others each on their own."""
    rng = Rng(seed)
    draws = []
    for _ in range(resamples):
        if paired:
            picks = [rng.below(len(games_a)) for _ in games_a]
            a, b = [games_a[i] for i in picks], [games_b[i] for i in picks]
        else:
            a = [games_a[rng.below(len(games_a))] for _ in games_a]
            b = [games_b[rng.below(len(games_b))] for _ in games_b]
        draws.append(statistic(b) - statistic(a))
    return _percentile_interval(statistic(games_b) - statistic(games_a), draws)


def balance(games: Sequence[GameOutcome]) -> Estimate:
    """Balance with its bootstrap interval."""
    return bootstrap(balance_value, games)


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


def association_beyond_chance(item: Association, items: int) -> bool:
    """True when the gap between users and non-users holds at 95% over all `items`
    (Newcombe's interval built from Bonferroni intervals)."""
    return difference_of_proportions(
        item.unused.value * item.unused_games, item.unused_games,
        item.used.value * item.used_games, item.used_games, family_z(items),
    ).excludes(0)
