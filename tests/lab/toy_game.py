"""Pick: a toy game whose items' worth and fairest rule number are known exactly.

Each of two seats is dealt a hand of two cards, each card a kind drawn at random
from the content's kinds (gold 3 points, silver 2, lead 1 in the shipped file).
Seat 1 then seat 2 keep one card of their hand; a seat scores its card's points,
plus `first_bonus` for seat 1 (content) and `second_bonus` for seat 2 (a rule
number). The higher score wins; equal scores share the win. The heuristic bot keeps
its best card, so a seat forbidden gold keeps its best other card (or gold, when
both cards are gold), and the game is fair exactly when the two bonuses are equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field

from soan.engine.content import Content, Entry, load_model
from soan.engine.core import Action, Game, Presenter, State, Variant
from soan.engine.options import rule
from soan.engine.registry import register
from soan.engine.rng import Rng

CONTENT = Path(__file__).with_name("toy_content.toml")


class Card(Entry):
    name: str
    points: int = Field(ge=0, le=20)


class PickContent(Content):
    first_bonus: int = Field(ge=0, le=10)
    cards: list[Card] = Field(min_length=1)


@dataclass(frozen=True)
class Options:
    second_bonus: int = rule(0, 0, 6, about="points for the second seat")
    hand: int = rule(2, 1, 4, about="cards dealt to each seat")


class Pick(State):
    __slots__ = ("hands", "kept")

    def _legal_actions(self) -> list[Action]:
        return [("keep", k) for k in sorted(set(self.hands[self.to_move]))]

    def _apply(self, action: Action) -> None:
        s = self.to_move
        self.kept[s] = action[1]
        self._note(s, f"keep:{self.content.cards[action[1]].name}")
        self.to_move = s + 1 if s + 1 < self.seats else None

    def uses(self, action: Action) -> tuple[str, ...]:
        return (f"keep:{self.content.cards[action[1]].name}",)

    def breakdown(self) -> list[dict[str, int]]:
        bonus = [self.content.first_bonus, self.options.second_bonus, 0]
        return [{"card": self.content.cards[k].points if k >= 0 else 0, "bonus": bonus[s]}
                for s, k in enumerate(self.kept)]

    def scores(self) -> list[int]:
        return [sum(b.values()) for b in self.breakdown()]

    def _winners(self) -> list[int]:
        totals = self.scores()
        return [s for s, t in enumerate(totals) if t == max(totals)]

    @property
    def first_player(self) -> int:
        return 0

    def turn(self) -> int:
        return 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"hands": self.hands, "kept": self.kept}

    def copy(self) -> Pick:
        o = Pick.__new__(Pick)
        self._copy_base(o)
        o.hands = [h.copy() for h in self.hands]
        o.kept = self.kept.copy()
        return o

    def redeal(self, seat: int, rng: Rng) -> Pick:
        o = self.copy()
        o._forget_past(rng)
        return o


class PickPresenter(Presenter):
    def label(self, state: Pick, action: Action) -> str:
        return f"keep {state.content.cards[action[1]].name}"


class PickGame(Game):
    id = "toy"
    title = "Pick"
    presenter = PickPresenter()
    min_seats, max_seats = 2, 3
    Options = Options
    variants: ClassVar[dict[str, Variant]] = {"default": Variant("the only way to play")}

    def load_content(self, path: str | None = None) -> PickContent:
        return load_model(Path(path) if path else CONTENT, PickContent)

    def usage_keys(self, content: PickContent, options: Options) -> list[str]:
        return [f"keep:{c.name}" for c in content.cards]

    def _new(self, seats: int, seed: int, options: Options, content: PickContent) -> Pick:
        state = Pick.__new__(Pick)
        state._init_base(seats, seed, options, content)
        kinds = len(content.cards)
        state.hands = [[state.rng.below(kinds) for _ in range(options.hand)]
                       for _ in range(seats)]
        state.kept = [-1] * seats
        state.to_move = 0
        return state


GAME = register(PickGame())
Pick.game = GAME
