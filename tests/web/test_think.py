"""A web table's bot move depends on the position and its generator alone: its
decisions go to whichever worker is free and outlive a restart, so no search may
start from a subtree kept from the seat's previous decision (docs/bots.md)."""

from __future__ import annotations

from soan.bots.ismcts import Ismcts
from soan.engine.core import options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.web.workers import think


def test_a_worker_searches_every_decision_afresh():
    game = get_game("cityplan")
    state = game.new(4, 5, options_from_dict(game, {}), game.load_content())
    seen = 0
    for ply in range(40):
        seat, bot = state.to_move, Ismcts(iters=60)
        action = think(bot, state.redeal(seat, Rng(ply)), Rng(100 + ply), 3600)
        after = state.copy()
        after.play(action)
        if after.to_move == seat and len(after.legal()) > 1:
            # the same bot, having just chosen for this seat, against a fresh one
            again = think(bot, after.redeal(seat, Rng(7)), Rng(8), 3600)
            fresh = think(Ismcts(iters=60), after.redeal(seat, Rng(7)), Rng(8), 3600)
            assert again == fresh, f"ply {ply + 1}"
            reusing = Ismcts(iters=60)
            reusing.search(state.redeal(seat, Rng(ply)), Rng(100 + ply))
            seen += reusing.search(after.redeal(seat, Rng(7)), Rng(8)) != fresh
        state = after
    assert seen, "no position where a kept subtree changes the move: the test proves nothing"

