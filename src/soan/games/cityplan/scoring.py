"""City Plan's end-of-game scoring: buildings, councillors and the four bonuses.

Mixed facilities count as a special facility and as their other type
everywhere (ruling C8), which `Cards.counts` already encodes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.games.cityplan.content import COM, IND, PWR, RES, SPE, TYPE_NAMES, Cards, IncomeCard

if TYPE_CHECKING:
    from soan.games.cityplan.state import CityPlanState

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


def breakdown(state: CityPlanState) -> list[dict[str, int]]:
    cards, opts = state.cards, state.options
    most = max(state.chips)
    out = []
    for s in range(state.seats):
        tableau = state.tableaux[s]
        n = counts(cards, tableau)
        chips = state.chips[s]
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
                "city": sum(cards.bonus[c] for c in state.lottery[s]),
            }
        )
    return out


def effect_text(cards: Cards, c: int) -> str:
    effect, amount = cards.effect[c], cards.amount[c]
    if effect == "card_discount":
        return f"your {TYPE_NAMES[cards.target[c]]} buildings cost {amount} card(s) less"
    if effect == "power_discount":
        return f"your buildings need {amount} power less"
    if effect == "no_power":
        return "you pay no power for buildings"
    if effect == "extra_income":
        return f"when you build nothing you draw {amount} more"
    if effect == "free_builds":
        return f"your next {amount} buildings cost 0 cards"
    if effect == "tie_win":
        return "wins a tie for first place"
    return ""


def income_text(card: IncomeCard) -> str:
    nouns = {"buildings": "buildings", "special": "special facilities", "power": "power plants"}
    what = nouns.get(card.condition, f"{card.condition} buildings")
    who = (
        "every player"
        if not card.max_buildings
        else f"players with at most {card.max_buildings} buildings"
    )
    return f"when someone has {card.count} {what}: {who} draw {card.draw}"


__all__ = [
    "COM",
    "IND",
    "PWR",
    "RES",
    "SOURCES",
    "SPE",
    "breakdown",
    "completion",
    "counts",
    "development",
    "tickets",
]
