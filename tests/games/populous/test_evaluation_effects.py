"""The Populous evaluation counts what a race's ability and a grace card in the grace area
will still do: each effect by how often what it improves comes up, over the turns left."""

import pytest

from soan.boards import terrain as T
from soan.bots.heuristic import greedy_action
from soan.engine.rng import Rng
from soan.games.populous import effects as E
from soan.games.populous import evaluation as V
from soan.games.populous.codes import GRACE
from tests.games.populous.helpers import cells, new, no_abilities, put, tile, worker


def card(state, english: str) -> int:
    return state.tables.card_english.index(english)


def hold(state, seat: int, english: str) -> None:
    """Put a saint or holy site into the seat's grace area, with a house to hold it."""
    put(state, cells(state, tile(state))[len(state.grace[seat])], worker(seat) | 1)
    state.grace[seat].append(card(state, english))
    state._refresh_mods(seat)


def test_a_saint_in_the_grace_area_pays_for_every_turn_left():
    # SEED 「恩寵カード … 信仰心(FP)を支払うことにより、特殊な効果が適用されます」
    state = new(3, seed=4)
    before = V.ongoing_per_turn(state, 0, state.presence_vp(0))  # the race's ability
    hold(state, 0, "Saint of Builders")  # provisional: Prosperity gives 2 more VP
    after = V.ongoing_per_turn(state, 0, state.presence_vp(0))
    assert after - before == pytest.approx(2 * V.PER_TURN[E.PROSPERITY_VP])
    turns = V.turns_left(state)
    assert turns == pytest.approx((60 - 10) / V.LEADER_PACE)  # everyone at 10 FP
    state.vp[1] = 44  # the leader nears 60: fewer turns left, the saint is worth less
    assert V.turns_left(state) == pytest.approx(6 / V.LEADER_PACE)
    state.ending = True
    assert V.turns_left(state) == 0


def test_a_race_ability_and_aptitude_count_as_ongoing_effects():
    # SEED 「種族毎に特殊な能力が設定されています」; 「(あれば)種族毎に適性のある色であればそのまま配置できます」
    state = new(3, seed=4)
    presence = 4
    for r, race in enumerate(state.content.races):
        state.race[0] = r
        state._refresh_mods(0)
        expected = 0.0 if race.aptitude == "none" else V.FREE_TERRAIN_PER_TURN
        for e in race.effects:
            if e.effect == "free_terrain":
                expected += V.FREE_TERRAIN_PER_TURN
            elif e.effect == "war_strength":
                expected += e.amount * V.WARS_PER_TURN * V.WAR_ODDS_PER_STRENGTH * presence
            else:
                expected += e.amount * V.PER_TURN[E.ONGOING.index(e.effect)]
        assert V.ongoing_per_turn(state, 0, presence) == pytest.approx(expected), race.english


def test_a_holy_site_is_worth_a_terrain_settled_for_free():
    # Sacred Peak (provisional): "placing on mountain costs no food"
    state = new(3, seed=4)
    state.race[0] = state.tables.race_english.index("Deep One")  # sea, not mountains
    state._refresh_mods(0)
    before = V.ongoing_per_turn(state, 0, 0)
    hold(state, 0, "Sacred Peak")
    assert state.free[0] >> T.MOUNTAIN & 1
    assert V.ongoing_per_turn(state, 0, 0) - before == pytest.approx(V.FREE_TERRAIN_PER_TURN)


def test_the_heuristic_plays_a_saint_early_and_keeps_its_faith_late():
    """Early the Saint of Builders (4 FP) pays back more than it costs; with a turn left
    it does not, and the bot keeps its FP (FP is half the score)."""
    choices = {}
    for label, leader in (("early", 10), ("late", 58)):
        state = new(3, seed=4)
        no_abilities(state)
        hold(state, 0, "Sacred Peak")  # a house: room for one more card in the area
        put(state, cells(state, tile(state))[2], worker(0) | 1)
        state.hands[0] = [card(state, "Saint of Builders")]
        state.fp[0], state.vp[1] = 10, leader - 10
        state.phase, state.to_move, state.active = GRACE, 0, 0
        state._legal = None
        choices[label] = greedy_action(state, Rng(1))
    assert choices == {"early": ("grace", card(state, "Saint of Builders")), "late": ("done",)}


def test_a_card_in_hand_is_worth_half_of_what_playing_it_now_would_net():
    # SEED 「恩寵カード … 信仰心(FP)を支払うことにより、特殊な効果が適用されます」
    state = new(3, seed=4)
    no_abilities(state)
    turns, presence = V.turns_left(state), state.presence_vp(0)
    peak = card(state, "Sacred Peak")  # provisional: mountains free, 1 FP
    net = turns * V.FREE_TERRAIN_PER_TURN - state.grace_cost(0, peak)
    assert V.card_net(state, 0, peak, turns, presence) == pytest.approx(net)
    state.hands[0] = []
    empty = V.evaluate(state)[0]
    state.hands[0] = [peak]
    assert V.evaluate(state)[0] - empty == pytest.approx(V.HELD * net)


def test_a_card_that_would_not_pay_back_is_worth_nothing_in_hand():
    # Festival (provisional): 2 VP per house for 2 FP; no house yet, so it nets -2
    state = new(3, seed=4)
    festival = card(state, "Festival")
    assert state.capacity(0) == 0
    assert V.card_net(state, 0, festival, V.turns_left(state), 0) == -2
    state.hands[0] = []
    empty = V.evaluate(state)[0]
    state.hands[0] = [festival]
    assert V.evaluate(state)[0] == pytest.approx(empty)


def test_the_heuristic_plays_a_holy_site_that_pays_back_its_faith():
    """A terrain opened for free early pays back its 1 FP: the bot plays it rather than
    holding it, since a card held is only an option on that worth."""
    state = new(3, seed=4)
    state.race[0] = state.tables.race_english.index("Deep One")  # sea, not mountains
    hold(state, 0, "Holy Granary")  # a house: room for one more card in the area
    put(state, cells(state, tile(state))[2], worker(0) | 1)
    peak = card(state, "Sacred Peak")
    state.hands[0] = [peak]
    state.phase, state.to_move, state.active = GRACE, 0, 0
    state._legal = None
    assert greedy_action(state, Rng(1)) == ("grace", peak)
