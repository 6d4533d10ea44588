import gc
import math

import pytest

from soan.bots import make_bot
from soan.bots.heuristic import greedy_action, heuristic_bot, ranked_outcomes
from soan.bots.ismcts import Ismcts, Node, rewards
from soan.bots.match import bot_rngs, play_out
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.games.populous.codes import AREA
from tests.bots.bot_positions import random_position
from tests.bots.hidden_cards import GAME as HIDDEN_CARDS


def test_rewards_before_the_end_follow_the_lead():
    state = HIDDEN_CARDS.new(2, 4)
    assert rewards(state, 10.0) == [0.5, 0.5]
    state.play(state.legal()[-1])
    lead = state.scores()[0] - state.scores()[1]
    high, low = rewards(state, lead)
    assert high == pytest.approx(1 / (1 + math.exp(-1)))
    assert high + low == pytest.approx(1.0)


def test_rewards_at_a_real_end_are_win_shares(cityplan, cityplan_content):
    state = random_position(cityplan, 3, 2, 10_000, cityplan_content)
    assert state.over
    winners = state.winners()
    assert rewards(state, 10.0) == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_small_budget_returns_a_legal_action(cityplan, cityplan_content):
    bot = make_bot("ismcts:iters=50")
    for plies in (0, 25, 60):
        state = random_position(cityplan, 3, plies, plies, cityplan_content)
        assert bot(state.redeal(state.to_move, Rng(1)), Rng(2)) in state.legal()


def test_fixed_seed_gives_the_same_choice(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 5, 33, cityplan_content)
    for spec in ("ismcts:iters=80", "ismcts:iters=30:rollout=heuristic:depth=5"):
        bot = make_bot(spec)
        assert len({bot(state, Rng(8)) for _ in range(3)}) == 1


def test_plays_a_whole_game_with_heuristic_rollouts(cityplan, cityplan_content):
    bots = [Ismcts(iters=10, rollout="heuristic", depth=4), make_bot("random")]
    state = play_out(cityplan.new(2, 1, content=cityplan_content), bots, bot_rngs(1, 2))
    assert state.over



def test_widening_starts_from_the_heuristics_choice_and_grows_with_visits():
    state = populous_area_choice()
    legal = state.legal()
    bot, node = Ismcts(widen=1.0), Node(state.seats)
    first = bot._widened(node, state, legal, Rng(3))
    assert first == [greedy_action(state, Rng(3))]  # no ties here: one best area
    node.visits = 4
    assert bot._widened(node, state, legal, Rng(3)) == [o.action for o in ranked_outcomes(state, Rng(3))][:3]
    node.visits = len(legal) ** 2
    assert bot._widened(node, state, legal, Rng(3)) == legal


class PlaysAgain(Ismcts):
    """The search with every expanded move played again on the iteration's position,
    not taken from the positions its prior's ranking reached."""

    def _prior(self, node, det, rng):
        order = super()._prior(node, det, rng)
        self._tried = None
        return order


def tree(node: Node) -> dict:
    return {a: (c.visits, c.avail, c.totals, tree(c)) for a, c in node.children.items()}


@pytest.mark.parametrize("game_id", ["cityplan", "quovadis"])
def test_an_expansion_takes_the_position_its_prior_reached_with_the_same_tree(game_id):
    game = get_game(game_id)
    state, rng = game.new(3, 7), Rng(7)
    for _ in range(20):
        state.play(rng.choice(state.legal()))
    taken = Ismcts(iters=120).grow(state, Rng(4))
    again = PlaysAgain(iters=120).grow(state, Rng(4))
    assert tree(taken) == tree(again)
    assert any(child.rank is not None for child in taken.children.values())  # priors ran


def test_widening_picks_the_first_k_of_the_legal_actions_sorted_by_rank():
    """Ranked actions no longer legal are passed over, legal actions the prior never
    ranked come after every ranked one in their legal order: a stable sort's first k."""
    bot, node = Ismcts(widen=1.0), Node(2)
    node.rank = {("a", 3): 0, ("a", 1): 1, ("gone",): 2, ("a", 4): 3}
    legal = (("new", 9), ("a", 1), ("a", 4), ("new", 2), ("a", 3), ("new", 5))
    for visits in (0, 1, 4, 9, 16):
        node.visits = visits
        k = 1 + int(math.sqrt(visits))
        expected = sorted(legal, key=lambda a: node.rank.get(a, len(node.rank)))[:k]
        assert bot._widened(node, None, legal, Rng(0)) == expected
    node.visits = 16
    assert bot._widened(node, None, legal, Rng(0)) == [
        ("a", 3), ("a", 1), ("a", 4), ("new", 9), ("new", 2)]


def test_the_cycle_collector_pauses_only_while_a_decision_is_searched():
    state = populous_area_choice()
    bot, seen = Ismcts(iters=4), []
    iterate = bot._iterate

    def watched(*args):
        seen.append(gc.isenabled())
        return iterate(*args)

    bot._iterate = watched
    assert gc.isenabled()
    bot(state, Rng(1))
    assert seen and not any(seen) and gc.isenabled()

    def failing(*args):
        raise RuntimeError("a search that fails")

    bot._iterate = failing
    with pytest.raises(RuntimeError):
        bot(state, Rng(1))
    assert gc.isenabled()
    gc.disable()  # a caller that keeps the collector off finds it off afterwards
    try:
        bot._iterate = watched
        bot(state, Rng(2))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_without_widening_every_legal_action_is_open():
    state = populous_area_choice()
    bot = Ismcts(iters=len(state.legal()), widen=0)
    root = Node(state.seats)
    for _ in range(len(state.legal())):
        bot._iterate(root, state, Rng(5))
    assert set(root.children) == set(state.legal())


def populous_area_choice():
    """A Populous seat choosing its area mid-game, where one area is clearly best."""
    state = get_game("populous").new(4, 20001)
    rng = Rng(5)
    while state.turn() < 13 or state.phase != AREA:
        state.play(heuristic_bot(state.redeal(state.to_move, rng), rng))
    return state.redeal(state.to_move, Rng(7))


def test_a_seats_next_choice_of_the_turn_starts_from_the_kept_subtree():
    area = populous_area_choice()
    seat = area.to_move
    for reuse in (True, False):
        bot = Ismcts(iters=120, reuse=reuse)
        chosen = bot(area, Rng(4))
        assert bot.iterations_run == 120
        state = area.copy()
        state.play(chosen)
        assert state.to_move == seat and len(state.legal()) > 1  # the same turn goes on
        bot(state.redeal(seat, Rng(9)), Rng(5))
        if reuse:  # the subtree's visits count toward the budget
            assert 0 < bot.iterations_run < 120
        else:
            assert bot.iterations_run == 120


def test_a_position_other_than_the_foretold_one_gets_a_fresh_tree():
    area = populous_area_choice()
    bot = Ismcts(iters=60)
    chosen = bot(area, Rng(4))
    state = area.copy()
    state.play(area.legal()[-1] if chosen != area.legal()[-1] else area.legal()[0])
    bot(state.redeal(state.to_move, Rng(9)), Rng(5))
    assert bot.iterations_run == 60


def test_tree_reuse_keeps_a_seeded_game_reproducible(cityplan, cityplan_content):
    def game() -> list:
        bots = [Ismcts(iters=25), Ismcts(iters=25)]
        state = play_out(cityplan.new(2, 3, content=cityplan_content), bots, bot_rngs(3, 2))
        return state.history

    assert game() == game()
