"""One seat of a soan game as a Gymnasium environment; soan bots play the others.

>>> from soan.adapters.gymnasium import env
>>> e = env("cityplan", players=3, opponents="heuristic", end_buildings=6)
>>> obs, info = e.reset(seed=1)
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = e.step(action)

- the learner sits at `seat` (default 0); `opponents` is one bot spec for every other
  seat (``"heuristic"``, ``"random"``, ``"ismcts:iters=200"``, ``module:Name``...) or a
  list of specs, one per other seat in seat order. Between the learner's moves the
  bots play through `soan.bots.match.choose`: each sees only a re-dealt state, with a
  generator derived one-way from the game's seed (`bot_rngs`);
- the observation is a `Dict` of ``observation`` (float32, the game's encoding of what
  the learner may know, docs/encoding.md) and ``action_mask`` (int8, the legal actions
  over the fixed action index); the action space is a `Discrete` over that index;
- the reward is 0 until the end, then the learner's share of the win (1/k when it is
  one of k winners, else 0); a game stopped by the engine's action limit is truncated;
- an illegal action is refused: nothing changes, the reward is 0 and
  ``info["illegal_action"]`` says why (`illegal="raise"` raises `IllegalAction`
  instead);
- `reset(seed=s)` plays `game.new(players, seed=s)`; `reset()` after it takes the next
  seed from the environment's generator, so a run of resets replays;
- `render_mode="ansi"`: `render()` returns the game's text picture as the learner sees it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from soan.adapters.common import (
    DEFAULT_PLAYERS,
    SEED_LIMIT,
    Rules,
    action_from_index,
    check_seed,
    observation,
    spaces,
    started,
    win_share,
)
from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import IllegalAction, OptionsError, State

__all__ = ["SoanEnv", "env"]


class SoanEnv(gymnasium.Env):
    """One seat of a soan game against soan bots (see the module's words)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (as Env declares it)

    def __init__(self, game_id: str, players: int = DEFAULT_PLAYERS, *,
                 opponents: str | Sequence[str] = "heuristic", seat: int = 0,
                 illegal: str = "refuse", variant: str = "default",
                 content: str | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if illegal not in ("refuse", "raise"):
            raise ValueError(f"illegal is 'refuse' or 'raise', not {illegal!r}")
        self.rules = Rules.build(game_id, players, variant, content, **options)
        if type(seat) is not int or not 0 <= seat < players:
            raise OptionsError(f"seat is 0..{players - 1} at {players} players, not {seat!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise OptionsError(f"{players} players need {players - 1} opponents, "
                               f"not {len(specs)}: {specs!r}")
        self.seat, self.illegal, self.render_mode = seat, illegal, render_mode
        self.opponent_specs = specs
        others = [s for s in range(players) if s != seat]
        self.bots = dict(zip(others, (make_bot(spec) for spec in specs), strict=True))
        self.observation_space, self.action_space = spaces(self.rules)
        self.state: State | None = None
        self.seed_used: int | None = None

    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if seed is not None:
            seed = check_seed(seed)
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_LIMIT))
        self.seed_used = game_seed
        self.state = self.rules.new(game_seed)
        self._rngs = bot_rngs(game_seed, self.rules.players)
        self._play_opponents()
        return self._observation(), {"seed": game_seed}

    def _play_opponents(self) -> None:
        state = started(self.state)
        while not state.over and state.to_move != self.seat:
            seat = state.mover
            state.play(choose(self.bots[seat], state, self._rngs[seat]))

    def _observation(self) -> dict[str, np.ndarray]:
        return observation(self.rules, started(self.state), self.seat)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        state = started(self.state)
        if state.over:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        try:
            state.play(action_from_index(self.rules, state, action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return self._observation(), 0.0, False, False, {"illegal_action": str(exc)}
        self._play_opponents()
        reward = win_share(state)[self.seat] if state.over else 0.0
        terminated = state.over and not state.unfinished
        return self._observation(), reward, terminated, state.unfinished, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  "make the environment with render_mode='ansi'")
            return None
        return self.rules.game.presenter.render(started(self.state), self.seat)


def env(game_id: str, players: int = DEFAULT_PLAYERS, opponents: str | Sequence[str] = "heuristic",
        **options: Any) -> SoanEnv:
    """A Gymnasium environment: seat `seat=` (default 0) of `game_id` at `players`
    seats against `opponents`; keyword arguments are `seat=`, `illegal=`, `variant=`,
    `content=` (a path), `render_mode=` and rule numbers by name."""
    return SoanEnv(game_id, players, opponents=opponents, **options)
