"""The lab's figures against values worked out by hand or published."""

from __future__ import annotations

import pytest

from soan.lab import metrics
from soan.lab.metrics import GameOutcome

# Five two-seat games: a seat-1 win, a seat-2 win, a shared win, a draw, a seat-1 win.
TABLE = [
    GameOutcome((1.0, 0.0), True, 10, 20),
    GameOutcome((0.0, 1.0), True, 12, 22),
    GameOutcome((0.5, 0.5), True, 11, 21),
    GameOutcome((0.0, 0.0), True, 9, 18),
    GameOutcome((1.0, 0.0), True, 8, 16),
]


def close(value: float, expected: float) -> bool:
    return value == pytest.approx(expected, abs=1e-4)


def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), single proportions: 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775.
    low, high = metrics.wilson_interval(81, 263)
    assert close(low, 0.2553) and close(high, 0.3662)
    low, high = metrics.wilson_interval(0, 10)
    assert low == 0.0 and close(high, 0.2775)


def test_difference_of_proportions_matches_newcombe_method_10() -> None:
    # Newcombe (1998), two proportions: 56/70 - 48/80 = 0.2000, method 10 gives 0.0524 to 0.3339.
    d = metrics.difference_of_proportions(48, 80, 56, 70)
    assert close(d.value, 0.2) and close(d.low, 0.0524) and close(d.high, 0.3339)


def test_seat_win_rates_count_shared_wins_as_fractions() -> None:
    # Seat 1: 1 + 0 + 0.5 + 0 + 1 = 2.5 of 5; seat 2: 1.5 of 5.
    # Wilson for p = 0.5, n = 5: centre 0.5, half-width 1.96 * sqrt(0.05 + 0.038415) / 1.768291.
    seat1, seat2 = metrics.seat_win_rates(TABLE)
    assert close(seat1.value, 0.5) and close(seat1.low, 0.170424) and close(seat1.high, 0.829576)
    assert close(seat2.value, 0.3)


def test_fair_rate_balance_and_first_seat_advantage() -> None:
    assert close(metrics.fair_win_rate(TABLE), 0.4)  # 4 decided games of 5, over 2 seats
    assert close(metrics.balance_value(TABLE), 0.8)  # 1 - (0.5 - 0.3)
    # Seat 1: 1 + 0 + 0.5 + (draw: 1/2) + 1 = 3 of 5.
    assert close(metrics.first_seat_advantage(TABLE).value, 0.6)


def test_completion_drawishness_and_duration() -> None:
    assert close(metrics.completion(TABLE).value, 0.8)
    assert close(metrics.drawishness(TABLE).value, 0.2)
    # Turns 10, 12, 11, 9, 8: mean 10, sample variance 10/4, half-width 1.96 * sqrt(2.5 / 5).
    turns = metrics.duration_turns(TABLE)
    assert close(turns.value, 10) and close(turns.low, 8.614096) and close(turns.high, 11.385904)
    assert close(metrics.duration_actions(TABLE).value, 19.4)


def test_unfinished_games_are_neither_won_nor_drawn() -> None:
    stopped = GameOutcome((0.0, 0.0), False, 500, 100_000)
    assert not stopped.decided and not stopped.drawn
    assert close(metrics.first_seat_wins(stopped), 0.5)


def test_difference_of_means() -> None:
    # (4 + 6) / 2 - (1 + 3) / 2 = 3; variances 2 and 2: half-width 1.96 * sqrt(2/2 + 2/2).
    d = metrics.difference_of_means([1, 3], [4, 6])
    assert close(d.value, 3) and close(d.high - d.value, 1.959964 * 2**0.5)


def test_balance_interval_is_reproducible_and_holds_its_value() -> None:
    first, second = metrics.balance(TABLE), metrics.balance(TABLE)
    assert first == second
    assert first.low <= first.value <= first.high
    same = metrics.bootstrap_difference(metrics.balance_value, TABLE, TABLE)
    assert same.value == 0 and same.low <= 0 <= same.high


def test_games_for_half_width_is_the_fewest_that_reach_it() -> None:
    n = metrics.games_for_half_width(0.25, 0.02)
    low, high = metrics.wilson_interval(0.25 * n, n)
    assert (high - low) / 2 <= 0.02
    low, high = metrics.wilson_interval(0.25 * (n - 1), n - 1)
    assert (high - low) / 2 > 0.02
    assert 1790 < n < 1810  # the normal approximation: 1.96^2 * 0.25 * 0.75 / 0.02^2 = 1801
