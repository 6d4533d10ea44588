"""The live tables: creating them, taking seats' choices, running bots, telling clients.

All changes to a table happen on the server's event loop, each in one go, so no
two requests interleave inside a move. Bots think in worker processes
(`soan.web.workers`) on the seat's re-dealt copy of the state; their answer is
played only if the position is still the one they thought about. Every change is
written to the store before any client hears of it (the store's writer thread
commits it while the loop goes on with other tables), then each listener gets a
fresh message built for its own seat.

With `soan serve --workers N` the tables are shared among N server processes
(`soan.web.shards`): a table, its seats' tokens and its replay belong to the
process its id hashes to (`Shard.owns`), which alone keeps it in memory and
changes it, so a table's moves stay in order. Each process makes new ids that
hash to itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import shutil
import time
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soan.engine.core import Action, SoanError, parse_option_value
from soan.engine.registry import get_game
from soan.table import HUMAN, REMOTE, TableSetup
from soan.web.errors import Conflict, Forbidden, NotFound, RequestError, TooLarge
from soan.web.limits import CreationLimit, Limits
from soan.web.messages import seat_message
from soan.web.store import Progress, Store, StoredSeat, StoredTable
from soan.web.table import BotJob, Seat, Table, new_table_id, new_token
from soan.web.workers import BotWorkers

log = logging.getLogger("soan.web")

MAX_CONTENT_BYTES = 256 * 1024


class Listener:
    """One connected client of one seat: it always gets the newest message."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.board_key: str | None = None
        self._message: dict[str, Any] | None = None
        self._replies: list[dict[str, Any]] = []
        self._ready = asyncio.Event()

    def push(self, message: dict[str, Any]) -> None:
        """A new state replaces any not yet sent: only the newest matters."""
        self._message = message
        self._ready.set()

    def reply(self, message: dict[str, Any]) -> None:
        """An answer to this client's own request (an error), sent in order."""
        self._replies.append(message)
        self._ready.set()

    async def next(self) -> dict[str, Any]:
        await self._ready.wait()
        message: dict[str, Any] | None
        if self._replies:
            message = self._replies.pop(0)
        else:
            message, self._message = self._message, None
        if not self._replies and self._message is None:
            self._ready.clear()
        assert message is not None
        return message


@dataclass(frozen=True)
class Shard:
    """This process's share of the tables: those whose id hashes to `index` of `count`."""

    index: int = 0
    count: int = 1

    def owns(self, key: str) -> bool:
        return self.count == 1 or owner(key, self.count) == self.index

    @property
    def suffix(self) -> str:
        return "" if self.count == 1 else f"-{self.index}"


ALONE = Shard()  # one process keeps every table


def owner(key: str, count: int) -> int:
    """The server process (of `count`) a table, job or replay id belongs to."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % count


def content_dir_of(db_path: Path, shard: Shard = ALONE) -> Path:
    """Where the server writes uploaded content files: beside its database (one folder
    per process), emptied at every start (the store holds their text), so a killed
    server leaves nothing behind."""
    return db_path.with_name(f"{db_path.name}-content{shard.suffix}")


class Manager:
    def __init__(self, store: Store, content_dir: Path, limits: Limits | None = None,
                 shard: Shard = ALONE) -> None:
        self.store = store
        self.shard = shard
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.listeners: dict[str, set[Listener]] = {}
        self.content_dir = content_dir
        self.content_paths: dict[str, Path] = {}
        self.creations = CreationLimit(self.limits.tables_per_minute)
        self.bots: BotWorkers | None = None
        self._thinking: set[str] = set()
        self._asking: dict[str, int] = {}  # table -> the position its undo test is asked of
        self._changed_events: dict[str, asyncio.Event] = {}
        self._watchdogs: dict[str, asyncio.TimerHandle] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    # ---- start and stop ------------------------------------------------------------------

    def start(self) -> None:
        """Replay every stored table and set its bots and watchdogs going."""
        self._loop = asyncio.get_running_loop()
        shutil.rmtree(self.content_dir, ignore_errors=True)  # whatever a killed run left
        self.content_dir.mkdir(parents=True)
        self.bots = BotWorkers(self._loop, self.limits.bot_workers, self.limits.move_time)
        self.bots.warm()
        for content_hash, name, text in self.store.contents():
            self.content_paths[content_hash] = self._write_content(text, name)
        for stored in self.store.tables():
            if not self.shard.owns(stored.id):
                continue
            try:
                self._add(self._restore(stored))
            except SoanError as exc:
                log.warning("table %s cannot be resumed: %s", stored.id, exc)
        self.store.set_progress({t.id: progress(t) for t in self.tables.values()})
        for table in self.tables.values():
            if table.next_id in self.tables:
                table.next_tokens = [s.token for s in self.tables[table.next_id].seats]
            self._after_change(table, notify=False)
        log.info("%d tables resumed", len(self.tables))

    def stop(self) -> None:
        for handle in self._watchdogs.values():
            handle.cancel()
        if self.bots is not None:
            self.bots.close()
        self._loop = None
        shutil.rmtree(self.content_dir, ignore_errors=True)

    def _restore(self, stored: StoredTable) -> Table:
        overrides = {k: tuple(v) if isinstance(v, list) else v for k, v in stored.overrides.items()}
        game = get_game(stored.game)
        path = None
        if stored.content_hash != game.content_hash(game.load_content()):
            path = self.content_paths.get(stored.content_hash)
            if path is None:
                raise RequestError(f"its content {stored.content_hash} is not in the store")
        setup = TableSetup.build(stored.game, [s.spec for s in stored.seats], stored.seed,
                                 stored.variant, overrides, path, remote=True)
        seats = [Seat(s.spec, s.token, s.fallback, s.replaced) for s in stored.seats]
        table = Table(stored.id, setup, seats, stored.silence, stored.created,
                      stored.content_name, stored.next_id, overrides=overrides)
        table.replay(stored.actions)
        return table

    def new_id(self) -> str:
        """A fresh table or replay id that belongs to this process."""
        while not self.shard.owns(found := new_table_id()):
            pass
        return found

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for s, seat in enumerate(table.seats):
            self.tokens[seat.token] = (table.id, s)

    # ---- finding tables ------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise NotFound(f"there is no table {table_id!r} on this server")
        return table

    def seat(self, token: str) -> tuple[Table, int]:
        """The table and seat a secret token opens."""
        found = self.tokens.get(token)
        if found is None:
            raise Forbidden("this seat token opens no seat here: use the private link you "
                            "were given when the table was made")
        return self.tables[found[0]], found[1]

    def message(self, table: Table, seat: int | None) -> dict[str, Any]:
        return seat_message(table, seat)

    # ---- making tables -------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        seats: list[str],
        variant: str = "default",
        overrides: dict[str, Any] | None = None,
        content_text: str | None = None,
        content_name: str = "content.toml",
        fallback: str = "",
        silence: float = 0.0,
        client: str | None = None,
    ) -> Table:
        """Check and set up a new table with a secret seed; nothing is stored unless
        every part of it is right. `client` (an address) may make only so many a minute."""
        if client is not None:
            self.creations.check(client)
        game = get_game(game_id)
        specs = [s.strip() for s in seats]
        for spec in specs:
            if spec not in (HUMAN, REMOTE):
                self.limits.check_bot(spec)
        if fallback:
            self.limits.check_bot(fallback)
        typed = {key: _typed(game, key, value) for key, value in (overrides or {}).items()}
        path = None
        if content_text is not None:
            path = self.upload(content_text, content_name)
        try:
            setup = TableSetup.build(game.id, specs, None, variant, typed, path, remote=True)
        except SoanError as exc:
            raise RequestError(self._named(str(exc), path, content_name)) from None
        if path is not None and content_text is not None:  # together: an uploaded file
            await self.keep_content(setup.content_hash, game.id, path, content_text)
        table = Table(self.new_id(), setup,
                      [Seat(spec, new_token(), fallback if spec == REMOTE else "")
                       for spec in specs],
                      silence, content_name=path.name if path else None, overrides=typed)
        await self._store_new(table)
        if client is not None:
            self.creations.made(client)
        return table

    async def again(self, table: Table) -> Table:
        """"Play again": the same game, rules, content and seats, a new secret seed."""
        if not table.state.over:
            raise Conflict("the game is not over yet")
        if table.next_id is None:
            setup = table.setup
            path = self.content_paths.get(setup.content_hash)
            specs = [REMOTE if s.replaced else s.spec for s in table.seats]
            new_setup = TableSetup.build(setup.game.id, specs, None, setup.variant,
                                         table.overrides, path, remote=True)
            fresh = Table(self.new_id(), new_setup,
                          [Seat(spec, new_token(), s.fallback) for spec, s in
                           zip(specs, table.seats, strict=True)],
                          table.silence, content_name=table.content_name,
                          overrides=table.overrides)
            await self._store_new(fresh)
            table.next_id, table.next_tokens = fresh.id, [s.token for s in fresh.seats]
            await self._saved(table, self.store.set_next(table.id, fresh.id))
        return self.tables[table.next_id]

    async def _store_new(self, table: Table) -> None:
        setup = table.setup
        await asyncio.wrap_future(self.store.add_table(StoredTable(
            table.id, table.created, setup.game.id, setup.variant, _jsonable(table.overrides),
            setup.content_hash, table.content_name, setup.seed, table.silence, None,
            [StoredSeat(s.spec, s.token, s.fallback, s.replaced) for s in table.seats], []),
            progress(table)))
        self._add(table)
        self._after_change(table, notify=False)

    def upload(self, text: str, name: str) -> Path:
        """An uploaded content file, written where a game can load it (not yet kept)."""
        check_upload(text, name)
        return self._write_content(text, name)

    async def keep_content(self, content_hash: str, game_id: str, path: Path, text: str) -> None:
        """Keep checked content in the store, so its tables and replays resume."""
        await asyncio.wrap_future(self.store.add_content(content_hash, game_id, path.name, text))
        self.content_paths[content_hash] = path

    def _write_content(self, text: str, name: str) -> Path:
        safe = safe_name(name)
        folder = self.content_dir / hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / safe
        path.write_text(text, "utf-8")
        return path

    @staticmethod
    def _named(text: str, path: Path | None, name: str) -> str:
        """An error about an uploaded file names the file as uploaded, not where it sits."""
        return text if path is None else text.replace(str(path), name)

    # ---- playing -------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, action: Any, ply: int | None = None) -> Action:
        played = table.play(seat, action, ply)
        await self._saved(table, self.store.add_action(table.id, table.ply - 1, played,
                                                       progress(table)))
        return played

    async def undo(self, table: Table, seat: int) -> None:
        table.undo(seat)
        await self._saved(table, self.store.drop_action(table.id, table.ply, progress(table)))

    def _saved(self, table: Table, written: Future) -> asyncio.Future:
        """Once `written` (a change of `table` already made in memory) is on disk, and
        every earlier change of the table too, tell its listeners and drive its bots."""
        loop = self._loop
        assert loop is not None, "the server is not running"
        table.unsaved += 1

        def on_disk(done: Future) -> None:
            table.unsaved -= 1
            if done.exception() is not None:
                log.error("table %s: a change was not stored: %s", table.id, done.exception())
            if table.unsaved == 0 and self.tables.get(table.id) is table:
                self._after_change(table)

        def from_writer(done: Future) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(on_disk, done)

        written.add_done_callback(from_writer)
        return asyncio.wrap_future(written, loop=loop)

    async def wait_turn(self, table: Table, seat: int, timeout: float) -> None:
        """Return once it is `seat`'s turn or the game is over, or after `timeout`."""
        deadline = time.monotonic() + timeout
        while not (table.state.over or table.state.to_move == seat):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            event = self._changed_events.setdefault(table.id, asyncio.Event())
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                return

    def _after_change(self, table: Table, notify: bool = True) -> None:
        """Tell waiters and listeners, then set the next bot thinking and watch a
        remote seat's silence."""
        if notify:
            event = self._changed_events.pop(table.id, None)
            if event is not None:
                event.set()
            self._broadcast(table)
        self._drive_bots(table)
        self._watch_silence(table)

    def _broadcast(self, table: Table) -> None:
        listeners = self.listeners.get(table.id)
        if not listeners:
            return
        built: dict[int | None, dict[str, Any]] = {}
        for listener in listeners:
            if listener.seat not in built:
                built[listener.seat] = seat_message(table, listener.seat,
                                                    undo=self._undo_now(table, listener.seat))
            listener.push(built[listener.seat])

    def _undo_now(self, table: Table, seat: int | None) -> bool:
        """Whether `seat` may undo, as far as is known now. An unknown answer is asked of
        the bots' quick lane (the test re-deals sixteen times: it stays off the event
        loop), and the seat's listeners get a new message when the answer is yes."""
        known = table.undo_known(seat)
        if known is not None or seat is None:
            return bool(known)
        if self.bots is None:
            return table.can_undo(seat)
        changes = table.changes
        if self._asking.get(table.id) != changes:
            self._asking[table.id] = changes  # a test asked of an older position is dropped

            def answered(answer: bool | None) -> None:
                if self._asking.get(table.id) == changes:
                    del self._asking[table.id]
                if answer is None or self.tables.get(table.id) is not table:
                    return  # not known: a request for the seat's message makes the test
                if table.undo_answered(seat, changes, answer) and answer:
                    for listener in self.listeners.get(table.id, set()):
                        if listener.seat == seat:
                            listener.push(seat_message(table, seat))

            self.bots.check_undo(table.id, table.undo_question(seat), answered)
        return False

    def listen(self, table: Table, seat: int | None) -> Listener:
        listener = Listener(seat)
        self.listeners.setdefault(table.id, set()).add(listener)
        listener.push(seat_message(table, seat))
        return listener

    def forget(self, table: Table, listener: Listener) -> None:
        self.listeners.get(table.id, set()).discard(listener)

    # ---- bots and silent seats -----------------------------------------------------------

    def _drive_bots(self, table: Table) -> None:
        if table.id in self._thinking or self._loop is None or self.bots is None:
            return
        job = table.bot_job()
        if job is None:
            self.bots.release(table.id)  # a worker kept for its next bot decision
            return
        self._thinking.add(table.id)
        self.bots.think(table.id, job.spec, job.state, job.rng,
                        lambda action, note: self._bot_answered(table, job, action))

    def _bot_answered(self, table: Table, job: BotJob, action: Action) -> None:
        self._thinking.discard(table.id)
        if self._loop is None or self.tables.get(table.id) is not table:
            return  # the server stopped meanwhile
        try:
            played = table.play_bot(job, action)
        except Exception:
            log.exception("the bot %s at table %s seat %d failed", job.spec, table.id,
                          job.seat + 1)
            return
        if played:
            self._saved(table, self.store.add_action(table.id, job.ply, action, progress(table)))
        else:
            self._drive_bots(table)

    def _watch_silence(self, table: Table) -> None:
        handle = self._watchdogs.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        seat = table.state.to_move
        if seat is None or self._loop is None or table.silence <= 0:
            return
        entry = table.seats[seat]
        if entry.kind != REMOTE or not entry.fallback:
            return
        ply = table.ply
        self._watchdogs[table.id] = self._loop.call_later(
            table.silence, self._silent, table, seat, ply)

    def _silent(self, table: Table, seat: int, ply: int) -> None:
        if table.ply != ply or table.state.to_move != seat or table.seats[seat].kind != REMOTE:
            return
        log.info("table %s: remote seat %d was silent %gs; %s takes over", table.id, seat + 1,
                 table.silence, table.seats[seat].fallback)
        table.replace(seat)
        self._saved(table, self.store.replace_seat(table.id, seat, table.seats[seat].spec))

    # ---- listing -------------------------------------------------------------------------

    def summaries(self, limit: int) -> list[dict[str, Any]]:
        """What anyone may know of the server's tables without a seat, games in progress
        first: read from the store, which every server process writes."""
        out = []
        for row in self.store.listed(limit):
            seats = [Seat(spec, "") for spec in row.pop("specs")]
            out.append({**row, "title": get_game(row["game"]).title,
                        "seats": [{"seat": s, "kind": seat.kind,
                                   "bot": seat.spec if seat.kind == "bot" else None}
                                  for s, seat in enumerate(seats)]})
        return out


def check_upload(text: str, name: str) -> None:
    """Refuse an uploaded content file over the limit (TooLarge, 413)."""
    size = len(text.encode("utf-8"))
    if size > MAX_CONTENT_BYTES:
        raise TooLarge(f"the content file {name} is {size // 1024} KB; the limit is "
                       f"{MAX_CONTENT_BYTES // 1024} KB")


def safe_name(name: str) -> str:
    """An uploaded file's name as it may be written on this machine."""
    return re.sub(r"[^\w.-]", "_", Path(name).name)[:80] or "content.toml"


def progress(table: Table) -> Progress:
    return Progress(table.ply, table.state.to_move, table.state.over)


def _typed(game: Any, key: str, value: Any) -> Any:
    """A rule number from a form (text, as typed on the command line) or from JSON."""
    if isinstance(value, str):
        return parse_option_value(game, key, value)
    return tuple(value) if isinstance(value, list) else value


def _jsonable(overrides: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(overrides))
