"""The small integer codes the Quo Vadis rules use: phases, buildings, actions.

A building on a cell is one int, ``seat << 2 | kind`` (`CITY`, `RUIN` = a
destroyed city lying face down, `FORT`, `TEMPLE`), or `EMPTY`. Actions are
tuples pre-built here, so `legal()` hands out the same objects every time.
"""

from __future__ import annotations

EMPTY = -1
CITY, RUIN, FORT, TEMPLE = range(4)
BUILDING_NAMES = ("city", "destroyed city", "fort", "temple")

(RACE, DRAFT, CUBES, BASIC, AREA, WRATH, SMITE, PLACE, CARD, MIRACLE, MOVE, PROSPER, DISCARD,
 MORALE, KEEP, CITY_SITE, BUILD, ASCEND, REVEAL, OVER) = range(20)
PHASE_NAMES = (
    "race choice", "skill draft", "starting resources", "basic skill", "area selection",
    "wrath of god", "wrath of god: cells", "worker placement", "card placement",
    "Miracle", "Revelation", "Prosperity", "generation change: discards", "war: morale",
    "war: keeping workers", "city", "build phase", "ascension", "skill set", "over",
)

SOURCES = ("prosperity", "territory", "war", "ascension", "cities", "skills")
PROSPERITY_SRC, TERRITORY_SRC, WAR_SRC, ASCENSION_SRC, CITIES_SRC, SKILLS_SRC = range(len(SOURCES))

# Usage keys for rule branches (beside race:, skill:, card: and action:).
WAR, WAR_WON, WAR_LOST, WAR_DRAW = "war", "war:won", "war:lost", "war:draw"
WAR_KEPT = "war:kept"
WAR_UPHILL, WAR_UPHILL_WON = "war:uphill", "war:uphill:won"  # the active seat the weaker
WRATH_UPHILL = "wrath:uphill"  # a struck cell where another seat outweighs the payer
WRATH_KEY, WRATH_BUILDINGS = "wrath", "wrath:buildings"
FORT_KEY, TEMPLE_KEY, ASCENSION = "fort", "temple", "ascension"
GENERATION_CHANGE, INHERITANCE, REBUILD = "generation change", "inheritance", "rebuild"
PLEA, FREE = "御無心", "free"
CITY_BUILT = "city"  # the event whose first round firsts() gives: 「最速で都市を建てる戦略」
# a seat's 1st, 2nd, ... city built (rebuilding a ruin is none): the fastest-city line
# times each of them, one per generation change; up to the cities option's most, 10
CITY_EVENTS = (CITY_BUILT, *(f"{CITY_BUILT}:{k}" for k in range(2, 11)))

_MAX = 200  # more than the cells of 15 tiles and the skills a content file may hold
CELLS = range(_MAX)  # cell ids, for itertools.compress over a column of the board
PLACE_A = tuple(("place", c) for c in range(_MAX))
SMITE_A = tuple((("smite", c, 0), ("smite", c, 1)) for c in range(_MAX))
KEEP_A = tuple(("keep", c) for c in range(_MAX))
CITY_A = tuple(("city", c) for c in range(_MAX))
FORT_A = tuple(("fort", c) for c in range(_MAX))
TEMPLE_A = tuple(("temple", c) for c in range(_MAX))
MORALE_A = tuple(("morale", k) for k in range(_MAX))
RACE_A = tuple(("race", r) for r in range(_MAX))
PICK_A = tuple(("pick", k) for k in range(_MAX))
BASIC_A = tuple(("basic", k) for k in range(_MAX))
REVEAL_A = tuple(("reveal", k) for k in range(_MAX))
SKILL_A = tuple(("skill", k) for k in range(_MAX))
CARD_A = tuple((("card", k, 0), ("card", k, 1)) for k in range(5))
PLEA_A = tuple(tuple((("plea", k, a, 0), ("plea", k, a, 1)) for a in range(5)) for k in range(5))
DISCARD_A = tuple(("discard", k) for k in range(5))
EXCHANGE_A = tuple(tuple(("exchange", a, b) for b in range(3)) for a in range(3))
DONE = ("done",)
PASS = ("pass",)
WRATH_A = ("wrath",)
CONVERT = ("convert",)
ASCEND_A = ("ascend",)
