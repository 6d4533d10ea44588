"""What people see: views hold only what the seat may know; labels, text map, SVG."""

import xml.etree.ElementTree as ET

import pytest

from soan.engine.rng import Rng
from soan.games.populous.codes import KEEP
from tests.games.populous.helpers import GAME, new


def test_a_view_shows_its_own_hand_and_only_the_size_of_others():
    state = new(4, 2)
    view = state.view(1)
    assert [c["id"] for c in view["hand"]] == state.hands[1]
    assert [s["hand_size"] for s in view["seats"]] == [len(h) for h in state.hands]
    assert all("hand" not in s for s in view["seats"])
    assert "hand" not in state.view(None)


def test_setup_offers_are_private():
    state = GAME.new(3, 4)
    while state.phase != KEEP:
        state.play(state.legal()[0])
    mover = state.to_move
    other = (mover + 1) % 3
    assert [c["id"] for c in state.view(mover)["offer"]] == state.offers[mover]
    assert [c["id"] for c in state.view(other)["offer"]] == state.offers[other]
    assert "offer" not in state.view(None)
    assert state.view(None)["seats"][mover]["offer_size"] == 7


def test_the_world_in_the_view_names_every_cell():
    state = new(5, 3)
    world = state.view(None)["world"]
    assert len(world["tiles"]) == 15 and len(world["cells"]) == 105
    assert world["cells"][0]["name"].endswith(".0")
    assert {c["terrain"] for c in world["cells"]} <= {
        "plains", "mountain", "desert", "snow", "sea", "scorched"}


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_render_fits_80_columns_and_svg_is_wellformed(seats):
    state = GAME.new(seats, seats)
    rng = Rng(seats)
    while state.turn() < 4 * seats:
        state.play(rng.choice(state.legal()))
    for seat in (None, 0):
        text = GAME.presenter.render(state, seat)
        assert max(len(line) for line in text.splitlines()) <= 80
    assert "Your hand" in GAME.presenter.render(state, 0)
    svg = GAME.presenter.svg(state)
    assert ET.fromstring(svg).tag.endswith("svg")
    assert svg.count("<circle") + svg.count("stroke=\"#fff\"") > 0


def test_every_legal_action_has_words():
    for seed in range(4):
        state = GAME.new(3 + seed % 3, seed)
        rng = Rng(seed)
        while not state.over:
            for action in state.legal():
                label = GAME.presenter.label(state, action)
                assert isinstance(label, str) and label and "None" not in label
            action = rng.choice(state.legal())
            assert GAME.presenter.action_kind(state, action)
            state.play(action)


def test_action_kinds_name_the_action_cards():
    state = new(3)
    assert GAME.presenter.action_kind(state, ("act", 3)) == "Prosperity"
    assert GAME.presenter.action_kind(state, ("wildact", 4)) == "Disaster with the wild card"
    assert GAME.presenter.action_kind(state, ("place", 3)) == "place a worker"


def test_the_log_never_names_a_hidden_card():
    state = GAME.new(3, 11)
    rng = Rng(11)
    while not state.over:
        state.play(rng.choice(state.legal()))
    names = set(state.tables.card_english)
    played = " ".join(line for line in state.log if " plays " in line or "discards" in line)
    for line in state.log:
        if " plays " in line or "discards" in line:
            continue
        assert not any(f" {name}" in line for name in names), line
    assert played
