"""The Gymnasium wrapper: Gymnasium's env checker for every game, and one seat's
observation, mask, reward, refusals and secrecy against soan's bots."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from soan.adapters.gymnasium import env
from soan.bots import BotSpecError
from soan.engine.core import IllegalAction, OptionsError
from soan.engine.rng import Rng
from tests.adapters.conftest import SMALL

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_check_env_passes(game_id):
    check_env(env(game_id, 3, render_mode="ansi", **SMALL[game_id]))


def test_a_whole_game_matches_the_engine_and_pays_the_win_share(game_id):
    e = env(game_id, 3, opponents="random", seat=1, **SMALL[game_id])
    obs, info = e.reset(seed=4)
    assert info["seed"] == 4
    rng = np.random.default_rng(4)
    game = e.rules.game
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        state = e.state
        assert state.to_move == 1
        assert np.array_equal(obs["observation"], game.encoder.observe(state, 1))
        assert np.array_equal(obs["action_mask"].astype(bool), e.rules.encoding.mask(state))
        obs, reward, terminated, truncated, info = e.step(
            int(rng.choice(obs["action_mask"].nonzero()[0])))
    winners = e.state.winners()
    assert reward == pytest.approx(1 / len(winners) if 1 in winners else 0.0)
    assert not obs["action_mask"].any()


def test_resets_replay(game_id):
    a, b = env(game_id, 3, **SMALL[game_id]), env(game_id, 3, **SMALL[game_id])
    for seed in (7, None, None):
        oa, _ = a.reset(seed=seed)
        ob, _ = b.reset(seed=seed)
        assert a.seed_used == b.seed_used
        assert np.array_equal(oa["observation"], ob["observation"])


def test_a_redeal_leaves_the_observation_unchanged(game_id):
    e = env(game_id, 3, opponents="random", **SMALL[game_id])
    obs, _ = e.reset(seed=9)
    rng = Rng(9)
    for _ in range(20):
        real = e.state
        e.state = real.redeal(0, rng.spawn())
        hidden = e._observation()
        e.state = real
        assert np.array_equal(obs["observation"], hidden["observation"])
        assert np.array_equal(obs["action_mask"], hidden["action_mask"])
        obs, _, terminated, truncated, _ = e.step(int(obs["action_mask"].nonzero()[0][0]))
        if terminated or truncated:
            break


def test_an_illegal_action_is_refused_or_raised():
    e = env("cityplan", 3, **SMALL["cityplan"])
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state.view(None)
    again, reward, terminated, truncated, info = e.step(illegal)
    assert "not legal" in info["illegal_action"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert np.array_equal(again["observation"], obs["observation"])
    assert e.state.view(None) == before
    strict = env("cityplan", 3, illegal="raise", **SMALL["cityplan"])
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(illegal)


def test_opponents_one_spec_each():
    e = env("undecim", 3, opponents=["random", "ismcts:iters=5"], **SMALL["undecim"])
    e.reset(seed=2)
    assert e.opponent_specs == ["random", "ismcts:iters=5"]


def test_bad_options_are_refused_clearly():
    with pytest.raises(OptionsError, match="rounds"):
        env("undecim", 3, rounds=0)
    with pytest.raises(OptionsError, match="2 opponents"):
        env("undecim", 3, opponents=["random"])
    with pytest.raises(OptionsError, match=r"seat is 0\.\.2"):
        env("undecim", 3, seat=3)
    with pytest.raises(BotSpecError, match="unknown seat"):
        env("undecim", 3, opponents="grandmaster")
    with pytest.raises(OptionsError, match="seed"):
        env("undecim", 3).reset(seed=-1)
