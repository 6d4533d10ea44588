"""What a finished game teaches each seat (`--target`): real City Plan games and rows."""

from __future__ import annotations

import numpy as np
import pytest

from soan.bots.heuristic import heuristic_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import options_from_dict
from soan.engine.registry import get_game
from soan.learn.model import features
from soan.learn.train import (
    TARGETS,
    SelfPlay,
    TrainError,
    TrainSpec,
    lead_shares,
    place_shares,
    self_play_games,
    train,
    win_shares,
)
from tests.learn.race_game import GAME

CITYPLAN = get_game("cityplan")
OPTIONS = options_from_dict(CITYPLAN, {})
CONTENT = CITYPLAN.load_content()


def finished(seed: int):
    state = CITYPLAN.new(4, seed, OPTIONS, CONTENT)
    rngs = bot_rngs(seed, 4)
    while not state.over:
        state.play(choose(heuristic_bot, state, rngs[state.to_move]))
    return state


@pytest.fixture(scope="module")
def games():
    return [finished(seed) for seed in range(6)]


def test_every_target_keeps_the_win_share_scale_and_order(games):
    for state in games:
        scores, winners = state.scores(), set(state.winners())
        for name, target in TARGETS.items():
            values = target(state)
            assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values), name
            best = max(values)
            # a sole winner is ranked first by every target
            if len(winners) == 1:
                assert values[next(iter(winners))] == best, (name, scores, values)
        # higher score (winners aside) never gets a lower place or lead
        for a in range(4):
            for b in range(4):
                if scores[a] > scores[b] and (a in winners) >= (b in winners):
                    assert place_shares(state)[a] > place_shares(state)[b]
                    assert lead_shares(state)[a] > lead_shares(state)[b]


def test_places_share_the_places_they_span(games):
    for state in games:
        places = place_shares(state)
        # four seats share the places 1, 2/3, 1/3, 0 between them, ties or not
        assert sum(places) == pytest.approx(2.0)
        assert max(places) == 1.0 or len(state.winners()) > 1


def test_the_lead_reads_the_margin(games):
    """The winner by more leads by more; a seat level with the best other is at 0.5."""
    for state in games:
        scores, leads = state.scores(), lead_shares(state)
        for s in range(4):
            margin = scores[s] - max(v for j, v in enumerate(scores) if j != s)
            assert (leads[s] > 0.5) == (margin > 0) and (leads[s] == 0.5) == (margin == 0)


def test_self_play_records_each_target_seat_relative():
    x, y = self_play_games(CITYPLAN, 4, OPTIONS, CONTENT, [3, 4], None,
                           SelfPlay(0.1, 0.2, ("win", "lead", "place")))
    plain_x, plain_y = self_play_games(CITYPLAN, 4, OPTIONS, CONTENT, [3, 4], None,
                                       SelfPlay(0.1, 0.2))
    assert y.shape == (len(x), 12) and np.array_equal(x, plain_x)
    assert np.array_equal(y[:, :4], plain_y)  # the win share, as before
    for row in y:
        assert row[:4].sum() == pytest.approx(1.0)
        assert row[8:].sum() == pytest.approx(2.0)
        assert row[4:8].min() >= 0.0 and row[4:8].max() <= 1.0


def test_an_unknown_target_is_refused():
    spec = TrainSpec(CITYPLAN, 4, OPTIONS, CONTENT, target="score")
    with pytest.raises(TrainError, match="--target score: one of win"):
        spec.check()


def test_the_win_target_is_the_win_share(games):
    for state in games:
        assert TARGETS["win"](state) == win_shares(state)


def test_training_on_the_lead_learns_the_race(tmp_path):
    """The toy race trained on the squashed lead: the card names the target, and the
    model values the position nearer the finish higher, as the win share does."""
    spec = TrainSpec(GAME, 2, GAME.options(), GAME.load_content(), minutes=60, games=200,
                     generations=1, eval_games=0, models=str(tmp_path), sample=0.5,
                     explore=0.3, alpha=0.01, target="lead")
    result = train(spec)
    assert result.card["target"] == "lead"
    state = GAME.new(2, 1, spec.options, spec.content)
    ahead, behind = state.copy(), state.copy()
    ahead.pos[0], behind.pos[0] = spec.options.target - 2, 0
    values = result.model.predict(np.stack([features(ahead, 0), features(behind, 0)]))[:, 0]
    assert values[0] > values[1] + 0.1, values
