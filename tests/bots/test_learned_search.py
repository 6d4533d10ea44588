"""ISMCTS with the learned value, and `strong`: they play with the model trained for the
rule set and refuse, saying how to train one, where there is none."""

from __future__ import annotations

import pytest

from soan.bots import make_bot
from soan.bots.strong import strong_spec
from soan.engine.rng import Rng
from soan.learn import model as model_module
from soan.learn.model import NoModel
from soan.learn.train import TrainSpec, train
from tests.learn.race_game import GAME


@pytest.fixture(scope="module")
def race_models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("race-models")
    spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=200,
                     generations=2, eval_games=0, models=str(folder), sample=0.5,
                     explore=0.3, alpha=0.01)
    train(spec)
    return folder


@pytest.fixture(autouse=True)
def fresh_cache():
    model_module._LOADED.clear()


@pytest.mark.parametrize("spec", ["ismcts:eval=learned:iters=20", "strong"])
def test_refuses_without_a_model_and_says_how_to_train(spec, tmp_path, monkeypatch):
    monkeypatch.setenv("SOAN_MODELS", str(tmp_path / "empty"))
    state = GAME.new(2, 1, GAME.options(), GAME.load_content())
    with pytest.raises(NoModel) as refused:
        make_bot(spec)(state, Rng(1))
    assert "soan train race -n 2" in str(refused.value) and "minutes" in str(refused.value)


@pytest.mark.parametrize("spec", ["ismcts:eval=learned:iters=30", "strong",
                                  "ismcts:eval=learned:iters=30:workers=2"])
def test_plays_the_best_move_with_the_model(spec, race_models, monkeypatch):
    """Far from the finish, moving 2 is best (with workers, each process reads the
    model from the same cache)."""
    monkeypatch.setenv("SOAN_MODELS", str(race_models))
    bot = make_bot(spec)
    best = 0
    for seed in range(10):
        state = GAME.new(2, seed, GAME.options(), GAME.load_content())
        best += bot(state, Rng(seed)) == ("step", 2)
    getattr(bot, "close", lambda: None)()
    assert best >= 8


def test_a_model_of_another_rule_set_is_refused_by_search(race_models, monkeypatch):
    monkeypatch.setenv("SOAN_MODELS", str(race_models))
    other = GAME.new(2, 1, GAME.options(target=9), GAME.load_content())
    with pytest.raises(NoModel, match="no learned model for race"):
        make_bot("ismcts:eval=learned:iters=10")(other, Rng(1))


def test_strong_names_the_bot_it_plays_as():
    for game in ("cityplan", "populous", "undecim"):
        assert strong_spec(game).startswith("ismcts:eval=learned:iters=")
    assert strong_spec("quovadis") == "learned"  # measured as strong, 40 times cheaper
    assert strong_spec("race") == "learned"


def test_bad_eval_is_refused():
    from soan.bots import BotSpecError

    with pytest.raises(BotSpecError, match="eval must be one of heuristic, learned"):
        make_bot("ismcts:eval=oracle")
