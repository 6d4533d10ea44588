"""Root-parallel ISMCTS (`ismcts:workers=N`): reproducible for a seed and N, one worker
exactly the search in this process, the merged root counting every worker's iterations,
workers handed re-deals for the seat (never the real game), and processes that end with
the bot or stop the game naming themselves when they die."""

from __future__ import annotations

import io
import os
import pickle
import signal

import pytest
from rich.console import Console
from typer.testing import CliRunner

from soan.bots import BotSpecError, make_bot, with_workers
from soan.bots.ismcts import Ismcts
from soan.bots.isolated import BotFailure
from soan.bots.match import bot_rngs, play_out
from soan.bots.root_parallel import SearchPool, split
from soan.bots.strong import StrongBot
from soan.cli import app
from soan.engine.core import Game, State
from soan.engine.rng import Rng
from soan.learn.model import NoModel
from soan.table import TableSetup
from soan.terminal import bot_move, run_table, seats_for
from tests.bots.bot_positions import random_position


def game_moves(game: Game, content: object, spec: str, seed: int) -> list:
    """The actions of a seeded two-seat game of `spec` against the heuristic."""
    bot = make_bot(spec)
    try:
        state = play_out(game.new(2, seed, content=content), [bot, make_bot("heuristic")],
                         bot_rngs(seed, 2))
    finally:
        getattr(bot, "close", lambda: None)()
    return list(state.history)


def test_the_same_seed_and_workers_give_the_same_game(cityplan, cityplan_content):
    spec = "ismcts:iters=40:workers=2"
    first = game_moves(cityplan, cityplan_content, spec, 11)
    assert game_moves(cityplan, cityplan_content, spec, 11) == first
    assert len(first) > 20


def test_one_worker_is_the_search_in_this_process(cityplan, cityplan_content):
    """workers=1 starts no process, keeps tree reuse, and plays the default bot's game
    move for move, its generator ending where the default bot's does."""
    one, default = Ismcts(iters=60, workers=1), Ismcts(iters=60)
    assert one._pool is None and one.reuse
    state = random_position(cityplan, 3, 4, 12, cityplan_content)
    for plies in range(6):
        rng_one, rng_default = Rng(plies), Rng(plies)
        move = one(state.redeal(state.to_move, Rng(99)), rng_one)
        assert move == default(state.redeal(state.to_move, Rng(99)), rng_default)
        assert rng_one.state == rng_default.state
        assert one.iterations_run == default.iterations_run
        state.play(move)


def test_more_workers_turn_tree_reuse_off():
    assert not Ismcts(workers=2).reuse
    assert Ismcts(workers=2, reuse=True).reuse is False


def test_split_shares_the_iterations_evenly():
    assert split(100, 3) == [34, 33, 33]
    assert split(2, 4) == [1, 1]
    assert sum(split(401, 2)) == 401


class Recorder:
    """Wraps a pool: keeps every message sent (worker, pickle) and every answer."""

    def __init__(self, pool: SearchPool) -> None:
        self.sent: list[tuple[int, bytes]] = []
        self.answers: list = []
        send, search = pool._send, pool.search

        def recorded_send(i: int, data: bytes) -> None:
            self.sent.append((i, data))
            send(i, data)

        def recorded_search(shares, seconds):
            answers = search(shares, seconds)
            self.answers.append(answers)
            return answers

        pool._send = recorded_send  # type: ignore[method-assign]
        pool.search = recorded_search  # type: ignore[method-assign]


def test_merged_visits_are_every_workers_iterations(cityplan, cityplan_content):
    state = random_position(cityplan, 4, 3, 20, cityplan_content)
    bot = Ismcts(iters=101, workers=3)
    assert bot._pool is not None
    recorder = Recorder(bot._pool)
    try:
        root = bot.grow(state, Rng(5))
    finally:
        bot.close()
    (answers,) = recorder.answers
    assert [run for run, _ in answers] == split(101, 3)
    for run, children in answers:
        assert sum(visits for _, visits, _, _ in children) == run
    assert root.visits == bot.iterations_run == 101
    assert sum(child.visits for child in root.children.values()) == 101
    for action, child in root.children.items():
        parts = [c for _, children in answers for c in children if c[0] == action]
        assert child.visits == sum(c[1] for c in parts)
        assert child.totals == pytest.approx([sum(c[3][s] for c in parts) for s in range(4)])


def views(state: State) -> list:
    return [state.view(s) for s in (None, *range(state.seats))]


def test_workers_are_sent_redeals_for_the_seat_never_the_real_game(cityplan, cityplan_content):
    """What goes down each worker's pipe is exactly a re-deal for the seat to move from
    the worker's own generator (spawned from the bot's), not the position handed in."""
    state = random_position(cityplan, 3, 3, 21, cityplan_content)
    seat = state.to_move
    bot = Ismcts(iters=30, workers=2)
    assert bot._pool is not None
    recorder = Recorder(bot._pool)
    rng = Rng(8)
    derived = rng.copy()
    try:
        bot(state, rng)
    finally:
        bot.close()
    starts, decisions = recorder.sent[:2], recorder.sent[2:]
    assert [i for i, _ in starts] == [i for i, _ in decisions] == [0, 1]
    for _, data in starts:  # each worker is first told how to search, nothing of the game
        assert set(pickle.loads(data)) == {"time", "rollout", "depth", "c", "scale",
                                               "widen", "eval", "models"}
    for (_, data), share in zip(decisions, split(30, 2), strict=True):
        own = derived.spawn()
        expected = state.redeal(seat, own)
        position = pickle.loads(data)[0]
        assert data == pickle.dumps((expected, own.state, share, None),
                                        pickle.HIGHEST_PROTOCOL)
        assert views(position) == views(expected)
        assert position.view(seat) == state.view(seat)  # the seat's information set
        assert views(position) != views(state)  # the other hands are dealt anew
        assert not position.history


def test_the_pool_starts_at_the_first_decision_and_ends_with_close(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 3, 9, cityplan_content)
    bot = make_bot("ismcts:iters=20:workers=2")
    assert isinstance(bot, Ismcts) and bot._pool is not None
    assert bot._pool.pids() == []  # nothing started by making the bot
    bot(state, Rng(1))
    pids = bot._pool.pids()
    assert len(pids) == 2
    bot(state, Rng(2))
    assert bot._pool.pids() == pids  # the same processes, not one set per decision
    bot.close()
    assert bot._pool.pids() == []
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_dead_worker_stops_the_game_naming_it(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 3, 9, cityplan_content)
    bot = make_bot("ismcts:iters=20:workers=2")
    assert isinstance(bot, Ismcts) and bot._pool is not None
    bot(state, Rng(1))
    first, second = bot._pool.pids()
    os.kill(second, signal.SIGKILL)
    with pytest.raises(BotFailure) as failure:
        bot_move(bot, state, Rng(2), "ismcts:iters=20:workers=2")
    message = str(failure.value)
    assert "seat" in message and "ismcts:iters=20:workers=2" in message
    assert f"search worker 2 of 2 (process {second})" in message and "exit code -9" in message
    assert bot._pool.pids() == []  # the other worker was ended too
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)
    assert bot(state, Rng(3)) in state.legal()  # a later decision starts afresh
    bot.close()


def test_a_time_budget_runs_every_worker(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 3, 9, cityplan_content)
    bot = Ismcts(time=0.05, workers=2)
    try:
        root = bot.grow(state, Rng(1))
    finally:
        bot.close()
    assert root.visits == bot.iterations_run >= 2
    assert sum(child.visits for child in root.children.values()) == root.visits


def test_strong_passes_its_workers_to_the_search(cityplan, cityplan_content, tmp_path):
    """The search `strong` makes for a game searches with its workers (the model is
    asked for after the search is made, so an empty cache shows it)."""
    bot = StrongBot(models=str(tmp_path), workers=3)
    with pytest.raises(NoModel):
        bot.bot_for(cityplan.new(2, 1, content=cityplan_content))
    search = bot._bots["cityplan"]
    assert isinstance(search, Ismcts) and search.workers == 3 and not search.reuse
    bot.close()


@pytest.mark.parametrize("spec, words", [
    ("ismcts:workers=0", "workers must be a whole number from 1 to 64, not 0"),
    ("ismcts:workers=65", "from 1 to 64, not 65"),
    ("ismcts:workers=1.5", "workers takes a whole number"),
    ("ismcts:workers=two", "workers takes a whole number"),
    ("strong:workers=yes", "workers takes a whole number"),
])
def test_bad_workers_are_refused_in_one_line(spec, words):
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec)


def test_jobs_reach_the_searching_seats_only():
    assert with_workers("ismcts", 2) == "ismcts:workers=2"
    assert with_workers("strong:models=m", 3) == "strong:models=m:workers=3"
    assert with_workers("ismcts:workers=4", 2) == "ismcts:workers=4"  # the seat's own wins
    assert with_workers("heuristic", 2) == "heuristic"
    assert with_workers("my_bot.py:Bot", 2) == "my_bot.py:Bot"
    assert with_workers("ismcts:iters=9", 1) == "ismcts:iters=9"
    assert seats_for("cityplan", 0, "human,ismcts:iters=50", jobs=2) == [
        "human", "ismcts:iters=50:workers=2"]


@pytest.mark.parametrize("jobs", ["0", "-1", "65", "two"])
def test_bad_jobs_are_refused_with_exit_code_2(jobs):
    result = CliRunner().invoke(app, ["play", "cityplan", "--seats", "ismcts,random",
                                      "--jobs", jobs])
    assert result.exit_code == 2
    assert "--jobs" in result.output or "jobs" in result.output.lower()
    assert "Traceback" not in result.output


def test_the_terminal_closes_the_workers_at_the_end(monkeypatch):
    closed: list[list[int]] = []
    close = SearchPool.close

    def recorded_close(pool: SearchPool) -> None:
        closed.append(pool.pids())
        close(pool)

    monkeypatch.setattr(SearchPool, "close", recorded_close)
    setup = TableSetup.build("cityplan", seats_for("cityplan", 0, "ismcts:iters=10,random",
                                                   jobs=2), seed=3)
    state = run_table(setup, Console(file=io.StringIO()), None, quiet=True)
    assert state.over
    started = [pids for pids in closed if pids]
    assert len(started) == 1 and len(started[0]) == 2
    for pid in started[0]:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
