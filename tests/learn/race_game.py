"""Race: a toy game whose best play is known, with an evaluation that knows nothing.

Each seat starts at 0; in turn each moves 1 or 2 steps, or waits. The first to reach
`target` wins. Moving 2 is always best (strictly so while 2 steps short of the target
or further). The game's evaluator is the plain score, which is 0 for everyone until
the end, so the heuristic plays at random: whatever a learned bot knows, it learned.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, ClassVar

from soan.engine.core import Action, Game, State, Variant
from soan.engine.encoding import Encoder
from soan.engine.options import rule
from soan.engine.registry import register
from soan.engine.rng import Rng

ACTIONS = (("step", 1), ("step", 2), ("wait",))


@dataclass(frozen=True)
class Options:
    target: int = rule(8, 3, 20, about="steps to the finish")


class Race(State):
    __slots__ = ("pos",)

    def _legal_actions(self) -> list[Action]:
        return list(ACTIONS)

    def _apply(self, action: Action) -> None:
        s = self.to_move
        if action[0] == "step":
            self.pos[s] = min(self.options.target, self.pos[s] + action[1])
        self.to_move = None if self.pos[s] >= self.options.target else (s + 1) % self.seats

    def scores(self) -> list[int]:
        return [int(p >= self.options.target) for p in self.pos]

    def breakdown(self) -> list[dict[str, int]]:
        return [{"finish": x} for x in self.scores()]

    def _winners(self) -> list[int]:
        return [s for s, x in enumerate(self.scores()) if x]

    @property
    def first_player(self) -> int:
        return 0

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pos": list(self.pos)}

    def copy(self) -> Race:
        o = Race.__new__(Race)
        self._copy_base(o)
        o.pos = self.pos.copy()
        return o

    def redeal(self, seat: int, rng: Rng) -> Race:
        o = self.copy()
        o._forget_past(rng)
        return o


class RaceEncoder(Encoder):
    """Each seat's position one-hot, the observing seat first; then whose turn it is."""

    def layout(self, seats: int, options: Options, content: Any) -> list[tuple[str, int]]:
        return [*((f"seat+{k}", options.target + 1) for k in range(seats)), ("to_move", seats)]

    def actions(self, seats: int, options: Options, content: Any) -> list[Action]:
        return list(ACTIONS)

    def write(self, state: Race, seat: int, parts: Any) -> None:
        n, size = state.seats, state.options.target + 1
        for k in range(n):
            hot = [0.0] * size
            hot[state.pos[(seat + k) % n]] = 1.0
            parts.put(f"seat+{k}", hot)
        turn = [0.0] * n
        if state.to_move is not None:
            turn[(state.to_move - seat) % n] = 1.0
        parts.put("to_move", turn)


class RaceGame(Game):
    id = "race"
    title = "Race"
    min_seats, max_seats = 2, 3
    Options = Options
    variants: ClassVar[dict[str, Variant]] = {"default": Variant("the only way to play")}
    encoder = RaceEncoder()
    max_actions = 60  # two seats that only wait would go on for ever

    def load_content(self, path: str | None = None) -> Any:
        return SimpleNamespace(hash=f"race:{path or 'shipped'}")

    def usage_keys(self, content: Any, options: Options) -> list[str]:
        return []

    def _new(self, seats: int, seed: int, options: Options, content: Any) -> Race:
        state = Race.__new__(Race)
        state._init_base(seats, seed, options, content)
        state.pos = [0] * seats
        state.to_move = 0
        return state


GAME = register(RaceGame())
Race.game = GAME
