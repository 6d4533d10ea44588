from soan.bots import random_bot
from soan.bots.heuristic import greedy_action, heuristic_bot, lead
from soan.bots.match import bot_rngs, play_out
from soan.engine.rng import Rng
from tests.bots.bot_positions import random_position


def test_lead_is_own_value_minus_best_rival():
    assert lead([10.0, 4.0, 7.0], 0) == 3.0
    assert lead([10.0, 4.0, 7.0], 1) == -6.0


def test_greedy_takes_the_action_that_leads_by_most(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 4, 30, cityplan_content)
    while len(state.legal()) < 2:
        state.play(state.legal()[0])
    seat = state.to_move
    leads = {}
    for action in state.legal():
        after = state.copy()
        after.play(action)
        leads[action] = lead(cityplan.evaluator.evaluate(after), seat)
    assert leads[greedy_action(state, Rng(1))] == max(leads.values())


def test_heuristic_beats_random_in_two_seat_city_plan(cityplan, cityplan_content):
    wins = 0.0
    for seed in range(20):
        seat = seed % 2
        bots = [random_bot, random_bot]
        bots[seat] = heuristic_bot
        state = play_out(cityplan.new(2, seed, content=cityplan_content), bots, bot_rngs(seed, 2))
        winners = state.winners()
        wins += seat in winners and 1 / len(winners)
    assert wins >= 15
