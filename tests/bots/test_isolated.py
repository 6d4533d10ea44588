"""Isolated seats: a bot in its own process sees only its re-dealt state, plays the same
moves as in-process, and stops the game cleanly however it misbehaves."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from soan.bots import BotSpecError, make_bot
from soan.bots.isolated import BotFailure, IsolatedBot
from soan.bots.match import bot_rngs, play_out
from soan.engine.core import IllegalAction
from soan.engine.registry import get_game

PEEKER = """
import sys

def Bot(state, rng):
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if not isinstance(value, type) and getattr(value, "history", None):
                # a game state with a past: the real game
                raise RuntimeError("found the real game in frame " + frame.f_code.co_name)
        frame = frame.f_back
    return state.legal()[rng.below(len(state.legal()))]
"""

BOTS = {
    "peeker.py": PEEKER,
    "sleeper.py": "import time\ndef Bot(state, rng):\n    time.sleep(30)\n",
    "dies.py": "import os\ndef Bot(state, rng):\n    os._exit(3)\n",
    "chatty.py": ("def Bot(state, rng):\n    print('thinking...')\n    print('{}')\n"
                  "    return state.legal()[0]\n"),
    "indexed.py": textwrap.dedent("""
        class Number:
            def __init__(self, n):
                self.n = n
            def __index__(self):
                return self.n

        def Bot(state, rng):
            name, *rest = state.legal()[-1]
            return (name, *(Number(x) for x in rest))
    """),
    "innocent.py": ("def Bot(state, rng):\n    assert not state.history\n"
                    "    return state.legal()[rng.below(len(state.legal()))]\n"),
}


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    for name, text in BOTS.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def play(specs: list[str], seed: int = 3, move_time: float = 20.0):
    game = get_game("cityplan")
    bots = [make_bot(spec, move_time) for spec in specs]
    try:
        return play_out(game.new(len(specs), seed), bots, bot_rngs(seed, len(specs)))
    finally:
        for bot in bots:
            if isinstance(bot, IsolatedBot):
                bot.close()


def test_in_process_a_bot_can_read_its_callers_frame(bots):
    with pytest.raises(RuntimeError, match="found the real game in frame choose"):
        play([f"{bots}/peeker.py:Bot", "random"])


def test_isolated_the_same_bot_finds_only_its_redealt_state(bots):
    state = play([f"isolated:{bots}/peeker.py:Bot", "random"])
    assert state.over


def test_an_isolated_bot_plays_exactly_the_moves_it_plays_in_process(bots):
    for spec in ("heuristic", f"{bots}/innocent.py:Bot"):
        alone = play([spec, "random"], seed=11)
        isolated = play([f"isolated:{spec}", "random"], seed=11)
        assert isolated.history == alone.history


def test_an_isolated_bot_is_handed_a_state_without_history(bots):
    assert play([f"isolated:{bots}/innocent.py:Bot", "random"]).over


def test_what_an_isolated_bot_prints_does_not_disturb_its_answers(bots):
    assert play([f"isolated:{bots}/chatty.py:Bot", "random"]).over


def test_integers_of_other_types_become_plain_ints(bots):
    assert play([f"isolated:{bots}/indexed.py:Bot", "random"]).over


def test_a_slow_bot_is_stopped_at_its_move_time(bots):
    with pytest.raises(BotFailure, match=r"took longer than 0\.5 s"):
        play([f"isolated:{bots}/sleeper.py:Bot", "random"], move_time=0.5)


def test_a_bot_whose_process_dies_is_named(bots):
    with pytest.raises(BotFailure, match=r"process ended \(exit code 3\)"):
        play([f"isolated:{bots}/dies.py:Bot", "random"])


def test_a_bot_that_does_not_load_is_refused_before_play(bots):
    (bots / "broken.py").write_text("import no_such_package\n")
    with pytest.raises(BotSpecError, match=r"broken\.py failed to load: ModuleNotFoundError"):
        make_bot(f"isolated:{bots}/broken.py:Bot")
    with pytest.raises(BotSpecError, match="needs the bot"):
        make_bot("isolated:")


def test_an_answer_that_is_no_action_is_refused(bots):
    (bots / "junk.py").write_text("def Bot(state, rng):\n    return {'build': 1}\n")
    with pytest.raises(IllegalAction, match="not an action"):
        play([f"isolated:{bots}/junk.py:Bot", "random"])


def test_closing_ends_the_process(bots):
    bot = make_bot(f"isolated:{bots}/innocent.py:Bot")
    assert isinstance(bot, IsolatedBot)
    process = bot._process
    bot.close()
    assert process is not None and process.poll() is not None
    with pytest.raises(BotFailure, match="stopped"):
        bot(get_game("cityplan").new(2, 1), bot_rngs(1, 2)[0])
