"""The NumPy model matches scikit-learn, survives a round trip, and belongs to one rule set."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sklearn.neural_network import MLPRegressor

from soan.bots import make_bot
from soan.engine.rng import Rng
from soan.learn.model import (
    LearnedEvaluator,
    ModelKey,
    NoModel,
    ValueModel,
    features,
    judgement_numbers,
    judgement_size,
    load_model,
)
from tests.learn.race_game import GAME


def fitted(seed=0, start=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(200, 5)).astype(np.float32)
    y = np.stack([x[:, 0] - x[:, 1], np.tanh(x[:, 2])], axis=1)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    regressor = MLPRegressor(hidden_layer_sizes=(16, 8), max_iter=300, random_state=start)
    regressor.fit((x - mean) / scale, y)
    return regressor, x, mean, scale


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_numpy_outputs_match_sklearn_after_a_round_trip(tmp_path):
    regressor, x, mean, scale = fitted()
    expected = regressor.predict((x - mean) / scale)
    model = ValueModel.from_sklearn(regressor, mean, scale, {"key": {}})
    assert np.allclose(model.predict(x), expected, atol=1e-4)
    model.save(tmp_path / "m")
    again = ValueModel.load(tmp_path / "m")
    assert np.array_equal(again.predict(x), model.predict(x))
    assert np.allclose(again.predict(x), expected, atol=1e-4)


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_the_weights_digest_names_the_numbers_a_model_plays_with(tmp_path):
    """The card keeps the digest; a round trip keeps it; the same fit gives the same
    digest and any changed number another."""
    regressor, _, mean, scale = fitted()
    model = ValueModel.from_sklearn(regressor, mean, scale, {"key": {}})
    digest = model.weights_digest
    assert len(digest) == 16
    card = json.loads(model.save(tmp_path / "m").read_text("utf-8"))
    assert card["weights_digest"] == digest
    assert ValueModel.load(tmp_path / "m").weights_digest == digest
    refit, _, mean, scale = fitted()
    assert ValueModel.from_sklearn(refit, mean, scale).weights_digest == digest
    regressor.coefs_[1][0, 0] += 1e-3
    assert ValueModel.from_sklearn(regressor, mean, scale).weights_digest != digest
    other, _, mean, scale = fitted(start=1)
    assert ValueModel.from_sklearn(other, mean, scale).weights_digest != digest


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
@pytest.mark.parametrize("one_row_sparse", [False, True])
def test_sparse_rows_predict_the_same_in_any_batch_size(monkeypatch, one_row_sparse):
    """Small batches read only the inputs their rows set (search predicts 1-3 rows of
    mostly zeros), one row too where the first layer is wide; every batch size gives
    scikit-learn's outputs."""
    if one_row_sparse:  # as wide a layer as Populous' averaged one
        monkeypatch.setattr("soan.learn.model.SPARSE_ONE_ROW", 0)
    regressor, x, mean, scale = fitted()
    model = ValueModel.from_sklearn(regressor, mean, scale, {"key": {}})
    assert model._fewest_sparse == (1 if one_row_sparse else 2)  # the path under test
    rng = np.random.default_rng(3)
    sparse = np.where(rng.random(x.shape) < 0.6, 0.0, x).astype(np.float32)
    sparse[:, 1] = 0.0  # an input no row sets
    expected = regressor.predict((sparse - mean) / scale)
    for size in (1, 2, 3, 8, 9, 200):
        got = np.vstack([model.predict(sparse[i:i + size]) for i in range(0, 200, size)])
        assert np.allclose(got, expected, atol=1e-4), size


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_an_average_of_fits_is_one_model_that_predicts_their_mean(tmp_path):
    base = (np.arange(10, dtype=np.float32).reshape(5, 2) / 10, np.array([0.1, -0.2]))
    members = []
    for start in range(3):
        regressor, x, mean, scale = fitted(start=start)
        members.append(ValueModel.from_sklearn(regressor, mean, scale, base=base))
    average = ValueModel.averaged(members)
    expected = np.mean([m.predict(x) for m in members], axis=0)
    assert not np.allclose(members[0].predict(x), members[1].predict(x), atol=1e-3)
    assert np.allclose(average.predict(x), expected, atol=1e-5)
    assert [w.shape for w in average.weights] == [(5, 48), (48, 24), (24, 2)]
    average.save(tmp_path / "m")
    assert np.array_equal(ValueModel.load(tmp_path / "m").predict(x), average.predict(x))
    # a model with no hidden layer averages its one layer
    linear = [ValueModel([np.full((5, 2), k, np.float32)], [np.full(2, k, np.float32)],
                         mean, scale) for k in (1.0, 3.0)]
    assert np.allclose(ValueModel.averaged(linear).predict(x),
                       (linear[0].predict(x) + linear[1].predict(x)) / 2, atol=1e-5)
    # members must read the same standardised inputs and base
    other = ValueModel.from_sklearn(regressor, mean + 1, scale, base=base)
    with pytest.raises(NoModel, match="share their inputs"):
        ValueModel.averaged([members[0], other])


def race_model(seats, options, content):
    size = (GAME.encoder.encoding(GAME.new(seats, 1, options, content)).size
            + judgement_size(seats))
    rng = np.random.default_rng(1)
    base = (rng.normal(size=(judgement_size(seats), seats)), rng.normal(size=seats))
    return ValueModel([rng.normal(size=(size, 4)), rng.normal(size=(4, seats))],
                      [np.zeros(4), np.zeros(seats)], np.zeros(size), np.ones(size), base=base)


def save_for(state, models):
    key = ModelKey.of_state(state)
    model = race_model(state.seats, state.options, state.content)
    model.card = {"key": key.fields()}
    model.save(key.path(models))
    return key


def plain_judgement(values, seat):
    """The judgement by its definition: each seat's value, then its value minus the
    best other seat's, seat-relative."""
    n = len(values)
    rel = [float(values[(seat + k) % n]) for k in range(n)]
    return rel + [v - max(w for j, w in enumerate(rel) if j != k) for k, v in enumerate(rel)]


@pytest.mark.parametrize("values", [
    [3.5, 1.25, 7.0, 7.0], [7.0, 7.0, 1.0], [0.0, -0.0, -1.0, 0.0], [-0.0, 0.0],
    [2.0, 2.0, 2.0, 2.0], [-3.0, -1.5, -1.5, -7.25], [0.1, 0.2], [5.0, 0.3, 0.7, 0.1],
])
def test_the_judgement_is_its_definition_to_the_bit(values):
    """One pass finds every seat's best other seat as `max` over the others does: the
    same floats, signed zeros and ties included."""
    for seat in range(len(values)):
        got, expected = judgement_numbers(values, seat), plain_judgement(values, seat)
        assert [v.hex() for v in got] == [v.hex() for v in expected]
    rng = np.random.default_rng(3)
    for _ in range(300):
        drawn = [float(v) for v in rng.integers(-3, 4, size=rng.integers(2, 7)) / 4]
        seat = int(rng.integers(len(drawn)))
        assert [v.hex() for v in judgement_numbers(drawn, seat)] == [
            v.hex() for v in plain_judgement(drawn, seat)]


def test_the_key_is_stable_and_names_the_rule_set():
    a = ModelKey.of(GAME, 2, GAME.options(), GAME.load_content())
    assert a == ModelKey.of(GAME, 2, GAME.options(), GAME.load_content())
    assert a.digest == ModelKey.of(GAME, 2, GAME.options(), GAME.load_content()).digest
    others = [ModelKey.of(GAME, 3, GAME.options(), GAME.load_content()),
              ModelKey.of(GAME, 2, GAME.options(target=9), GAME.load_content()),
              ModelKey.of(GAME, 2, GAME.options(), GAME.load_content("edited.toml"))]
    assert len({a.folder, *(k.folder for k in others)}) == 4
    assert a.options == '{"target":8}'


def test_a_model_is_never_used_for_another_rule_set(models):
    trained_for = GAME.new(2, 1, GAME.options(), GAME.load_content())
    save_for(trained_for, models)
    bot = make_bot("learned")
    assert bot(trained_for, Rng(1)) in trained_for.legal()
    for other in (GAME.new(3, 1, GAME.options(), GAME.load_content()),
                  GAME.new(2, 1, GAME.options(target=9), GAME.load_content()),
                  GAME.new(2, 1, GAME.options(), GAME.load_content("edited.toml"))):
        with pytest.raises(NoModel) as refused:
            bot(other, Rng(1))
        message = str(refused.value)
        assert "no learned model for race" in message
        assert f"soan train race -n {other.seats}" in message and "minutes" in message


def test_a_model_filed_under_the_wrong_key_is_refused(models):
    state = GAME.new(2, 1, GAME.options(), GAME.load_content())
    key = save_for(GAME.new(2, 1, GAME.options(target=9), GAME.load_content()), models)
    ModelKey.of_state(state).path().parent.mkdir(parents=True, exist_ok=True)
    key.path().rename(ModelKey.of_state(state).path())
    with pytest.raises(NoModel, match="another rule set"):
        load_model(ModelKey.of_state(state))


def test_the_learned_evaluator_gives_each_seat_its_value(models):
    state = GAME.new(2, 1, GAME.options(), GAME.load_content())
    model = race_model(2, state.options, state.content)
    values = LearnedEvaluator(model).evaluate(state)
    assert state.to_move == 0
    assert values == pytest.approx(model.predict(features(state, 0)[None])[0].tolist())
    state.play(("wait",))  # seat 1 reads: its own share first, then seat 0's
    own, other = model.predict(features(state, 1)[None])[0]
    assert LearnedEvaluator(model).evaluate(state) == pytest.approx([other, own])


def test_the_base_reads_the_judgement_and_survives_a_round_trip(tmp_path):
    """The linear base adds the judgement columns' (the last ones') weighted sum."""
    model = race_model(2, GAME.options(), GAME.load_content())
    x = np.random.default_rng(2).normal(size=(7, model.inputs)).astype(np.float32)
    w, b = model.base
    plain = ValueModel(model.weights, model.biases, model.mean, model.scale)
    assert np.allclose(model.predict(x), plain.predict(x) + x[:, -w.shape[0]:] @ w + b,
                       atol=1e-5)
    model.save(tmp_path / "m")
    assert np.array_equal(ValueModel.load(tmp_path / "m").predict(x), model.predict(x))
