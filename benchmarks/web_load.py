"""Load on the tables server: many seats over websockets on loopback.

Starts `soan serve --workers N` on a free loopback port with a fresh database,
makes tables of --per-table people each (City Plan Delta, every seat human) until
there are --seats seats, connects one websocket per seat, all at once (so the
first tables play while the last handshakes are under way), and lets every seat
play a random legal choice whenever it is its turn, after --think seconds (0: at
once, every table as fast as the server goes). It stops by itself after --seconds.

Prints moves per second (over all tables), the latency from sending an action to
the moment every client of that table has the position it made (50th, 95th and
99th percentile), and the websocket handshakes that failed or took over 10 s.
The clients run in this one process, so on a small machine they share the cores
with the server: the figures are an upper bound on what the server needs. The CPU
seconds the server (with its workers) and the clients used say how much of the
machine they had.

    python benchmarks/web_load.py --seats 200 --seconds 30 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import httpx
import websockets

HANDSHAKE_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """`soan serve` on `port`, ready to answer; every table comes from loopback, so the
    creation limit is off. `extra`: more `soan serve` options."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from soan.cli import app; app()", "serve", "--port", str(port),
         "--db", str(db), "--tables-per-minute", "0", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


class Clock:
    """When each table's positions were asked for and when each client saw them."""

    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.seen: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.moves = 0
        self.failed_handshakes = 0

    def latencies(self, clients_per_table: int) -> list[float]:
        out = []
        for key, sent in self.sent.items():
            seen = self.seen.get(key, [])
            if len(seen) == clients_per_table:
                out.append(max(seen) - sent)
        return out


async def seat(url: str, table: str, token: str, clock: Clock, rng: random.Random,
               stop: float, think: float) -> None:
    try:
        ws = await websockets.connect(f"{url}/ws/play/{token}", max_size=None,
                                      open_timeout=HANDSHAKE_TIMEOUT)
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
        clock.failed_handshakes += 1
        return
    async with ws:
        last = acted = -1
        while time.perf_counter() < stop:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop -
                                                                     time.perf_counter()))
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] != "state":
                continue
            now = time.perf_counter()
            for ply in range(last + 1, message["ply"] + 1):
                clock.seen[(table, ply)].append(now)
            last = max(last, message["ply"])
            if message["over"]:
                break
            # a seat acts once a position: the mover may hear the same position again
            # (when it may undo), and that is no new turn
            if message["your_turn"] and message["ply"] != acted and now + think < stop:
                acted = message["ply"]
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                choice = rng.choice(message["choices"])
                clock.sent[(table, message["ply"] + 1)] = time.perf_counter()
                clock.moves += 1
                await ws.send(json.dumps({"type": "action", "action": choice["action"],
                                          "ply": message["ply"]}))


async def run(url: str, seats: int, seconds: float, per_table: int = 5, think: float = 0.0
              ) -> tuple[Clock, float, int]:
    tables = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        for _ in range(seats // per_table):
            made = (await client.post("/api/tables", json={
                "game": "cityplan", "seats": ["human"] * per_table})).json()
            tables.append(made)
    clock = Clock()
    started = time.perf_counter()
    stop = started + seconds
    rng = random.Random(1)
    await asyncio.gather(*(
        seat(url.replace("http", "ws"), made["table"], s["token"], clock,
             random.Random(rng.random()), stop, think)
        for made in tables for s in made["seats"]))
    return clock, time.perf_counter() - started, len(tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=200, help="seats in all")
    parser.add_argument("--per-table", type=int, default=4, help="seats at each table (3-5)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a seat thinks before its move, on average (0: none)")
    parser.add_argument("--workers", type=int, default=1, help="soan serve --workers")
    args = parser.parse_args()
    if not 3 <= args.per_table <= 5 or not args.per_table <= args.seats <= 1000 or \
            not 1 <= args.seconds <= 300 or not 0 <= args.think <= 60 or \
            not 1 <= args.workers <= 16:
        raise SystemExit("--per-table takes 3..5, --seats per-table..1000, --seconds 1..300, "
                         "--think 0..60, --workers 1..16")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "load.sqlite", port,
                              ("--workers", str(args.workers)))
        try:
            clock, elapsed, tables = asyncio.run(run(f"http://127.0.0.1:{port}", args.seats,
                                                     args.seconds, args.per_table, args.think))
        finally:
            server.terminate()
            server.wait(20)
    latencies = sorted(clock.latencies(args.per_table))
    if not latencies:
        raise SystemExit("no move completed")

    def percentile(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000

    print(f"{tables} tables, {tables * args.per_table} seats over websockets on loopback, "
          f"{args.workers} server process{'es' if args.workers > 1 else ''}, "
          f"think {args.think:g} s, {elapsed:.1f} s")
    print(f"moves: {clock.moves} ({clock.moves / elapsed:.0f} per second)")
    print(f"action -> every client of the table updated: p50 {percentile(0.5):.1f} ms, "
          f"p95 {percentile(0.95):.1f} ms, p99 {percentile(0.99):.1f} ms "
          f"({len(latencies)} moves measured)")
    print(f"websocket handshakes failed or over {HANDSHAKE_TIMEOUT:g} s: "
          f"{clock.failed_handshakes} of {tables * args.per_table}")
    server_cpu = _cpu(resource.RUSAGE_CHILDREN)  # the server and its workers, all waited for
    print(f"CPU seconds: server and its workers {server_cpu:.1f} "
          f"({1000 * server_cpu / max(clock.moves, 1):.1f} ms a move, start-up included), "
          f"clients {_cpu(resource.RUSAGE_SELF):.1f}, in {elapsed:.1f} s on "
          f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f})")


def _cpu(who: int) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
