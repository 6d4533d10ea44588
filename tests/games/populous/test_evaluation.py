"""The Populous evaluation the bots read: an action is counted once chosen, at the
value it turns out to have once carried out."""

import itertools

import pytest

from soan.boards import terrain as T
from soan.bots import random_bot
from soan.bots.heuristic import greedy_action, heuristic_bot
from soan.bots.match import bot_rngs, play_out
from soan.engine.rng import Rng
from soan.games.populous.codes import ACTION, BID, BUILD, LABOUR, PLACE, PROSPERITY, VANDAL
from soan.games.populous.evaluation import war_odds
from tests.games.populous.helpers import (
    GAME,
    Dice,
    cells,
    fill,
    house,
    new,
    no_abilities,
    put,
    set_terrain,
    tile,
    turn_of,
    worker,
)
from tests.games.populous.test_war import pass_all, war


def seat_0_on_plains(action):
    """Seat 0 to move, plain race, on a plains tile it can name keeping `action` raised,
    with a worker on two other tiles."""
    state = new(3, seed=2)
    turn_of(state, 0)
    no_abilities(state)
    state.hands[0] = []
    t = tile(state, avoid=action)
    set_terrain(state, t, [T.PLAINS] * 7)
    others = [u for u in range(len(state.board.world.pairs)) if u != t][:2]
    for u in others:
        put(state, cells(state, u)[0], worker(0))
    return state, t, state.board.world.pairs[t]


def test_a_chosen_prosperity_is_worth_what_it_scores():
    state, t, pair = seat_0_on_plains(PROSPERITY)
    state.play(("area", *pair))
    state.play(("act", PROSPERITY))
    assert state.phase == PLACE
    chosen = GAME.evaluator.evaluate(state)[0]
    state.play(("place", cells(state, t)[0]))
    assert state.phase == BUILD
    state.play(("build", cells(state, t)[0]))
    assert state.vp[0] == 4  # two areas with a worker, one with a house
    assert GAME.evaluator.evaluate(state)[0] == chosen


def test_a_chosen_labour_is_worth_its_food_and_fp():
    state, t, pair = seat_0_on_plains(LABOUR)
    fill(state, t, [worker(0), house(0)])
    state.vp[1] = 20  # another seat leads: the FP gained leaves the turns left as they are
    state.play(("area", *pair))
    state.play(("act", LABOUR))
    chosen = GAME.evaluator.evaluate(state)[0]
    state.play(("place", cells(state, t)[2]))
    assert (state.food[0], state.fp[0]) == (4, 14)  # two workers and a house: 1 + 1 + 2
    assert GAME.evaluator.evaluate(state)[0] == chosen


def test_once_the_area_is_chosen_the_best_action_card_counts():
    state, _, pair = seat_0_on_plains(PROSPERITY)
    before = GAME.evaluator.evaluate(state)[0]
    state.play(("area", *pair))
    assert state.phase == ACTION
    assert GAME.evaluator.evaluate(state)[0] > before
    assert greedy_action(state, Rng(1)) == ("act", PROSPERITY)


def test_heuristic_beats_random_in_three_seat_populous():
    wins = 0.0
    for seed in range(12):
        seat = seed % 3
        bots = [random_bot] * 3
        bots[seat] = heuristic_bot
        state = play_out(GAME.new(3, seed), bots, bot_rngs(seed, 3))
        winners = state.winners()
        wins += seat in winners and 1 / len(winners)
    assert wins >= 10


def odds_by_rolling_every_die(state):
    """Each bidder's share of all dice outcomes in which the war makes it the winner."""
    wins = dict.fromkeys(state.bidders, 0)
    outcomes = list(itertools.product(range(1, 7), repeat=len(state.bidders)))
    for dice in outcomes:
        after = state.copy()
        after.rng = Dice(*dice)
        pass_all(after)
        for s in set(after.bidders) - set(after.losers):
            wins[s] += 1
    return [wins[s] / len(outcomes) for s in state.bidders]


@pytest.mark.parametrize(
    ("codes", "bids"),
    [
        ([worker(1), worker(1), worker(1), worker(1), worker(1), worker(1)], [0, 0, 0]),
        ([worker(1), house(1), worker(2), worker(2), worker(1), worker(2)], [1, 2, 1]),
        ([worker(1), house(1), worker(2), VANDAL, worker(1), worker(2)], [1, 3, 2]),
        ([worker(1), house(1), VANDAL, VANDAL, worker(1), worker(2)], [1, 3, 1]),
    ],
)
def test_war_odds_are_the_chances_the_war_itself_gives(codes, bids):
    # SEED 「最も大きい(複数不可)プレイヤー1人を勝者」; the vandals add
    # 「参加した全プレイヤーの振った目の中で、最も大きい目」
    state, _ = war(codes, food={0: 9, 1: 9, 2: 9})
    assert state.phase == BID
    state.bids, state.rng = bids, Rng(1)
    assert war_odds(state) == pytest.approx(odds_by_rolling_every_die(state))


def test_while_bidding_a_side_counts_its_chance_of_winning():
    state, t = war([worker(1)] * 6, food={0: 9, 1: 9, 2: 9})
    state.rng = Rng(1)
    for other in [u for u in range(len(state.board.world.pairs)) if u != t][:5]:
        put(state, cells(state, other)[0], worker(0))  # a win would score 6 VP
    seat = state.to_move
    passed, bid = state.copy(), state.copy()
    passed.play(("pass",))
    bid.play(("bid",))
    assert bid.phase == BID and war_odds(bid)[0] > war_odds(passed)[0]
    assert GAME.evaluator.evaluate(bid)[seat] > GAME.evaluator.evaluate(passed)[seat]
