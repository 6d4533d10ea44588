"""`soan serve --workers 2`: two server processes share the tables behind one port; a
table's moves, over websockets and HTTP alike, reach its one process in order; and
every table survives the whole server being killed and started again."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
from collections import Counter

import httpx
from websockets.sync.client import connect

from soan.engine.rng import Rng
from soan.web.manager import owner
from soan.web.shards import named
from tests.web.conftest import free_port
from tests.web.test_restart import snapshot
from tests.web.test_restart import start as start_server


def start(db, port) -> subprocess.Popen:
    """`soan serve --workers 2` in a session of its own, so a kill reaches every process."""
    return start_server(db, port, None, "--workers", "2", "--tables-per-minute", "0",
                        session=True)


def kill_all(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def test_a_request_names_its_table_or_seat():
    assert named(b"GET /ws/play/tok HTTP/1.1\r\nHost: x\r\n\r\n") == (None, "tok")
    assert named(b"GET /play/tok?lang=ja HTTP/1.1\r\n\r\n") == (None, "tok")
    assert named(b"GET /api/tables/T1/record HTTP/1.1\r\n\r\n") == ("T1", None)
    assert named(b"GET /ws/watch/T2 HTTP/1.1\r\n\r\n") == ("T2", None)
    assert named(b"GET /replay/R3 HTTP/1.1\r\n\r\n") == ("R3", None)
    assert named(b"GET /lab/jobs/J4/report HTTP/1.1\r\n\r\n") == ("J4", None)
    assert named(b"POST /api/seat/action HTTP/1.1\r\nauthorization: Bearer s3cr3t\r\n\r\n") \
        == (None, "s3cr3t")
    assert named(b"GET / HTTP/1.1\r\n\r\n") == (None, None)
    assert named(b"POST /api/tables HTTP/1.1\r\n\r\n") == (None, None)


def test_two_processes_keep_each_tables_moves_in_order_and_survive_a_kill(tmp_path):
    db, port = tmp_path / "tables.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(db, port)
    try:
        client = httpx.Client(base_url=url, timeout=30)
        tables = [client.post("/api/tables", json={
            "game": "cityplan", "seats": ["human", "human", "human"],
            "options": {"end_buildings": 4}}).json() for _ in range(4)]
        workers = Counter(client.get(f"/api/tables/{t['table']}").headers["x-soan-worker"]
                          for t in tables)
        assert workers == {"0": 2, "1": 2}  # new tables go to the processes in turn
        for made in tables:  # every request about a table reaches the process that owns it
            expected = str(owner(made["table"], 2))
            token = made["seats"][0]["token"]
            answers = [client.get(f"/api/tables/{made['table']}"),
                       client.get("/api/seat", headers={"Authorization": f"Bearer {token}"}),
                       client.get(f"/play/{token}"), client.get(f"/watch/{made['table']}")]
            assert {r.headers["x-soan-worker"] for r in answers} == {expected}
            assert all(r.status_code == 200 for r in answers)

        rng = Rng(4)
        for made in tables:
            with contextlib.ExitStack() as opened:
                sockets = [opened.enter_context(connect(f"ws://127.0.0.1:{port}/ws/play/"
                                                        f"{s['token']}"))
                           for s in made["seats"]]
                seen: list[list[int]] = [[] for _ in sockets]
                latest = [json.loads(ws.recv(10)) for ws in sockets]
                for s, message in enumerate(latest):
                    seen[s].append(message["ply"])
                for move in range(30):
                    mover = next(m for m in latest if m["your_turn"])
                    s = mover["seat"]
                    action = rng.choice(mover["choices"])["action"]
                    if move % 3 == 2:  # every third move over HTTP, the rest over the socket
                        token = made["seats"][s]["token"]
                        assert client.post("/api/seat/action", json={
                            "action": action, "ply": mover["ply"]},
                            headers={"Authorization": f"Bearer {token}"}).status_code == 200
                    else:
                        sockets[s].send(json.dumps({"type": "action", "action": action,
                                                    "ply": mover["ply"]}))
                    for t, ws in enumerate(sockets):  # every seat hears of the move
                        while latest[t]["ply"] < mover["ply"] + 1:
                            latest[t] = json.loads(ws.recv(10))
                            assert latest[t]["type"] == "state"
                            seen[t].append(latest[t]["ply"])
                    if latest[0]["over"]:
                        break
            for plies in seen:  # in order: never an older position after a newer one
                assert plies == sorted(plies)  # (a mover hears again when it may undo)
            assert client.get(f"/api/tables/{made['table']}").json()["ply"] == latest[0]["ply"]

        listed = client.get("/api/tables").json()["tables"]
        assert {t["table"] for t in listed} == {t["table"] for t in tables}
        assert all(t["ply"] > 0 for t in listed)
        before = snapshot(url, tables)
        kill_all(server)  # the router and both processes at once, as a crash would
        server = start(db, port)
        assert snapshot(url, tables) == before
        assert {t["table"]: t["ply"] for t in client.get("/api/tables").json()["tables"]} == \
            {t["table"]: t["ply"] for t in listed}
    finally:
        kill_all(server)
