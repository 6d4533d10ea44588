"""Training finds the known best play of a toy game, and its model plays."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

from soan.bots import make_bot, random_bot
from soan.bots.learned import LearnedBot
from soan.engine.core import SoanError, options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.learn.model import ModelKey, load_model
from soan.learn.train import OutOfTime, Players, TrainError, TrainSpec, match, train
from tests.learn.race_game import GAME


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    folder = tmp_path_factory.mktemp("race-models")
    spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=200,
                     generations=2, eval_games=40, models=str(folder), sample=0.5,
                     explore=0.3, alpha=0.01)  # the judgement knows nothing: all is learned
    seen = []
    result = train(spec, lambda state: seen.append(state["phase"]))
    return spec, result, seen, folder


def test_the_learned_bot_plays_the_best_action(trained):
    """In the positions random games reach, short of the finish, it moves 2 (nearly
    always: the value is learned from noisy outcomes) and wins at once when it can."""
    spec, result, _, _ = trained
    bot = LearnedBot(model=result.model)
    rng, checked, best = Rng(5), 0, 0
    for seed in range(20):
        state = GAME.new(2, seed, spec.options, spec.content)
        while not state.over:
            if state.pos[state.to_move] <= spec.options.target - 2:
                best += bot(state, rng) == ("step", 2)
                checked += 1
            else:
                assert bot(state, rng)[0] == "step", state.pos
            state.play(random_bot(state, rng))
    assert checked > 50 and best >= 0.85 * checked, (best, checked)


def test_the_learned_bot_beats_random(trained):
    spec, result, _, _ = trained
    shares = match(GAME, 2, spec.options, spec.content, range(100, 160),
                   LearnedBot(model=result.model), random_bot)
    assert sum(shares) / len(shares) > 0.75


def test_the_model_card(trained):
    spec, result, seen, folder = trained
    card = json.loads(result.card_path.read_text("utf-8"))
    assert result.card_path.parent == spec.key.path(str(folder))
    assert card["key"] == spec.key.fields()
    assert card["generations"] == 2 and card["games"] == 400 and card["rows"] > 0
    assert [s["against"] for s in card["strength"]] == ["heuristic", "random"]
    for s in card["strength"]:
        assert s["low"] <= s["share"] <= s["high"] and s["games"] == 40
    assert card["strength"][1]["share"] > 0.5
    assert {"training_seconds", "soan_version", "date", "history", "loss"} <= card.keys()
    assert set(seen) >= {"self-play", "fitting", "gating", "measuring"}


def test_the_cached_model_plays_by_name(trained, monkeypatch):
    spec, _, _, folder = trained
    monkeypatch.setenv("SOAN_MODELS", str(folder))
    bot = make_bot("learned")
    state = GAME.new(2, 3, spec.options, spec.content)
    assert bot(state, Rng(1)) == ("step", 2)
    assert load_model(ModelKey.of_state(state)).card["key"]["game"] == "race"


def test_training_is_deterministic_by_seed(tmp_path):
    def run(folder):
        spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=20,
                         generations=1, eval_games=4, models=str(folder), hidden=(8,))
        return train(spec).model

    a, b = run(tmp_path / "a"), run(tmp_path / "b")
    for x, y in zip(a.weights, b.weights, strict=True):
        assert (x == y).all()


def test_a_warm_start_begins_from_the_given_model(trained, tmp_path):
    """Generation 0 plays with the starting model and must beat it to be kept."""
    _, result, _, _ = trained
    start = str(result.card_path.parent)
    again = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=40,
                      generations=1, eval_games=0, models=str(tmp_path), start=start,
                      alpha=0.01)
    warm = train(again)
    assert warm.card["started_from"] == start
    assert "against_best" in warm.card["history"][0]
    kept = warm.card["history"][0]["kept"]
    assert kept or np.array_equal(warm.model.weights[0], result.model.weights[0])


def test_a_warm_start_from_another_encoding_is_refused(trained, tmp_path):
    _, result, _, _ = trained
    other = TrainSpec(GAME, 2, GAME.options(target=9), GAME.load_content(), minutes=1,
                      games=4, models=str(tmp_path), start=str(result.card_path.parent))
    with pytest.raises(TrainError, match=r"--from .* reads"):
        train(other)


def test_games_stop_at_the_budget_instead_of_overrunning_it():
    """A generation under way when the minutes run out stops there (in this process and
    in a pool), so `--minutes` is kept within a few chunks of games."""
    race = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), jobs=1)
    cityplan = get_game("cityplan")
    pooled = TrainSpec(cityplan, 4, options_from_dict(cityplan, {}), cityplan.load_content(),
                       jobs=2)
    for spec in (race, pooled):
        players = Players(spec)
        try:
            with pytest.raises(OutOfTime):
                players.self_play(list(range(40)), None, deadline=time.perf_counter() - 1)
            with pytest.raises(OutOfTime):
                players.match(list(range(40)), ("heuristic", None), ("random", None),
                              deadline=time.perf_counter() - 1)
            assert len(players.match([1, 2], ("heuristic", None), ("random", None))) == 2
        finally:
            players.close()


def test_averaged_fits_make_one_wider_model_and_each_fit_starts_the_next_generation(
        tmp_path):
    spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=100,
                     generations=2, gate_games=20, eval_games=0, models=str(tmp_path),
                     hidden=(8,), fits=3, sample=0.5, explore=0.3, alpha=0.01)
    result = train(spec)
    assert [w.shape for w in result.model.weights][1:] == [(24, 2)]
    assert result.card["fits"] == 3 and result.card["generations"] == 2
    state = GAME.new(2, 3, spec.options, spec.content)
    assert LearnedBot(model=result.model)(state, Rng(1)) == ("step", 2)
    with pytest.raises(TrainError, match="--fits 17"):
        TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), fits=17).check()


def test_generation_zero_may_be_played_by_another_bot():
    """`player` names the bot of generation 0's games (the heuristic by default)."""
    def rows(player):
        spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), games=6, sample=1.0,
                         explore=0.0, player=player)
        players = Players(spec)
        try:
            return players.self_play(list(range(6)), None)
        finally:
            players.close()

    by_random, by_heuristic = rows("random"), rows(None)
    assert by_random[0].shape[1] == by_heuristic[0].shape[1]
    assert len(by_random[0]) > len(by_heuristic[0])  # random play takes longer to finish
    with pytest.raises(SoanError, match="nosuchbot"):
        TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), player="nosuchbot").check()


def test_a_game_trains_its_measured_target_unless_told():
    """`FIT_DEFAULTS`: Populous fits `lead` five times, other games `win` once; a
    setting given is kept."""
    populous, undecim = get_game("populous"), get_game("undecim")

    def spec(game, **given):
        return TrainSpec(game, 4, game.options(), game.load_content(), **given)

    assert (spec(populous).target, spec(populous).fits) == ("lead", 5)
    assert (spec(undecim).target, spec(undecim).fits) == ("win", 1)
    assert (spec(populous, target="win", fits=2).target,
            spec(populous, target="win", fits=2).fits) == ("win", 2)
