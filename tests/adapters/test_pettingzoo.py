"""The PettingZoo AEC environment: PettingZoo's own checks for every game, and the
observation, mask, reward and secrecy it promises."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from soan.adapters.pettingzoo import env, raw_env
from soan.engine.core import IllegalAction, OptionsError
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.adapters.conftest import SMALL

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_api_test_passes(game_id):
    api_test(env(game_id, 3, **SMALL[game_id]), num_cycles=100)


def test_seed_test_passes(game_id):
    seed_test(lambda: env(game_id, 3, **SMALL[game_id]), num_cycles=100)


def play_to_end(e, seed):
    """A random game to the end, checking each agent's observation and mask against the
    engine as it goes; the final rewards."""
    e.reset(seed=seed)
    raw = e.unwrapped
    game = raw.rules.game
    rng = np.random.default_rng(seed)
    rewards = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        state = raw.state
        seat = raw.seat(agent)
        assert seat == state.to_move
        encoding = game.encoder.encoding(state)
        assert np.array_equal(obs["observation"], game.encoder.observe(state, seat))
        legal = {encoding.action_id(a) for a in state.legal()}
        assert set(obs["action_mask"].nonzero()[0].tolist()) == legal
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(sorted(legal))))
    return raw, rewards


def test_a_whole_game_pays_the_win_share(game_id):
    raw, rewards = play_to_end(env(game_id, 3, **SMALL[game_id]), seed=5)
    winners = raw.state.winners()
    assert winners
    for i, agent in enumerate(raw.possible_agents):
        assert rewards[agent] == pytest.approx(1 / len(winners) if i in winners else 0.0)


def test_the_seed_is_the_games_seed(game_id):
    e = raw_env(game_id, 3, **SMALL[game_id])
    e.reset(seed=11)
    game = get_game(game_id)
    fresh = game.new(3, 11, game.options(**SMALL[game_id]))
    assert e.state.view(None) == fresh.view(None)
    e.reset()
    follow = e.seed_used
    e.reset(seed=11)
    e.reset()
    assert e.seed_used == follow


def test_a_redeal_leaves_every_observation_unchanged(game_id):
    e = raw_env(game_id, 3, **SMALL[game_id])
    e.reset(seed=3)
    rng = Rng(3)
    for step in range(30):
        if e.state.over:
            break
        for seat, agent in enumerate(e.possible_agents):
            before = e.observe(agent)
            real = e.state
            e.state = real.redeal(seat, rng.spawn())
            after = e.observe(agent)
            e.state = real
            assert np.array_equal(before["observation"], after["observation"]), (step, seat)
            assert np.array_equal(before["action_mask"], after["action_mask"]), (step, seat)
        e.step(int(rng.choice(e.observe(e.agent_selection)["action_mask"].nonzero()[0].tolist())))


def test_render_shows_the_spectators_picture():
    e = env("cityplan", 3, render_mode="ansi", **SMALL["cityplan"])
    e.reset(seed=2)
    raw = e.unwrapped
    assert e.render() == raw.rules.game.presenter.render(raw.state, None)


def test_bad_options_are_refused_clearly():
    with pytest.raises(OptionsError, match="end_buildings"):
        env("cityplan", 3, end_buildings=999)
    with pytest.raises(OptionsError, match="no option 'nonsense'"):
        env("cityplan", 3, nonsense=1)
    with pytest.raises(OptionsError, match="no variant"):
        env("cityplan", 3, variant="nope")
    with pytest.raises(OptionsError, match="2 to 5 players"):
        env("cityplan", 9)
    with pytest.raises(Exception, match="no game"):
        env("chess", 2)
    with pytest.raises(ValueError, match="render_mode"):
        env("cityplan", 3, render_mode="human")


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = raw_env("cityplan", 3, **SMALL["cityplan"])
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.state.view(None)
    with pytest.raises(IllegalAction, match="not legal"):
        e.step(illegal)
    with pytest.raises(IllegalAction, match=r"indices 0\.\.289"):
        e.step(10_000)
    assert e.state.view(None) == before
