"""City Plan's end-of-game scoring: buildings, councillors and the four bonuses.

Mixed facilities count as a special facility and as their other type
everywhere (ruling C8), which `Cards.counts` already encodes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from soan.games.cityplan.codes import LOTTERY_DECIDED
from soan.games.cityplan.content import COM, IND, PWR, RES, SPE, Cards

SOURCES = ("buildings", "councillors", "parliament", "completion", "development", "city")
WITHOUT_LOTTERY = tuple(k for k in SOURCES if k != "city")  # 都市ボーナス is the lottery


def counts(cards: Cards, tableau: list[int]) -> list[int]:
    """[residential, commercial, industrial, special, power, eco, buildings] in a tableau."""
    out = [0, 0, 0, 0, 0, 0, len(tableau)]
    for c in tableau:
        for t in cards.counts[c]:
            out[t] += 1
        if cards.eco[c]:
            out[5] += 1
    return out


def tickets(cards: Cards, tableau: list[int]) -> int:
    """City-bonus lottery tickets (都市ボーナスの抽選権) a tableau earns."""
    n = counts(cards, tableau)
    total = sum(max(n[t] - 2, 0) for t in (RES, COM, IND))  # 3軒ならば1枚、4軒で2枚…
    eco = n[5]
    total += (eco - 1) // 2 if eco >= 3 else 0  # 3〜4軒で1枚、5〜6軒で2枚、7〜8軒で3枚、9軒で4枚
    each = min(n[RES], n[COM], n[IND])
    total += each * (each + 1) // 2  # 1軒ずつ1枚、2軒ずつで3枚、3軒ずつで6枚
    return total


def development(cards: Cards, tableau: list[int], multiplier: int) -> int:
    """Twice the smallest of the residential, commercial and industrial point sums."""
    sums = [0, 0, 0]
    for c in tableau:
        for t in cards.counts[c]:
            if t <= IND:
                sums[t] += cards.points[c]
    return multiplier * min(sums)


def completion(n_buildings: int, n_special: int, table10: tuple, table9: tuple) -> int:
    """完成ボーナス: by buildings (9, or 10 and more) and special facilities (0, 1, 2+)."""
    if n_buildings >= 10:
        return table10[min(n_special, 2)]
    if n_buildings == 9:
        return table9[min(n_special, 2)]
    return 0


class Scoring:
    """The end-of-game totals and the winner, mixed into `CityPlanState`."""

    __slots__ = ()

    seats: int
    options: Any
    cards: Cards
    tableaux: list[list[int]]
    chips: list[int]
    lottery: list[tuple[int, ...]]
    usage: Callable[[], list[dict[str, int]]]  # the state's

    def breakdown(self) -> list[dict[str, int]]:
        cards, opts = self.cards, self.options
        most = max(self.chips)
        out = []
        for s in range(self.seats):
            tableau = self.tableaux[s]
            n = counts(cards, tableau)
            chips = self.chips[s]
            parliament = 0
            if chips == 0:
                parliament -= opts.parliament_penalty
            elif chips == most:
                parliament += opts.parliament_bonus
            out.append(
                {
                    "buildings": sum(cards.points[c] for c in tableau),
                    "councillors": chips,
                    "parliament": parliament,
                    "completion": completion(n[6], n[SPE], opts.completion_10, opts.completion_9),
                    "development": development(cards, tableau, opts.development_multiplier),
                    "city": sum(cards.bonus[c] for c in self.lottery[s]),
                }
            )
        return out

    def scores(self) -> list[int]:
        return [sum(b.values()) for b in self.breakdown()]

    def lottery_decided(self) -> bool:
        """True when the city-bonus lottery changed the winner (RULINGS C15): the
        designer asks to read such games as near-ties."""
        return any(LOTTERY_DECIDED in u for u in self.usage())

    def _winners(self, sources: tuple[str, ...] = SOURCES) -> list[int]:
        """The top total (counting only `sources`); the City Hall owner wins a tie."""
        totals = [sum(b[k] for k in sources) for b in self.breakdown()]
        best = max(totals)
        tied = [s for s, t in enumerate(totals) if t == best]
        if len(tied) > 1:
            hall = [
                s for s in tied if any(self.cards.effect[c] == "tie_win" for c in self.tableaux[s])
            ]
            if len(hall) == 1:
                return hall
        return tied


__all__ = [
    "COM",
    "IND",
    "PWR",
    "RES",
    "SOURCES",
    "SPE",
    "Scoring",
    "completion",
    "counts",
    "development",
    "tickets",
]
