"""What one visitor cannot do to the server: leave files behind, make a page retry
forever, send or get back megabytes, make tables without end, or stop other tables'
bots (docs/web.md, "Limits")."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from soan.bots import make_bot
from soan.bots.match import choose
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.web import workers
from soan.web.limits import MAX_FRAME, Limits
from soan.web.manager import content_dir_of
from soan.web.workers import BotWorkers
from tests.web.conftest import Server, free_port, running, wait_until
from tests.web.test_restart import start

SLEEPER = f"{Path(__file__).with_name('slow_bot.py')}:Sleeper"  # never answers in time


def ws_url(server: Server, path: str) -> str:
    return server.url.replace("http://", "ws://") + path


def closed(socket) -> tuple[list[dict], ConnectionClosed]:
    """Every message until the server closes the socket, and how it closed."""
    messages = []
    while True:
        try:
            messages.append(json.loads(socket.recv(timeout=10)))
        except ConnectionClosed as exc:
            return messages, exc


# ---- files ---------------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_killed_server_leaves_nothing_in_tmp_and_its_content_folder_is_emptied_at_start(
        tmp_path):
    """The server's temporary folder (TMPDIR, /tmp unless set) is one of this test's own,
    so nothing another program leaves in /tmp meanwhile counts."""
    from soan.games.cityplan.content import DEFAULT_PATH

    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {"TMPDIR": str(temp)}
    db, port = tmp_path / "tables.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"
    folder = content_dir_of(db)
    text = DEFAULT_PATH.read_text("utf-8").replace('name = "公園"', 'name = "大公園"')
    server = start(db, port, env)
    try:
        made = httpx.post(f"{url}/api/tables", json={
            "game": "cityplan", "seats": ["human", "random"], "content": text,
            "content_name": "parks.toml"}).json()
        assert [p.name for p in folder.rglob("*.toml")] == ["parks.toml"]
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        assert list(temp.iterdir()) == []
        stale = folder / "left-behind" / "old.toml"
        stale.parent.mkdir()
        stale.write_text("x")
        server = start(db, port, env)
        assert not stale.exists() and not stale.parent.exists()
        assert [p.name for p in folder.rglob("*.toml")] == ["parks.toml"]  # written again
        assert httpx.get(f"{url}/api/tables/{made['table']}").json()["ply"] >= 0
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        assert list(temp.iterdir()) == []
        server = start(db, port, env)
        server.send_signal(signal.SIGTERM)  # a clean stop takes its folder away
        server.wait(20)
        assert not folder.exists()
        assert list(temp.iterdir()) == []
    finally:
        server.kill()
        server.wait(10)


# ---- websockets ----------------------------------------------------------------------------

def test_a_websocket_with_a_bad_link_is_told_why_and_closed_with_4403_or_4404(server: Server):
    with connect(ws_url(server, "/ws/play/not-a-token")) as socket:
        messages, end = closed(socket)
    assert end.rcvd is not None and end.rcvd.code == 4403
    assert "not valid" in end.rcvd.reason
    assert messages == [{"type": "error", "status": 403, "message": messages[0]["message"]}]
    assert "opens no seat" in messages[0]["message"]
    with connect(ws_url(server, "/ws/watch/no-such-table")) as socket:
        messages, end = closed(socket)
    assert end.rcvd is not None and end.rcvd.code == 4404
    assert messages[0]["status"] == 404 and "no such table" in messages[0]["message"]


def test_a_big_websocket_message_is_refused_and_errors_quote_only_a_short_prefix(
        server: Server):
    made = server.create(game="cityplan", seats=["human", "human"])
    table = server.manager.table(made["table"])
    path = f"/ws/play/{made['seats'][0]['token']}"
    with connect(ws_url(server, path), max_size=None) as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "state"
        # under the cap but no action: the error quotes its start, not all of it
        for bad in ({"type": "action", "action": ["x" * 50_000]},
                    {"type": "action", "action": "y" * 50_000},
                    {"type": "action", "action": ["act", 1], "ply": "z" * 50_000}):
            socket.send(json.dumps(bad))
            error = json.loads(socket.recv(timeout=10))
            assert error["type"] == "error" and error["status"] == 400
            assert len(error["message"]) < 400, error["message"][:500]
        socket.send("w" * 50_000)  # not JSON
        error = json.loads(socket.recv(timeout=10))
        assert error["status"] == 400 and len(error["message"]) < 400
        # over the cap: closed with 1009 (message too big), nothing echoed
        socket.send(json.dumps({"type": "action", "action": ["x" * (10 * 1024 * 1024)]}))
        messages, end = closed(socket)
    assert end.rcvd is not None and end.rcvd.code == 1009
    assert all(len(json.dumps(m)) < 400 for m in messages)
    assert table.ply == 0
    # the same over HTTP: a long bad action is quoted by its start only
    seat = server.seat(made["seats"][0]["token"])
    refused = seat.post("/api/seat/action", json={"action": ["act", "x" * 1_000_000]})
    assert refused.status_code == 400 and len(refused.json()["error"]) < 1000
    assert MAX_FRAME == 64 * 1024


# ---- bodies --------------------------------------------------------------------------------

def test_a_chunked_body_over_the_limit_gets_413(server: Server):
    def chunks():
        piece = b"x" * 65536
        for _ in range(160):  # 10 MB, with no Content-Length
            yield piece

    response = server.client.post("/api/tables", content=chunks(),
                                  headers={"content-type": "application/json"})
    assert response.request.headers.get("transfer-encoding") == "chunked"
    assert response.status_code == 413, response.text
    assert "larger than 6 MB" in response.json()["error"]
    # a chunked body under the limit is read as usual
    body = json.dumps({"game": "cityplan", "seats": ["human", "random"]}).encode()
    made = server.client.post("/api/tables", content=iter([body[:10], body[10:]]),
                              headers={"content-type": "application/json"})
    assert made.status_code == 201, made.text


# ---- making tables -------------------------------------------------------------------------

def test_one_address_may_make_only_so_many_tables_a_minute(tmp_path):
    with running(tmp_path / "tables.sqlite", Limits(tables_per_minute=3)) as server:
        body = {"game": "cityplan", "seats": ["human", "random"]}
        for _ in range(3):
            assert server.client.post("/api/tables", json=body).status_code == 201
        # a refused table does not count, and a fourth is refused with when to try again
        assert server.client.post("/api/tables", json={**body, "game": "nope"}).status_code \
            == 429
        refused = server.client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "3 tables in the last minute" in refused.json()["error"]
        assert 0 < int(refused.headers["retry-after"]) <= 60
        # another address has its own count
        other = httpx.Client(base_url=server.url, transport=httpx.HTTPTransport(
            local_address="127.0.0.2"))
        assert other.post("/api/tables", json=body).status_code == 201
        # playing at the tables made is not limited
        assert server.client.get("/api/tables").status_code == 200


def test_bots_may_think_only_as_hard_as_the_server_allows(tmp_path):
    with running(tmp_path / "tables.sqlite", Limits(tables_per_minute=0)) as server:
        for spec in ("ismcts:iters=2001", "ismcts:time=3.5"):
            refused = server.client.post("/api/tables", json={
                "game": "cityplan", "seats": ["human", spec]})
            assert refused.status_code == 400
            assert "--max-iters" in refused.json()["error"], refused.text
        server.create(game="cityplan", seats=["human", "ismcts:iters=2000"])
    raised = Limits(max_iters=20_000, move_time=10, tables_per_minute=0)
    with running(tmp_path / "raised.sqlite", raised) as server:
        server.create(game="cityplan", seats=["human", "ismcts:iters=20000"])


# ---- bots ----------------------------------------------------------------------------------

def bot_delays(server: Server, made: dict, count: int, rng: Rng) -> list[float]:
    """Seconds from a person's choice to the bot's answer, `count` times."""
    seat = server.seat(made["seats"][0]["token"])
    delays: list[float] = []
    message = seat.get("/api/seat").json()
    while len(delays) < count and not message["over"]:
        assert message["your_turn"]
        choice = rng.choice(message["choices"])["action"]
        started = time.monotonic()
        after = seat.post("/api/seat/action", json={"action": choice,
                                                     "ply": message["ply"]}).json()
        message = seat.get("/api/seat/wait", params={"timeout": 20}).json()
        if message["ply"] > after["ply"]:  # the bot moved in between
            delays.append(time.monotonic() - started)
    return delays


def test_expensive_bots_at_other_tables_do_not_delay_a_random_bot(tmp_path):
    """Six tables of five ISMCTS bots at 20,000 iterations keep every search worker busy;
    a random bot at another table still answers its person without waiting for them;
    the expensive tables move in turn; and a quick search at another table waits for a
    free worker, not for the six tables' turns."""
    limits = Limits(max_iters=20_000, move_time=1.0, tables_per_minute=0)
    with running(tmp_path / "tables.sqlite", limits) as server:
        expensive = [server.create(game="cityplan", seats=["ismcts:iters=20000"] * 5)
                     for _ in range(6)]
        search = server.manager.bots.lanes["search"]
        wait_until(lambda: sum(w.job is not None for w in search.workers) == 2)
        # counted in the six tables' moves meanwhile: an answer that waited for a search
        # worker would come after a search ended, a move, so six answers after six moves
        cheap = server.create(game="cityplan", seats=["remote", "random"])
        before = sum(server.manager.table(t["table"]).ply for t in expensive)
        delays = bot_delays(server, cheap, 6, Rng(5))
        meanwhile = sum(server.manager.table(t["table"]).ply for t in expensive) - before
        assert len(delays) == 6 and meanwhile < 6, (delays, meanwhile)
        # each expensive table moves in turn, a budget (1 s) a move, two at a time
        wait_until(lambda: all(server.manager.table(t["table"]).ply >= 1 for t in expensive),
                   timeout=15)
        # a search of 30 iterations needs a free worker (at most a budget away), then
        # keeps it for the next decisions of its turn: it waits neither for the six
        # tables' turns nor for a long search before each decision (counted in the six
        # tables' moves meanwhile, not in seconds: two workers' moves at most before each
        # of three answers, six; waiting before each decision of a turn made 9-18; a
        # worker restarted after a search overran its budget can cost a few moves more)
        quick_search = server.create(game="cityplan", seats=["remote", "ismcts:iters=30"])
        before = sum(server.manager.table(t["table"]).ply for t in expensive)
        delays = bot_delays(server, quick_search, 3, Rng(6))
        meanwhile = sum(server.manager.table(t["table"]).ply for t in expensive) - before
        assert len(delays) == 3 and meanwhile < 12, (delays, meanwhile)
        assert server.client.get("/api/games").status_code == 200


def _state(game_id: str, steps: int):
    game = get_game(game_id)
    state = game.new(3, 7, game.Options(), game.load_content())
    rng = Rng(1)
    for _ in range(steps):
        state.play(rng.choice(state.legal()))
    return state


def _ask(pool: BotWorkers, spec: str, state, rng: Rng):
    """The move (and the note of a fallback) the pool answers for `spec`."""
    loop = asyncio.get_running_loop()
    answer = loop.create_future()
    pool.think("t", spec, state.redeal(state.to_move, rng.spawn()), rng,
               lambda action, note: answer.set_result((action, note)))
    return answer


def test_a_bot_past_its_budget_is_stopped_and_the_heuristic_moves_for_it():
    state = _state("cityplan", 6)

    async def scenario():
        pool = BotWorkers(asyncio.get_running_loop(), workers=1, move_time=0.3)
        try:
            started = time.monotonic()
            action, note = await asyncio.wait_for(
                _ask(pool, SLEEPER, state, Rng(3)), 20)
            late = time.monotonic() - started
            expected = choose(make_bot("heuristic"), state, Rng(3))
            # the worker is started afresh, and the next search answers within budget
            fresh, fresh_note = await asyncio.wait_for(
                _ask(pool, "ismcts:iters=100000", state, Rng(4)), 20)
            return action, note, late, expected, fresh, fresh_note
        finally:
            pool.close()

    action, note, late, expected, fresh, fresh_note = asyncio.run(scenario())
    assert action == expected
    assert "past its budget of 0.3 s" in note and "heuristic moved instead" in note
    assert late < 10
    assert fresh in state.legal() and fresh_note is None


def test_a_search_within_its_budget_moves_as_it_would_with_no_budget():
    """Records stay reproducible: a bot that finishes in time makes the very move it
    makes anywhere else from the same position and generator."""
    states = [_state(game_id, steps) for game_id in ("cityplan", "populous", "undecim")
              for steps in (3, 11)]

    async def scenario():
        pool = BotWorkers(asyncio.get_running_loop(), workers=2, move_time=30)
        try:
            return [await asyncio.wait_for(_ask(pool, spec, state, Rng(9)), 60)
                    for state in states for spec in ("ismcts:iters=150", "heuristic")]
        finally:
            pool.close()

    answers = asyncio.run(scenario())
    expected = [(choose(make_bot(spec), state, Rng(9)), None)
                for state in states for spec in ("ismcts:iters=150", "heuristic")]
    assert answers == expected


def test_a_worker_waits_for_the_next_decision_of_the_table_it_answered(monkeypatch):
    """A bot's turn is several decisions in a row, each queued once the last move is
    stored: the worker that answered is kept for that table meanwhile, so table a's next
    decision goes ahead of table b, which has thought far longer; when a says it has no
    bot decision next (`release`), b is served at once, not at the hold's end (a minute
    here, longer than the test waits)."""
    monkeypatch.setattr(workers, "HOLD", 60.0)
    state = _state("cityplan", 6)

    async def scenario():
        loop = asyncio.get_running_loop()
        pool = BotWorkers(loop, workers=1, move_time=30)
        order: list[str] = []
        try:
            lane = pool.lanes["search"]
            await asyncio.wait_for(_ask(pool, "ismcts:iters=30", state, Rng(1)), 60)
            lane.used["b"] = 100.0  # b has had far more thinking than a

            def asked(key: str, then=None):
                def done(action, note):
                    order.append(key)
                    if then is not None:
                        loop.call_later(0.2, then)  # as a move is stored, then the next
                pool.think(key, "ismcts:iters=30", state.redeal(state.to_move, Rng(2)),
                           Rng(2), done)

            asked("a", then=lambda: asked("a", then=lambda: pool.release("a")))
            asked("b", then=lambda: None)
            while len(order) < 3:
                await asyncio.sleep(0.01)
            return order
        finally:
            pool.close()

    assert asyncio.run(asyncio.wait_for(scenario(), 30)) == ["a", "a", "b"]
