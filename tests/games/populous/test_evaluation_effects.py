"""The Populous evaluation counts what a race's ability and a grace card in the grace area
will still do: each effect by how often what it improves comes up, over the turns left."""

import pytest

from soan.boards import terrain as T
from soan.bots.heuristic import greedy_action
from soan.engine.rng import Rng
from soan.games.populous import effects as E
from soan.games.populous import evaluation as V
from soan.games.populous.codes import DISASTER, GRACE, LABOUR, RACE, REVELATION
from tests.games.populous.helpers import GAME, cells, new, no_abilities, put, tile, worker


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


ACTION_BONUS = {  # effect: the action it adds to, and what a point of it is worth
    "labour_food": (LABOUR, V.FOOD),
    "labour_fp": (LABOUR, 1.0),
    "disaster_fp": (DISASTER, 1.0),
    "revelation_draw": (REVELATION, V.HAND_CARD),
}


def test_a_race_ability_and_aptitude_count_as_ongoing_effects():
    # SEED 「種族毎に特殊な能力が設定されています」; 「(あれば)種族毎に適性のある色であればそのまま配置できます」
    state = new(3, seed=4)
    presence, weight = 4, state.board.terrain_weight
    for r, race in enumerate(state.content.races):
        state.race[0] = r
        state._refresh_mods(0)
        land = () if race.aptitude == "none" else (race.aptitude,)
        land += tuple(e.terrain for e in race.effects if e.effect == "free_terrain")
        expected = sum(V.FREE_TERRAIN_PER_TURN * weight[T.CODES[t]] for t in land)
        win_vp = sum(e.amount for e in race.effects if e.effect == "war_win_vp")
        for e in race.effects:
            if e.effect == "free_terrain":
                continue
            if e.effect == "war_strength":  # each won war pays the presence and the bonus
                expected += (e.amount * V.WARS_PER_TURN * V.WAR_ODDS_PER_STRENGTH
                             * (presence + win_vp))
            elif e.effect in ACTION_BONUS:  # no race adds twice to one action
                action, unit = ACTION_BONUS[e.effect]
                expected += V.bonus_per_turn(action, e.amount * unit)
            else:
                expected += e.amount * V.PER_TURN[E.ONGOING.index(e.effect)]
        assert V.ongoing_per_turn(state, 0, presence) == pytest.approx(expected), race.english


def test_a_war_bonus_is_worth_something_when_the_race_is_chosen():
    """Deep One (provisional): "+1 to your war value". At race choice nothing is on the
    map, so a war won now would pay nothing; the wars to come pay the presence the seat
    will have by then, so the bonus counts at the presence midway through the turns left."""
    state = GAME.new(3, 4)
    assert state.phase == RACE and state.presence_vp(0) == 0
    deep_one = state.tables.race_english.index("Deep One")
    state.play(("race", deep_one))
    turns = V.turns_left(state)
    ahead = V.presence_ahead(0, turns)
    assert ahead == pytest.approx(V.PRESENCE_GROWTH * turns / 2) and ahead > 0
    without = list(state.mods[0])
    without[E.WAR_STRENGTH] = 0
    strength = V.mods_per_turn(state.mods[0], ahead) - V.mods_per_turn(tuple(without), ahead)
    assert strength == pytest.approx(V.WARS_PER_TURN * V.WAR_ODDS_PER_STRENGTH * ahead)
    base = 10 + V.food_worth(0, turns)  # 10 FP to start, no food, nothing on the map
    assert V.evaluate(state)[0] == pytest.approx(
        base + turns * V.ongoing_per_turn(state, 0, ahead))


def test_a_war_bonus_and_a_war_vp_bonus_add_up():
    """Gigant (provisional): "+1 to your war value" and "winning a war gives 2 more VP":
    each war the extra value wins pays the presence and the 2 VP."""
    no_bonus = V.mods_per_turn(E.NO_MODS, 5)
    strength = E.fold(E.NO_MODS, [(E.WAR_STRENGTH, 1)])
    both = E.fold(strength, [(E.WAR_WIN_VP, 2)])
    odds = V.WARS_PER_TURN * V.WAR_ODDS_PER_STRENGTH
    assert V.mods_per_turn(strength, 5) - no_bonus == pytest.approx(odds * 5)
    assert V.mods_per_turn(both, 5) - no_bonus == pytest.approx(
        odds * (5 + 2) + 2 * V.PER_TURN[E.WAR_WIN_VP])


def test_a_free_terrain_is_worth_more_where_the_world_holds_more_of_it():
    # SEED 「(あれば)種族毎に適性のある色であればそのまま配置できます」: an aptitude saves the food
    # of every placement on that land, so it is worth as much as the world has of it.
    # The provisional tiles hold 14 cells of each terrain but plains: all 15 tiles (five
    # seats) hold an average share of each; 9 tiles (three seats) hold more of some.
    full = new(5, seed=1).board.terrain_weight
    assert full[1:] == pytest.approx([1.0] * (len(T.KEYS) - 1))
    for seed in range(1, 6):
        state = new(3, seed=seed)
        terrain = state.board.terrain
        weight = state.board.terrain_weight
        for t in range(1, len(T.KEYS)):
            assert weight[t] == pytest.approx(terrain.count(t) / len(terrain) / (14 / 105))
        sea, desert = 1 << T.PLAINS | 1 << T.SEA, 1 << T.PLAINS | 1 << T.DESERT
        assert (V.free_per_turn(state, sea) > V.free_per_turn(state, desert)) == (
            terrain.count(T.SEA) > terrain.count(T.DESERT))
        assert V.free_per_turn(state, 1 << T.PLAINS) == 0  # the plains are free for all


def test_a_holy_site_is_worth_a_terrain_settled_for_free():
    # Sacred Peak (provisional): "placing on mountain costs no food"
    state = new(3, seed=4)
    state.race[0] = state.tables.race_english.index("Deep One")  # sea, not mountains
    state._refresh_mods(0)
    before = V.ongoing_per_turn(state, 0, 0)
    hold(state, 0, "Sacred Peak")
    assert state.free[0] >> T.MOUNTAIN & 1
    added = V.ongoing_per_turn(state, 0, 0) - before
    assert added == pytest.approx(V.FREE_TERRAIN_PER_TURN * state.board.terrain_weight[T.MOUNTAIN])


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
    worth = V.FREE_TERRAIN_PER_TURN * state.board.terrain_weight[T.MOUNTAIN]
    net = turns * worth - state.grace_cost(0, peak)
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


@pytest.mark.parametrize("action", [LABOUR, DISASTER, REVELATION])
def test_an_action_bonus_counts_at_the_rate_the_action_is_taken(action):
    """A point of bonus counts at the measured rate the action is taken with the bonus so
    far: the first point at the rate with none, later points at higher rates."""
    base, slope = V.ACTION_RATES[action]
    assert V.bonus_per_turn(action, 0) == 0
    assert V.bonus_per_turn(action, 1) == pytest.approx(base + slope / 2)
    first, fourth = (V.bonus_per_turn(action, n) - V.bonus_per_turn(action, n - 1)
                     for n in (1, 4))
    assert base < first < fourth < base + 4 * slope


def test_the_labour_saint_is_worth_more_to_a_seat_whose_labour_already_pays_more():
    # Saint of Plenty (provisional): "Labour gives 2 more food", "Labour gives 3 more FP";
    # Glorious (provisional): "Labour gives 1 more FP"; Gigant adds nothing to Labour.
    state = new(4, seed=4)
    saint = card(state, "Saint of Plenty")
    turns, nets = V.turns_left(state), {}
    for race in ("Gigant", "Glorious"):
        state.race[0] = state.tables.race_english.index(race)
        state._refresh_mods(0)
        nets[race] = V.card_net(state, 0, saint, turns, 0)
    labour = 2 * V.FOOD + 3
    assert nets["Gigant"] == pytest.approx(
        turns * V.bonus_per_turn(LABOUR, labour) - state.grace_cost(0, saint))
    assert nets["Glorious"] - nets["Gigant"] == pytest.approx(
        turns * (V.bonus_per_turn(LABOUR, labour + 1) - V.bonus_per_turn(LABOUR, labour)
                 - V.bonus_per_turn(LABOUR, 1)))
    assert nets["Glorious"] > nets["Gigant"]


def test_food_is_worth_only_what_the_seat_can_still_spend():
    # SEED 「適性がない)場合、ワーカー1個につきフード1個を支払ってください」: food pays for
    # placements (and war bids, extra draws), about 0.3 per own turn
    state = new(4, seed=4)
    turns = V.turns_left(state)
    need = V.FOOD_RESERVE + V.FOOD_USE_PER_TURN * turns
    values = {}
    for food in (0, 1, 20, 30):
        state.food[0] = food
        values[food] = V.evaluate(state)[0]
    assert values[1] - values[0] == pytest.approx(V.FOOD)
    assert values[20] - values[0] == pytest.approx(V.FOOD * need)
    assert values[30] == pytest.approx(values[20])  # a stock beyond use is worth nothing
    state.food[0] = 20
    assert V.food_gain(state, 0, 3, turns) == 0
