"""The lab's figures against values worked out by hand or published."""

from __future__ import annotations

import pytest

from soan.lab.report import findings, metrics
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
    assert close(metrics.balance_value(TABLE), 0.4)  # 1 - (0.8 - 0.2)


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
    # Turns 10, 12, 11, 9, 8: mean 10, sample variance 10/4, half-width 1.96 * sqrt(2.5 / 5).
    turns = metrics.duration_turns(TABLE)
    assert close(turns.value, 10) and close(turns.low, 8.614096) and close(turns.high, 11.385904)
    assert close(metrics.duration_actions(TABLE).value, 19.4)


def test_differences_of_means_paired_and_unpaired() -> None:
    # (4 + 6) / 2 - (1 + 3) / 2 = 3; variances 2 and 2: half-width 1.96 * sqrt(2/2 + 2/2).
    d = metrics.difference_of_means([1, 3], [4, 6])
    assert close(d.value, 3) and close(d.high - d.value, 1.959964 * 2**0.5)
    # Paired: differences 0, 1, 0, 1: mean 0.5, sd sqrt(1/3), half-width 1.96 * 0.57735 / 2.
    p = metrics.paired_difference([1, 0, 1, 0], [1, 1, 1, 1])
    assert close(p.value, 0.5) and close(p.high - p.value, 0.565801)


def test_balance_interval_is_reproducible_and_paired_resampling_cancels_shared_luck() -> None:
    first, second = metrics.balance(TABLE), metrics.balance(TABLE)
    assert first == second and first.low <= first.value <= first.high
    same = metrics.bootstrap_difference(metrics.balance_value, TABLE, TABLE, paired=True)
    assert same == metrics.Estimate(0, 0, 0)  # the same games resampled together never differ
    unpaired = metrics.bootstrap_difference(metrics.balance_value, TABLE, TABLE)
    assert unpaired.value == 0 and unpaired.low < 0 < unpaired.high


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
