"""What people see: JSON-ready views holding only what the seat may know, labels for
every choice, and the table in 80 columns (cards by their two faces, the field, the red
moon's counters and die)."""

import json

import pytest

from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim.presentation import _width
from tests.games.undecim.helpers import new, to_phase


def test_a_view_is_json_and_shows_its_own_hands_and_only_the_size_of_others():
    state = new(4, 2)
    to_phase(state, K.PICK)
    view = state.view(1)
    json.dumps(view, ensure_ascii=False)
    assert sum(c["count"] for c in view["hand"]) == state.hsize[1]
    assert all("faces" in c and len(c["faces"]) == 2 for c in view["hand"])
    assert len(view["action_cards"]) == 2
    assert [s["hand_size"] for s in view["seats"]] == state.hsize
    assert all("hand" not in s for s in view["seats"])
    spectator = state.view(None)
    assert "hand" not in spectator and "action_cards" not in spectator
    assert set(spectator["moon"]) == {"counters", "cap", "die", "night"}


@pytest.mark.parametrize("seats", [3, 4])
def test_render_fits_80_columns_at_every_step(seats):
    state = new(seats, seats, module_storm=True)
    rng = Rng(seats)
    while not state.over:
        for seat in (None, state.to_move):
            text = state.game.presenter.render(state, seat)
            assert max(_width(line) for line in text.splitlines()) <= 80, text
        state.play(rng.choice(state.legal()))
    text = state.game.presenter.render(state, 0)
    assert "Red moon" in text and "Field:" in text and "Your hand" in text


def test_render_shows_cards_by_their_two_faces_the_moon_and_the_die():
    state = new(4, 1)
    to_phase(state, K.PICK)
    text = state.game.presenter.render(state, 0)
    assert "/" in text.split("Your hand: ")[1].splitlines()[0]  # 森/木 and the like
    assert f"{state.counters}/10 time counters, moon die {state.die}" in text
    assert "●" * state.counters in text


def test_every_legal_action_has_plain_words():
    for seed in range(6):
        state = new(3 + seed % 2, seed, module_dark=seed % 2 == 0, module_gold=seed % 3 == 0)
        rng = Rng(seed)
        while not state.over:
            for action in state.legal():
                words = state.game.presenter.label(state, action)
                assert words and "(" not in words[:1] and "'" not in words
            state.play(rng.choice(state.legal()))


def test_play_and_replay_at_the_terminal(tmp_path):
    from typer.testing import CliRunner

    from soan.cli import app

    runner = CliRunner()
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "undecim", "--players", "3", "--seats",
                                 "random,random,heuristic", "--seed", "4", "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert "The red moon holds 10 time counters" in played.output and "lands" in played.output
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "replayed exactly" in replayed.output
    bad = tmp_path / "bad.toml"
    bad.write_text("title = 3\n", "utf-8")
    refused = runner.invoke(app, ["play", "undecim", "--content", str(bad)])
    assert refused.exit_code == 2 and str(bad) in refused.output.replace("\n", "")
    assert "Traceback" not in refused.output
