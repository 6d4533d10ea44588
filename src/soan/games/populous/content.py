"""Populous content: tile terrains, races and grace cards, as editable data.

`content.toml` beside this file is the shipped (provisional) set: the draft
names these components but prints none of them (rulings P1, P8). It is
validated here and turned into `Tables`, flat tuples the rules read.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from soan.boards import terrain as T
from soan.boards.content import TileEntry
from soan.boards.world import PAIRS
from soan.engine.content import Content, Entry, gloss, load_model
from soan.games.populous import effects as E

DEFAULT_PATH = Path(__file__).with_name("content.toml")
MIN_DECK = 35  # five players each draw 7 at setup

TerrainKey = Literal["plains", "mountain", "desert", "snow", "sea", "scorched"]
EffectName = Literal[
    "war_strength", "labour_food", "labour_fp", "prosperity_vp", "revelation_draw",
    "grace_discount", "disaster_fp", "war_loss_fp", "war_win_vp", "blessing_workers",
    "turn_food", "free_terrain",
    "gain_vp", "gain_fp", "gain_food", "draw_cards", "prosperity_score", "vp_per_house",
]
SAINT, HOLY_SITE, MIRACLE = range(3)
KIND_CODES = {"saint": SAINT, "holy_site": HOLY_SITE, "miracle": MIRACLE}
KIND_NAMES = ("saint", "holy site", "miracle")


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: EffectName
    amount: int = Field(default=1, ge=1, le=20)
    terrain: TerrainKey | None = None

    @model_validator(mode="after")
    def _terrain_only_for_free_terrain(self):
        if (self.effect == E.FREE_TERRAIN) != (self.terrain is not None):
            raise ValueError("free_terrain needs a terrain, and only free_terrain takes one")
        return self

    @property
    def ongoing(self) -> bool:
        return self.effect == E.FREE_TERRAIN or self.effect in E.ONGOING

    @property
    def text(self) -> str:
        return E.describe(self.effect, self.amount, self.terrain)


class Tile(TileEntry):
    terrain: list[TerrainKey] = Field(
        min_length=7, max_length=7, description="centre, then east and on anticlockwise"
    )


class Race(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    aptitude: TerrainKey | Literal["none"]
    effects: list[Effect] = Field(default_factory=list)
    text: str = ""

    @model_validator(mode="after")
    def _ongoing(self):
        if any(not e.ongoing for e in self.effects):
            raise ValueError("a race's abilities are ongoing effects, not one-shot ones")
        return self


class GraceCard(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    kind: Literal["saint", "holy_site", "miracle"]
    cost: int = Field(ge=0, le=30, description="FP paid to play it")
    copies: int = Field(default=1, ge=1, le=10)
    effects: list[Effect] = Field(min_length=1)
    text: str = ""

    @model_validator(mode="after")
    def _effects_fit_kind(self):
        lasting = self.kind != "miracle"
        if any(e.ongoing != lasting for e in self.effects):
            raise ValueError(
                "saints and holy sites carry ongoing effects; miracles carry one-shot effects"
            )
        return self


class PopulousContent(Content):

    title: str = ""
    tiles: list[Tile] = Field(min_length=15, max_length=15)
    races: list[Race] = Field(min_length=5, max_length=20)
    grace: list[GraceCard] = Field(min_length=1, max_length=100)

    @model_validator(mode="after")
    def _check(self):
        pairs = sorted(tuple(t.pair) for t in self.tiles)
        if pairs != sorted(PAIRS):
            missing = sorted(set(PAIRS) - set(pairs))
            raise ValueError(f"the 15 tiles must carry each pair once; missing {missing}")
        names = [r.english or r.name for r in self.races]
        if len(set(names)) != len(names):
            raise ValueError("two races share an English name")
        if sum(c.copies for c in self.grace) < MIN_DECK:
            raise ValueError(f"the grace deck needs at least {MIN_DECK} cards (5 players draw 7)")
        return self


def load(path: str | Path | None = None) -> PopulousContent:
    return load_model(Path(path) if path else DEFAULT_PATH, PopulousContent)


def _ongoing(effects: list[Effect]) -> tuple[E.Mods, tuple[int, ...]]:
    """A list of ongoing effects as (Mods, extra free terrains)."""
    mods = E.fold(E.NO_MODS, ((E.ONGOING.index(e.effect), e.amount)
                              for e in effects if e.effect in E.ONGOING))
    free = tuple(T.CODES[e.terrain]  # type: ignore[index]  # free_terrain names one (`Effect`)
                 for e in effects if e.effect == E.FREE_TERRAIN)
    return mods, free


class Tables:
    """Content as flat tuples: terrain by pair, races and grace card kinds by index."""

    __slots__ = (
        "card_cost", "card_english", "card_free", "card_kind", "card_mods",
        "card_name", "card_once", "card_text", "deck", "race_aptitude", "race_english",
        "race_free", "race_mods", "race_name", "race_text", "terrain", "terrain_average",
    )

    def __init__(self, content: PopulousContent) -> None:
        self.terrain = {tuple(t.pair): tuple(T.CODES[x] for x in t.terrain) for t in content.tiles}
        # the average share of one terrain other than plains among all the tiles: what
        # a world's terrain weights (`Board.terrain_weight`) are measured against
        every = [x for tile in self.terrain.values() for x in tile]
        others = sum(1 for x in every if x != T.PLAINS)
        self.terrain_average = others / (len(T.KEYS) - 1) / len(every)
        races = content.races
        self.race_name = tuple(r.name for r in races)
        self.race_english = tuple(r.english or r.name for r in races)
        self.race_aptitude = tuple(
            -1 if r.aptitude == "none" else T.CODES[r.aptitude] for r in races
        )
        ongoing = [_ongoing(r.effects) for r in races]
        self.race_mods = tuple(m for m, _ in ongoing)
        self.race_free = tuple(
            E.free_mask(apt, free)
            for apt, (_, free) in zip(self.race_aptitude, ongoing, strict=True)
        )
        self.race_text = tuple(r.text or "; ".join(e.text for e in r.effects) for r in races)
        cards = content.grace
        self.card_name = tuple(c.name for c in cards)
        self.card_english = tuple(c.english or c.name for c in cards)
        self.card_kind = tuple(KIND_CODES[c.kind] for c in cards)
        self.card_cost = tuple(c.cost for c in cards)
        ongoing = [_ongoing(c.effects) for c in cards]
        self.card_mods = tuple(m for m, _ in ongoing)
        self.card_free = tuple(E.free_mask(-1, free) & ~(1 << T.PLAINS) for _, free in ongoing)
        self.card_once = tuple(
            tuple((E.ONE_SHOT.index(e.effect), e.amount) for e in c.effects if not e.ongoing)
            for c in cards
        )
        self.card_text = tuple(c.text or "; ".join(e.text for e in c.effects) for c in cards)
        self.deck = tuple(k for k, c in enumerate(cards) for _ in range(c.copies))


@lru_cache(maxsize=1 << 12)
def seat_effects(tables: Tables, race: int, grace: tuple[int, ...]) -> tuple[E.Mods, int]:
    """The ongoing effects and free-terrain mask of a seat of race `race` with the cards
    `grace` in its grace area: the race's and every card's added up index by index, once
    per content and combination (a grace area changes with every saint played or
    discarded, and the same few combinations come up game after game). Kept here, not in
    `Tables`, which every copy of a game shares and nothing may change."""
    mods, free = tables.race_mods[race], tables.race_free[race]
    if grace:
        mods = tuple(map(sum, zip(mods, *[tables.card_mods[k] for k in grace], strict=True)))
        for k in grace:
            free |= tables.card_free[k]
    return mods, free
