"""Records: everything needed to replay a game, as one JSON file.

A record holds the game id, variant, options, content hash, seat specs, seed
and actions (and, for a game stopped before its end, why). Replaying it gives
the same game byte for byte; a record that does not replay is refused naming
the first bad action.

A record may come from anywhere, so `Record.load` checks every field by name and
type before anything is built from it: UTF-8, at most `LIMIT` bytes, JSON nested
no deeper than JSON records are, no unknown fields, strict types (a seed of 11.7
or "5" is not a seed), a known game and variant, rule numbers in their ranges,
a seat list the game can seat, and actions that are lists of names and whole numbers.
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
    OptionsError,
    SoanError,
    State,
    options_from_dict,
    options_to_dict,
)
from soan.engine.files import MB, FileError, read_text, write_atomic

FORMAT = "soan-record/1"
LIMIT = 16 * MB  # 20,000 actions of a long game take about 400 KB
SEED_LIMIT = 2**63
FIELDS = ("format", "game", "variant", "options", "content_hash", "seats", "seed", "actions",
          "result", "stopped")


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
    stopped: str = ""  # why a game was stopped before its end ("" for a whole game)

    @classmethod
    def of(
        cls, state: State, variant: str, content_hash: str, seats: list[str], seed: int,
        stopped: str = "",
    ) -> Record:
        rec = cls(
            state.game.id, variant, options_to_dict(state.options), content_hash, list(seats), seed
        )
        rec.actions = list(state.history)
        if state.over:
            rec.result = {"scores": state.scores(), "winners": state.winners()}
        else:
            rec.stopped = stopped
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
        if self.stopped:
            data["stopped"] = self.stopped
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: Path) -> None:
        """Write atomically, so an interrupted save never leaves half a record."""
        write_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path) -> Record:
        """Read and check a record file; RecordError names the file and the field."""
        try:
            text = read_text(path, "record", LIMIT)
        except FileError as exc:
            raise RecordError(str(exc)) from None
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text: str, source: str = "the record") -> Record:
        """A record from its JSON text (`source` names it in errors)."""
        if len(text) > LIMIT:
            raise RecordError(f"{source} is over {LIMIT // MB} MB, the most a record may be")
        try:
            data = json.loads(text)  # NaN and Infinity parse, and are then refused by type
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source} is not valid JSON: {exc.msg} (line {exc.lineno}, "
                              f"column {exc.colno})") from None
        except RecursionError:
            raise RecordError(f"{source}: JSON nested too deeply to be a record") from None
        try:
            return cls.from_dict(data)
        except SoanError as exc:
            raise RecordError(f"{source}: {exc}") from None

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """A record from its JSON form, every field checked by name and type."""
        from soan.engine.registry import get_game

        if not isinstance(data, dict):
            raise RecordError(f"not a soan record: it holds a JSON {_json_type(data)}, "
                              "where a record is an object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a soan record: field format is {data.get('format')!r}, "
                              f"not {FORMAT!r}")
        unknown = [key for key in data if key not in FIELDS]
        if unknown:
            raise RecordError(f"unknown field {unknown[0]!r}; a record holds {', '.join(FIELDS)}")
        game_id = _get(data, "game", str)
        try:
            game = get_game(game_id)
        except SoanError as exc:
            raise RecordError(f"field game: {exc}") from None
        variant = _get(data, "variant", str)
        if variant not in game.variants:
            raise RecordError(f"field variant: {game.id} has no variant {variant!r}; "
                              f"variants: {', '.join(game.variants)}")
        options = _get(data, "options", dict)
        try:
            options_from_dict(game, options)
        except (OptionsError, TypeError) as exc:
            raise RecordError(f"field options: {exc}") from None
        content_hash = _get(data, "content_hash", str)
        if not content_hash:
            raise RecordError("field content_hash is empty")
        seats = _get(data, "seats", list)
        if not all(type(s) is str and s for s in seats):
            raise RecordError(f"field seats holds {_first_bad(seats, str)}; it lists one "
                              "seat spec (a name) per seat")
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise RecordError(f"field seats lists {len(seats)} seats; {game.title} is for "
                              f"{game.min_seats} to {game.max_seats} players")
        seed = _get(data, "seed", int)
        if not 0 <= seed < SEED_LIMIT:
            raise RecordError(f"field seed is {seed}; a seed is a whole number from 0 to 2^63-1")
        actions = [_action(a, i) for i, a in enumerate(_get(data, "actions", list), 1)]
        if len(actions) > game.max_actions:
            raise RecordError(f"field actions holds {len(actions)} actions; a {game.id} game "
                              f"stops after at most {game.max_actions}")
        result = _result(data.get("result", {}), len(seats))
        stopped = _get(data, "stopped", str) if "stopped" in data else ""
        return cls(game_id, variant, options, content_hash, seats, seed, actions, result,
                   stopped)


def _json_type(value: Any) -> str:
    names = {dict: "object", list: "array", str: "string", int: "number", float: "number",
             bool: "true/false", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _first_bad(items: list, kind: type) -> str:
    bad = next(x for x in items if type(x) is not kind or not x)
    return f"{json.dumps(bad)[:30]} (a JSON {_json_type(bad)})"


_WANTED = {str: "a string", int: "a whole number", list: "an array", dict: "an object"}


def _get(data: dict, key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"field {key} is missing")
    value = data[key]
    if type(value) is not kind:
        raise RecordError(f"field {key} must be {_WANTED[kind]}, not {json.dumps(value)[:30]} "
                          f"(a JSON {_json_type(value)})")
    return value


def _action(value: Any, i: int) -> Action:
    if (
        type(value) is not list or not value or type(value[0]) is not str
        or not all(type(x) is str or (type(x) is int and abs(x) < SEED_LIMIT) for x in value)
    ):
        raise RecordError(f"field actions: action {i} is {json.dumps(value)[:40]}; an action is "
                          "an array of a name and names or whole numbers, such as [\"build\", 17]")
    return tuple(value)


def _whole(x: Any) -> bool:
    return type(x) is int


def _result(value: Any, seats: int) -> dict[str, Any]:
    if type(value) is not dict:
        raise RecordError(f"field result must be an object, not {json.dumps(value)[:30]}")
    if not value:
        return {}
    if set(value) != {"scores", "winners"}:
        raise RecordError(f"field result holds {', '.join(sorted(value))}; it holds scores "
                          "and winners")
    scores, winners = value["scores"], value["winners"]
    if type(scores) is not list or len(scores) != seats or not all(map(_whole, scores)):
        raise RecordError(f"field result: scores must be {seats} whole numbers, one per seat "
                          "in field seats")
    if type(winners) is not list or not all(_whole(w) and 0 <= w < seats for w in winners):
        raise RecordError(f"field result: winners must be seat numbers from 0 to {seats - 1}")
    return value


def replay(record: Record, game: Game, content: Any, content_hash: str) -> State:
    """Play a record's actions from its seed; raise RecordError at the first bad one."""
    if record.game != game.id:
        raise RecordError(f"record is for game {record.game!r}, not {game.id!r}")
    if record.content_hash != content_hash:
        raise RecordError(
            f"the record's content_hash {record.content_hash} is not this content's "
            f"({content_hash}); pass the same --content file it was played with"
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
            raise RecordError(f"its result says scores {record.result['scores']}, winners "
                              f"{record.result['winners']}, but the replay gives scores "
                              f"{got['scores']}, winners {got['winners']}")
    return state
