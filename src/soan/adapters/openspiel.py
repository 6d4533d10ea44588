"""soan's games as OpenSpiel Python games: importing this module registers
``python_soan_<game_id>`` for every game.

>>> import pyspiel
>>> import soan.adapters.openspiel
>>> game = pyspiel.load_game("python_soan_cityplan", {"players": 3, "end_buildings": 6})
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])

- **GameType**: sequential, imperfect information, `SAMPLED_STOCHASTIC` (the engine
  draws its own chance from the game's seed: no chance nodes), terminal rewards,
  `GENERAL_SUM`: the returns are the win share, 1/k to each of k winners and 0 to the
  others, so they sum to 1, or to 0 on a draw or a game stopped by the engine's action
  limit.
- **Parameters**: ``players``; ``seed`` (-1 draws one; otherwise the n-th new game of
  this `Game` object is seeded from it one-way, so a run replays); ``variant``;
  ``content`` (a path, "" for the shipped file); and every rule number by name (a
  tuple such as City Plan's ``completion_10`` as text, "20/10/5"). OpenSpiel fills in
  every parameter's default, so a rule number equal to the rules as written leaves the
  variant's value alone.
- **GameInfo**: ``num_distinct_actions`` is the encoding's action index, ``max_game_length``
  the engine's action limit (`Game.max_actions`, after which a game stops unfinished).
- **Tensors**: the observation tensor and the information-state tensor are both the
  game's encoding of what the seat may know now (`game.encoder.observe`, docs/encoding.md);
  it is not a perfect-recall history. The strings key the same information: the seat and
  a digest of that tensor (`str(state)` is the spectator's text picture).
- `resample_from_infostate(player, sampler)` is `redeal(player, ...)`, seeded from the
  sampler.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import numpy as np
import pyspiel

from soan.adapters.common import SEED_LIMIT, Rules, draw_seed, win_share
from soan.engine.core import (
    Game,
    OptionsError,
    State,
    option_text,
    parse_option_value,
)
from soan.engine.registry import all_games
from soan.engine.rng import Rng

__all__ = ["SoanGame", "SoanObserver", "SoanState", "game_type", "register"]

PREFIX = "python_soan_"


def _option_params(game: Game) -> dict[str, Any]:
    """Every rule number with its default, in the kinds OpenSpiel parameters take."""
    out = {}
    for f in dataclasses.fields(game.Options):
        value = f.default
        out[f.name] = option_text(value) if isinstance(value, tuple) else value
    return out


def game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"soan {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_seats,
        min_num_players=game.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": max(game.min_seats, 3), "seed": -1, "variant": "default",
            "content": "", **_option_params(game),
        },
    )


def _rules(game: Game, params: dict[str, Any]) -> Rules:
    """The checked rule set the parameters name."""
    params = dict(params)
    players, variant = params.pop("players"), params.pop("variant")
    content = params.pop("content") or None
    params.pop("seed")
    defaults = _option_params(game)
    overrides = {}
    for key, value in params.items():
        if key in defaults and value != defaults[key]:
            default = getattr(game.Options(), key)
            overrides[key] = (parse_option_value(game, key, value)
                              if isinstance(default, tuple) else value)
    return Rules.build(game.id, players, variant, content, **overrides)


class SoanGame(pyspiel.Game):
    """One soan game as an OpenSpiel game (see the module's words)."""

    soan_game: Game  # set by `register` on each game's subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = game_type(self.soan_game)
        params = {**spec.parameter_specification, **(params or {})}
        self.rules = _rules(self.soan_game, params)
        seed = params["seed"]
        if type(seed) is not int or not -1 <= seed < SEED_LIMIT:
            raise OptionsError(f"seed is -1 (draw one) or a whole number 0..2^63-1, not {seed}")
        self._seeds = np.random.default_rng(draw_seed() if seed == -1 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.num_actions,
            max_chance_outcomes=0,
            num_players=self.rules.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=self.soan_game.max_actions,
        )
        super().__init__(spec, info, params)

    def next_seed(self) -> int:
        return int(self._seeds.integers(SEED_LIMIT))

    def new_initial_state(self) -> SoanState:
        return SoanState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SoanObserver:
        return SoanObserver(self.rules, iig_obs_type, params)


class _Held:
    """The engine's state inside an OpenSpiel state: OpenSpiel clones a Python state
    with `copy.deepcopy`, which here is the engine's own fast `copy()`."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(None if self.state is None else self.state.copy())


class SoanState(pyspiel.State):
    """A position of a soan game; the engine draws chance itself (sampled stochastic)."""

    def __init__(self, game: SoanGame, state: State | None = None) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def soan_state(self) -> State:
        """The engine's state (a new game is dealt on first use, so a clone deals none)."""
        held = self._held
        if held.state is None:
            game = self.get_game()
            held.state = game.rules.new(game.next_seed())
        return held.state

    def current_player(self) -> int:
        state = self.soan_state
        return pyspiel.PlayerId.TERMINAL if state.over else state.mover

    def _legal_actions(self, player: int) -> list[int]:
        state = self.soan_state
        if state.over or player != state.to_move:
            return []
        encoding = self.get_game().rules.encoding
        return sorted(encoding.action_id(a) for a in state.legal())

    def _apply_action(self, action: int) -> None:
        state = self.soan_state
        state.play(self.get_game().rules.encoding.action_from_id(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.soan_state
        soan_action = self.get_game().rules.encoding.action_from_id(int(action))
        return state.game.presenter.label(state, soan_action)

    def is_terminal(self) -> bool:
        return self.soan_state.over

    def returns(self) -> list[float]:
        state = self.soan_state
        return win_share(state) if state.over else [0.0] * state.seats

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SoanState:
        """A state `player_id` cannot tell from this one: the engine's `redeal`, seeded
        from the sampler's draw."""
        seed = int(float(probability_sampler()) * SEED_LIMIT) % SEED_LIMIT
        redealt = self.soan_state.redeal(player_id, Rng(seed))
        return SoanState(self.get_game(), redealt)

    def __str__(self) -> str:
        state = self.soan_state
        return state.game.presenter.render(state, None)


class SoanObserver:
    """OpenSpiel's observer for a soan game: the tensor is the game's encoding of what
    the seat may know (the same for the observation and the information state)."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"soan observers take no parameters, not {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("soan observes a seat's whole information (public and its own "
                             "private), not other kinds of observation")
        self.rules = rules
        self.tensor = np.zeros(rules.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SoanState, player: int) -> None:
        self.tensor[:] = self.rules.game.encoder.observe(state.soan_state, player)

    def string_from(self, state: SoanState, player: int) -> str:
        x = self.rules.game.encoder.observe(state.soan_state, player)
        return f"seat {player} {hashlib.blake2b(x.tobytes(), digest_size=16).hexdigest()}"


def register(game: Game) -> type[SoanGame]:
    """Register one soan game with pyspiel as ``python_soan_<id>``."""
    cls = type(f"Soan_{game.id}", (SoanGame,), {"soan_game": game})
    pyspiel.register_game(game_type(game), cls)
    return cls


GAMES = {game.id: register(game) for game in all_games()}
