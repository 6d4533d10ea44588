"""City Plan content: the building cards and income cards, as editable data.

`content.toml` beside this file is the shipped (provisional) set. It is
validated here and turned into `Cards`, flat tuples indexed by card id, which is
what the rules read in the hot path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from soan.engine.content import Content, ContentError, Entry, gloss, load_model

DEFAULT_PATH = Path(__file__).with_name("content.toml")

RES, COM, IND, SPE, PWR = range(5)
TYPE_CODES = {
    "residential": RES,
    "commercial": COM,
    "industrial": IND,
    "special": SPE,
    "power": PWR,
}
TYPE_NAMES = ("residential", "commercial", "industrial", "special facility", "power plant")

BuildingType = Literal["residential", "commercial", "industrial", "special", "power"]
Effect = Literal[
    "none", "card_discount", "power_discount", "no_power", "extra_income", "free_builds", "tie_win"
]
Condition = Literal[
    "buildings", "residential", "commercial", "industrial", "special", "power", "eco"
]


class Building(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    type: BuildingType
    also: Literal["residential", "commercial", "industrial"] | None = None
    cost: int = Field(ge=0, le=8, description="cards discarded to build it")
    power: int = Field(ge=0, le=30, description="consumption, or output for a power plant")
    points: int = Field(ge=-10, le=20)
    eco: bool = False
    effect: Effect = "none"
    target: Literal["residential", "commercial", "industrial"] | None = None
    amount: int = Field(default=0, ge=0, le=8)
    bonus: list[int] = Field(min_length=1, description="city-bonus value printed on each copy")
    text: str = ""

    @model_validator(mode="after")
    def _consistent(self):
        if self.also is not None and self.type != "special":
            raise ValueError("only a special facility can be mixed ('also')")
        if self.effect != "none" and self.type != "special":
            raise ValueError("only special facilities carry an effect")
        if self.effect == "card_discount" and self.target is None:
            raise ValueError("card_discount needs a target type")
        if (
            self.effect in ("card_discount", "power_discount", "extra_income", "free_builds")
            and self.amount < 1
        ):
            raise ValueError(f"effect {self.effect} needs an amount of at least 1")
        if any(not -5 <= b <= 10 for b in self.bonus):
            raise ValueError("bonus values must lie between -5 and 10")
        return self


class IncomeCard(Entry):
    value: int = Field(ge=1, le=99, description="checked lowest first")
    name: str = Field(min_length=1)
    english: str = gloss()
    condition: Condition
    count: int = Field(ge=1, le=20, description="someone holds at least this many")
    draw: int = Field(ge=0, le=8)
    max_buildings: int = Field(default=0, ge=0, le=20, description="0: every player draws")
    edition: Literal["both", "delta", "plain"] = "both"


class CityPlanContent(Content):

    title: str = ""
    starting_plant: list[Building] = Field(min_length=5, max_length=5)
    farm: Building
    deck: list[Building] = Field(min_length=1)
    income: list[IncomeCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self):
        for plant in self.starting_plant:
            if plant.type != "power":
                raise ValueError(f"starting plant {plant.name!r} must be of type power")
        if self.farm.type != "special":
            raise ValueError("the plain edition's farm must be a special facility")
        for edition in ("delta", "plain"):
            values = [c.value for c in self.income if c.edition in ("both", edition)]
            if len(values) != len(set(values)):
                raise ValueError(f"income card values repeat in the {edition} edition")
        return self


def load(path: str | Path | None = None) -> CityPlanContent:
    """The shipped content, or an edited copy at `path`."""
    content = load_model(Path(path) if path else DEFAULT_PATH, CityPlanContent)
    if sum(len(b.bonus) for b in content.deck) > 400:
        raise ContentError(f"{path}: a deck of more than 400 cards is not a card game")
    return content


class Cards:
    """Every card of one game as flat tuples indexed by card id (the hot path reads these).

    Ids: the deck cards first (each copy its own id), then the five starting
    plants, then one farm per seat for the plain edition.
    """

    __slots__ = (
        "amount",
        "bonus",
        "cost",
        "counts",
        "deck_ids",
        "eco",
        "effect",
        "english",
        "farm_ids",
        "is_plant",
        "name",
        "plant_ids",
        "points",
        "power",
        "target",
        "type",
    )

    def __init__(
        self, content: CityPlanContent, plain: bool, seats: int, mixed: bool = True
    ) -> None:
        """`mixed=False` (option `mixed_facilities`) makes each mixed facility count
        only as its other type: no special facility in counts, bonuses and income."""
        entries: list[tuple[Building, int]] = []
        for b in content.deck:
            if plain and b.type == "special":
                continue
            entries.extend((b, v) for v in b.bonus)
        n_deck = len(entries)
        entries.extend((b, b.bonus[0]) for b in content.starting_plant)
        entries.extend((content.farm, content.farm.bonus[0]) for _ in range(seats if plain else 0))
        self.deck_ids = tuple(range(n_deck))
        self.plant_ids = tuple(range(n_deck, n_deck + 5))
        self.farm_ids = tuple(range(n_deck + 5, len(entries)))
        self.name = tuple(b.name for b, _ in entries)
        self.english = tuple(b.english or b.name for b, _ in entries)
        self.type = tuple(
            TYPE_CODES[b.type if b.also is None or mixed else b.also] for b, _ in entries
        )
        self.counts = tuple(
            (TYPE_CODES[b.type],) if b.also is None
            else (SPE, TYPE_CODES[b.also]) if mixed
            else (TYPE_CODES[b.also],)
            for b, _ in entries
        )
        self.is_plant = tuple(b.type == "power" for b, _ in entries)
        self.cost = tuple(b.cost for b, _ in entries)
        self.power = tuple(b.power for b, _ in entries)
        self.points = tuple(b.points for b, _ in entries)
        self.eco = tuple(b.eco for b, _ in entries)
        self.effect = tuple(b.effect for b, _ in entries)
        self.target = tuple(TYPE_CODES[b.target] if b.target else -1 for b, _ in entries)
        self.amount = tuple(b.amount for b, _ in entries)
        self.bonus = tuple(v for _, v in entries)
