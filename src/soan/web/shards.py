"""`soan serve --workers N`: the tables shared among N server processes, one port.

A table lives in one process only (the one its id hashes to, `manager.owner`), so
its moves stay in order and its state is never copied. The `soan serve` process
is a router that holds the port and does no work of its own: it accepts each
connection, peeks at its request head (without reading it: the bytes stay in the
socket), finds the table it names, and hands the connection itself to that
table's process over a Unix socket (SCM_RIGHTS). From then on the process and the
client talk directly, so a websocket costs the router nothing after its first
line. What a request names:

- a seat token (`/play/T`, `/ws/play/T`, `Authorization: Bearer T`): its table,
  looked up in the store (every process writes there);
- a table, replay or lab job id (`/watch/ID`, `/ws/watch/ID`, `/api/tables/ID/...`,
  `/replay/ID`, `/api/replays/ID/...`, `/lab/jobs/ID...`): that id;
- nothing (the lobby, static files, a new table, the lists): the processes in turn;
  each makes new ids that hash to itself.

A process answers every plain HTTP request with `Connection: close`, so the next
request of a browser comes back through the router and reaches its own table's
process. Each process keeps its bots' workers, its store connection (SQLite in WAL
mode takes one writer at a time, waiting for the others) and its uploads folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import socket
import sqlite3
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from urllib.parse import unquote

from soan.web.limits import Limits
from soan.web.manager import owner

log = logging.getLogger("soan.web")

HEAD_LIMIT = 16 * 1024  # bytes of a request head the router looks at
HEAD_TIMEOUT = 10.0  # seconds a client may take to send its request head


def named(head: bytes) -> tuple[str | None, str | None]:
    """The (table, replay or job id; seat token) a request head names, either may be None."""
    lines = head.split(b"\r\n")
    parts = lines[0].split(b" ")
    path = unquote(parts[1].decode("latin-1")) if len(parts) >= 2 else "/"
    words = [w for w in path.split("?")[0].split("/") if w]
    if words[:1] == ["ws"]:
        words = words[1:]
    token = None
    for line in lines[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == b"authorization":
            scheme, _, credential = value.strip().partition(b" ")
            if scheme.lower() == b"bearer":
                token = credential.strip().decode("latin-1")
    first, second, third = [*words, "", "", ""][:3]
    if first == "play" and second:
        return None, second
    if first in ("watch", "replay") and second:
        return second, token
    if (first, second) in (("api", "tables"), ("api", "replays"), ("lab", "jobs")) and third:
        return third, token
    return None, token


class Router:
    """The port, the server processes, and who gets each connection."""

    def __init__(self, db: Path, count: int) -> None:
        self.count = count
        self.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
        self.db.execute("PRAGMA busy_timeout=2000")
        self.links: list[socket.socket] = []
        self.turn = 0
        self.routing: set[asyncio.Task] = set()

    def shard_of(self, head: bytes) -> int:
        key, token = named(head)
        if key is None and token is not None:
            with contextlib.suppress(sqlite3.Error):
                row = self.db.execute("SELECT table_id FROM seats WHERE token = ?",
                                      (token,)).fetchone()
                key = row[0] if row else None
        if key is not None:
            return owner(key, self.count)
        self.turn = (self.turn + 1) % self.count
        return self.turn

    async def serve(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        listening.setblocking(False)
        while True:
            try:
                client, _ = await loop.sock_accept(listening)
            except OSError as exc:  # out of file descriptors, say: wait, never stop
                log.warning("cannot accept a connection: %s", exc)
                await asyncio.sleep(0.1)
                continue
            task = loop.create_task(self._route(client))
            self.routing.add(task)
            task.add_done_callback(self.routing.discard)

    async def _route(self, client: socket.socket) -> None:
        """Hand `client` to its process once its request head is in; drop it if the
        head never comes."""
        try:
            head = await peek_head(client)
            if head:
                socket.send_fds(self.links[self.shard_of(head)], [b"c"], [client.fileno()])
        except (OSError, TimeoutError):
            pass
        finally:
            client.close()  # the process holds its own copy


async def peek_head(client: socket.socket) -> bytes:
    """The request head as far as it has come, read without taking it from the socket."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HEAD_TIMEOUT
    client.setblocking(False)
    while True:
        ready: asyncio.Future = loop.create_future()
        loop.add_reader(client.fileno(), _set, ready)
        try:
            await asyncio.wait_for(ready, max(0.0, deadline - loop.time()))
        finally:
            loop.remove_reader(client.fileno())
        data = client.recv(HEAD_LIMIT, socket.MSG_PEEK)
        if not data or b"\r\n\r\n" in data or len(data) >= HEAD_LIMIT:
            return data
        await asyncio.sleep(0.005)  # half a head: the rest is on its way


def _set(ready: asyncio.Future) -> None:
    if not ready.done():
        ready.set_result(None)


def serve_sharded(host: str, port: int, db: Path, limits: Limits, count: int) -> str | None:
    """Run the router on `host:port` and `count` server processes until Ctrl-C or
    SIGTERM; a process that dies stops the whole server (its tables would be lost), and
    the answer says which (None: stopped as asked)."""
    listening = socket.create_server((host, port), reuse_port=False, backlog=2048)
    Path(db).touch(exist_ok=True)
    processes = []
    router = Router(db, count)
    for index in range(count):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "soan.web.shards", str(db), str(index), str(count),
             str(theirs.fileno()), json.dumps(asdict(limits))],
            pass_fds=[theirs.fileno()]))
        theirs.close()
        router.links.append(ours)

    async def main() -> str | None:
        loop = asyncio.get_running_loop()
        stop = loop.create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: None if stop.done() else stop.set_result(None))
        serving = loop.create_task(router.serve(listening))
        while not stop.done() and all(p.poll() is None for p in processes):
            await asyncio.wait([stop], timeout=0.5)
        serving.cancel()
        dead = [(i, p.returncode) for i, p in enumerate(processes) if p.poll() is not None]
        if stop.done() or not dead:
            return None
        return (f"server process {dead[0][0]} stopped (exit code {dead[0][1]}), so the "
                "server stopped; its log is above, and every table resumes at the next start")

    try:
        return asyncio.run(main())
    finally:
        listening.close()
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()


def _serve_shard(db: Path, index: int, count: int, link_fd: int, limits: Limits) -> None:
    """One server process: the app over its share of the tables, fed connections by the
    router through `link_fd`."""
    import uvicorn

    from soan.web.app import create_app, uvicorn_settings
    from soan.web.manager import Shard

    link = socket.socket(fileno=link_fd)
    link.setblocking(False)
    app = create_app(db, limits, Shard(index, count))
    config = uvicorn.Config(app, access_log=False, log_level="info", **uvicorn_settings())

    class Fed(uvicorn.Server):
        """uvicorn with no port of its own: it serves the connections it is handed."""

        def __init__(self, config: uvicorn.Config) -> None:
            super().__init__(config)
            self.taking: set[asyncio.Future] = set()

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=[])
            asyncio.get_running_loop().add_reader(link_fd, self._take)

        def _take(self) -> None:
            try:
                data, fds, _, _ = socket.recv_fds(link, 16, 8)
            except BlockingIOError:
                return
            if not data:
                self.should_exit = True  # the router is gone
                return
            for fd in fds:
                client = socket.socket(fileno=fd)
                client.setblocking(False)
                task = asyncio.ensure_future(asyncio.get_running_loop().connect_accepted_socket(
                    self._protocol, client))
                self.taking.add(task)
                task.add_done_callback(self.taking.discard)

        def _protocol(self) -> asyncio.Protocol:
            return self.config.http_protocol_class(  # type: ignore[call-arg]
                config=self.config, server_state=self.server_state,
                app_state=self.lifespan.state)

    Fed(config).run()


if __name__ == "__main__":
    _serve_shard(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
                 Limits(**json.loads(sys.argv[5])))
