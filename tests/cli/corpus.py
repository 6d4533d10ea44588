"""Bad inputs a user (or an attacker) can hand the `soan` command, and how to judge
what the command did with each.

Every case is a command line, the files it reads (made fresh in an empty folder),
and the words its error must contain: the field, entry, file or seat at fault. The
expected outcome is always the same: exit code 2, one clear line naming what is
wrong, no traceback, and no file left behind (besides the record a human's game
keeps when a bot fails mid-game). `tests/cli/test_bad_inputs.py` asserts it for
every case; `benchmarks/bad_inputs.py` runs them through the real command and
counts the outcomes.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[2]
GAMES = REPOSITORY / "src" / "soan" / "games"

OUTCOMES = ("clear", "vague", "traceback", "hang", "accepted")


@dataclass(frozen=True)
class Case:
    """One bad input: `soan ARGS` run in a folder holding `files` (and `dirs`)."""

    id: str
    args: tuple[str, ...]
    names: tuple[str, ...]  # the error must contain each (case-insensitive)
    files: dict[str, bytes] = field(default_factory=dict)
    dirs: tuple[str, ...] = ()
    stdin: str = ""
    keeps: tuple[str, ...] = ()  # files the command must leave (a kept record)
    never: tuple[str, ...] = ()  # words that show work started before the check


@dataclass(frozen=True)
class Outcome:
    kind: str  # one of OUTCOMES
    leftover: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()


def error_text(output: str) -> str:
    """The error a command printed: everything from `error:` on (lower case)."""
    at = output.find("error:")
    return output[at:].lower() if at >= 0 else output.lower()


def judge(
    case: Case, exit_code: int | None, output: str, crashed: bool, before: set[str], folder: Path
) -> Outcome:
    """What the command did with `case`: exit_code None means it was stopped as hung."""
    after = {str(p.relative_to(folder)) for p in folder.rglob("*")}
    leftover = tuple(sorted(p for p in after - before if p not in case.keeps
                            and not any(p.startswith(k + "/") for k in case.keeps)))
    lost = tuple(k for k in case.keeps if k not in after)
    if exit_code is None:
        kind = "hang"
    elif crashed or "Traceback (most recent call last)" in output:
        kind = "traceback"
    elif exit_code == 0:
        kind = "accepted"
    else:
        text = error_text(output)
        named = all(word.lower() in text for word in case.names)
        started = any(word.lower() in output.lower() for word in case.never)
        kind = "clear" if exit_code == 2 and named and not started else "vague"
    return Outcome(kind, leftover, lost)


def materialize(case: Case, folder: Path) -> set[str]:
    """Write the case's files into `folder`; return what the folder holds."""
    for name in case.dirs:
        (folder / name).mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# --- TOML ------------------------------------------------------------------------

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, Raw):
        return value.text
    raise TypeError(value)


@dataclass(frozen=True)
class Raw:
    """TOML written as is (a date, nan, inf)."""

    text: str


def to_toml(data: dict[str, Any]) -> bytes:
    """A content dict as TOML: top-level values, then arrays of tables."""
    lines = []
    tables = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append((key, value))
        elif isinstance(value, dict):
            tables.append((key, [value]))
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    for key, entries in tables:
        single = isinstance(data[key], dict)
        for entry in entries:
            lines.append(f"\n[{key}]" if single else f"\n[[{key}]]")
            lines += [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
    return ("\n".join(lines) + "\n").encode("utf-8")


@cache
def shipped(game: str) -> str:
    return (GAMES / game / "content.toml").read_text("utf-8")


def content(game: str, change: Callable[[dict[str, Any]], None] | None = None) -> bytes:
    data = tomllib.loads(shipped(game))
    if change is not None:
        change(data)
    return to_toml(data)


def setter(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def deleter(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return change


def _content_case(id: str, game: str, data: bytes, names: tuple[str, ...],
                  players: int | None = None) -> Case:
    command = ("show", game) if game == "populous" else ("play", game, "--quiet")
    size = ("-n", str(players)) if players else ()
    return Case(f"content/{game}/{id}", (*command, *size, "--content", "c.toml"), names,
                {"c.toml": data})


WRONG_TYPES = (("str", "3"), ("float", 3.0), ("bool", True))


def content_cases() -> Iterator[Case]:
    """Content files: encoding, size, nesting, TOML syntax, strict types, ranges,
    consistency, and decks too small for the table."""
    for game in ("cityplan", "populous"):
        text = shipped(game).encode("utf-8")
        raw = {
            "latin1": (shipped(game).replace("title", "title", 1).encode("utf-8")
                       + "# caf\xe9\n".encode("latin-1"), ("utf-8",)),
            "utf16": (shipped(game).encode("utf-16"), ("utf-8",)),
            "binary": (bytes(range(256)) * 4, ("utf-8",)),
            "huge": (text + b"#" * 3_000_000 + b"\n", ("c.toml", "mb")),
            "nested": (b"x = " + b"[" * 50_000 + b"]" * 50_000 + b"\n", ("nested",)),
            "nested-tables": (b"x = " + b"{a = " * 3_000 + b"1" + b"}" * 3_000 + b"\n",
                              ("nested",)),
            "not-toml": (b"this is not = = toml\n", ("toml", "line 1")),
            "unclosed": (text + b"\n[[deck\n", ("toml", "line")),
            "duplicate-key": (b'title = "a"\ntitle = "b"\n', ("toml", "line 2")),
            "empty": (b"", ("c.toml",)),
            "nul": (text.replace(b"title", b"ti\x00tle", 1), ("c.toml",)),
        }
        for id, (data, names) in raw.items():
            yield _content_case(id, game, data, names)
        yield Case(f"content/{game}/missing", ("show", game, "--content", "nope.toml"),
                   ("nope.toml",))
        yield Case(f"content/{game}/folder", ("show", game, "--content", "folder"),
                   ("folder",), dirs=("folder",))
        yield _content_case("unknown-top", game, content(game, setter(("colour",), "red")),
                            ("colour",))
        yield _content_case("title-int", game, content(game, setter(("title",), 5)),
                            ("title",))
    yield from _cityplan_content()
    yield from _populous_content()


def _cityplan_content() -> Iterator[Case]:
    c = "cityplan"
    for field_name in ("cost", "power", "points", "amount"):
        for kind, value in WRONG_TYPES:
            yield _content_case(f"deck.{field_name}={kind}", c,
                                content(c, setter(("deck", 2, field_name), value)),
                                ("deck[3]", field_name))
    for field_name in ("value", "count", "draw", "max_buildings"):
        for kind, value in WRONG_TYPES:
            yield _content_case(f"income.{field_name}={kind}", c,
                                content(c, setter(("income", 1, field_name), value)),
                                ("income[2]", field_name))
    for kind, value in WRONG_TYPES:
        yield _content_case(f"deck.bonus={kind}", c,
                            content(c, setter(("deck", 0, "bonus"), [value])),
                            ("deck[1]", "bonus"))
    for kind, value in (("str", "true"), ("int", 1)):
        yield _content_case(f"deck.eco={kind}", c,
                            content(c, setter(("deck", 4, "eco"), value)), ("deck[5]", "eco"))
        yield _content_case(f"deck.provisional={kind}", c,
                            content(c, setter(("deck", 4, "provisional"), value)),
                            ("deck[5]", "provisional"))
    for field_name, value in (("name", 5), ("english", ["a"]), ("type", 1), ("reason", 2)):
        yield _content_case(f"deck.{field_name}-wrong-type", c,
                            content(c, setter(("deck", 1, field_name), value)),
                            ("deck[2]", field_name))
    bad_values = {
        "cost-negative": (("deck", 2, "cost"), -1, ("deck[3]", "cost")),
        "cost-huge": (("deck", 2, "cost"), 2**70, ("deck[3]", "cost")),
        "cost-nan": (("deck", 2, "cost"), Raw("nan"), ("deck[3]", "cost")),
        "cost-inf": (("deck", 2, "cost"), Raw("inf"), ("deck[3]", "cost")),
        "cost-date": (("deck", 2, "cost"), Raw("1979-05-27"), ("deck[3]", "cost")),
        "power-high": (("deck", 2, "power"), 31, ("deck[3]", "power")),
        "type-unknown": (("deck", 2, "type"), "castle", ("deck[3]", "type")),
        "effect-unknown": (("deck", 2, "effect"), "fly", ("deck[3]", "effect")),
        "name-empty": (("deck", 2, "name"), "", ("deck[3]", "name")),
        "bonus-empty": (("deck", 2, "bonus"), [], ("deck[3]", "bonus")),
        "bonus-range": (("deck", 2, "bonus"), [11], ("deck[3]", "bonus")),
        "deck-not-list": (("deck",), "none", ("deck",)),
        "farm-list": (("farm",), [1], ("farm",)),
        "income-condition": (("income", 0, "condition"), "luck", ("income[1]", "condition")),
        "income-count-zero": (("income", 0, "count"), 0, ("income[1]", "count")),
        "unknown-field": (("deck", 3, "colour"), "red", ("deck[4]", "colour")),
        "provisional-no-reason": (("deck", 3, "reason"), "", ("deck[4]", "reason")),
    }
    for id, (path, value, names) in bad_values.items():
        yield _content_case(id, c, content(c, setter(path, value)), names)
    yield _content_case("missing-cost", c, content(c, deleter(("deck", 2, "cost"))),
                        ("deck[3]", "cost"))
    yield _content_case("missing-income", c, content(c, deleter(("income",))), ("income",))
    yield _content_case("four-plants", c, content(c, deleter(("starting_plant", 4))),
                        ("starting_plant",))

    def plant_type(data: dict[str, Any]) -> None:
        data["starting_plant"][0]["type"] = "residential"

    yield _content_case("plant-not-power", c, content(c, plant_type), ("starting plant",))

    def same_income(data: dict[str, Any]) -> None:
        data["income"][1]["value"] = data["income"][0]["value"]

    yield _content_case("income-repeats", c, content(c, same_income), ("income",))

    def small_deck(data: dict[str, Any]) -> None:
        data["deck"] = data["deck"][:2]
        for card in data["deck"]:
            card["bonus"] = card["bonus"][:2]

    yield _content_case("deck-too-small", c, content(c, small_deck), ("deck", "4 cards"), 3)

    def huge_deck(data: dict[str, Any]) -> None:
        data["deck"][0]["bonus"] = [1] * 500

    yield _content_case("deck-too-large", c, content(c, huge_deck), ("deck", "400"))


def _populous_content() -> Iterator[Case]:
    p = "populous"
    for kind, value in WRONG_TYPES:
        yield _content_case(f"grace.cost={kind}", p,
                            content(p, setter(("grace", 1, "cost"), value)),
                            ("grace[2]", "cost"))
        yield _content_case(f"grace.copies={kind}", p,
                            content(p, setter(("grace", 1, "copies"), value)),
                            ("grace[2]", "copies"))
        yield _content_case(f"tiles.pair={kind}", p,
                            content(p, setter(("tiles", 0, "pair"), [value, value])),
                            ("tiles[1]", "pair"))
        yield _content_case(
            f"effect.amount={kind}", p,
            content(p, setter(("races", 0, "effects"), [{"effect": "war_strength",
                                                         "amount": value}])),
            ("races[1]", "effects[1]", "amount"))
    bad_values = {
        "race-name-int": (("races", 1, "name"), 5, ("races[2]", "name")),
        "terrain-int": (("tiles", 2, "terrain"), [1, 1, 1, 1, 1, 1, 1], ("tiles[3]", "terrain")),
        "terrain-six": (("tiles", 2, "terrain"), ["sea"] * 6, ("tiles[3]", "terrain")),
        "terrain-unknown": (("tiles", 2, "terrain"), ["lava"] * 7, ("tiles[3]", "terrain")),
        "aptitude": (("races", 0, "aptitude"), "space", ("races[1]", "aptitude")),
        "grace-kind": (("grace", 0, "kind"), "angel", ("grace[1]", "kind")),
        "grace-cost-high": (("grace", 0, "cost"), 31, ("grace[1]", "cost")),
        "grace-no-effects": (("grace", 0, "effects"), [], ("grace[1]", "effects")),
        "effect-unknown": (("grace", 0, "effects"), [{"effect": "fly"}], ("grace[1]", "effect")),
        "effect-extra": (("grace", 0, "effects"), [{"effect": "labour_food", "colour": 1}],
                         ("grace[1]", "colour")),
        "free-terrain-none": (("grace", 0, "effects"), [{"effect": "free_terrain"}],
                              ("grace[1]", "terrain")),
        "race-one-shot": (("races", 0, "effects"), [{"effect": "gain_vp"}],
                          ("races[1]", "ongoing")),
        "tiles-not-list": (("tiles",), {"pair": [1, 1]}, ("tiles",)),
        "pair-order": (("tiles", 0, "pair"), [5, 1], ("tiles[1]", "pair")),
        "pair-three": (("tiles", 0, "pair"), [1, 1, 1], ("tiles[1]", "pair")),
    }
    for id, (path, value, names) in bad_values.items():
        yield _content_case(id, p, content(p, setter(path, value)), names)

    def dup_pair(data: dict[str, Any]) -> None:
        data["tiles"][1]["pair"] = data["tiles"][0]["pair"]

    yield _content_case("tiles-repeat-pair", p, content(p, dup_pair), ("tiles", "pair"))
    yield _content_case("fourteen-tiles", p, content(p, deleter(("tiles", 3))), ("tiles",))

    def dup_race(data: dict[str, Any]) -> None:
        data["races"][1]["english"] = data["races"][0]["english"]

    yield _content_case("race-repeat", p, content(p, dup_race), ("race",))

    def small_deck(data: dict[str, Any]) -> None:
        data["grace"] = data["grace"][:3]
        for card in data["grace"]:
            card["copies"] = 1

    yield _content_case("grace-deck-small", p, content(p, small_deck), ("grace", "35"))


# --- records ---------------------------------------------------------------------

@cache
def valid_record(game: str = "cityplan") -> dict[str, Any]:
    """A real record of a short bot game, as JSON data."""
    from soan.engine.registry import get_game
    from soan.engine.rng import Rng

    g = get_game(game)
    content_data = g.load_content()
    state = g.new(3, 5, content=content_data)
    rng = Rng(9)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return {
        "format": "soan-record/1",
        "game": game,
        "variant": "default",
        "options": {f: list(v) if isinstance(v, tuple) else v
                    for f, v in vars_of(state.options).items()},
        "content_hash": g.content_hash(content_data),
        "seats": ["random", "random", "random"],
        "seed": 5,
        "actions": [list(a) for a in state.history],
        "result": {"scores": state.scores(), "winners": state.winners()},
    }


def vars_of(options: Any) -> dict[str, Any]:
    import dataclasses

    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def record_bytes(change: Callable[[dict[str, Any]], None] | None = None,
                 game: str = "cityplan") -> bytes:
    data = json.loads(json.dumps(valid_record(game)))
    if change is not None:
        change(data)
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _record_case(id: str, data: bytes, names: tuple[str, ...], *extra: str,
                 files: dict[str, bytes] | None = None) -> Case:
    return Case(f"record/{id}", ("replay", "r.json", *extra), names,
                {"r.json": data, **(files or {})})


def record_cases() -> Iterator[Case]:
    """Records: encoding, size, nesting, JSON syntax, every field's type and range,
    actions that do not replay, results that do not match."""
    good = record_bytes()
    raw = {
        "latin1": (good[:-1] + b', "note": "caf\xe9"}', ("utf-8",)),
        "utf16": (good.decode("utf-8").encode("utf-16"), ("utf-8",)),
        "binary": (bytes(range(256)) * 4, ("r.json",)),
        "nested": (b"[" * 100_000 + b"]" * 100_000, ("nested",)),
        "nested-object": (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, ("nested",)),
        "not-json": (b"{not json", ("json", "line 1")),
        "empty": (b"", ("r.json",)),
        "truncated": (good[: len(good) // 2], ("json",)),
        "list": (b"[]", ("r.json", "object")),
        "string": (b'"record"', ("r.json", "object")),
        "null": (b"null", ("r.json", "object")),
        "huge": (good[:-1] + b', "pad": "' + b"x" * 30_000_000 + b'"}', ("r.json", "mb")),
        "nan-seed": (good.replace(b'"seed": 5', b'"seed": NaN'), ("seed",)),
        "infinity-seed": (good.replace(b'"seed": 5', b'"seed": Infinity'), ("seed",)),
    }
    for id, (data, names) in raw.items():
        yield _record_case(id, data, names)
    yield Case("record/missing", ("replay", "nope.json"), ("nope.json",))
    yield Case("record/folder", ("replay", "folder"), ("folder",), dirs=("folder",))
    fields = {
        "format": [None, 1, "soan-record/9"],
        "game": [None, 5, "chess", ""],
        "variant": [None, 3, "fancy"],
        "options": [None, "x", [1], {"hand_limit": 0}, {"hand_limit": 21},
                    {"hand_limit": "7"}, {"hand_limit": 7.0}, {"hand_limit": True},
                    {"nope": 1}, {"completion_10": [1, 2]}, {"completion_10": [1, 2, 300]},
                    {"completion_10": "20/10/5"}, {"plain": 1}, {"plain": "yes"}],
        "content_hash": [None, 7, "abc", ""],
        "seats": [None, "abc", 3, [], [1, 2, 3], ["random"], ["random"] * 6,
                  ["random", "random", None], {"a": 1}],
        "seed": [None, 11.7, "5", True, -1, 2**63, 2**64, [5], 5.0],
        "actions": [None, "abc", 5, [1], [[]], [[3]], [["build", 1.5]], [["build", True]],
                    [["build", None]], [["build", {"a": 1}]], [["nope"]], [["act", 2**70]],
                    [["act", -1]], {"a": 1}],
        "result": ["x", 5, [1], {"scores": "x"}, {"scores": [0, 0, 0], "winners": [0]},
                   {"colour": 1}],
    }
    for key, values in fields.items():
        for value in values:
            shown = json.dumps(value, separators=(",", ":"))[:40].replace("/", "|")
            if value is None:
                yield _record_case(f"{key}-missing", record_bytes(deleter((key,))), (key,))
                continue
            names = {
                "options": ("option",),
                "actions": ("action",),
                "result": ("result",) if key != "result" or not isinstance(value, dict)
                or "scores" not in value else ("result", "scores"),
            }.get(key, (key,))
            if key == "options" and isinstance(value, dict):
                names = ("option", next(iter(value)))
            if key == "content_hash" and value == "abc":
                names = ("content", "--content")
            yield _record_case(f"{key}={shown}", record_bytes(setter((key,), value)), names)
    yield _record_case("unknown-field", record_bytes(setter(("colour",), "red")), ("colour",))
    yield _record_case("seats-wrong-count",
                       record_bytes(setter(("seats",), ["random", "random"])), ("seats",))

    def bad_action(data: dict[str, Any]) -> None:
        data["actions"][4] = ["build", 9999]

    yield _record_case("illegal-action", record_bytes(bad_action), ("action 5",))
    yield _record_case("illegal-action-step", record_bytes(bad_action), ("action 5",), "--step")

    def extra_action(data: dict[str, Any]) -> None:
        data["actions"].append(["done"])

    yield _record_case("action-after-end", record_bytes(extra_action),
                       (f"action {len(valid_record()['actions']) + 1}",))

    def cut(data: dict[str, Any]) -> None:
        data["actions"] = data["actions"][:10]

    yield _record_case("ends-early", record_bytes(cut), ("10 actions",))

    def many(data: dict[str, Any]) -> None:
        data["actions"] = [["done"]] * 30_000

    yield _record_case("too-many-actions", record_bytes(many), ("actions", "20000"))
    yield _record_case("other-content", record_bytes(), ("content",), "--content", "c.toml",
                       files={"c.toml": content("cityplan", setter(("title",), "mine"))})
    yield _record_case("bad-content", record_bytes(), ("deck[3]", "cost"), "--content", "c.toml",
                       files={"c.toml": content("cityplan", setter(("deck", 2, "cost"), "3"))})
    yield _record_case("populous-variant", record_bytes(setter(("variant",), "plain"),
                                                        game="populous"), ("variant", "plain"))
    yield _record_case("populous-option", record_bytes(setter(("options",), {"war_die": 0}),
                                                       game="populous"), ("war_die",))


# --- the command line ------------------------------------------------------------

BOT_FILES = {
    "syntax.py": b"def Bot(:\n",
    "raises.py": b"raise RuntimeError('no config found')\n",
    "empty.py": b"x = 1\n",
    "init_raises.py": b"class Bot:\n    def __init__(self):\n        raise ValueError('bad')\n",
    "not_callable.py": b"Bot = 5\n",
    "fails.py": (b"def Bot(state, rng):\n    if len(state.log) > 3:\n"
                 b"        raise KeyError('lost track')\n    return state.legal()[0]\n"),
    "junk.py": b"def Bot(state, rng):\n    return 'build please'\n",
    "illegal.py": b"def Bot(state, rng):\n    return ('build', 9999)\n",
    "none.py": b"def Bot(state, rng):\n    return None\n",
    "floaty.py": b"def Bot(state, rng):\n    a = state.legal()[-1]\n    return (a[0], *map(float, a[1:]))\n",
    "sleeps.py": b"import time\ndef Bot(state, rng):\n    time.sleep(60)\n",
    "exits.py": b"import sys\ndef Bot(state, rng):\n    sys.exit(0)\n",
    "prints.py": b"def Bot(state, rng):\n    print('hello')\n    return state.legal()[0]\n",
}


def _bot_case(id: str, seat: str, names: tuple[str, ...], *extra: str,
              human: bool = False, keeps: tuple[str, ...] = ()) -> Case:
    first = "human" if human else "random"
    args = ("play", "cityplan", "--seats", f"{first},{seat}", "--seed", "4", *extra)
    # the human types 1 to 6 in turn: a card already paid keeps its number, not open
    stdin = "1\n2\n3\n4\n5\n6\n" * 70 if human else ""
    return Case(f"bot/{id}", args, names, dict(BOT_FILES), stdin=stdin, keeps=keeps)


def bot_cases() -> Iterator[Case]:
    """Seat specs and bot files: refused before the game, or stopping it cleanly."""
    for spec, names in {
        "robot": ("robot",),
        "": ("seat",),
        "ismcts:iters=abc": ("iters",),
        "ismcts:iters=-5": ("iters",),
        "ismcts:iters=0": ("iters",),
        "ismcts:iters=1.5": ("iters",),
        "ismcts:c=nan": ("c",),
        "ismcts:c=inf": ("c",),
        "ismcts:time=-1": ("time",),
        "ismcts:rollout=smart": ("rollout",),
        "ismcts:foo=1": ("foo",),
        "ismcts:iters": ("iters",),
        "ismcts:workers=0": ("workers",),
        "ismcts:workers=two": ("workers",),
        "ismcts:workers=65": ("workers",),
        "heuristic:depth=2": ("depth",),
        "random:x=1": ("x",),
        "nosuchmodule:Bot": ("nosuchmodule",),
        "os.path:sep": ("os.path:sep", "callable"),
        "missing.py:Bot": ("missing.py",),
        "syntax.py:Bot": ("syntax.py", "seat 2"),
        "raises.py:Bot": ("raises.py", "seat 2", "no config found"),
        "empty.py:Bot": ("empty.py", "Bot"),
        "init_raises.py:Bot": ("init_raises.py", "seat 2"),
        "not_callable.py:Bot": ("not_callable.py", "callable"),
        "isolated:missing.py:Bot": ("missing.py",),
        "isolated:syntax.py:Bot": ("syntax.py", "seat 2"),
        "isolated:raises.py:Bot": ("raises.py", "no config found"),
        "isolated:robot": ("robot",),
    }.items():
        yield _bot_case(f"spec={spec}".replace("/", "|"), spec, names)
    for name, extra_names in (("fails", ("lost track",)), ("junk", ("build please",)),
                              ("illegal", ("9999",)), ("none", ("none",)),
                              ("floaty", ("float",)), ("exits", ())):
        yield _bot_case(f"{name}-midgame", f"{name}.py:Bot", ("seat 2", *extra_names))
        yield _bot_case(f"{name}-midgame-record", f"{name}.py:Bot", ("seat 2", "g.json"),
                        "--record", "g.json", human=True, keeps=("g.json",))
        yield _bot_case(f"isolated-{name}-midgame", f"isolated:{name}.py:Bot",
                        ("seat 2", *extra_names), "--move-time", "20")
    yield _bot_case("isolated-sleeps", "isolated:sleeps.py:Bot", ("seat 2", "1 s"),
                    "--move-time", "1")
    yield _bot_case("isolated-sleeps-record", "isolated:sleeps.py:Bot", ("seat 2", "g.json"),
                    "--move-time", "1", "--record", "g.json", human=True, keeps=("g.json",))
    yield _bot_case("move-time-negative", "random", ("move time",), "--move-time", "-1")
    yield _bot_case("move-time-nan", "random", ("move time",), "--move-time", "nan")
    yield _bot_case("jobs-zero", "ismcts:iters=20", ("jobs",), "--jobs", "0")
    yield _bot_case("jobs-word", "ismcts:iters=20", ("jobs",), "--jobs", "two")


CITYPLAN_OPTIONS = {
    "plain": ("maybe", "2"),
    "hand_start": ("0", "13", "x"),
    "hand_limit": ("0", "-1", "21", "7.5"),
    "build_income": ("0", "7"),
    "end_buildings": ("3", "1000"),
    "councillors_per_player": ("-1", "11"),
    "councillor_chips": ("51",),
    "parliament_bonus": ("31",),
    "parliament_penalty": ("-5",),
    "completion_10": ("1/2", "a/b/c", "20/10/500", "20,10,5", "1/2/3/4"),
    "completion_9": ("-1/5/2",),
    "development_multiplier": ("11",),
    "city_bonus": ("sometimes",),
}
POPULOUS_OPTIONS = {
    "end_score": ("100000", "14"),
    "start_vp": ("-1",),
    "start_fp": ("51",),
    "start_food": ("21",),
    "workers": ("0", "41"),
    "houses": ("-1",),
    "vandals": ("41",),
    "grace_draw": ("11",),
    "grace_keep": ("-1",),
    "placement_food": ("6",),
    "blessing_workers": ("0", "8"),
    "revelation_draws": ("6",),
    "worker_vp": ("6",),
    "house_vp": ("11",),
    "worker_yield": ("-1",),
    "house_yield": ("11",),
    "disaster_fp": ("6",),
    "disaster_ether_fp": ("6",),
    "worker_strength": ("6",),
    "house_strength": ("11",),
    "war_die": ("-1", "0", "1", "21", "six"),
    "war_loss_fp": ("11",),
    "race_choice": ("perhaps",),
}


def option_cases() -> Iterator[Case]:
    """Every rule number out of its range or of the wrong type, and bad syntax."""
    for game, table in (("cityplan", CITYPLAN_OPTIONS), ("populous", POPULOUS_OPTIONS)):
        for key, values in table.items():
            for value in values:
                yield Case(f"option/{game}/{key}={value.replace('/', '|')}",
                           ("play", game, "--seats", "human,random,random", "-o",
                            f"{key}={value}"), (key,), never=("your choice",))
    for arg, names in {"hand_limit": ("key=value",), "=7": ("key=value",),
                       "hand_limit=": ("hand_limit",), "nope=1": ("nope",),
                       "HAND_LIMIT=7": ("hand_limit",)}.items():
        yield Case(f"option/syntax/{arg}", ("play", "cityplan", "-o", arg), names)


def command_cases() -> Iterator[Case]:
    """Arguments of play, replay, show, games, rules and content."""
    big = str(2**63)
    cases = {
        "play/no-game": (("play",), ("game",)),
        "play/unknown-game": (("play", "chess"), ("chess",)),
        "play/players-abc": (("play", "cityplan", "-n", "abc"), ("players",)),
        "play/players-negative": (("play", "cityplan", "-n", "-1"), ("players",)),
        "play/players-one": (("play", "cityplan", "-n", "1"), ("players",)),
        "play/players-99": (("play", "cityplan", "-n", "99"), ("players",)),
        "play/players-vs-seats": (("play", "cityplan", "-n", "3", "--seats", "random,random"),
                                  ("players", "seats")),
        "play/six-seats": (("play", "cityplan", "--seats", ",".join(["random"] * 6)),
                           ("players",)),
        "play/empty-seat": (("play", "cityplan", "--seats", "random,,random"), ("seat",)),
        "play/seed-negative": (("play", "cityplan", "--seed", "-1"), ("seed",)),
        "play/seed-2^63": (("play", "cityplan", "--seed", big), ("seed",)),
        "play/seed-huge": (("play", "cityplan", "--seed", "9" * 30), ("seed",)),
        "play/seed-abc": (("play", "cityplan", "--seed", "abc"), ("seed",)),
        "play/seed-float": (("play", "cityplan", "--seed", "1.5"), ("seed",)),
        "play/variant-unknown": (("play", "cityplan", "--variant", "fancy"), ("variant",)),
        "play/variant-empty": (("play", "cityplan", "--variant", ""), ("variant",)),
        "play/unknown-flag": (("play", "cityplan", "--colour", "red"), ("--colour",)),
        "show/unknown-game": (("show", "chess"), ("chess",)),
        "show/players-9": (("show", "populous", "-n", "9"), ("players",)),
        "show/players-abc": (("show", "populous", "-n", "abc"), ("players",)),
        "show/seed-negative": (("show", "populous", "--seed", "-1"), ("seed",)),
        "show/seed-2^63": (("show", "populous", "--seed", big), ("seed",)),
        "replay/no-file": (("replay",), ("file",)),
        "games/extra": (("games", "extra"), ("extra",)),
        "games/flag": (("games", "--all"), ("--all",)),
        "rules/unknown-game": (("rules", "chess"), ("chess",)),
        "rules/no-game": (("rules",), ("game",)),
        "content/unknown-game": (("content", "chess", "--out", "c.toml"), ("chess",)),
        "top/unknown-command": (("dance",), ("dance",)),
        "top/unknown-flag": (("--colour",), ("--colour",)),
    }
    for id, (args, names) in cases.items():
        yield Case(f"command/{id}", args, names)
    human = ("--seats", "human,random")
    paths = {
        "play/record-no-dir": (("play", "cityplan", *human, "--record", "no/such/dir/g.json"),
                               ("no/such/dir",), (), {}),
        "play/record-folder": (("play", "cityplan", *human, "--record", "folder"),
                               ("folder",), ("folder",), {}),
        "play/record-under-file": (("play", "cityplan", *human, "--record", "file/g.json"),
                                   ("file",), (), {"file": b"x"}),
        "play/record-folder-bots": (("play", "cityplan", "--record", "folder"), ("folder",),
                                    ("folder",), {}),
        "play/record-no-dir-bots": (("play", "cityplan", "--record", "no/such/g.json"),
                                    ("no/such",), (), {}),
        "play/record-empty": (("play", "cityplan", *human, "--record", ""), ("record",), (), {}),
        "play/content-folder": (("play", "cityplan", "--content", "folder"), ("folder",),
                                ("folder",), {}),
        "show/svg-folder": (("show", "populous", "--svg", "folder"), ("folder",),
                            ("folder",), {}),
        "show/svg-no-dir": (("show", "populous", "--svg", "no/such/w.svg"), ("no/such",),
                            (), {}),
        "show/svg-cityplan": (("show", "cityplan", "--svg", "w.svg"), ("svg",), (), {}),
        "content/exists": (("content", "cityplan", "--out", "c.toml"), ("c.toml", "--force"),
                           (), {"c.toml": b"# mine\n"}),
        "content/folder": (("content", "cityplan", "--out", "folder"), ("folder",),
                           ("folder",), {}),
        "content/no-dir": (("content", "cityplan", "--out", "no/such/c.toml"), ("no/such",),
                           (), {}),
    }
    for id, (args, names, dirs, files) in paths.items():
        yield Case(f"command/{id}", args, names, files, dirs,
                   never=("your choice", "final scores"))


def all_cases() -> list[Case]:
    cases = [*content_cases(), *record_cases(), *bot_cases(), *option_cases(),
             *command_cases()]
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), "case ids repeat"
    return cases
