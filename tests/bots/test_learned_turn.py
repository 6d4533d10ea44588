"""The learned bot reads a tried move at the end of the mover's turn in the games of
`TURN_END`: the rest of the turn is the heuristic's, and the position tried is left as
it was."""

from __future__ import annotations

import pytest

from soan.bots import BotSpecError, make_bot
from soan.bots.heuristic import TURN_STEPS, finish_turn, heuristic_bot, outcomes
from soan.bots.learned import TURN_END, LearnedBot
from soan.bots.match import choose
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.engine.state_walk import state_value


def mid_turn_outcomes(game_id: str, seed: int = 3):
    """Tried moves after which the mover moves again, from a seeded heuristic game."""
    game = get_game(game_id)
    state = game.new(4, seed, game.options(), game.load_content())
    found, step = [], 0
    while not state.over and len(found) < 12:
        seat = state.to_move
        found += [(o, seat) for o in outcomes(state)
                  if not o.after.over and o.after.to_move == seat]
        state.play(choose(heuristic_bot, state, Rng(step)))
        step += 1
    return found


@pytest.mark.parametrize("game_id", ["cityplan", "undecim"])
def test_a_tried_move_is_played_on_to_the_end_of_the_turn(game_id):
    tried = mid_turn_outcomes(game_id)
    assert tried, "a turn of several choices in a row"
    for outcome, seat in tried:
        before = state_value(outcome.after)
        done = finish_turn(outcome, seat, Rng(1))
        assert done.action == outcome.action
        played = len(done.after.history) - len(outcome.after.history)
        assert 1 <= played <= TURN_STEPS
        assert done.after.over or done.after.to_move != seat or played == TURN_STEPS
        assert done.values == done.after.game.evaluator.evaluate(done.after)
        assert state_value(outcome.after) == before  # played on a copy


def test_a_move_that_ends_the_turn_is_read_as_it_is():
    game = get_game("cityplan")
    state = game.new(4, 3, game.options(), game.load_content())
    while True:
        ending = [o for o in outcomes(state) if o.after.to_move != state.to_move]
        if ending:
            break
        state.play(choose(heuristic_bot, state, Rng(0)))
    assert finish_turn(ending[0], state.to_move, Rng(1)) is ending[0]


def test_the_game_sets_the_default_and_the_spec_overrides_it():
    assert "cityplan" in TURN_END and "populous" not in TURN_END
    assert LearnedBot().turn is None
    assert make_bot("learned:turn=on").turn is True
    assert make_bot("learned:turn=off").turn is False
    with pytest.raises(BotSpecError, match="turn is auto, on or off"):
        make_bot("learned:turn=maybe")


def test_the_heuristic_reads_the_end_of_the_turn_when_asked():
    """`heuristic:turn=on` plays a move whose finished turn leads by most, on its own
    re-deal; the plain heuristic stays the plain one."""
    assert make_bot("heuristic") is heuristic_bot
    bot = make_bot("heuristic:turn=on")
    game = get_game("quovadis")
    state = game.new(4, 2, game.options(), game.load_content())
    differs = 0
    for step in range(60):
        if len(state.legal()) > 1:
            rng = Rng(step)
            det = state.redeal(state.to_move, rng)
            leads = {o.action: finish_turn(o, det.to_move, rng).lead for o in outcomes(det)}
            chosen = bot(state, Rng(step))
            assert leads[chosen] == max(leads.values())
            differs += chosen != heuristic_bot(state, Rng(step))
        state.play(choose(heuristic_bot, state, Rng(step)))
    assert differs  # the end of the turn changes some choices
