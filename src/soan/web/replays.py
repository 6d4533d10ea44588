"""The replay viewer's side of the server: any record, stepped through as a spectator.

A record (from `soan play --record`, `soan simulate --records` or a finished
table) is checked by replaying it once; the viewer then asks for positions by
number. Every 32nd position is kept, so any step costs at most 31 actions.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from soan.engine.core import Game, SoanError, State, options_from_dict
from soan.engine.record import Record, RecordError, replay
from soan.engine.registry import get_game
from soan.web.errors import NotFound, RequestError, TooLarge
from soan.web.messages import glossary, position

EVERY = 32
MAX_RECORD_BYTES = 4 * 1024 * 1024
KEEP_OPEN = 32


@dataclass
class Viewer:
    record: Record
    game: Game
    content: Any
    checkpoints: list[State]
    steps: list[dict[str, Any]]

    @classmethod
    def of(cls, record: Record, content: Any) -> Viewer:
        game = get_game(record.game)
        replay(record, game, content, game.content_hash(content))  # refuses a bad record
        state = game.new(len(record.seats), record.seed, options_from_dict(game, record.options),
                         content)
        checkpoints, steps = [state.copy()], []
        label = state.game.presenter.label
        for i, action in enumerate(record.actions, 1):
            steps.append({"seat": state.to_move, "label": label(state, action)})
            state.play(action)
            if i % EVERY == 0:
                checkpoints.append(state.copy())
        return cls(record, game, content, checkpoints, steps)

    def at(self, step: int) -> State:
        if not 0 <= step <= len(self.record.actions):
            raise NotFound(f"this record has steps 0 to {len(self.record.actions)}, not {step}")
        state = self.checkpoints[step // EVERY].copy()
        for action in self.record.actions[step // EVERY * EVERY:step]:
            state.play(action)
        return state

    def summary(self) -> dict[str, Any]:
        rec = self.record
        return {
            "game": rec.game, "title": self.game.title, "variant": rec.variant,
            "seats": rec.seats, "seed": rec.seed, "options": rec.options,
            "steps": self.steps, "glossary": glossary(self.content),
        }

    def step(self, step: int) -> dict[str, Any]:
        state = self.at(step)
        return {"type": "replay", "step": step, "game": self.record.game, "seat": None,
                "seats": [{"seat": s, "kind": "bot" if spec not in ("human", "remote") else spec,
                           "bot": spec} for s, spec in enumerate(self.record.seats)],
                **position(state, None), "undo": False, "next": None}


class Replays:
    """Uploaded records (kept in the store) and finished tables, opened for viewing.

    Replaying a whole record runs in a worker thread; the store and the cache are
    touched only on the server's event loop."""

    def __init__(self, manager) -> None:
        self.manager = manager
        self._open: dict[str, Viewer] = {}

    async def add(self, record_text: str, content_text: str | None, content_name: str) -> str:
        if len(record_text.encode("utf-8")) > MAX_RECORD_BYTES:
            raise TooLarge(f"a record may be at most {MAX_RECORD_BYTES // 1024 // 1024} MB")
        path = self.manager.upload(content_text, content_name) if content_text else None
        viewer = await run_in_threadpool(self._check, record_text, path, content_name)
        if path is not None:
            await self.manager.keep_content(viewer.game.content_hash(viewer.content),
                                      viewer.record.game, path, content_text)
        replay_id = self.manager.new_id()
        await asyncio.wrap_future(self.manager.store.add_replay(replay_id,
                                                                viewer.record.to_json()))
        self._keep(replay_id, viewer)
        return replay_id

    def _check(self, record_text: str, path: Path | None, name: str) -> Viewer:
        record = parse_record(record_text)
        game = get_game(record.game)
        try:
            content = game.load_content(str(path) if path else None)
        except SoanError as exc:
            raise RequestError(str(exc).replace(str(path), name)) from None
        return Viewer.of(record, content)

    def _keep(self, replay_id: str, viewer: Viewer) -> None:
        """Keep the most recently opened viewers in memory (the rest reopen on demand)."""
        self._open[replay_id] = viewer
        while len(self._open) > KEEP_OPEN:
            self._open.pop(next(iter(self._open)))

    async def viewer(self, replay_id: str) -> Viewer:
        if replay_id in self._open:
            return self._open[replay_id]
        text = self.manager.store.replay(replay_id)
        if text is not None:
            record = parse_record(text)
        else:
            table = self.manager.tables.get(replay_id)
            if table is None:
                raise NotFound(f"there is no replay or table {replay_id!r} on this server")
            if not table.state.over:
                raise NotFound("this table's game is still going: its replay opens at the end")
            record = table.record()
        game = get_game(record.game)
        path = self.manager.content_paths.get(record.content_hash)
        content = game.load_content(str(path) if path else None)
        viewer = await run_in_threadpool(Viewer.of, record, content)
        self._keep(replay_id, viewer)
        return viewer


def parse_record(text: str) -> Record:
    """A record from its JSON text, checked as `Record.load` checks a file."""
    try:
        return Record.parse(text, "the record")
    except RecordError as exc:
        raise RequestError(str(exc)) from None
