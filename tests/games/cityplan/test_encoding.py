"""City Plan's encoding (games/cityplan/encoding.py, docs/encoding/cityplan.md): what each
part holds in positions built by hand, seat-relative order, what stays hidden, and the
action index per table size, options and content."""

from __future__ import annotations

import numpy as np
import pytest

from soan.engine.rng import Rng
from soan.games.cityplan.codes import BUILD, EXCHANGE, OVER, PAY, PICK
from soan.games.cityplan.content import CityPlanContent
from soan.games.cityplan.scoring import counts, tickets
from tests.games.cityplan.helpers import GAME, add_buildings, new, pick_all, set_hand

ENCODER = GAME.encoder
APARTMENT, CONDOMINIUM, WORKSHOP, THERMAL = 0, 2, 11, 15  # kinds: the content's deck order


SEAT_PARTS = ("status", "effects", "city", "points", "tableaux")


def observe(state, seat):
    """The observation of `seat`, as a dict of parts; a seats' part is also split into
    its blocks, `status0` the observing seat's, `status1` the next seat's..."""
    encoding = ENCODER.encoding(state)
    values = ENCODER.observe(state, seat)
    out, at = {}, 0
    for name, n in encoding.layout:
        out[name] = values[at:at + n]
        if name in SEAT_PARTS:
            block = n // state.seats
            for r in range(state.seats):
                out[f"{name}{r}"] = out[name][r * block:(r + 1) * block]
        at += n
    return out


def kinds(state):
    return len([b for b in state.content.deck
                if not (state.options.plain and b.type == "special")])


def test_the_layout_has_its_documented_length_for_every_table_and_edition():
    for plain in (False, True):
        for seats in range(2, 6):
            state = new(seats, plain=plain)
            k, incomes = kinds(state), len(state.incomes)
            deck = 75 if plain else 95  # the deck cards, the only ones a hand holds
            size = 16 + 2 * incomes + 3 * k + 2 * deck + 2 * seats + seats * (33 + k)
            assert ENCODER.encoding(state).size == size
    assert ENCODER.encoding(new(4)).size == 589  # the default rule set at four seats


@pytest.mark.parametrize("plain", [False, True])
def test_a_card_s_kind_is_its_deck_entry(plain):
    state = new(5, plain=plain)
    tables = ENCODER.tables(5, state.options, state.content)
    entries = [b for b in state.content.deck if not (plain and b.type == "special")]
    for c in state.cards.deck_ids:
        assert entries[tables.kind[c]].name == state.cards.name[c]
        assert tables.bonus[c] == state.cards.bonus[c]
    for c in (*state.cards.plant_ids, *state.cards.farm_ids):
        assert tables.kind[c] == -1  # in a city from the start, never in a hand
    assert len(tables.kind) == len(state.cards.name)


def test_the_own_hand_is_counted_per_kind_and_the_phase_is_one_hot():
    state = new(3)
    set_hand(state, 0, ["Condominium", "Apartment", "Apartment", "Workshop"])
    seen = observe(state, 0)
    hand = np.zeros(kinds(state))
    hand[[CONDOMINIUM, APARTMENT, WORKSHOP]] = [1, 2, 1]
    assert np.array_equal(seen["hand"], hand)
    assert np.array_equal(seen["phase"], np.eye(6)[PICK])
    assert seen["status0"][0] == pytest.approx(4 / state.options.hand_limit)
    pick_all(state, {0: 1, 1: 1, 2: 1})
    assert np.array_equal(observe(state, 0)["phase"], np.eye(6)[BUILD])


def test_two_seats_see_their_own_hands_and_not_each_other():
    state = new(3)
    set_hand(state, 0, ["Condominium", "Apartment"])
    set_hand(state, 1, ["Workshop", "Workshop", "Workshop"])
    zero, one = observe(state, 0), observe(state, 1)
    assert not np.array_equal(zero["hand"], one["hand"])
    assert one["hand"][WORKSHOP] == 3 and zero["hand"][WORKSHOP] == 0
    # each sees the other's hand size only, in its own seat-relative place
    assert zero["status1"][0] == one["status0"][0] == pytest.approx(3 / 8)
    assert one["status2"][0] == zero["status0"][0] == pytest.approx(2 / 8)


def test_seats_are_listed_from_the_observer_in_turn_order():
    state = new(4)
    state.mayor = state.to_move = 2
    add_buildings(state, 3, ["Apartment", "Apartment"])
    for seat in range(4):
        seen = observe(state, seat)
        relative = (2 - seat) % 4
        assert np.array_equal(seen["mayor"], np.eye(4)[relative])
        assert np.array_equal(seen["to_move"], np.eye(4)[relative])
        tableau = seen[f"tableaux{(3 - seat) % 4}"]
        assert tableau[APARTMENT] == 2 and tableau.sum() == 2
    assert observe(state, 0)["city3"][0] == pytest.approx(2 / 10)  # residential / 10


def test_an_action_card_shows_to_its_owner_at_once_and_to_the_others_when_all_are_in():
    state = new(3)
    state.play(("act", 3))  # seat 1 (the mayor) picks Parliament
    assert state.phase == PICK
    mine, theirs = observe(state, 0)["status0"], observe(state, 1)["status2"]
    assert mine[4] == theirs[4] == 1  # picked, as everyone sees
    assert list(mine[5:8]) == [0, 0, 1]  # its owner sees which
    assert list(theirs[5:8]) == [0, 0, 0]  # the others do not
    state.play(("act", 2))
    state.play(("act", 1))
    assert state.phase == EXCHANGE  # revealed
    assert list(observe(state, 1)["status2"][5:8]) == [0, 0, 1]
    assert list(observe(state, 0)["status1"][5:8]) == [0, 1, 0]
    assert observe(state, 0)["status1"][8] == 1  # seat 2 is still to resolve its action


def test_a_building_being_paid_for_is_public_and_leaves_the_unseen_pool():
    state = new(2)
    condo, *_ = set_hand(state, 1, ["Condominium", "Apartment", "Workshop"])
    state.mayor = state.to_move = 1
    pick_all(state, {0: 1, 1: 1})
    state.play(("build", condo))
    assert state.phase == PAY
    before = observe(state, 0)
    assert np.array_equal(before["phase"], np.eye(6)[PAY])
    assert before["paying_for"][CONDOMINIUM] == 1 and before["paying_for"].sum() == 1
    assert before["choice"][0] == pytest.approx(2 / 4) and before["choice"][1] == 0  # owed 2
    state.play(("pay", state.legal()[0][1]))
    after = observe(state, 0)
    assert after["choice"][:2] == pytest.approx([1 / 4, 1 / 4])  # one owed, one paid
    copies = len(state.content.deck[CONDOMINIUM].bonus)
    own = after["hand"][CONDOMINIUM]
    assert after["unseen"][CONDOMINIUM] == pytest.approx((copies - own - 1) / copies)  # the one being built is seen
    # a redeal keeps the building in its hand, so the seat's picture holds
    assert np.array_equal(ENCODER.observe(state.redeal(0, Rng(5)), 0),
                          ENCODER.observe(state, 0))


def test_the_unseen_pool_is_every_copy_the_seat_has_not_seen():
    state = new(3)
    set_hand(state, 0, ["Thermal power plant", "Apartment"])
    add_buildings(state, 2, ["Apartment"])
    seen = observe(state, 0)
    copies = np.array([len(b.bonus) for b in state.content.deck], dtype=float)
    expected = copies.copy()
    expected[THERMAL] -= 1
    expected[APARTMENT] -= 2
    assert seen["unseen"] == pytest.approx(expected / copies)  # the share of each kind's copies
    left = sum(len(state.hands[s]) for s in (1, 2)) + len(state.deck) + len(state.discard)
    assert seen["unseen_summary"][0] * len(state.cards.deck_ids) == pytest.approx(left)
    assert left == expected.sum()


def test_each_city_s_counts_tickets_and_effects_are_the_rules_own():
    state, rng = new(4, seed=8), Rng(8)
    add_buildings(state, 1, ["TV tower", "Highway", "Station"])
    while not state.over:
        seen = observe(state, 2)
        for r in range(4):
            s = (2 + r) % 4
            n = counts(state.cards, state.tableaux[s])
            assert seen[f"city{r}"][:7] * 10 == pytest.approx(n)
            assert seen[f"city{r}"][7] * 10 == pytest.approx(tickets(state.cards, state.tableaux[s]))
        state.play(rng.choice(state.legal()))
    effects = observe(state, 2)["effects3"]  # seat 1, three seats after seat 2
    assert list(effects) == [1, 0, 0, 0, 1, 0]  # station: residential -1; TV tower: no power


def test_points_at_the_end_are_the_breakdown():
    state, rng = new(4, seed=3), Rng(3)
    while not state.over:
        state.play(rng.choice(state.legal()))
    breakdown = state.breakdown()
    for seat in range(4):
        seen = observe(state, seat)
        assert np.array_equal(seen["phase"], np.eye(6)[OVER])
        assert not seen["to_move"].any()
        for r in range(4):
            b = breakdown[(seat + r) % 4]
            expected = [b[k] / 50 for k in ("buildings", "councillors", "parliament",
                                             "completion", "development", "city")]
            assert seen[f"points{r}"] == pytest.approx([*expected, sum(b.values()) / 100])


@pytest.mark.parametrize("plain", [False, True])
def test_no_redeal_changes_a_seat_s_observation_anywhere_in_a_game(plain):
    """Every position of two games, not only a sample."""
    for seed in (11, 12):
        state, rng = new(3, seed=seed, plain=plain), Rng(seed)
        step = 0
        while True:
            for seat in range(3):
                seen = ENCODER.observe(state, seat)
                assert np.isfinite(seen).all()
                again = ENCODER.observe(state.redeal(seat, Rng(step * 3 + seat)), seat)
                assert np.array_equal(again, seen)
            if state.over:
                break
            state.play(rng.choice(state.legal()))
            step += 1


def test_the_action_index_is_fixed_by_options_and_content_not_by_the_deal():
    a, b = new(4, seed=1), new(4, seed=99)
    assert ENCODER.encoding(a).actions == ENCODER.encoding(b).actions
    deck = len(a.cards.deck_ids)
    assert len(ENCODER.encoding(a).actions) == 3 * deck + 5 == 290
    # only deck cards ever reach a hand, so the seat count does not change the index
    assert ENCODER.encoding(new(2)).actions == ENCODER.encoding(new(5)).actions
    # the plain edition has no special facilities in its deck
    assert len(ENCODER.encoding(new(4, plain=True)).actions) == 3 * 75 + 5
    # nor does the observation's layout depend on the deal
    assert ENCODER.encoding(a).layout == ENCODER.encoding(b).layout


def test_an_edited_content_changes_the_action_index_and_the_layout():
    data = GAME.load_content().model_dump()
    data["deck"][0]["bonus"].append(3)  # a seventh Apartment
    data["deck"].append({**data["deck"][1], "name": "長屋", "bonus": [0, 1]})
    content = CityPlanContent.model_validate(data)
    shipped, edited = new(4), new(4, content=content)
    assert len(ENCODER.encoding(edited).actions) == len(ENCODER.encoding(shipped).actions) + 9
    # three more deck cards: one kind more in hand, unseen and every tableau, and
    # three more cards in hand_cards and paying_card
    assert ENCODER.encoding(edited).size == ENCODER.encoding(shipped).size + 3 + 4 + 2 * 3
    for action in edited.legal():
        assert ENCODER.encoding(edited).action_from_id(
            ENCODER.encoding(edited).action_id(action)) == action


def test_two_copies_of_one_card_in_hand_are_told_apart():
    """Actions name a card, not its kind: swapping a hand card for another copy of the
    same kind changes the legal choices, so it must change the observation."""
    state = new(3)
    t = ENCODER.tables(3, state.options, state.content)
    seat = state.to_move
    card = state.hands[seat][0]
    twin = next(c for c in state.deck if t.kind[c] == t.kind[card] and c != card)
    swapped = state.copy()
    swapped.hands[seat][0] = twin
    swapped.deck[swapped.deck.index(twin)] = card
    a, b = ENCODER.observe(state, seat), ENCODER.observe(swapped, seat)
    assert not np.array_equal(a, b)
    layout = ENCODER.encoding(state).layout
    changed = {name for name, x, y in parts(layout, a, b) if not np.array_equal(x, y)}
    assert "hand_cards" in changed and "hand" not in changed  # same kinds, other copies


def parts(layout, a, b):
    at = 0
    for name, n in layout:
        yield name, a[at:at + n], b[at:at + n]
        at += n
