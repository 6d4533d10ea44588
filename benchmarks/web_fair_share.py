"""One visitor's expensive bots against everyone else's: does another table still move?

Starts `soan serve` on a free loopback port with a fresh database, makes --tables
tables of five `ismcts:iters=20000` bots (City Plan), then plays a person against a
`random` bot at another table over the HTTP API. Prints how many of the random bot's
answers came within 60 s and how long each took (from the person's choice to the
person's next turn), how fast `GET /api/games` answered meanwhile (50th and 95th
percentile), and after --settle seconds how many moves each expensive table had made.
Arguments after `--` go to `soan serve` (the server's default refuses 20,000
iterations, so raise it for this run; the server is started as in web_load.py, with
the creation limit off):

    python benchmarks/web_fair_share.py --tables 20 -- --max-iters 20000
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from web_load import free_port, start_server  # benchmarks/ is on the path when run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--answers", type=int, default=8)
    parser.add_argument("--settle", type=float, default=30.0)
    parser.add_argument("serve", nargs="*", help="options for soan serve (after --)")
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "fair.sqlite", port, tuple(args.serve))
        try:
            run(url, args)
        finally:
            server.terminate()
            server.wait(10)


def run(url: str, args: argparse.Namespace) -> None:
    client = httpx.Client(base_url=url, timeout=120)
    for _ in range(args.tables):
        made = client.post("/api/tables", json={"game": "cityplan",
                                                "seats": ["ismcts:iters=20000"] * 5})
        if made.status_code != 201:
            raise SystemExit(f"the server refused a table: {made.json()['error']}")
    made = client.post("/api/tables", json={"game": "cityplan",
                                            "seats": ["remote", "random"]}).json()
    seat = httpx.Client(base_url=url, timeout=120,
                        headers={"Authorization": f"Bearer {made['seats'][0]['token']}"})
    time.sleep(1)
    begun = time.monotonic()
    rng, delays, games = random.Random(1), [], []
    message = seat.get("/api/seat").json()
    while len(delays) < args.answers and time.monotonic() < begun + 60:
        started = time.monotonic()
        client.get("/api/games")
        games.append(time.monotonic() - started)
        if not message["your_turn"]:
            message = seat.get("/api/seat/wait", params={"timeout": 60}).json()
            continue
        started = time.monotonic()
        after = seat.post("/api/seat/action", json={
            "action": rng.choice(message["choices"])["action"], "ply": message["ply"]}).json()
        message = seat.get("/api/seat/wait", params={"timeout": 60}).json()
        if message["ply"] > after["ply"]:
            delays.append(time.monotonic() - started)
    asked = time.monotonic() - begun
    while time.monotonic() < begun + args.settle:
        time.sleep(0.5)
    for _ in range(20):
        started = time.monotonic()
        client.get("/api/games")
        games.append(time.monotonic() - started)
    moves = sorted(t["ply"] for t in client.get("/api/tables").json()["tables"]
                   if t["seats"][0]["kind"] == "bot")
    p95 = statistics.quantiles(games, n=20)[18]
    print(f"random bot: {len(delays)} answers in {asked:.1f} s, "
          f"ms {[round(d * 1000) for d in delays]}")
    print(f"GET /api/games: p50 {statistics.median(games) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms over {len(games)} calls")
    print(f"moves of each expensive table after {time.monotonic() - begun:.0f} s: {moves}")


if __name__ == "__main__":
    main()
