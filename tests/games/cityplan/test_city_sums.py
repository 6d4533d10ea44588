"""The evaluation sums a city once and keeps the sums by city (its buildings in order);
the sums agree with the scoring's own count of points, development and lottery tickets
(「3軒ならば1枚、4軒で2枚」, 「1軒ずつ1枚、2軒ずつで3枚」) in every city of random games, and a
city changed by hand is summed anew."""

from soan.engine.rng import Rng
from soan.games.cityplan import evaluation as E
from soan.games.cityplan import scoring
from tests.games.cityplan.helpers import GAME, add_buildings, new


def test_city_sums_agree_with_the_scoring_in_random_games():
    checked = 0
    for seed in range(20):
        state = GAME.new(2 + seed % 4, seed)
        rng = Rng(seed)
        while not state.over:
            cards, opts = state.cards, state.options
            for tableau in state.tableaux:
                summed = E.city(cards, tuple(tableau))
                assert summed.points == sum(cards.points[c] for c in tableau)
                assert summed.tickets == scoring.tickets(cards, tableau)
                assert opts.development_multiplier * min(summed.sums) == scoring.development(
                    cards, tableau, opts.development_multiplier)
                assert summed.needs_power == all(cards.effect[c] != "no_power" for c in tableau)
                checked += 1
            state.play(rng.choice(state.legal()))
    assert checked > 5000


def test_a_city_changed_by_hand_is_summed_anew():
    state = new(2, seed=5)
    before = E.evaluate(state)[0]
    points = E.city(state.cards, tuple(state.tableaux[0])).points
    added = add_buildings(state, 0, ["Apartment"])
    assert E.city(state.cards, tuple(state.tableaux[0])).points == (
        points + state.cards.points[added[0]])
    assert E.evaluate(state)[0] != before
