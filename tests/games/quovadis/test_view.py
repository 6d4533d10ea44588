"""What people see: views hold only what the seat may know, re-dealing hides nothing it
should not, and the labels, text map and SVG picture of the world."""

import json
import xml.etree.ElementTree as ET

import pytest

from soan.engine.rng import Rng
from soan.games.quovadis.codes import BASIC, CITY, DRAFT, FORT, RUIN, TEMPLE
from soan.games.quovadis.presentation import width
from tests.games.quovadis.helpers import GAME, blank, building, cells, new, workers


def positions(seed: int, seats: int, every: int = 5):
    """Positions of a random game at every stage: draft, basic choice, play, end."""
    state = GAME.new(seats, seed)
    rng = Rng(seed + 5)
    step = 0
    while not state.over:
        if step % every == 0 or state.phase in (DRAFT, BASIC):
            yield state
        state.play(rng.choice(state.legal()))
        step += 1
    yield state


@pytest.mark.parametrize("seed", range(6))
def test_view_is_unchanged_by_redeal_and_json_ready(seed):
    # Every kind of hidden part: draft hands and picks (「選んだ1枚を伏せ」), the basic choice
    # until all have chosen (「全員が出したら表向きにして公開」), epic hands, the deck order,
    # face-down skills
    rng = Rng(seed)
    kinds = set()
    for state in positions(seed, 3 + seed % 3):
        kinds.add(state.phase)
        for seat in range(state.seats):
            before = state.view(seat)
            other = state.redeal(seat, rng)
            assert other.view(seat) == before
            assert json.loads(json.dumps(before)) == before
            if state.to_move == seat:
                assert other.legal() == state.legal()
    assert {DRAFT, BASIC} <= kinds


def test_redeal_deals_every_hidden_part_anew():
    state = GAME.new(4, 3)
    while state.phase != DRAFT or len(state.draft[0]) != 4:
        state.play(state.legal()[0])
    seen_draft, seen_hidden = set(), set()
    for i in range(12):
        other = state.redeal(0, Rng(i))
        assert other.draft[0] == state.draft[0] and other.hidden[0] == state.hidden[0]
        seen_draft.add(tuple(tuple(d) for d in other.draft[1:]))
        seen_hidden.add(tuple(other.hidden[1:]))
    assert len(seen_draft) > 1 and len(seen_hidden) > 1
    state = new(4, 5)
    rng = Rng(5)
    while state.turn() < 6:
        state.play(rng.choice(state.legal()))
    seen = set()
    for i in range(12):
        other = state.redeal(0, Rng(i))
        assert other.hand[0:5] == state.hand[0:5] and other.shown == state.shown
        assert sorted(other.deck) != [] and len(other.deck) == len(state.deck)
        assert [other.hand_size(s) for s in range(4)] == [state.hand_size(s) for s in range(4)]
        seen.add((tuple(other.hand[5:]), tuple(other.deck), other.rng.state,
                  tuple(other.hidden[1:])))
    assert len(seen) == 12


def test_redeal_guesses_the_hidden_basic_choices():
    state = GAME.new(3, 8)
    while state.phase != BASIC or state.to_move != 2:
        state.play(state.legal()[0])
    guesses = {state.redeal(2, Rng(i)).basic[0] for i in range(20)}
    assert guesses == set(state.tables.basic[state.race[0]])


def test_redeal_depends_only_on_the_information_set():
    for state in list(positions(4, 4, every=40)):
        if state.over:
            continue
        seat = state.to_move
        a = state.redeal(seat, Rng(1)).redeal(seat, Rng(3))
        b = state.redeal(seat, Rng(2)).redeal(seat, Rng(3))
        assert all(a.view(s) == b.view(s) for s in range(state.seats))


def test_a_view_shows_its_own_secrets_and_only_counts_of_others():
    state = new(4, 2)
    view = state.view(1)
    assert sum(view["hand"].values()) == state.hand_size(1)
    assert [k["id"] for k in view["face_down_skills"]] == list(state.hidden[1])
    assert all("hand" not in s and "face_down" not in json.dumps(s["skills"])
               for s in view["seats"])
    assert [s["face_down_skills"] for s in view["seats"]] == [6, 6, 6, 6]
    spectator = state.view(None)
    assert "hand" not in spectator and "face_down_skills" not in spectator


def test_the_world_in_the_view_has_every_cell_with_its_pieces():
    state = blank(5)
    area = cells(state, (1, 2))
    building(state, area[0], 3, CITY, 2)
    workers(state, area[0], 1, 2)
    world = state.view(None)["world"]
    assert len(world["tiles"]) == 14 and len(world["cells"]) == 42
    cell = world["cells"][area[0]]
    assert cell["building"] == {"kind": "city", "seat": 3, "face_up": True}
    assert cell["workers"] == [0, 2, 0, 0, 0] and cell["cubes"] == 2
    assert set(cell) >= {"terrain", "printed_terrain", "adjacent", "tile"}


def test_the_log_never_names_a_hidden_skill_or_card():
    state = GAME.new(3, 11)
    rng = Rng(11)
    while not state.over:
        state.play(rng.choice(state.legal()))
    t = state.tables
    shown = {k for s in range(3) for k in state.shown[s]}
    for k in t.draft:
        if k not in shown:  # never set: nobody ever saw it
            assert not any(t.skill_english[k] in line for line in state.log)
    assert not any("draws" in line and any(c in line for c in "祝労奇啓繁") for line in state.log)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_render_fits_80_columns_and_svg_is_wellformed(seats):
    state = new(seats, seats)
    rng = Rng(seats)
    while state.turn() < 4 * seats:
        state.play(rng.choice(state.legal()))
    for seat in (None, 0):
        text = GAME.presenter.render(state, seat)
        assert max(width(line) for line in text.splitlines()) <= 80
        assert "\x1b[" not in text  # no colour codes when not on a terminal
    assert "Your hand" in GAME.presenter.render(state, 0) and "Your hand" not in GAME.presenter.render(state, None)
    svg = GAME.presenter.svg(state)
    assert ET.fromstring(svg).tag.endswith("svg")
    for a, b in state.board.world.pairs:
        assert f">{a}-{b}<" in svg


def test_the_svg_draws_cities_up_and_down_forts_temples_cubes_rings_and_workers():
    state = blank(3)
    area = cells(state, (1, 2))
    building(state, area[0], 0, CITY, 3)
    building(state, area[1], 1, RUIN, 2)
    other = cells(state, (3, 4))
    building(state, other[0], 2, FORT)
    building(state, other[1], 0, TEMPLE)
    workers(state, other[2], 1, 2)
    state.ring[state.board.world.tile_of_pair[(1, 2)]] = 4
    svg = GAME.presenter.svg(state)
    assert 'stroke-dasharray="3,2"' in svg  # the destroyed city, face down
    hexes = 7 * len(state.board.world.pairs)
    assert svg.count("<polygon") == hexes + 4  # city, destroyed city, fort, temple
    assert ">3</text>" in svg and ">x2</text>" in svg  # cubes and two workers
    assert 'stroke="#5b9bd5" stroke-width="5"' in svg  # the sea ring


def test_the_text_map_frames_the_creation_area_and_numbers_the_cells():
    state = blank(3)
    state.play(("area", 1, 2))
    text = GAME.presenter.render(state, 0)
    for c in cells(state, (1, 2)):
        assert f"[{c:>2}" in text
    assert "[1-2]" in text


def test_every_legal_action_has_words_and_a_kind_in_the_games_words():
    for seed in range(4):
        state = GAME.new(3 + seed % 3, seed, GAME.options(list(GAME.variants)[seed * 3]))
        rng = Rng(seed)
        while not state.over:
            for action in state.legal():
                label = GAME.presenter.label(state, action)
                assert isinstance(label, str) and label and "None" not in label
                kind = GAME.presenter.action_kind(state, action)
                assert kind and kind not in ("done", "pass", "act")
            state.play(rng.choice(state.legal()))


def test_action_kinds_speak_of_generations():
    state = blank(3)
    assert GAME.presenter.action_kind(state, ("card", 0, 1)) == "generation change"
    assert GAME.presenter.action_kind(state, ("plea", 0, 1, 0)) == "continue the generation with 御無心"
    assert GAME.presenter.action_kind(state, ("area", 1, 2)) == "choose an area"
    assert GAME.presenter.action_kind(state, ("race", 0)) == "play グロリアス"
    assert GAME.presenter.action_kind(state, ("basic", 0)) == "choose the basic skill 栄光の行進"


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iters=30"])
def test_bots_choose_the_same_whatever_the_hidden_deal(spec):
    from soan.bots import make_bot

    bot = make_bot(spec)
    for state in list(positions(9, 4, every=60)):
        if state.over or len(state.legal()) < 2:
            continue
        seat = state.to_move
        deals = [state, *(state.redeal(seat, Rng(k)) for k in (1, 2, 3))]
        assert len({bot(deal, Rng(7)) for deal in deals}) == 1
