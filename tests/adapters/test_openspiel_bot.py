"""OpenSpiel's IS-MCTS at a soan seat: named by a seat spec, it plays whole games on
the seat's re-dealt state and only ever legal actions."""

from __future__ import annotations

from importlib import resources

import pytest

from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.engine.core import OptionsError
from soan.engine.registry import get_game

SPEC = "soan.adapters.openspiel_bot:OpenSpielIsmcts:iters=8"


def test_it_plays_a_whole_game_from_a_seat_spec():
    game = get_game("cityplan")
    state = game.new(3, 5, game.options(end_buildings=5))
    bots = [make_bot(SPEC), make_bot("random"), make_bot("heuristic")]
    rngs = bot_rngs(5, 3)
    while not state.over:
        seat = state.to_move
        state.play(choose(bots[seat], state, rngs[seat]))  # choose checks legality
    assert state.winners() or state.scores()


def test_its_choices_are_reproducible_for_a_seed():
    game = get_game("undecim")
    state = game.new(3, 2)
    first = [choose(make_bot(SPEC), state, r) for r in bot_rngs(9, 3)]
    again = [choose(make_bot(SPEC), state, r) for r in bot_rngs(9, 3)]
    assert first == again


def test_edited_content_is_refused_clearly(tmp_path):
    game = get_game("cityplan")
    text = resources.files("soan.games.cityplan").joinpath("content.toml").read_text("utf-8")
    path = tmp_path / "cards.toml"
    path.write_text(text.replace("points = 2", "points = 3", 1), "utf-8")
    state = game.new(3, 1, content=game.load_content(str(path)))
    rng = bot_rngs(1, 3)[0]
    with pytest.raises(OptionsError, match="shipped content only"):
        make_bot(SPEC)(state.redeal(0, rng), rng)
