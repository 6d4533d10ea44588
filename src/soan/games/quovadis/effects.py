"""The effect vocabulary of Quo Vadis skills, and how a seat's skills add up.

The draft prints no skill texts (ruling Q6), so skills are data: each is a list
of effects from this small vocabulary, which the rules code knows. A designer
writes a new skill in `content.toml` by combining these words; nothing else
needs to change.

Three families:
- *ongoing* effects of a face-up skill add into one tuple per seat (`Mods`),
  rebuilt only when a skill is revealed, so the rules read ``mods[s][WAR_STRENGTH]``;
- *end* effects score at the final settlement: ``amount`` VP for every
  ``every`` of something countable (`COUNTABLE`);
- *once* effects belong to a skill marked ``once = true``: its owner may use it
  once, at the start of any own turn after it is face up.
"""

from __future__ import annotations

from soan.boards import terrain as T

RESOURCES = ("morale", "food", "faith", "wrath")
MORALE_R, FOOD_R, FAITH_R, WRATH_R = range(4)  # indexes into a seat's resources
RESOURCE_JAPANESE = ("戦意", "食料", "信仰", "神の怒り")

# The five epic card kinds, in their printed order; their actions are rules, not content.
CARDS = ("祝福", "労働", "奇跡", "啓示", "繁栄")
BLESSING, LABOUR, MIRACLE, REVELATION, PROSPERITY = range(5)
CARD_ENGLISH = ("Blessing", "Labour", "Miracle", "Revelation", "Prosperity")
CARD_KEYS = tuple(f"card:{name}" for name in CARDS)  # usage keys: the card placed
ACTION_KEYS = tuple(f"action:{name}" for name in CARDS)  # and the action it took

# Quo Vadis has five of the world's terrains; snow is the draft's 凍土 (frozen ground).
TERRAINS = ("plains", "mountain", "desert", "snow", "sea")
TERRAIN_JAPANESE = ("平地", "山岳", "砂漠", "凍土", "海")
assert all(T.CODES[k] == i for i, k in enumerate(TERRAINS))

# Ongoing effects that take only an amount, in the order of a seat's Mods tuple.
PLAIN = (
    "hand_size",  # the maximum hand size is this much higher
    "war_strength",  # + to your strength in every war
    "war_dice",  # roll this many more war dice and keep the best
    "war_win_vp",  # winning a war scores this many VP
    "extra_worker_discount",  # an extra worker costs this much less food
    "inheritance_bonus",  # inheritance, when it happens, is this much stronger
    "prosperity_cap",  # Prosperity (繁栄) may score this many more VP
    "territory_vp",  # a territory bonus scores this many more VP per majority
    "dominance_bonus",  # end phase: this many more cubes on each own city in the creation area
    "ascension_vp",  # an ascension scores this many more VP
    "free_discount",  # Free (フリー) costs this much less faith
    "plea_discount",  # 御無心 costs this much less faith
    "wrath_cells",  # the wrath of god may strike this many more cells
    "city_strength",  # each face-up own city counts this much more in a war
)
(HAND_SIZE, WAR_STRENGTH, WAR_DICE, WAR_WIN_VP, EXTRA_WORKER_DISCOUNT, INHERITANCE_BONUS,
 PROSPERITY_CAP, TERRITORY_VP, DOMINANCE_BONUS, ASCENSION_VP, FREE_DISCOUNT, PLEA_DISCOUNT,
 WRATH_CELLS, CITY_STRENGTH) = range(len(PLAIN))
# Ongoing effects that name a resource or a card: one Mods slot for each.
RAISE_MAX = len(PLAIN)  # + resource: raise_max (4 slots)
TURN_GAIN = RAISE_MAX + 4  # + resource: gain it at the start of each own turn
LOSS_GAIN = TURN_GAIN + 4  # + resource: gain it on losing a war
ACTION_BONUS = LOSS_GAIN + 4  # + card: that card's action is resolved this many more times
MODS_SIZE = ACTION_BONUS + len(CARDS)
BY_RESOURCE = {"raise_max": RAISE_MAX, "turn_gain": TURN_GAIN, "war_loss_gain": LOSS_GAIN}
BY_CARD = {"action_bonus": ACTION_BONUS}
FREE_TERRAIN = "free_terrain"  # placing on `terrain` costs no food (kept as a mask)
ONGOING = (*PLAIN, *BY_RESOURCE, *BY_CARD, FREE_TERRAIN)

END_VP = "end_vp"
COUNTABLE = (
    "city",  # face-up own cities
    "fort",  # own forts on the map
    "temple",  # own temples on the map
    "majority",  # areas where the seat has a majority
    "ascended",  # own workers removed from the game
    "generation",  # generations the seat has started
    "largest_generation",  # cards in the seat's largest generation
    "worker",  # own workers on the map
    "area",  # areas holding an own piece
    "war_won",  # wars the seat won
    "morale", "food", "faith", "wrath",  # left at the end
)
(COUNT_CITY, COUNT_FORT, COUNT_TEMPLE, COUNT_MAJORITY, COUNT_ASCENDED, COUNT_GENERATION,
 COUNT_LARGEST, COUNT_WORKER, COUNT_AREA, COUNT_WAR_WON, COUNT_MORALE) = range(11)
assert COUNTABLE[COUNT_MORALE:] == RESOURCES and COUNTABLE[COUNT_AREA] == "area"

ONCE = ("gain", "gain_vp", "draw", "free_placement")
GAIN, GAIN_VP, DRAW, FREE_PLACEMENT = range(len(ONCE))

Mods = tuple[int, ...]
NO_MODS: Mods = (0,) * MODS_SIZE


def slot(effect: str, resource: str | None, card: str | None) -> int:
    """The Mods slot of an ongoing effect (not free_terrain)."""
    if effect in BY_RESOURCE:
        return BY_RESOURCE[effect] + RESOURCES.index(resource or "")
    if effect in BY_CARD:
        return BY_CARD[effect] + CARDS.index(card or "")
    return PLAIN.index(effect)


def add(mods: Mods, pairs: list[tuple[int, int]]) -> Mods:
    """Mods with (slot, amount) pairs added."""
    out = list(mods)
    for index, amount in pairs:
        out[index] += amount
    return tuple(out)


def describe(effect: str, amount: int, resource: str | None = None, card: str | None = None,
             terrain: str | None = None, per: str | None = None, every: int = 1) -> str:
    """Plain words for one effect, for views, labels and the rules reference."""
    words = {
        "hand_size": f"hand size +{amount}",
        "war_strength": f"+{amount} strength in every war",
        "war_dice": f"roll {amount} more war die, keep the best",
        "war_win_vp": f"{amount} VP for each war won",
        "extra_worker_discount": f"extra workers cost {amount} food less",
        "inheritance_bonus": f"inheritance +{amount}",
        "prosperity_cap": f"Prosperity may score {amount} more VP",
        "territory_vp": f"+{amount} VP per majority at each territory bonus",
        "dominance_bonus": f"+{amount} cube on each own city in the creation area",
        "ascension_vp": f"+{amount} VP per ascension",
        "free_discount": f"Free costs {amount} faith less",
        "plea_discount": f"御無心 costs {amount} faith less",
        "wrath_cells": f"the wrath of god strikes {amount} more cell(s)",
        "city_strength": f"each face-up own city +{amount} strength in war",
        "raise_max": f"maximum {resource} +{amount}",
        "turn_gain": f"{amount} {resource} at the start of each own turn",
        "war_loss_gain": f"{amount} {resource} on losing a war",
        "action_bonus": f"{card} acts {amount} more time(s)",
        "free_terrain": f"placing on {terrain} costs no food",
        "end_vp": f"at the end, {amount} VP per "
        + (f"{every} " if every > 1 else "") + f"{per}",
        "gain": f"once: gain {amount} {resource}",
        "gain_vp": f"once: gain {amount} VP",
        "draw": f"once: draw {amount} epic card(s)",
        "free_placement": "once: this turn's workers cost no food",
    }
    return words[effect]
