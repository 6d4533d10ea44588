"""The effect vocabulary of races and grace cards, and how a seat's effects add up.

Race abilities and the cards kept in the grace area are *ongoing*: their
amounts add up into one tuple per seat (`Mods`), recomputed only when the grace
area changes, so the rules read ``mods[s][WAR_STRENGTH]`` in the hot path.
Miracles are *one-shot*: applied once when played.
"""

from __future__ import annotations

from collections.abc import Iterable

from soan.boards import terrain as T

# Ongoing effects, in the order of a seat's Mods tuple.
ONGOING = (
    "war_strength",  # + to your war value
    "labour_food",  # Labour gives this much more food
    "labour_fp",  # Labour gives this much more FP
    "prosperity_vp",  # Prosperity gives this much more VP
    "revelation_draw",  # Revelation draws this many more cards, free
    "grace_discount",  # your grace cards cost this much less FP (never below 0)
    "disaster_fp",  # your Disaster gives this much more FP
    "war_loss_fp",  # losing a war gives this much more FP
    "war_win_vp",  # winning a war gives this much more VP
    "blessing_workers",  # Blessing places this many more workers
    "turn_food",  # gain this much food at the start of each of your turns
)
(WAR_STRENGTH, LABOUR_FOOD, LABOUR_FP, PROSPERITY_VP, REVELATION_DRAW, GRACE_DISCOUNT,
 DISASTER_FP, WAR_LOSS_FP, WAR_WIN_VP, BLESSING_WORKERS, TURN_FOOD) = range(len(ONGOING))
FREE_TERRAIN = "free_terrain"  # placing on `terrain` costs no food (ongoing, kept as a mask)

ONE_SHOT = (
    "gain_vp",  # gain `amount` VP
    "gain_fp",  # gain `amount` FP
    "gain_food",  # gain `amount` food
    "draw_cards",  # draw `amount` grace cards
    "prosperity_score",  # score VP over all areas as Prosperity does, `amount` times
    "vp_per_house",  # gain `amount` VP per house of yours on the map
)
GAIN_VP, GAIN_FP, GAIN_FOOD, DRAW_CARDS, PROSPERITY_SCORE, VP_PER_HOUSE = range(len(ONE_SHOT))

Mods = tuple[int, ...]
NO_MODS: Mods = (0,) * len(ONGOING)


def fold(mods: Mods, effects: Iterable[tuple[int, int]]) -> Mods:
    """Add (ongoing index, amount) pairs to a Mods tuple."""
    out = list(mods)
    for index, amount in effects:
        out[index] += amount
    return tuple(out)


def free_mask(aptitude: int, terrains: Iterable[int]) -> int:
    """Bit t set when terrain t costs no food: plains always, the aptitude, any extras."""
    mask = 1 << T.PLAINS
    if aptitude >= 0:
        mask |= 1 << aptitude
    for t in terrains:
        mask |= 1 << t
    return mask


def describe(effect: str, amount: int, terrain: str | None) -> str:
    """Plain words for one effect, for views and the rules table."""
    words = {
        "war_strength": f"+{amount} to your war value",
        "labour_food": f"Labour gives {amount} more food",
        "labour_fp": f"Labour gives {amount} more FP",
        "prosperity_vp": f"Prosperity gives {amount} more VP",
        "revelation_draw": f"Revelation draws {amount} more card(s)",
        "grace_discount": f"your grace cards cost {amount} FP less",
        "disaster_fp": f"your Disaster gives {amount} more FP",
        "war_loss_fp": f"losing a war gives {amount} more FP",
        "war_win_vp": f"winning a war gives {amount} more VP",
        "blessing_workers": f"Blessing places {amount} more worker(s)",
        "turn_food": f"gain {amount} food at the start of your turn",
        "free_terrain": f"placing on {terrain} costs no food",
        "gain_vp": f"gain {amount} VP",
        "gain_fp": f"gain {amount} FP",
        "gain_food": f"gain {amount} food",
        "draw_cards": f"draw {amount} grace card(s)",
        "prosperity_score": "score VP over all areas as Prosperity does"
        + ("" if amount == 1 else f", {amount} times"),
        "vp_per_house": f"gain {amount} VP per house of yours on the map",
    }
    return words[effect]
