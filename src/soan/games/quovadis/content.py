"""Quo Vadis content: race boards, skills, tile terrains and the epic deck, as data.

`content.toml` beside this file is the shipped (provisional) set: the draft
names these components but prints none of their values (ruling Q6). It is
validated here and turned into `Tables`, flat tuples the rules read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from soan.boards import terrain as T
from soan.boards.content import TileEntry
from soan.boards.world import PAIRS
from soan.engine.content import Content, Entry, gloss, load_model
from soan.games.quovadis import effects as E

DEFAULT_PATH = Path(__file__).with_name("content.toml")

Terrain = Literal["plains", "mountain", "desert", "snow", "sea"]
Resource = Literal["morale", "food", "faith", "wrath"]
CardKind = Literal["祝福", "労働", "奇跡", "啓示", "繁栄"]
Countable = Literal[
    "city", "fort", "temple", "majority", "ascended", "generation", "largest_generation",
    "worker", "area", "war_won", "morale", "food", "faith", "wrath",
]
EffectName = Literal[
    "hand_size", "war_strength", "war_dice", "war_win_vp", "extra_worker_discount",
    "inheritance_bonus", "prosperity_cap", "territory_vp", "dominance_bonus", "ascension_vp",
    "free_discount", "plea_discount", "wrath_cells", "city_strength",
    "raise_max", "turn_gain", "war_loss_gain", "action_bonus", "free_terrain",
    "end_vp", "gain", "gain_vp", "draw", "free_placement",
]
_NEEDS = {  # the extra field each effect needs (all others take none)
    "raise_max": "resource", "turn_gain": "resource", "war_loss_gain": "resource",
    "gain": "resource", "action_bonus": "card", "free_terrain": "terrain", "end_vp": "per",
}


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    effect: EffectName
    amount: int = Field(default=1, ge=1, le=20)
    resource: Resource | None = None
    card: CardKind | None = None
    terrain: Terrain | None = None
    per: Countable | None = None
    every: int = Field(default=1, ge=1, le=20)

    @model_validator(mode="after")
    def _fields_fit_the_effect(self):
        needed = _NEEDS.get(self.effect)
        for name in ("resource", "card", "terrain", "per"):
            given = getattr(self, name) is not None
            if name == needed and not given:
                raise ValueError(f"{self.effect} needs a {name}")
            if name != needed and given:
                raise ValueError(f"{self.effect} takes no {name}")
        if self.every != 1 and self.effect != E.END_VP:
            raise ValueError("only end_vp takes every")
        if self.effect == "raise_max" and self.resource == "wrath" and self.amount > 10:
            raise ValueError("raise_max of wrath is at most 10")
        return self

    @property
    def family(self) -> str:
        if self.effect == E.END_VP:
            return "end"
        return "once" if self.effect in E.ONCE else "ongoing"

    @property
    def text(self) -> str:
        return E.describe(self.effect, self.amount, self.resource, self.card, self.terrain,
                          self.per, self.every)


class Maxima(Entry):
    """The most of each resource (and of wrath) a seat may hold."""

    morale: int = Field(ge=1, le=20)
    food: int = Field(ge=1, le=20)
    faith: int = Field(ge=1, le=20)
    wrath: int = Field(ge=1, le=20)

    def values(self) -> tuple[int, int, int, int]:
        return (self.morale, self.food, self.faith, self.wrath)


class Race(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    home: Terrain = Field(description="the terrain the race has aptitude for (適性)")
    custom: Maxima = Field(description="the maxima on the custom side of the race board")
    text: str = ""


class Skill(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    race: str | None = Field(default=None, description="set for a race's basic skill")
    recommended: bool = Field(default=False, description="the face icon: おススメ")
    once: bool = Field(default=False, description="used once, at the start of an own turn")
    effects: list[Effect] = Field(min_length=1, max_length=6)
    text: str = ""

    @model_validator(mode="after")
    def _effects_fit(self):
        if self.once and any(e.family != "once" for e in self.effects):
            raise ValueError("a once skill carries only once effects (gain, gain_vp, draw, "
                             "free_placement)")
        if not self.once and any(e.family == "once" for e in self.effects):
            raise ValueError("once effects need once = true")
        if self.recommended and self.race is None:
            raise ValueError("only a basic skill (with a race) can be recommended")
        return self


class Tile(TileEntry):
    terrain: list[Terrain] = Field(
        min_length=3, max_length=3, description="the 3 cells: upper right, left, bottom"
    )


class EpicKind(Entry):
    name: CardKind
    english: str = gloss()
    copies: int = Field(ge=0, le=100)


class QuoVadisContent(Content):

    title: str = ""
    standard: Maxima
    races: list[Race] = Field(min_length=5, max_length=12)
    skills: list[Skill] = Field(min_length=1, max_length=200)
    tiles: list[Tile] = Field(min_length=15, max_length=15)
    epic: list[EpicKind] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _check(self):
        pairs = sorted(tuple(t.pair) for t in self.tiles)
        if pairs != sorted(PAIRS):
            missing = sorted(set(PAIRS) - set(pairs))
            raise ValueError(f"the 15 tiles must carry each pair once; missing {missing}")
        for label, names in (("races", [r.name for r in self.races]),
                             ("races (english)", [r.english or r.name for r in self.races]),
                             ("skills", [s.name for s in self.skills])):
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise ValueError(f"two {label} share a name: {', '.join(twice)}")
        if sorted(k.name for k in self.epic) != sorted(E.CARDS):
            raise ValueError(f"the epic deck lists each of {', '.join(E.CARDS)} once")
        if sum(k.copies for k in self.epic) < 20:
            raise ValueError("the epic deck needs at least 20 cards (5 players draw 4)")
        races = {r.name for r in self.races}
        for skill in self.skills:
            if skill.race is not None and skill.race not in races:
                raise ValueError(f"skill {skill.name!r} names no race of this file: {skill.race!r}")
        for race in self.races:
            basics = [s for s in self.skills if s.race == race.name]
            if len(basics) != 2:
                raise ValueError(f"race {race.name!r} needs 2 basic skills, has {len(basics)}")
        if not any(s.race is None for s in self.skills):
            raise ValueError("the skill draft needs skills without a race")
        return self


def load(path: str | Path | None = None) -> QuoVadisContent:
    return load_model(Path(path) if path else DEFAULT_PATH, QuoVadisContent)


class Tables:
    """Content as flat tuples: races, skills by index, terrain by pair, the deck."""

    __slots__ = (
        "basic", "deck", "draft", "race_custom", "race_english", "race_home", "race_key",
        "race_name", "recommended", "skill_effects", "skill_end", "skill_english", "skill_free",
        "skill_key", "skill_mods", "skill_name", "skill_once", "skill_text", "standard",
        "terrain",
    )

    def __init__(self, content: QuoVadisContent) -> None:
        self.terrain = {tuple(t.pair): tuple(T.CODES[x] for x in t.terrain) for t in content.tiles}
        self.standard = content.standard.values()
        races = content.races
        self.race_name = tuple(r.name for r in races)
        self.race_key = tuple(f"race:{name}" for name in self.race_name)  # usage keys
        self.race_english = tuple(r.english or r.name for r in races)
        self.race_home = tuple(T.CODES[r.home] for r in races)
        self.race_custom = tuple(r.custom.values() for r in races)
        skills = content.skills
        self.skill_name = tuple(s.name for s in skills)
        self.skill_key = tuple(f"skill:{name}" for name in self.skill_name)
        self.skill_english = tuple(s.english or s.name for s in skills)
        self.skill_text = tuple(s.text or "; ".join(e.text for e in s.effects) for s in skills)
        self.skill_once = tuple(
            tuple((E.ONCE.index(e.effect), e.amount, E.RESOURCES.index(e.resource)
                   if e.resource else -1) for e in s.effects) if s.once else ()
            for s in skills
        )
        self.skill_mods = tuple(
            tuple((E.slot(e.effect, e.resource, e.card), e.amount) for e in s.effects
                  if e.family == "ongoing" and e.effect != E.FREE_TERRAIN)
            for s in skills
        )
        self.skill_free = tuple(
            # free_terrain always names a terrain (`Effect` checks); misc: then no overload of
            # `sum` fits
            sum(1 << T.CODES[e.terrain] for e in s.effects if e.effect == E.FREE_TERRAIN)  # type: ignore[index, misc]
            for s in skills
        )
        self.skill_end = tuple(
            tuple((E.COUNTABLE.index(e.per), e.amount, e.every) for e in s.effects
                  if e.family == "end")
            for s in skills
        )
        self.skill_effects = tuple(tuple(e.effect for e in s.effects) for s in skills)
        self.recommended = tuple(s.recommended for s in skills)
        index = {name: r for r, name in enumerate(self.race_name)}
        self.basic = tuple(
            tuple(k for k, s in enumerate(skills) if s.race is not None and index[s.race] == r)
            for r in range(len(races))
        )
        self.draft = tuple(k for k, s in enumerate(skills) if s.race is None)
        copies: dict[str, int] = {k.name: k.copies for k in content.epic}
        self.deck = tuple(c for c, name in enumerate(E.CARDS) for _ in range(copies[name]))
