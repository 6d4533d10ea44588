"""A tiny hidden-hand game for testing that bots never peek.

Two seats each hold three cards from a deck of 0-11; in turn each plays one
card face up, three rounds; the highest total of played cards wins. A card
played in the same round as a lower one scores 2 extra, so what the other
hand holds matters to a good choice: a peeking bot would answer differently
to different deals. Its `redeal` depends only on what the seat may see and
the generator, which is what a bot needs to be tested for peeking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from soan.engine.core import Action, Game, Presenter, State, Variant
from soan.engine.rng import Rng

ROUNDS = 3


class HiddenCards(State):
    __slots__ = ("deck", "hands", "played")

    def _legal_actions(self) -> list[Action]:
        return [("play", c) for c in sorted(self.hands[self.to_move])]

    def _apply(self, action: Action) -> None:
        s = self.to_move
        self.hands[s].remove(action[1])
        self.played[s].append(action[1])
        self.to_move = None if not any(self.hands) else 1 - s

    def scores(self) -> list[int]:
        return [sum(b.values()) for b in self.breakdown()]

    def breakdown(self) -> list[dict[str, int]]:
        out = []
        for s in (0, 1):
            mine, theirs = self.played[s], self.played[1 - s]
            rounds_won = sum(1 for a, b in zip(mine, theirs, strict=False) if a > b)
            out.append({"cards": sum(mine), "rounds": 2 * rounds_won})
        return out

    @property
    def first_player(self) -> int:
        return 0

    def _winners(self) -> list[int]:
        totals = self.scores()
        return [s for s in (0, 1) if totals[s] == max(totals)]

    def view(self, seat: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {"played": [list(p) for p in self.played]}
        if seat is not None:
            data["hand"] = sorted(self.hands[seat])
        return data

    def copy(self) -> HiddenCards:
        o = HiddenCards.__new__(HiddenCards)
        self._copy_base(o)
        o.deck = self.deck.copy()
        o.hands = [h.copy() for h in self.hands]
        o.played = [p.copy() for p in self.played]
        return o

    def redeal(self, seat: int, rng: Rng) -> HiddenCards:
        o = self.copy()
        other = 1 - seat
        pool = sorted(o.deck + o.hands[other])
        rng.shuffle(pool)
        o.hands[other] = [pool.pop() for _ in o.hands[other]]
        o.deck = pool
        o._forget_past(rng)
        return o


class HiddenCardsPresenter(Presenter):
    def label(self, state: HiddenCards, action: Action) -> str:
        return f"play {action[1]}"


@dataclass(frozen=True)
class Options:
    """The game has no rule numbers."""


class HiddenCardsGame(Game):
    id = "hidden-cards"
    title = "Hidden cards"
    presenter = HiddenCardsPresenter()
    min_seats = max_seats = 2
    Options = Options
    variants: ClassVar[dict[str, Variant]] = {"default": Variant("the only way to play")}

    def load_content(self, path: str | None = None) -> None:
        return None

    def usage_keys(self, content: Any, options: Any) -> list[str]:
        return []

    def _new(self, seats: int, seed: int, options: Any, content: Any) -> HiddenCards:
        state = HiddenCards.__new__(HiddenCards)
        state._init_base(seats, seed, options, content)
        state.deck = list(range(12))
        state.rng.shuffle(state.deck)
        state.hands = [[state.deck.pop() for _ in range(ROUNDS)] for _ in range(seats)]
        state.played = [[], []]
        state.to_move = 0
        return state


GAME = HiddenCardsGame()
HiddenCards.game = GAME
