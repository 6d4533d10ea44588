"""A learned value of positions for one rule set: weights, a NumPy forward pass, the
cache key, and saving and loading.

The model reads a seat's features (`features`: its observation,
`game.encoder.observe(state, seat)`, followed by the game's own judgement of the
position, every seat's `game.evaluator.evaluate` value and lead, seat-relative) and
gives that seat's expected outcome, seat-relative: output 0 is the observing seat's win
share, output k the win share of the seat k places after it. It is a linear
recalibration of the judgement (`base`: what the hand-written evaluation is worth in
real results) plus a small multilayer perceptron fitted to what that leaves unexplained,
both fitted with scikit-learn and NumPy (`soan.learn.train`); here it is only arrays,
so playing with it needs NumPy alone and costs a few matrix products. Starting from the
judgement is what makes the first generation already about as good as the heuristic.

A model belongs to one rule set. `ModelKey` names it: game, seat count, options (their
canonical JSON), content hash and soan version; its digest names the model's folder in
the cache (`~/.cache/soan/models`, or `SOAN_MODELS`, or `--models DIR`), which holds
`weights.npz` and `card.json` (the model card). Asking for a rule set with no model
raises `NoModel`, saying how to train one; nothing falls back to another model.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from soan.engine.core import Evaluator, SoanError, State, options_to_dict

WEIGHTS, CARD = "weights.npz", "card.json"
ENV = "SOAN_MODELS"
# rough minutes `soan train` needs for a usable model: quoted when none exists
TRAIN_MINUTES = {"cityplan": 10, "populous": 15, "quovadis": 30, "undecim": 25}


class NoModel(SoanError):
    """No learned model exists for a rule set (or the file is not a soan model)."""


@cache
def soan_version() -> str:
    """The installed soan's version, read once a process (reading the package metadata
    costs about 0.25 ms, and a search binds its model's key at every decision)."""
    try:
        return version("soan")
    except PackageNotFoundError:
        return "0+unknown"


def models_dir(override: str | Path | None = None) -> Path:
    """Where models are cached: `override`, else `$SOAN_MODELS`, else ~/.cache/soan/models."""
    if override:
        return Path(override).expanduser()
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    return Path.home() / ".cache" / "soan" / "models"


def canonical_options(options: Any) -> str:
    """The options as sorted-key compact JSON (the same rules give the same text)."""
    data = options_to_dict(options) if dataclasses.is_dataclass(options) else dict(options)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class ModelKey:
    """The rule set a model belongs to."""

    game: str
    seats: int
    options: str  # canonical JSON
    content_hash: str
    soan_version: str

    @classmethod
    def of(cls, game: Any, seats: int, options: Any, content: Any) -> ModelKey:
        return cls(game.id, seats, canonical_options(options), game.content_hash(content),
                   soan_version())

    @classmethod
    def of_state(cls, state: State) -> ModelKey:
        return cls.of(state.game, state.seats, state.options, state.content)

    @property
    def digest(self) -> str:
        text = json.dumps(dataclasses.asdict(self), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def folder(self) -> str:
        return f"{self.game}-{self.seats}p-{self.digest}"

    def path(self, models: str | Path | None = None) -> Path:
        return models_dir(models) / self.folder

    def fields(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["options"] = json.loads(self.options)
        return out


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0, out=x)


SPARSE_ROWS = 8  # batches of 2 to 8 rows read only the weights of the inputs they set
# one row does too where the first layer holds more weights than this: reading a
# tenth of Populous' averaged 1,894 x 320 layer halves a leaf's prediction, while
# BLAS reads a 597 x 64 layer whole faster than the rows can be picked out
SPARSE_ONE_ROW = 100_000

ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "relu": _relu, "tanh": np.tanh, "identity": lambda x: x,
    "logistic": lambda x: 1.0 / (1.0 + np.exp(-x))}


def _standardised(w: np.ndarray, b: np.ndarray, mean: np.ndarray, scale: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """`((x - mean) / scale) @ w + b` as `x @ w' + b'`, so that sparse rows stay sparse."""
    wide = w.astype(np.float64)
    return ((wide / scale[:, None]).astype(np.float32),
            (b - (mean / scale) @ wide).astype(np.float32))


class ValueModel:
    """A multilayer perceptron as arrays: standardise the input, then
    `activation(x @ W + b)` per hidden layer and `x @ W + b` at the output; plus, when
    given, a linear `base` read from the last rows of `base[0]` inputs (the judgement)."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], mean: np.ndarray,
                 scale: np.ndarray, activation: str = "relu", card: dict[str, Any] | None = None,
                 base: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        if activation not in ACTIVATIONS:
            raise NoModel(f"unknown activation {activation!r} in a model")
        self.weights = [np.asarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.asarray(b, dtype=np.float32) for b in biases]
        self.mean = np.asarray(mean, dtype=np.float32)
        self.scale = np.asarray(scale, dtype=np.float32)
        self.activation = activation
        self.card = card or {}
        self.base = None if base is None else (np.asarray(base[0], dtype=np.float32),
                                               np.asarray(base[1], dtype=np.float32))
        # the first layer and the base with the standardisation folded in (`x @ W' + b'`):
        # observations are mostly zeros, so a small batch reads only the weights of the
        # inputs some row sets (a search predicts one to three rows at a time)
        self._first = _standardised(self.weights[0], self.biases[0], self.mean, self.scale)
        self._fewest_sparse = 1 if self.weights[0].size > SPARSE_ONE_ROW else 2
        self._base = None if self.base is None else _standardised(
            *self.base, self.mean[-len(self.base[0]):], self.scale[-len(self.base[0]):])

    @property
    def inputs(self) -> int:
        return self.weights[0].shape[0]

    @property
    def outputs(self) -> int:
        return self.weights[-1].shape[1]

    @cached_property
    def weights_digest(self) -> str:
        """A fingerprint of every number the model plays with, so that a report can name
        the exact model behind its figures, and a model trained again can be shown the
        same (the file's own bytes also hold the zip's dates). Worked out once: a model's
        arrays are never changed in place."""
        digest = hashlib.sha256(self.activation.encode())
        base = () if self.base is None else self.base
        for array in (self.mean, self.scale, *self.weights, *self.biases, *base):
            digest.update(str(array.shape).encode())
            digest.update(np.ascontiguousarray(array, dtype=np.float32).tobytes())
        return digest.hexdigest()[:16]

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Seat-relative win shares for each row of observations (n, inputs) -> (n, seats)."""
        x = np.asarray(x, dtype=np.float32)
        w0, b0 = self._first
        if self._fewest_sparse <= len(x) <= SPARSE_ROWS:  # BLAS is slow on so few rows
            used = np.flatnonzero(x.any(axis=0))
            h = np.take(x, used, axis=1) @ np.take(w0, used, axis=0)
        else:
            h = x @ w0
        h += b0
        act = ACTIVATIONS[self.activation]
        weights, biases = self.weights, self.biases
        for i in range(1, len(weights)):
            h = act(h) @ weights[i]
            h += biases[i]
        if self._base is not None:
            w, b = self._base
            linear = x[:, -len(w):] @ w
            linear += b
            h += linear
        return h

    @classmethod
    def from_sklearn(cls, regressor: Any, mean: np.ndarray, scale: np.ndarray,
                     card: dict[str, Any] | None = None,
                     base: tuple[np.ndarray, np.ndarray] | None = None) -> ValueModel:
        """The arrays of a fitted `sklearn.neural_network.MLPRegressor` (fitted on
        inputs standardised with `mean` and `scale`), plus the linear `base`."""
        return cls(list(regressor.coefs_), list(regressor.intercepts_), mean, scale,
                   regressor.activation, card, base)

    @classmethod
    def averaged(cls, members: Sequence[ValueModel]) -> ValueModel:
        """One model that predicts the mean of `members` (same inputs, standardisation
        and base): their hidden layers side by side, each reading only its own units,
        so playing the average costs one wider perceptron, not one per member."""
        from scipy.linalg import block_diag

        def reads(m: ValueModel) -> tuple:
            base = () if m.base is None else tuple(a.tobytes() for a in m.base)
            return len(m.weights), m.activation, m.mean.tobytes(), m.scale.tobytes(), base

        first = members[0]
        if any(reads(m) != reads(first) for m in members[1:]):
            raise NoModel("models to average must share their inputs, layers and base")
        k, last = len(members), len(first.weights) - 1
        weights: list[np.ndarray] = []
        biases: list[np.ndarray] = []
        for i in range(last + 1):
            ws = [m.weights[i] for m in members]
            bs = [m.biases[i] for m in members]
            if i == last:
                weights.append(np.vstack(ws) / k if last else np.asarray(sum(ws)) / k)
                biases.append(np.asarray(sum(bs)) / k)
            else:
                weights.append(np.hstack(ws) if i == 0 else block_diag(*ws))
                biases.append(np.concatenate(bs))
        return cls(weights, biases, first.mean, first.scale, first.activation, first.card,
                   first.base)

    def save(self, folder: Path) -> Path:
        """Write `weights.npz` and `card.json` into `folder`; returns the card's path."""
        folder.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        if self.base is not None:
            arrays["base_w"], arrays["base_b"] = self.base
        tmp = folder / "weights.tmp.npz"
        np.savez(tmp, **arrays)
        tmp.replace(folder / WEIGHTS)
        card = dict(self.card, activation=self.activation, layers=len(self.weights),
                    weights_digest=self.weights_digest)
        (folder / CARD).write_text(json.dumps(card, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
        return folder / CARD

    @classmethod
    def load(cls, folder: Path) -> ValueModel:
        try:
            card = json.loads((folder / CARD).read_text(encoding="utf-8"))
            with np.load(folder / WEIGHTS) as data:
                n = int(card["layers"])
                weights = [data[f"w{i}"] for i in range(n)]
                biases = [data[f"b{i}"] for i in range(n)]
                base = (data["base_w"], data["base_b"]) if "base_w" in data else None
                return cls(weights, biases, data["mean"], data["scale"], card["activation"],
                           card, base)
        except (OSError, KeyError, ValueError, TypeError) as exc:
            raise NoModel(f"{folder} does not hold a readable soan model ({exc})") from None


def model_file(key: ModelKey, models: str | Path | None = None) -> str:
    """The model `load_model` reads for `key`, as a report names it in any language: its
    folder and the digest of its weights, `FOLDER@sha256:DIGEST` (`NoModel` without one)."""
    return f"{key.path(models)}@sha256:{load_model(key, models).weights_digest}"


def no_model_message(key: ModelKey, models: str | Path | None = None) -> str:
    options = json.loads(key.options)
    minutes = TRAIN_MINUTES.get(key.game, 15)
    return (
        f"no learned model for {key.game} at {key.seats} seats with these options and "
        f"content (soan {key.soan_version}) in {models_dir(models)}; a model belongs to one "
        f"rule set and is never used for another. Train one with `soan train {key.game} "
        f"-n {key.seats}` plus the same --variant/--option/--content (about {minutes} "
        f"minutes on two cores); options: {json.dumps(options, ensure_ascii=False)}"
    )


class Tried(Protocol):
    """A move tried on a copy (`bots.heuristic.Outcome`): the position and its evaluation."""

    @property
    def after(self) -> State: ...

    @property
    def values(self) -> list[float]: ...


# (folder, key) -> the weights file's (mtime_ns, size) when read, and the model read
_LOADED: dict[tuple[str, ModelKey], tuple[tuple[int, int], ValueModel]] = {}


def load_model(key: ModelKey, models: str | Path | None = None) -> ValueModel:
    """The cached model of exactly this rule set, or `NoModel` saying how to train it.
    A model trained again into the folder is read again (a server outlives a training)."""
    folder = key.path(models)
    cached = (str(folder), key)
    try:
        seen = (folder / WEIGHTS).stat()
    except OSError:
        raise NoModel(no_model_message(key, models)) from None
    stamp = (seen.st_mtime_ns, seen.st_size)
    hit = _LOADED.get(cached)
    if hit is None or hit[0] != stamp:
        if not (folder / CARD).is_file():
            raise NoModel(no_model_message(key, models))
        model = ValueModel.load(folder)
        stored = model.card.get("key", {})
        if stored != key.fields():
            raise NoModel(f"{folder} holds a model of another rule set; "
                          + no_model_message(key, models))
        hit = _LOADED[cached] = (stamp, model)
    return hit[1]


def judgement_numbers(values: Sequence[float], seat: int) -> list[float]:
    """The game's own judgement (`evaluator.evaluate`'s `values`) seen from `seat`:
    every seat's value and its lead over the best other seat, seat-relative (the
    observing seat first). The best other seat of every seat comes from one pass: the
    first seat with the top value (what `max` over the others returns for every other
    seat) and, for that seat itself, the first best of the rest."""
    n = len(values)
    rel = [float(values[(seat + k) % n]) for k in range(n)]
    top = 0
    for k in range(1, n):
        if rel[k] > rel[top]:
            top = k
    runner = 1 if top == 0 else 0
    for k in range(runner + 1, n):
        if k != top and rel[k] > rel[runner]:
            runner = k
    best, second = rel[top], rel[runner]
    rel.extend([v - best for v in rel])
    rel[n + top] = rel[top] - second
    return rel


def judgement_size(seats: int) -> int:
    return 2 * seats


def features(state: State, seat: int, values: list[float] | None = None) -> np.ndarray:
    """What the model reads for `seat`: its observation, then `judgement_numbers` (of the
    evaluation `values`, computed when not given)."""
    if values is None:
        values = state.game.evaluator.evaluate(state)
    seen = state.game.encoder.observe(state, seat)
    out = np.empty(len(seen) + judgement_size(len(values)), dtype=np.float32)
    _put_features(out, seen, values, seat)
    return out


def _put_features(row: np.ndarray, seen: np.ndarray, values: Sequence[float],
                  seat: int) -> None:
    """`features` written into `row` (a search writes a batch's rows in place)."""
    size = len(seen)
    row[:size] = seen
    row[size:] = judgement_numbers(values, seat)


class Learned:
    """A model bound to its rule set's encoder: values of positions for seats."""

    __slots__ = ("model", "seats")

    def __init__(self, model: ValueModel, state: State) -> None:
        self.model, self.seats = model, state.seats
        encoder = state.game.encoder
        if encoder is None:
            raise NoModel(f"{state.game.id} has no encoder, so no learned model can read it")
        size = encoder.encoding(state).size + judgement_size(state.seats)
        if model.inputs != size or model.outputs != state.seats:
            raise NoModel(f"the model reads {model.inputs} numbers for {model.outputs} seats; "
                          f"this rule set has {size} for {state.seats}")

    def values_for(self, tried: Sequence[Tried], seat: int) -> np.ndarray:
        """`seat`'s expected win share in each position of `tried` (one batch; each
        position comes with its evaluation, already computed by whoever tried the
        move); a finished game counts its real outcome, not the model's guess."""
        rows = np.empty((len(tried), self.model.inputs), dtype=np.float32)
        for row, t in zip(rows, tried, strict=True):
            _put_features(row, t.after.game.encoder.observe(t.after, seat), t.values, seat)
        out = self.model.predict(rows)[:, 0]
        for i, t in enumerate(tried):
            if t.after.over:
                out[i] = final_shares(t.after)[seat]
        return out

    def values(self, state: State, seat: int | None = None) -> list[float]:
        """Each seat's expected win share in `state`, all read from one seat's features
        (`seat`, else the seat to move): the model gives every seat's share, seat-relative,
        so search pays for one observation a position, not one a seat."""
        if state.over:
            return final_shares(state)
        reader = (state.to_move or 0) if seat is None else seat
        out = self.model.predict(features(state, reader)[None])[0]
        n = self.seats
        return [float(out[(s - reader) % n]) for s in range(n)]


def final_shares(state: State) -> list[float]:
    """Each seat's share of the win of a finished game: 1/k to each of k winners, an
    even share on a draw or a game stopped unfinished."""
    winners = state.winners() or range(state.seats)
    out = [0.0] * state.seats
    for s in winners:
        out[s] = 1.0 / len(winners)
    return out


class LearnedEvaluator(Evaluator):
    """The learned value as an `Evaluator`: each seat's expected win share, read from
    the features of the seat to move, so search can score positions with it."""

    def __init__(self, model: ValueModel) -> None:
        self.model = model

    def evaluate(self, state: State) -> list[float]:
        return Learned(self.model, state).values(state)
