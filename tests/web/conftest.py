"""A real server on a loopback port for the web tests, and a browser driving Debian's chromium."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from playwright.sync_api import sync_playwright

from soan.web.app import create_app, uvicorn_settings
from soan.web.limits import Limits
from soan.web.manager import Manager

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    manager: Manager
    client: httpx.Client

    def create(self, **body) -> dict:
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def seat(self, token: str) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers={"Authorization": f"Bearer {token}"},
                            timeout=30)

    def call(self, fn, *args):
        """Run `fn` on the server's event loop (where tables change) and return its result."""
        import asyncio

        loop = self.manager._loop

        async def run():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), loop).result(10)


@contextmanager
def running(db: Path, limits: Limits | None = None) -> Iterator[Server]:
    """A server over `db` on a free loopback port, in a thread of this process."""
    app = create_app(db, limits)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            **uvicorn_settings())
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not runner.started:
        assert time.monotonic() < deadline, "the test server did not start"
        assert thread.is_alive(), "the test server stopped"
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            yield Server(url, app.state.manager, client)
    finally:
        runner.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[Server]:
    """The shared server: the tests make many tables from one address, so no limit on that."""
    db = Path(tmp_path_factory.mktemp("web")) / "tables.sqlite"
    with running(db, Limits(tables_per_minute=0)) as shared:
        yield shared


def wait_until(check, timeout: float = 20.0, every: float = 0.05):
    """Poll `check()` until it returns something true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(every)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, driven by Playwright: one for each test module that asks."""
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
