"""The lab's figures against values worked out by hand or published."""

from __future__ import annotations

import numpy as np
import pytest

from soan.lab.report import compare, findings, metrics
from soan.lab.report.metrics import GameOutcome
from soan.lab.run import runner

# Five two-seat games. `first` is the seat that moved first; shares are by seat.
TABLE = [
    GameOutcome((1.0, 0.0), True, True, 10, 20, first=0, seed=1),  # first player (seat 1) wins
    GameOutcome((0.0, 1.0), True, True, 12, 22, first=1, seed=2),  # first player (seat 2) wins
    GameOutcome((0.5, 0.5), True, True, 11, 21, first=0, seed=3),  # a shared win
    GameOutcome((0.5, 0.5), False, True, 9, 18, first=1, seed=4),  # a draw: 1/N each
    GameOutcome((0.0, 1.0), True, True, 8, 16, first=1, seed=5),  # first player (seat 2) wins
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


def test_turn_positions_are_counted_from_the_first_player() -> None:
    # Position 1: 1 + 1 + 0.5 + 0.5 + 1 = 4 of 5; position 2: 0 + 0 + 0.5 + 0.5 + 0 = 1 of 5.
    # Wilson for p = 0.8, n = 5: centre (0.8 + 1.9208/5) / 1.76829 = 0.669670,
    # half-width 1.96 * sqrt(0.16/5 + 3.84146/100) / 1.76829 = 0.294128.
    first, second = metrics.position_win_rates(TABLE)
    assert close(first.value, 0.8) and close(first.low, 0.375542) and close(first.high, 0.963798)
    assert close(second.value, 0.2)
    # By seat number the same games read 2 of 5 and 3 of 5: seat is not turn order.
    assert [sum(g.win_shares[s] for g in TABLE) for s in (0, 1)] == [2, 3]


def test_a_game_without_a_winner_gives_each_seat_one_nth() -> None:
    assert runner.win_shares(3, []) == [1 / 3] * 3
    assert runner.win_shares(3, [0, 2]) == [0.5, 0.0, 0.5]
    assert runner.turn_positions(4, 2) == [3, 4, 1, 2]  # seat 3 moves first, then 4, 1, 2
    # A fair game reads exactly 1/N: two draws give each position 1/2.
    draws = [GameOutcome((0.5, 0.5), False, True, 1, 1, first=f) for f in (0, 1)]
    assert [r.value for r in metrics.position_win_rates(draws)] == [0.5, 0.5]


def test_decided_drawn_and_length() -> None:
    assert close(metrics.decided_share(TABLE).value, 0.8)
    assert close(metrics.drawishness(TABLE).value, 0.2)
    assert metrics.unfinished_share(TABLE).value == 0
    stopped = GameOutcome((0.5, 0.5), False, False, 500, 20_000)
    assert not stopped.decided and not stopped.drawn
    # Turns 10, 12, 11, 9, 8: mean 10, sample variance 10/4, half-width
    # t(0.975, 4) * sqrt(2.5 / 5) = 2.776445 * 0.707107 = 1.963243.
    turns = metrics.duration_turns(TABLE)
    assert close(turns.value, 10) and close(turns.low, 8.036757) and close(turns.high, 11.963243)
    assert close(metrics.duration_actions(TABLE).value, 19.4)


def test_differences_of_means_paired_and_unpaired() -> None:
    # (4 + 6) / 2 - (1 + 3) / 2 = 3; variances 2 and 2, Welch's 2 degrees of freedom:
    # half-width t(0.975, 2) * sqrt(2/2 + 2/2) = 4.302653 * 1.414214 = 6.084870.
    d = metrics.difference_of_means([1, 3], [4, 6])
    assert close(d.value, 3) and close(d.high - d.value, 6.084870)
    # Paired: differences 0, 1, 0, 1: mean 0.5, sd sqrt(1/3), half-width
    # t(0.975, 3) * 0.57735 / 2 = 3.182446 * 0.288675 = 0.918693.
    p = metrics.paired_difference([1, 0, 1, 0], [1, 1, 1, 1])
    assert close(p.value, 0.5) and close(p.high - p.value, 0.918693)
    # No spread at all: the interval is the point.
    assert metrics.paired_difference([1, 2], [1, 2]) == metrics.Estimate(0, 0, 0)
    assert metrics.mean([3]) == metrics.Estimate(3, 3, 3)


def _games(wins_by_position: list[int]) -> list[GameOutcome]:
    """One game per win: the position given wins it outright (the first player is seat 1)."""
    n = len(wins_by_position)
    return [GameOutcome(tuple(float(s == p) for s in range(n)), True, True, 1, 1)
            for p, wins in enumerate(wins_by_position) for _ in range(wins)]


def test_a_seat_whose_interval_touches_fair_is_not_flagged() -> None:
    # The 2nd player wins 413 of 1800 (22.9%, 95% CI 21.1-24.9%): alone, its Wilson interval
    # just excludes 25% (p = 0.044), which the page used to call "Turn order matters".
    # Tested with the other three positions (Holm: 0.044 > 0.05/4) it is chance.
    games = _games([462, 413, 462, 463])
    turn = findings.turn_order(games)
    assert turn.rates[1].excludes(0.25) and turn.rates[1].high > 0.249  # all but touches fair
    assert turn.beyond == [False, False, False, False]
    assert not metrics.balance(games).beyond  # nor do all four together differ
    # A real edge is still found, and a flagged position's interval never holds fair.
    strong = findings.turn_order(_games([520, 420, 430, 430]))
    assert strong.beyond[0] and strong.rates[0].low > 0.25


def test_flagged_positions_never_have_an_interval_that_holds_fair() -> None:
    rng = np.random.default_rng(7)
    flagged = 0
    for _ in range(40):
        wins = rng.multinomial(400, [0.30, 0.25, 0.23, 0.22])
        turn = findings.turn_order(_games(list(wins)))
        for rate, beyond in zip(turn.rates, turn.beyond, strict=True):
            if beyond:
                flagged += 1
                assert rate.excludes(turn.fair)
    assert flagged > 5  # the property was put to the test


def test_imbalance_against_its_known_value_when_balanced() -> None:
    # TABLE by position: 4 and 1 wins of 5 against 2.5 each: chi-square (1.5² + 1.5²) / 2.5
    # = 1.8 on 1 degree of freedom, p = 0.179712; spread 0.3 from fair, chance sqrt(1/5) / 2.
    imbalance = metrics.balance(TABLE)
    assert close(imbalance.statistic, 1.8) and imbalance.df == 1 and imbalance.expected == 1
    assert close(imbalance.p_value, 0.179712) and not imbalance.beyond
    assert close(imbalance.spread, 0.3) and close(imbalance.chance, 0.223607)
    # Perfectly balanced 4-player games: the statistic averages N - 1 = 3, and the spread
    # averages about the chance level, never 1 - 0 = "balanced" as the old figure implied.
    rng = np.random.default_rng(1)
    draws = [metrics.balance(_games(list(rng.multinomial(200, [0.25] * 4))))
             for _ in range(400)]
    assert abs(np.mean([d.statistic for d in draws]) - 3) < 0.3
    rms = np.sqrt(np.mean([d.spread ** 2 for d in draws]))
    assert abs(rms - draws[0].chance) < 0.1 * draws[0].chance
    assert 0.02 < np.mean([d.beyond for d in draws]) < 0.09  # luck flags about 1 in 20


def test_two_sets_that_favour_positions_differently() -> None:
    balanced, skewed = _games([250, 250, 250, 250]), _games([330, 230, 220, 220])
    assert metrics.positions_differ(balanced, balanced) == 1.0
    assert metrics.positions_differ(balanced, skewed) < 0.01


def test_bonferroni_widens_with_the_length_of_the_list() -> None:
    assert close(metrics.family_z(1), 1.959964)
    assert close(metrics.family_z(10), 2.807034)  # the 1 - 0.05/20 normal quantile
    # 8 of 10 against 1/2: the 95% Wilson interval (0.490 to 0.943) just holds 0.5 ...
    assert not metrics.proportion(8, 10).excludes(0.5)
    # ... 9 of 10 is beyond chance alone (0.596 to 0.982) but not in a list of 10.
    assert metrics.beyond_chance(9, 10, 0.5, items=1)
    assert not metrics.beyond_chance(9, 10, 0.5, items=10)


def test_group_win_rates_and_association() -> None:
    pairs = [("a", 1.0), ("a", 0.0), ("b", 0.5), ("b", 1.0), ("b", 0.0)]
    a, b = metrics.group_win_rates(pairs, 0.5)
    assert (a.name, a.seat_games, a.rate.value) == ("a", 2, 0.5)
    assert (b.name, b.seat_games, b.rate.value) == ("b", 3, 0.5)
    assert not a.beyond and not b.beyond
    link = metrics.association([1.0, 0.5, 1.0], [0.0, 0.0, 0.5])
    assert link is not None and close(link.used.value, 2.5 / 3)
    assert close(link.unused.value, 0.5 / 3) and close(link.difference.value, 2 / 3)
    assert metrics.association([1.0], []) is None  # nobody went without it: nothing to compare


def test_an_item_too_rare_to_judge_carries_no_information() -> None:
    # Two seat-games used it and lost: "0.0% (95% CI 0-65.8%)". Even had both won, a list of
    # 20 items could not tell it from chance: the row says nothing about winning.
    rare = metrics.association([0.0, 0.0], [0.25] * 400)
    assert rare is not None and rare.used.value == 0 and close(rare.used.high, 0.657620)
    assert not metrics.association_informative(rare, 20)
    assert not metrics.association_beyond_chance(rare, 20)
    common = metrics.association([0.25] * 60, [0.25] * 340)
    assert common is not None and metrics.association_informative(common, 20)


def test_a_difference_too_small_to_show_is_no_change() -> None:
    turns = next(f for f in compare.FIGURES if f.key == "f_turns")
    first = next(f for f in compare.FIGURES if f.key == "f_first")
    # Paired games a few of which last a turn longer: beyond chance, but "+0.0 (95% CI +0.0
    # to +0.0)" at the page's precision, so not a change a designer can act on.
    tiny = metrics.Estimate(0.04, 0.01, 0.07)
    assert tiny.excludes(0) and not turns.shows(tiny)
    assert turns.shows(metrics.Estimate(-0.9, -1.0, -0.8))
    assert first.shows(metrics.Estimate(0.002, 0.001, 0.003))  # 0.2 points shows


def _row(seed: int, seat: int, won: bool, share: float, usage: dict, faction: str) -> dict:
    return {"seed": seed, "seat": seat, "won": won, "win_share": share, "usage": usage,
            "faction": faction}


# Two three-seat games: in game 1 seat 1 wins; game 2 is a draw (each seat 1/3).
ROWS = [
    _row(1, 1, True, 1.0, {"built:公園": 2, "war": 1}, "グロリアス"),
    _row(1, 2, False, 0.0, {"built:公園": 1}, "ギガント"),
    _row(1, 3, False, 0.0, {}, "ミスティック"),
    _row(2, 1, False, 1 / 3, {"war": 1}, "グロリアス"),
    _row(2, 2, False, 1 / 3, {}, "ギガント"),
    _row(2, 3, False, 1 / 3, {}, "ミスティック"),
]


def test_content_lines_by_hand() -> None:
    lines = {x.key: x for x in findings.content(ROWS, ["built:公園", "built:駅", "war"])}
    assert list(lines) == ["built:公園", "built:駅", "war"]  # the content's order
    park = lines["built:公園"]
    assert park.uses == 3 and park.per_game == 1.5  # 3 uses in 2 games ...
    assert park.games == 1 and lines["war"].games == 2  # ... all of them in game 1
    assert park.winners == 2.0 and park.losers == 0.5  # game 1 only: the draw has no winner
    # Seats that built it: shares 1 and 0; the others: 0, 1/3, 1/3, 1/3.
    assert close(park.association.used.value, 0.5)
    assert close(park.association.unused.value, 1 / 4)
    assert lines["built:駅"].per_game == 0 and lines["built:駅"].association is None
    assert lines["war"].per_game == 1.0


def test_factions_and_turn_order_by_hand() -> None:
    glorious, gigant, mystic = findings.factions(ROWS, 3)
    assert glorious.name == "グロリアス" and close(glorious.rate.value, (1 + 1 / 3) / 2)
    assert {gigant.name, mystic.name} == {"ギガント", "ミスティック"}
    turn = findings.turn_order(TABLE)
    assert turn.fair == 0.5 and not turn.seats_are_positions
    assert turn.first_by_seat == [2, 3]  # seat 1 moved first twice, seat 2 three times


def test_items_seen_in_fewer_than_one_game_in_a_hundred_are_all_but_never_seen() -> None:
    lines = findings.content(ROWS, ["built:公園", "built:駅", "war"])
    # 公園 occurs in 1 game: of 2 games that is common, of 200 it is all but never seen.
    assert findings.seldom_seen(lines, 2) == []
    assert [x.key for x in findings.seldom_seen(lines, 200)] == ["built:公園"]
    assert [x.key for x in findings.seldom_seen(lines, 101)] == ["built:公園"]
    assert findings.seldom_seen(lines, 100) == []  # 1 in 100 is not fewer than 1 in 100
