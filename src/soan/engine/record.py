"""Records: everything needed to replay a game, as one JSON file.

A record holds the game id, variant, options, content hash, seat specs, seed
and actions. Replaying it gives the same game byte for byte; a record that
does not replay is refused naming the first bad action.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from soan.engine.core import (
    Action,
    Game,
    IllegalAction,
    SoanError,
    State,
    action_from_json,
    options_from_dict,
    options_to_dict,
)

FORMAT = "soan-record/1"


class RecordError(SoanError):
    """A record that cannot be read or does not replay."""


@dataclass
class Record:
    game: str
    variant: str
    options: dict[str, Any]
    content_hash: str
    seats: list[str]
    seed: int
    actions: list[Action] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(
        cls, state: State, variant: str, content_hash: str, seats: list[str], seed: int
    ) -> Record:
        rec = cls(
            state.game.id, variant, options_to_dict(state.options), content_hash, list(seats), seed
        )
        rec.actions = list(state.history)
        if state.over:
            rec.result = {"scores": state.scores(), "winners": state.winners()}
        return rec

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "game": self.game,
            "variant": self.variant,
            "options": self.options,
            "content_hash": self.content_hash,
            "seats": self.seats,
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
            "result": self.result,
        }
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: Path) -> None:
        """Write atomically, so an interrupted save never leaves half a record."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json(), "utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Record:
        try:
            data = json.loads(Path(path).read_text("utf-8"))
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not a soan record (bad JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{path} is not a soan record (format must be {FORMAT!r})")
        try:
            actions = [action_from_json(a) for a in data["actions"]]
            return cls(
                str(data["game"]),
                str(data["variant"]),
                dict(data["options"]),
                str(data["content_hash"]),
                [str(s) for s in data["seats"]],
                int(data["seed"]),
                actions,
                dict(data.get("result") or {}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"{path}: malformed record field: {exc}") from None


def replay(record: Record, game: Game, content: Any, content_hash: str) -> State:
    """Play a record's actions from its seed; raise RecordError at the first bad one."""
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    if record.content_hash != content_hash:
        raise RecordError(
            f"record was played with content {record.content_hash}, this content is "
            f"{content_hash}; pass the same --content file it was played with"
        )
    state = game.new(
        len(record.seats), record.seed, options_from_dict(game, record.options), content
    )
    for i, action in enumerate(record.actions, 1):
        try:
            state.play(action)
        except IllegalAction as exc:
            raise RecordError(f"action {i} {list(action)} does not replay: {exc}") from None
    if record.result and state.over:
        got = {"scores": state.scores(), "winners": state.winners()}
        if got != record.result:
            raise RecordError(f"record says {record.result} but replay gives {got}")
    return state
