"""How soon a new player plays: open a seat's private link in a fresh browser, make
the first move. The aim is within 10 seconds, with no account and nothing to install.

Starts `soan serve` on a free loopback port, makes a table per game (one person,
heuristic bots in the other seats), opens the person's link in Debian's chromium
(a new profile each time: nothing cached) and times page load to the first choice
shown, and the first click to the position it made. Prints the median of --runs.

    python benchmarks/web_first_move.py --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from web_load import free_port, start_server

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
GAMES = {"cityplan": 3, "populous": 3, "quovadis": 3, "undecim": 3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="links opened per game (1..50)")
    args = parser.parse_args()
    if not 1 <= args.runs <= 50:
        raise SystemExit("--runs takes 1..50")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_server(Path(folder) / "first.sqlite", port)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for game, seats in GAMES.items():
                shown, answered = [], []
                for _ in range(args.runs):
                    made = httpx.post(f"{url}/api/tables", json={
                        "game": game, "seats": ["human"] + ["heuristic"] * (seats - 1)}).json()
                    context = browser.new_context()
                    page = context.new_page()
                    started = time.perf_counter()
                    page.goto(made["seats"][0]["link"])
                    page.wait_for_function("document.body.dataset.turn === 'mine'",
                                           timeout=60_000)
                    shown.append(time.perf_counter() - started)
                    ply = page.evaluate("document.body.dataset.ply")
                    clicked = time.perf_counter()
                    page.locator(".choice").first.click()
                    page.wait_for_function(f"document.body.dataset.ply !== '{ply}'")
                    answered.append(time.perf_counter() - clicked)
                    context.close()
                print(f"{game}: link opened -> first choices shown: median "
                      f"{statistics.median(shown) * 1000:.0f} ms (max {max(shown) * 1000:.0f}); "
                      f"click -> position updated: median "
                      f"{statistics.median(answered) * 1000:.0f} ms ({args.runs} runs)")
        finally:
            browser.close()
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
