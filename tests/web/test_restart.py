"""Nothing lost: a server killed with `kill -9` mid-game resumes every table exactly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import httpx
import pytest

from soan.bots import make_bot
from soan.bots.match import choose
from soan.engine.core import options_from_dict
from soan.engine.registry import get_game
from soan.engine.rng import Rng
from soan.web.table import seeded_rng
from tests.web.conftest import free_port, wait_until


def start(db, port, env: dict[str, str] | None = None, *more: str,
          session: bool = False) -> subprocess.Popen:
    """`soan serve` in a process of its own (`env`: more environment variables; `more`:
    more arguments; `session`: a session of its own, so a kill reaches its workers too)."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from soan.cli import app; app()", "serve", "--port", str(port),
         "--db", str(db), *more],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **(env or {})}, start_new_session=session)

    def up():
        assert process.poll() is None, process.stderr.read()
        try:
            return httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200
        except httpx.TransportError:
            return False

    wait_until(up, timeout=60, every=0.1)
    return process


def snapshot(url: str, tables: list[dict]) -> dict:
    """Every seat's and every spectator's message of every table."""
    out = {}
    for made in tables:
        out[made["table"]] = httpx.get(f"{url}/api/tables/{made['table']}").json()
        for seat in made["seats"]:
            if seat["token"]:
                out[seat["token"]] = httpx.get(
                    f"{url}/api/seat", headers={"Authorization": f"Bearer {seat['token']}"}).json()
    return out


def settled(url: str, made: dict) -> bool:
    """The table waits for a person (bots have all moved)."""
    message = httpx.get(f"{url}/api/tables/{made['table']}").json()
    return message["over"] or message["seats"][message["to_move"]]["kind"] != "bot"


def bots_played_as_if_never_stopped(record: dict) -> None:
    """Every bot move of the record is the one a fresh bot makes from that position (a
    web table searches each decision afresh, with no subtree kept from the last)."""
    game = get_game(record["game"])
    state = game.new(len(record["seats"]), record["seed"],
                     options_from_dict(game, record["options"]), game.load_content())
    bots = {s: spec for s, spec in enumerate(record["seats"]) if spec not in ("human", "remote")}
    for ply, action in enumerate(record["actions"]):
        seat = state.to_move
        if seat in bots:
            rng = seeded_rng("bot", record["seed"], seat, ply)
            expected = choose(make_bot(bots[seat]), state, rng)
            assert list(expected) == action, f"move {ply + 1}"
        state.play(tuple(action))
    assert state.over


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_kill_9_mid_game_and_restart_resumes_every_table_identically(tmp_path):
    db, port = tmp_path / "tables.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(db, port)
    try:
        client = httpx.Client(base_url=url, timeout=30)
        tables = [
            client.post("/api/tables", json={"game": "cityplan", "seats": ["human", "heuristic",
                        "human"], "options": {"end_buildings": 5}}).json(),
            client.post("/api/tables", json={"game": "populous", "seats": ["human", "random",
                        "remote"], "fallback": "random", "silence": 3600}).json(),
        ]
        rng = Rng(3)
        for _ in range(25):  # people move a while at both tables
            for made in tables:
                wait_until(lambda made=made: settled(url, made))
                message = client.get(f"/api/tables/{made['table']}").json()
                if message["over"]:
                    continue
                token = made["seats"][message["to_move"]]["token"]
                seat = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"})
                choices = seat.get("/api/seat").json()["choices"]
                assert seat.post("/api/seat/action", json={
                    "action": rng.choice(choices)["action"]}).status_code == 200
        for made in tables:
            wait_until(lambda made=made: settled(url, made))
        bots_only = client.post("/api/tables", json={
            "game": "cityplan", "seats": ["ismcts:iters=400", "ismcts:iters=400", "heuristic"],
            "options": {"end_buildings": 5}}).json()
        watch = f"/api/tables/{bots_only['table']}"
        wait_until(lambda: client.get(watch).json()["ply"] >= 12)
        before = snapshot(url, tables)
        os.kill(server.pid, signal.SIGKILL)  # mid-game, with the bots' table still thinking
        server.wait(10)
        server = start(db, port)
        after = snapshot(url, tables)
        assert after == before
        assert all(m["ply"] > 10 for m in before.values())
        # the bots' table goes on from where it was and plays as if never stopped
        assert not client.get(watch).json()["over"]
        wait_until(lambda: client.get(watch).json()["over"], timeout=120, every=0.3)
        bots_played_as_if_never_stopped(client.get(f"/api/tables/{bots_only['table']}/record")
                                        .json())
    finally:
        server.kill()
        server.wait(10)
