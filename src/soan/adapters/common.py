"""What the three adapters share: one checked rule set, seeds, the reward, spaces.

`Rules.build` is the adapters' way to pick a game, table size, variant, rule numbers
and content; everything is checked before any environment exists, with the game's
own errors (`OptionsError`) naming the field, the value and the range.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np

from soan.engine.core import Game, IllegalAction, OptionsError, State
from soan.engine.encoding import Encoding
from soan.engine.registry import get_game

SEED_LIMIT = 2**63  # soan seeds are whole numbers 0 .. 2^63-1
DEFAULT_PLAYERS = 3  # every game seats three


def draw_seed() -> int:
    """A fresh seed for a game nobody asked to seed."""
    return secrets.randbelow(SEED_LIMIT)


@dataclass(frozen=True)
class Rules:
    """One game's rule set at one table size: its encoding is fixed by these."""

    game: Game
    players: int
    variant: str
    options: Any
    content: Any
    encoding: Encoding

    @classmethod
    def build(cls, game_id: str, players: int = DEFAULT_PLAYERS, variant: str = "default",
              content: str | None = None, **options: Any) -> Rules:
        """Check the game, table size, variant, rule numbers and content file.

        >>> Rules.build("cityplan", players=4, end_buildings=6).encoding.seats
        4
        """
        game = get_game(game_id)
        if type(players) is not int or not game.min_seats <= players <= game.max_seats:
            raise OptionsError(f"{game.title} is for {game.min_seats} to {game.max_seats} "
                               f"players, not {players!r}")
        checked = game.options(variant, **options)
        loaded = game.load_content(None if content is None else str(content))
        probe = game.new(players, 0, checked, loaded)
        return cls(game, players, variant, checked, loaded, game.encoder.encoding(probe))

    def new(self, seed: int) -> State:
        return self.game.new(self.players, seed, self.options, self.content)

    @property
    def size(self) -> int:
        """The observation's length."""
        return self.encoding.size

    @property
    def num_actions(self) -> int:
        """The action index's length."""
        return len(self.encoding.actions)


def started(state: State | None) -> State:
    """The environment's game: one used before `reset()` refuses, as Gymnasium's do."""
    if state is None:
        from gymnasium.error import ResetNeeded

        raise ResetNeeded("call reset() first: the environment has no game yet")
    return state


def check_seed(seed: Any) -> int:
    if type(seed) is not int and isinstance(seed, np.integer):
        seed = int(seed)
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise OptionsError(f"a seed is a whole number from 0 to 2^63-1, not {seed!r}")
    return seed


def win_share(state: State) -> list[float]:
    """Each seat's reward at the end: 1/k to each of k winners, 0 to the others. A draw
    and a game stopped unfinished (the engine's action limit) give everyone 0."""
    winners = state.winners()
    out = [0.0] * state.seats
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


def observation(rules: Rules, state: State, seat: int) -> dict[str, np.ndarray]:
    """The dict observation every adapter hands out: what `seat` may know, and the
    legal actions over the index when `seat` is to move (zeros otherwise)."""
    mask = np.zeros(rules.num_actions, dtype=np.int8)
    if state.to_move == seat:
        mask[rules.encoding.mask(state)] = 1
    return {"observation": rules.game.encoder.observe(state, seat), "action_mask": mask}


def spaces(rules: Rules) -> tuple[Any, Any]:
    """The observation space (a Dict of the encoding and the mask) and the action space
    (a fixed Discrete over the action index), as Gymnasium spaces."""
    from gymnasium import spaces as gs

    obs = gs.Dict({
        # the encoding is scaled to about [0, 1] but holds no hard bound
        "observation": gs.Box(-np.inf, np.inf, (rules.size,), np.float32),
        "action_mask": gs.Box(0, 1, (rules.num_actions,), np.int8),
    })
    return obs, gs.Discrete(rules.num_actions)


def action_from_index(rules: Rules, state: State, action: Any) -> tuple:
    """The soan action an index names, refusing one outside the index with the range."""
    try:
        i = int(action)
    except (TypeError, ValueError):
        raise IllegalAction(f"an action is an index 0..{rules.num_actions - 1}, "
                            f"not {action!r}") from None
    if i != action or isinstance(action, bool):
        raise IllegalAction(f"an action is a whole index 0..{rules.num_actions - 1}, "
                            f"not {action!r}")
    if not 0 <= i < rules.num_actions:
        raise IllegalAction(f"{rules.game.title} has action indices 0..{rules.num_actions - 1} "
                            f"at {rules.players} players, not {i}")
    return rules.encoding.action_from_id(i)
