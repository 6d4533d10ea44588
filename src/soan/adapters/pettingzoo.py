"""soan's games as PettingZoo AEC environments.

>>> from soan.adapters.pettingzoo import env
>>> e = env("cityplan", players=3, end_buildings=6)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> e.step(action)

- agents ``player_0 .. player_{N-1}`` are the seats, in seat order; the agent to step
  is the seat to move;
- `observation_space(agent)`: a `Dict` with ``observation`` (float32, the game's
  encoding of what that seat may know, docs/encoding.md) and ``action_mask`` (int8
  over the action index: the legal actions for the agent to move, zeros for others);
- `action_space(agent)`: a fixed `Discrete` over the encoding's action index;
- rewards come at the end only: each of k winners gets 1/k, everyone else 0 (a draw
  gives everyone 0); the game's end terminates every agent, a game stopped by the
  engine's action limit truncates them instead;
- `reset(seed=s)` starts `game.new(players, seed=s)`, so a seed replays in soan; with
  no seed the next game's seed comes from the last one given (or is drawn fresh);
- `render_mode="ansi"`: `render()` returns the game's terminal text picture as a
  spectator sees it.

Rule numbers, the variant and the content are chosen at construction (they fix the
spaces); `reset`'s ``options`` are accepted and not used.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from soan.adapters.common import (
    DEFAULT_PLAYERS,
    SEED_LIMIT,
    Rules,
    action_from_index,
    check_seed,
    draw_seed,
    observation,
    spaces,
    started,
    win_share,
)
from soan.engine.core import IllegalAction, State

__all__ = ["SoanAEC", "env", "raw_env"]


class SoanAEC(AECEnv):
    """One soan game as a PettingZoo AEC environment (see the module's words)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (each environment names its game in its own)
        "render_modes": ["ansi"], "name": "soan", "is_parallelizable": False,
    }

    def __init__(self, game_id: str, players: int = DEFAULT_PLAYERS, *,
                 variant: str = "default", content: str | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.rules = Rules.build(game_id, players, variant, content, **options)
        self.metadata = {**self.metadata, "name": f"soan_{game_id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        observation_space, action_space = spaces(self.rules)
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}
        self.state: State | None = None
        self._seeds: np.random.Generator | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            game_seed = check_seed(seed)
            self._seeds = np.random.default_rng(game_seed)
        elif self._seeds is not None:
            game_seed = int(self._seeds.integers(SEED_LIMIT))
        else:
            game_seed = draw_seed()
        self.seed_used = game_seed
        self.state = state = self.rules.new(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[state.mover]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observation(self.rules, started(self.state), self.seat(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = started(self.state)
        if action is None:
            raise IllegalAction(f"{agent} is to move in {self.rules.game.title}: "
                                "None is only for agents whose game is over")
        state.play(action_from_index(self.rules, state, action))
        self._cumulative_rewards[agent] = 0.0
        if state.over:
            shares = win_share(state)
            for i, a in enumerate(self.agents):
                self.rewards[a] = shares[i]
                self.terminations[a] = not state.unfinished
                self.truncations[a] = state.unfinished
        else:
            self.agent_selection = self.possible_agents[state.mover]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  "make the environment with render_mode='ansi'")
            return None
        return self.rules.game.presenter.render(started(self.state), None)

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int = DEFAULT_PLAYERS, **options: Any) -> SoanAEC:
    """The environment without PettingZoo's checking wrappers."""
    return SoanAEC(game_id, players, **options)


def env(game_id: str, players: int = DEFAULT_PLAYERS, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment for `game_id` at `players` seats; keyword arguments
    are `variant=`, `content=` (a path), `render_mode=` and rule numbers by name.
    PettingZoo's order-enforcing wrapper guards it, as its classic games are."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, players, **options))
