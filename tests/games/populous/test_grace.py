"""The grace phase (4:恩寵フェイズ) and the grace area of 000_46f0bc69916fd492.txt."""

import pytest

from soan.boards import terrain as T
from soan.engine.core import IllegalAction
from soan.games.populous import effects as E
from soan.games.populous.codes import AREA, BLESSING, DISCARD, GRACE, LABOUR, RETURN, VANDAL
from soan.games.populous.content import HOLY_SITE, MIRACLE, SAINT
from tests.games.populous.helpers import (
    Dice,
    cells,
    choose,
    fill,
    house,
    new,
    no_abilities,
    set_terrain,
    tile,
    turn_of,
    worker,
)


def card(state, english):
    return state.tables.card_english.index(english)


def give(state, seat, *names):
    """Put these cards into a seat's hand (taken from the deck)."""
    for name in names:
        k = card(state, name)
        state.deck.remove(k)
        state.hands[seat].append(k)
    state._legal = None


def to_grace_phase(state, seat=0, abilities=False):
    """Seat `seat` takes a Labour on an empty plains tile, placing nothing (with race
    abilities and grace areas switched off unless `abilities`)."""
    if not abilities:
        no_abilities(state)
    turn_of(state, seat)
    t = tile(state, avoid=LABOUR)
    set_terrain(state, t, [T.PLAINS] * 7)
    choose(state, state.board.world.pairs[t], LABOUR)
    state.play(("done",))
    return t


def test_one_grace_card_per_turn_paid_in_fp():
    # SEED 「好きな手札1枚をプレイすることができます。カード毎に指定されたFPを支払って」
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Battle", "Rain of Manna")
    state.houses[0] = 5  # one house on the map: one grace slot
    to_grace_phase(state)
    assert state.phase == GRACE
    assert set(state.legal()) == {("grace", card(state, "Saint of Battle")),
                                  ("grace", card(state, "Rain of Manna")), ("done",)}
    state.play(("grace", card(state, "Saint of Battle")))
    assert state.fp[0] == 10 - 1  # provisional: the Saint of Battle costs 1 FP
    assert state.grace[0] == [card(state, "Saint of Battle")]
    assert state.phase == AREA  # one card only: the turn moved on
    assert state.mods[0][E.WAR_STRENGTH] == 2


def test_fp_may_not_go_below_zero():
    # SEED 「FPが0より小さくなるように支払うことはできません」
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Builders")  # costs 4
    state.fp[0] = 3
    to_grace_phase(state)
    assert state.phase == AREA  # nothing affordable: the grace phase is skipped
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Builders", "Epiphany")
    state.fp[0] = 3
    to_grace_phase(state)
    with pytest.raises(IllegalAction):
        state.play(("grace", card(state, "Saint of Builders")))
    state.play(("grace", card(state, "Epiphany")))
    assert state.fp[0] == 2


def test_miracles_take_effect_and_go_to_the_discards():
    # SEED 「【恩寵置き場】へ配置せず、即効果を適用して捨て札になるカードもあります」
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Rain of Manna")
    to_grace_phase(state)
    state.play(("grace", card(state, "Rain of Manna")))
    assert state.food[0] == 4 and state.grace[0] == []  # provisional: Rain of Manna gives 4
    assert state.discard[-1] == card(state, "Rain of Manna")
    assert state.tables.card_kind[card(state, "Rain of Manna")] == MIRACLE


def test_miracle_of_glory_scores_like_prosperity_and_festival_pays_per_house():
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Miracle of Glory")
    others = [u for u in range(len(state.board.world.pairs))]
    fill(state, others[-1], [house(0)])
    fill(state, others[-2], [worker(0)])
    to_grace_phase(state)
    state.play(("grace", card(state, "Miracle of Glory")))
    assert state.vp[0] == 3 and state.breakdown()[0]["grace"] == 3
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Festival")
    state.houses[0] = 4
    to_grace_phase(state)
    state.play(("grace", card(state, "Festival")))
    assert state.vp[0] == 2 * 2


def test_the_grace_area_holds_one_card_per_house_on_the_map():
    # SEED 「【恩寵置き場】に配置できる最大枚数は”配置されたハウスの数”となります。
    # 最大枚数を超えてしまった場合、最大枚数になるよう捨て札にしてください」
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Battle")
    k = card(state, "Sacred Peak")
    state.grace[0] = [k]
    state.houses[0] = 5  # one house: one slot, already taken
    to_grace_phase(state)
    assert state.tables.card_kind[k] == HOLY_SITE
    state.play(("grace", card(state, "Saint of Battle")))
    assert state.phase == DISCARD and state.to_move == 0
    assert set(state.legal()) == {("discard", k), ("discard", card(state, "Saint of Battle"))}
    state.play(("discard", k))
    assert state.grace[0] == [card(state, "Saint of Battle")] and k in state.discard
    assert state.free[0] == state.tables.race_free[state.race[0]]  # only the race's own
    assert not state.free[0] >> T.MOUNTAIN & 1  # the Sacred Peak's mountain is no longer free
    assert state.phase == AREA


def test_a_permanent_card_with_no_house_is_discarded_at_once():
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Battle")
    to_grace_phase(state)
    assert state.tables.card_kind[card(state, "Saint of Battle")] == SAINT
    state.play(("grace", card(state, "Saint of Battle")))
    assert state.phase == DISCARD
    state.play(state.legal()[0])
    assert state.grace[0] == [] and state.fp[0] == 10 - 1  # paid all the same


def test_the_grace_area_shrinks_at_once_when_a_house_leaves_the_map():
    # SEED 「何らかの効果でハウスが【ハウス置き場】へ戻されてしまった場合も、直ちにこの調整を行ってください」
    state = new(3)
    no_abilities(state)
    turn_of(state, 0)
    t = tile(state, avoid=BLESSING)
    set_terrain(state, t, [T.PLAINS] * 7)
    fill(state, t, [house(1), VANDAL, VANDAL, VANDAL, VANDAL, VANDAL])
    a, b = card(state, "Saint of Battle"), card(state, "The Martyr")
    state.grace[1] = [a, b]
    state.houses[1] = 4  # two houses on the map: the one here and another
    state.food[0] = state.food[1] = 0
    state.hands[0] = []
    choose(state, state.board.world.pairs[t], BLESSING)
    state.rng = Dice(1, 1)  # vandals 5 + 1 win
    state.play(("place", cells(state, t)[6]))
    assert state.phase == RETURN and state.to_move == 0
    state.play(("return", cells(state, t)[6]))
    assert state.to_move == 1
    state.play(("return", cells(state, t)[0]))  # its house: one slot left for two cards
    assert state.phase == DISCARD and state.to_move == 1
    state.play(("discard", b))
    assert state.grace[1] == [a] and state.phase == AREA


def test_an_empty_deck_is_refilled_from_the_discards():
    # Ruling PD6 (G6): the draft does not say; the discards are shuffled into a new deck.
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Epiphany")
    state.discard.extend(state.deck)
    state.deck.clear()
    to_grace_phase(state)
    state.play(("grace", card(state, "Epiphany")))
    assert len(state.hands[0]) == 2
    assert any("shuffled into a new deck" in line for line in state.log)


def test_ongoing_effects_change_the_rules_while_the_card_stays():
    state = new(3)
    no_abilities(state)
    state.grace[0] = [card(state, "Sea Shrine")]
    state.houses[0] = 5
    state._refresh_mods(0)
    assert state.free[0] >> T.SEA & 1


def lasting(state, seat, *names):
    """Put cards straight into a seat's grace area, with a house on the map for each."""
    state.grace[seat] = [card(state, n) for n in names]
    state.houses[seat] = state.options.houses - len(names)
    state._refresh_mods(seat)
    state._legal = None


def test_holy_granary_gives_food_at_the_start_of_each_turn():
    state = new(3)
    nxt = (state.active + 1) % 3
    lasting(state, nxt, "Holy Granary")
    to_grace_phase(state, seat=state.active, abilities=True)
    if state.phase == GRACE:
        state.play(("done",))
    assert state.active == nxt and state.food[nxt] == 1


def test_great_temple_makes_grace_cheaper():
    state = new(3)
    state.hands[0] = []
    give(state, 0, "Saint of Builders")
    state.fp[0] = 3
    lasting(state, 0, "Great Temple")
    to_grace_phase(state, abilities=True)
    fp = state.fp[0]  # 3, or 4 for a race whose Labour gives FP
    assert ("grace", card(state, "Saint of Builders")) in state.legal()
    state.play(("grace", card(state, "Saint of Builders")))
    assert state.fp[0] == fp - 3


def test_the_shepherd_makes_blessing_place_three():
    state = new(3)
    lasting(state, 0, "The Shepherd")
    turn_of(state, 0)
    t = tile(state, avoid=BLESSING)
    set_terrain(state, t, [T.PLAINS] * 7)
    choose(state, state.board.world.pairs[t], BLESSING)
    for k in range(3):
        state.play(("place", cells(state, t)[k]))
    assert state.workers[0] == 13 and state.phase != "place"
