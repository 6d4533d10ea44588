"""Undecim content: action cards, awards, modules and the 100 resource cards, as data.

`content.toml` beside this file is the shipped (provisional) set: the draft names
these components but prints no card texts (U1, U2). It is validated here and
turned into `Tables`, flat tuples the rules read, built once per content and set
of modules in play.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from soan.engine.content import Content, Entry, gloss, load_model
from soan.games.undecim import effects as E

DEFAULT_PATH = Path(__file__).with_name("content.toml")

LANDS = ("草原", "森", "沼地", "山")  # 「土地には「草原」「森」「沼地」「山」の4種」
RESOURCES = ("石", "木", "粘土", "鉄")  # 「資源には「石」「木」「粘土」「鉄」の4種」
LAND_ENGLISH = ("grassland", "forest", "swamp", "mountain")
RESOURCE_ENGLISH = ("stone", "wood", "clay", "iron")
CARDS_PER_KIND = 18  # 「土地&資源は1種18枚で合計72枚」
ENEMY_GOLD_CARDS = 28  # 「敵&金は28枚」
ACTION_CARDS = 11  # 「アクションカード(11枚)」
BASE_AWARDS = 4  # 「アワードカード(4枚)」
MODULE_KEYS = ("dark", "storm", "gold")
MODULE_NAMES = {"dark": "闇の時代", "storm": "嵐の時代", "gold": "黄金の時代"}
EG = 16  # the type of the enemy-and-gold cards; land-and-resource types are land * 4 + resource
TYPES = 17

LandName = Literal["草原", "森", "沼地", "山"]
ResourceName = Literal["石", "木", "粘土", "鉄"]
FaceName = Literal["land", "resource", "enemy", "gold"]
Condition = Literal["land_kinds", "lands", "settlements", "level", "enemies", "slain", "gold"]
CONDITIONS = ("land_kinds", "lands", "settlements", "level", "enemies", "slain", "gold")


class StepModel(BaseModel):
    """One step of an action card (see `effects` for the vocabulary)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    step: Literal["play", "draw", "market", "steal", "moon", "set_die", "build", "vp"]
    amount: int | list[int] = 1
    faces: list[FaceName] = Field(default_factory=lambda: list(E.FACES))  # type: ignore[arg-type]
    face: FaceName = "land"
    take: int = Field(default=0, ge=0, le=10)
    targets: Literal["each", "one"] = "each"
    keep: bool = True
    direction: Literal["add", "remove", "choose"] = "add"
    values: list[int] = Field(default_factory=list)
    recount: bool = False
    per: Literal["none", "settlement", "land_kind", "enemy", "gold"] = "none"
    gold_boost: int = Field(default=0, ge=0, le=10)

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: int | list[int]) -> int | list[int]:
        numbers = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) != 6:
            raise ValueError("an amount by the moon die lists six numbers, one per roll 1-6")
        if any(not 0 <= n <= 10 for n in numbers):
            raise ValueError("amounts lie between 0 and 10")
        return value

    @model_validator(mode="after")
    def _fits_step(self):
        if not self.faces:
            raise ValueError("faces lists at least one of land, resource, enemy, gold")
        if self.step == "market" and not 1 <= self.take <= min(self.amounts):
            raise ValueError("a market takes at least 1 and at most the cards it reveals")
        if self.step != "market" and self.take:
            raise ValueError("only a market step takes 'take'")
        if self.step == "set_die":
            if not self.values or any(not 1 <= v <= 6 for v in self.values):
                raise ValueError("set_die lists the rolls it may set, from 1 to 6")
        elif self.values or self.recount:
            raise ValueError("only a set_die step takes 'values' and 'recount'")
        if self.per != "none" and self.step != "vp":
            raise ValueError("only a vp step takes 'per'")
        return self

    @property
    def amounts(self) -> tuple[int, ...]:
        return tuple(self.amount) if isinstance(self.amount, list) else (self.amount,) * 6

    def compile(self) -> E.Step:
        return E.Step(
            kind=E.STEPS.index(self.step),
            amounts=self.amounts,  # type: ignore[arg-type]
            faces=sum(1 << E.FACES.index(f) for f in set(self.faces)),
            face=E.FACES.index(self.face),
            take=self.take,
            one_target=self.targets == "one",
            keep=self.keep,
            direction=E.DIRECTIONS.index(self.direction),
            values=sum(1 << v for v in set(self.values)),
            recount=self.recount,
            per=E.PER.index(self.per),
            boost=self.gold_boost,
        )


class ActionCard(Entry):
    number: int = Field(ge=1, le=ACTION_CARDS, description="resolution order and tie-break")
    name: str = Field(min_length=1)
    english: str = gloss()
    red: bool = Field(description="赤文字: resolved before every other card")
    steps: list[StepModel] = Field(min_length=1, max_length=8)
    text: str = ""


class Award(Entry):
    name: str = Field(min_length=1)
    english: str = gloss()
    condition: Condition
    count: int = Field(ge=1, le=30)
    vp: int = Field(ge=0, le=50)


class Module(Entry):
    key: Literal["dark", "storm", "gold"]
    name: str = Field(min_length=1)
    english: str = gloss()
    award: Award
    actions: list[ActionCard] = Field(min_length=3, max_length=3)

    @model_validator(mode="after")
    def _named_as_printed(self):
        if self.name != MODULE_NAMES[self.key]:
            raise ValueError(f"module {self.key!r} is 「{MODULE_NAMES[self.key]}」 in the draft")
        numbers = [a.number for a in self.actions]
        if len(set(numbers)) != 3:
            raise ValueError("a module's three action cards replace three different numbers")
        return self


class Pairing(Entry):
    land: LandName
    resource: ResourceName
    count: int = Field(ge=0, le=CARDS_PER_KIND)


class EnemyGold(Entry):
    count: int
    enemy: str = "敵"
    gold: str = "金"

    @field_validator("count")
    @classmethod
    def _as_printed(cls, value: int) -> int:
        if value != ENEMY_GOLD_CARDS:
            raise ValueError(f"the draft has {ENEMY_GOLD_CARDS} enemy-and-gold cards")
        return value


class UndecimContent(Content):
    title: str = ""
    pairing: list[Pairing] = Field(min_length=1, max_length=16)
    enemy_gold: EnemyGold
    actions: list[ActionCard] = Field(min_length=ACTION_CARDS, max_length=ACTION_CARDS)
    awards: list[Award] = Field(min_length=BASE_AWARDS, max_length=BASE_AWARDS)
    modules: list[Module] = Field(min_length=3, max_length=3)

    @model_validator(mode="after")
    def _check(self):
        numbers = sorted(a.number for a in self.actions)
        if numbers != list(range(1, ACTION_CARDS + 1)):
            raise ValueError("the 11 action cards carry the numbers 1 to 11, each once")
        pairs = [(p.land, p.resource) for p in self.pairing]
        if len(set(pairs)) != len(pairs):
            raise ValueError("a land and resource pairing is listed twice")
        for names, attr in ((LANDS, "land"), (RESOURCES, "resource")):
            for name in names:
                total = sum(p.count for p in self.pairing if getattr(p, attr) == name)
                if total != CARDS_PER_KIND:
                    raise ValueError(
                        f"{attr} {name} is on {total} cards; the draft has {CARDS_PER_KIND} of each"
                    )
        if sorted(m.key for m in self.modules) != sorted(MODULE_KEYS):
            raise ValueError("the modules are dark, storm and gold, each once")
        replaced = [a.number for m in self.modules for a in m.actions]
        if len(set(replaced)) != len(replaced):
            raise ValueError(
                "two modules replace the same action number; 「複数のセットを同時に使用」 needs "
                "each number replaced by one module at most"
            )
        names = [a.name for a in self.actions] + [a.name for m in self.modules for a in m.actions]
        if len(set(names)) != len(names):
            raise ValueError("two action cards share a name")
        awards = [a.name for a in self.awards] + [m.award.name for m in self.modules]
        if len(set(awards)) != len(awards):
            raise ValueError("two awards share a name")
        return self


def load(path: str | Path | None = None) -> UndecimContent:
    return load_model(Path(path) if path else DEFAULT_PATH, UndecimContent)


def card_text(card: ActionCard) -> str:
    """A card's text: the designer's words if given, else its steps in plain words."""
    return card.text or "; ".join(E.describe(s.compile()) for s in card.steps)


def award_text(award: Award) -> str:
    words = {
        "land_kinds": f"hold lands of {award.count} different kinds",
        "lands": f"hold {award.count} lands",
        "settlements": f"have {award.count} settlements",
        "level": f"have a settlement of level {award.count} or more",
        "enemies": f"hold {award.count} enemies",
        "slain": f"have discarded {award.count} enemies at red moon nights",
        "gold": f"hold {award.count} gold",
    }
    return f"{words[award.condition]}: {award.vp} VP"


class Tables:
    """The content of one game as flat tuples: action cards by number (modules applied),
    awards by index (base first, then the modules' in play), resource card types."""

    __slots__ = (
        "award_condition", "award_count", "award_english", "award_module", "award_name",
        "award_text", "award_vp", "base_awards", "card_english", "card_key", "card_module",
        "card_name", "card_rank", "card_red", "card_text", "deck", "enemy_name", "gold_name",
        "has_vp", "kinds", "steps", "type_count",
    )

    def __init__(self, content: UndecimContent, modules: tuple[str, ...]) -> None:
        cards: dict[int, tuple[ActionCard, str]] = {a.number: (a, "") for a in content.actions}
        awards: list[tuple[Award, str]] = [(a, "") for a in content.awards]
        for module in content.modules:
            if module.key in modules:
                for card in module.actions:
                    cards[card.number] = (card, module.name)
                awards.append((module.award, module.name))
        span = range(ACTION_CARDS + 1)  # index 0 unused: cards go by their numbers 1-11
        picked = [cards.get(n) for n in span]
        self.card_name = tuple(c[0].name if c else "" for c in picked)
        self.card_key = tuple(f"card:{name}" for name in self.card_name)  # usage keys
        self.card_english = tuple(c[0].english or c[0].name if c else "" for c in picked)
        self.card_red = tuple(bool(c and c[0].red) for c in picked)
        # the order cards resolve in (U4): red ones first, then each kind by number
        self.card_rank = tuple(n + (0 if red else len(span)) for n, red in enumerate(self.card_red))
        self.card_text = tuple(card_text(c[0]) if c else "" for c in picked)
        self.card_module = tuple(c[1] if c else "" for c in picked)
        self.steps = tuple(tuple(s.compile() for s in c[0].steps) if c else () for c in picked)
        self.has_vp = any(step.kind == E.VP for steps in self.steps for step in steps)
        self.base_awards = BASE_AWARDS
        self.award_name = tuple(a.name for a, _ in awards)
        self.award_english = tuple(a.english or a.name for a, _ in awards)
        self.award_condition = tuple(CONDITIONS.index(a.condition) for a, _ in awards)
        self.award_count = tuple(a.count for a, _ in awards)
        self.award_vp = tuple(a.vp for a, _ in awards)
        self.award_text = tuple(award_text(a) for a, _ in awards)
        self.award_module = tuple(m for _, m in awards)
        counts = [0] * TYPES
        for p in content.pairing:
            counts[LANDS.index(p.land) * 4 + RESOURCES.index(p.resource)] += p.count
        counts[EG] = content.enemy_gold.count
        self.type_count = tuple(counts)
        # (cards, land kind, resource kind) of each land-and-resource type, for the bots
        self.kinds = tuple((counts[t], t >> 2, t & 3) for t in range(EG))
        self.deck = tuple(t for t in range(TYPES) for _ in range(counts[t]))
        self.enemy_name = content.enemy_gold.enemy
        self.gold_name = content.enemy_gold.gold


def markdown_tables(content: UndecimContent) -> str:
    """The provisional content as the rules reference prints it (kept equal by a test)."""
    def cards(actions: list[ActionCard], module: str = "") -> list[str]:
        head = "| no. | card | red | effect | why |"
        if module:
            head = "| replaces no. | card | red | effect | why |"
        out = [head, "|---|---|---|---|---|"]
        for a in sorted(actions, key=lambda a: a.number):
            red = "red" if a.red else ""
            out.append(f"| {a.number} | {a.name} {a.english} | {red} | {card_text(a)} | "
                       f"{a.reason} |")
        return out

    def award_rows(awards: list[Award]) -> list[str]:
        out = ["| award | condition | VP | why |", "|---|---|---|---|"]
        out += [f"| {a.name} {a.english} | {award_text(a).rsplit(':', 1)[0]} | {a.vp} | "
                f"{a.reason} |" for a in awards]
        return out

    lines = ["### Action cards (11)", "", *cards(content.actions), "", "### Awards (4)", "",
             *award_rows(content.awards), ""]
    for m in content.modules:
        lines += [f"### Module 「{m.name}」 {m.english}", "", m.reason, "",
                  *award_rows([m.award]), "", *cards(m.actions, m.name), ""]
    lines += ["### Resource cards (100)", "",
              "| land \\ resource | " + " | ".join(RESOURCES) + " | cards |",
              "|---|---|---|---|---|---|"]
    for land in LANDS:
        counts = [next((p.count for p in content.pairing if p.land == land and p.resource == r), 0)
                  for r in RESOURCES]
        lines.append(f"| {land} | " + " | ".join(map(str, counts)) + f" | {sum(counts)} |")
    eg = content.enemy_gold
    reasons = dict.fromkeys(p.reason for p in content.pairing)
    lines += ["", "Why: " + " ".join(f"{r[0].upper()}{r[1:]}." for r in reasons), "",
              f"Enemy & gold cards: {eg.count} ({eg.enemy} / {eg.gold}). {eg.reason}"]
    return "\n".join(lines) + "\n"
