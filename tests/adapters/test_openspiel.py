"""The OpenSpiel games: random games to the end with OpenSpiel's checks of legal
actions, tensors and returns; OpenSpiel's IS-MCTS plays one; secrecy and parameters."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import soan.adapters.openspiel  # noqa: F401  (registers the games)
from soan.engine.core import OptionsError
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.adapters.conftest import SMALL


def load(game_id, players=3, **params):
    return pyspiel.load_game(f"python_soan_{game_id}",
                             {"players": players, **SMALL[game_id], **params})


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {f"python_soan_{g}" for g in SMALL} <= names


def test_the_game_type_says_what_the_games_are(game_id):
    game = load(game_id)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert game.num_players() == 3
    assert game.num_distinct_actions() == game.rules.num_actions
    assert game.observation_tensor_size() == game.rules.size


def test_random_games_play_to_the_end(game_id):
    """OpenSpiel's random simulation checks, in Python: every position's legal actions
    match the engine's, the tensors have the game's sizes and equal the encoder's, a
    clone plays on alike, and the returns are the win share."""
    game = load(game_id, seed=3)
    encoder = game.rules.game.encoder
    rng = np.random.default_rng(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            engine = state.soan_state
            assert player == engine.to_move
            legal = state.legal_actions()
            assert legal == sorted(game.rules.encoding.action_id(a) for a in engine.legal())
            for p in range(3):
                assert state.legal_actions(p) == (legal if p == player else [])
                tensor = np.array(state.observation_tensor(p), np.float32)
                assert tensor.shape == (game.observation_tensor_size(),)
                assert np.array_equal(tensor, encoder.observe(engine, p))
                assert len(state.information_state_tensor(p)) == \
                    game.information_state_tensor_size()
            assert np.all(state.returns() == np.zeros(3))
            action = int(rng.choice(legal))
            clone = state.clone()
            state.apply_action(action)
            clone.apply_action(action)
            assert str(clone) == str(state)
        winners = state.soan_state.winners()
        expect = [1 / len(winners) if s in winners else 0.0 for s in range(3)]
        assert state.returns() == pytest.approx(expect)
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert str(state)


def test_a_resample_keeps_the_players_information(game_id):
    game = load(game_id, seed=5)
    state = game.new_initial_state()
    rng = Rng(5)
    for _ in range(25):
        if state.is_terminal():
            break
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game_id", ["undecim", "cityplan"])
def test_openspiel_ismcts_plays_a_game_to_the_end(game_id):
    """Without `allow_inconsistent_action_sets`: the legal actions follow from the
    information state (City Plan's actions name a card, so its encoding does too)."""
    game = load(game_id, seed=2)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 20, random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = rs.choice(state.legal_actions())
        state.apply_action(int(action))
    assert moves > 0
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_parameters_are_rule_numbers_and_are_checked():
    game = load("cityplan", variant="plain", completion_10="9/6/3")
    assert game.rules.options == get_game("cityplan").options(
        "plain", end_buildings=4, completion_10=(9, 6, 3))
    with pytest.raises(OptionsError, match="end_buildings"):
        pyspiel.load_game("python_soan_cityplan", {"players": 3, "end_buildings": 999})
    with pytest.raises(OptionsError, match="2 to 5 players"):
        pyspiel.load_game("python_soan_cityplan", {"players": 9})
    with pytest.raises(Exception, match="nonsense"):
        pyspiel.load_game("python_soan_cityplan", {"players": 3, "nonsense": 1})
