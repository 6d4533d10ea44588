"""The lab's figures as small pure functions, each with its uncertainty.

Proportions get Wilson score intervals, which stay honest near 0% and 100% and
for small samples; differences of proportions get Newcombe's interval built
from two Wilson intervals; means get normal intervals. Balance is a maximum
over seats, which has no simple formula for its spread, so it is bootstrapped
over games with a fixed seed (the same results always give the same page).

The outcome figures follow Ludii's definitions, adapted to shared wins:
- balance: 1 minus the largest gap between two seats' win rates;
- first-seat advantage: how often seat 1 wins, a draw or unfinished game
  counting 1/N (so a fair game scores exactly 1/N);
- completion: the share of games that end with a winner;
- drawishness: the share of finished games that end without one;
- duration: the mean number of turns (and of actions) per game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from soan.engine.rng import Rng

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
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


@dataclass(frozen=True)
class GameOutcome:
    """What the figures need from one game: each seat's win share and its length."""

    win_shares: tuple[float, ...]  # 1/k for each of k winners, 0 otherwise
    completed: bool  # the game reached its end (not stopped at the action limit)
    turns: int
    actions: int

    @property
    def decided(self) -> bool:
        return self.completed and sum(self.win_shares) > 0

    @property
    def drawn(self) -> bool:
        return self.completed and not self.decided


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for `successes` out of `trials` (fractions allowed)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion(successes: float, trials: int) -> Estimate:
    """A proportion with its Wilson interval."""
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def win_rate(win_shares: Sequence[float]) -> Estimate:
    """The mean win share over some seat-games (one bot's, one seat's)."""
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
    successes_a: float, trials_a: int, successes_b: float, trials_b: int
) -> Estimate:
    """b's proportion minus a's, with Newcombe's hybrid score interval (method 10)."""
    a, b = proportion(successes_a, trials_a), proportion(successes_b, trials_b)
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


def seat_win_rates(games: Sequence[GameOutcome]) -> list[Estimate]:
    """Each seat's win rate over all games (shared wins count 1/k, draws 0)."""
    seats = len(games[0].win_shares)
    return [proportion(sum(g.win_shares[s] for g in games), len(games)) for s in range(seats)]


def fair_win_rate(games: Sequence[GameOutcome]) -> float:
    """The win rate every seat would have if seat order did not matter."""
    seats = len(games[0].win_shares)
    return sum(g.decided for g in games) / len(games) / seats


def balance_value(games: Sequence[GameOutcome]) -> float:
    """1 minus the largest gap between two seats' win rates (1 = perfectly balanced)."""
    totals = [sum(shares) for shares in zip(*(g.win_shares for g in games), strict=True)]
    return 1.0 - (max(totals) - min(totals)) / len(games)


def _resample(games: Sequence[GameOutcome], rng: Rng) -> list[GameOutcome]:
    n = len(games)
    return [games[rng.below(n)] for _ in range(n)]


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
    rng = Rng(seed)
    draws = [statistic(_resample(games, rng)) for _ in range(resamples)]
    return _percentile_interval(statistic(games), draws)


def bootstrap_difference(
    statistic: Callable[[Sequence[GameOutcome]], float],
    games_a: Sequence[GameOutcome],
    games_b: Sequence[GameOutcome],
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 1,
) -> Estimate:
    """statistic(b) - statistic(a), each resampled independently."""
    rng = Rng(seed)
    draws = [
        statistic(_resample(games_b, rng)) - statistic(_resample(games_a, rng))
        for _ in range(resamples)
    ]
    return _percentile_interval(statistic(games_b) - statistic(games_a), draws)


def balance(games: Sequence[GameOutcome]) -> Estimate:
    """Balance with its bootstrap interval."""
    return bootstrap(balance_value, games)


def first_seat_wins(game: GameOutcome) -> float:
    """Seat 1's share of one game, a draw or unfinished game counting 1/N."""
    return game.win_shares[0] if game.decided else 1 / len(game.win_shares)


def first_seat_advantage(games: Sequence[GameOutcome]) -> Estimate:
    """How often seat 1 wins (fair = 1/N), as in Ludii's AdvantageP1."""
    return win_rate([first_seat_wins(g) for g in games])


def completion(games: Sequence[GameOutcome]) -> Estimate:
    """The share of games that end with a winner."""
    return proportion(sum(g.decided for g in games), len(games))


def drawishness(games: Sequence[GameOutcome]) -> Estimate:
    """The share of games that end, but without a winner."""
    return proportion(sum(g.drawn for g in games), len(games))


def duration_turns(games: Sequence[GameOutcome]) -> Estimate:
    """The mean number of turns per game."""
    return mean([g.turns for g in games])


def duration_actions(games: Sequence[GameOutcome]) -> Estimate:
    """The mean number of actions per game."""
    return mean([g.actions for g in games])
