"""Bad input to the lab's commands: every case ends in exit code 2 and one line naming
what is wrong and where, with no traceback and no file left behind.

Each case builds its input in an empty folder (results files, parts folders, SQL,
arguments), runs the real `soan` command, and checks the folder afterwards.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from soan.cli import app
from soan.lab.run.store import PROVENANCE_KEY, RUN_KEY
from tests.lab.conftest import soan

Args = Callable[[Path, Path], list[object]]  # (folder, a valid results file) -> arguments


@dataclass(frozen=True)
class Case:
    name: str
    args: Args
    expect: str  # a piece of the message: the field, file or value at fault


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small, sound City Plan results file (2 seats, 4 games)."""
    path = tmp_path_factory.mktemp("sound") / "sound.parquet"
    soan("simulate", "cityplan", "-n", 2, "--games", 4, "--bots", "random", "--seed", 3,
         "--jobs", 1, "--out", path)
    return path


# ---- building bad files ----------------------------------------------------------------

def copy(valid: Path, folder: Path, name: str = "r.parquet") -> Path:
    target = folder / name
    shutil.copyfile(valid, target)
    return target


def rewritten(valid: Path, folder: Path, change: Callable[[pa.Table], pa.Table]) -> Path:
    """A copy whose rows are changed, keeping the soan metadata."""
    table = pq.read_table(valid)
    metadata = table.schema.metadata
    target = folder / "r.parquet"
    pq.write_table(change(table).replace_schema_metadata(metadata), target)
    return target


def with_metadata(valid: Path, folder: Path, key: bytes, change: Callable[[dict], object]
                  ) -> Path:
    """A copy with one metadata entry changed (its JSON passed through `change`)."""
    table = pq.read_table(valid)
    metadata = dict(table.schema.metadata)
    value = change(json.loads(metadata[key]))
    if value is None:
        del metadata[key]
    else:
        metadata[key] = value if isinstance(value, bytes) else json.dumps(value).encode()
    target = folder / "r.parquet"
    pq.write_table(table.replace_schema_metadata(metadata), target)
    return target


def set_column(name: str, values: Callable[[list], list], kind: pa.DataType | None = None
               ) -> Callable[[pa.Table], pa.Table]:
    def change(table: pa.Table) -> pa.Table:
        column = values(table[name].to_pylist())
        index = table.schema.get_field_index(name)
        field_type = kind or table.schema.field(name).type
        return table.set_column(index, pa.field(name, field_type), pa.array(column, field_type))
    return change


def first_row(value: object) -> Callable[[list], list]:
    return lambda column: [value, *column[1:]]


def drop_rows(*indexes: int) -> Callable[[pa.Table], pa.Table]:
    def change(table: pa.Table) -> pa.Table:
        keep = [i for i in range(table.num_rows) if i not in indexes]
        return table.take(pa.array(keep))
    return change


def repeat_row(table: pa.Table) -> pa.Table:
    return pa.concat_tables([table, table.slice(0, 1)])


def text_file(folder: Path, content: bytes, name: str = "r.parquet") -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


def foreign(folder: Path) -> Path:
    path = folder / "foreign.parquet"
    pq.write_table(pa.table({"x": [1, 2, 3]}), path)
    return path


def report(path_of: Callable[[Path, Path], Path], *extra: object) -> Args:
    return lambda folder, valid: ["report", path_of(folder, valid), "--out",
                                  folder / "report.html", *extra]


def query(path_of: Callable[[Path, Path], Path], sql: str, *extra: object) -> Args:
    return lambda folder, valid: ["query", path_of(folder, valid), sql, *extra]


Place = Callable[[Path, Path], object]  # (folder, valid results) -> a path to write to


def simulate(*extra: object, game: str = "cityplan", out: Place | None = None) -> Args:
    def args(folder: Path, valid: Path) -> list[object]:
        target = out(folder, valid) if out else folder / "out.parquet"
        return ["simulate", game, "--games", 2, "--bots", "random", "--jobs", 1,
                "--out", target, *extra]
    return args


def study(*extra: object, out: Place | None = None) -> Args:
    def args(folder: Path, valid: Path) -> list[object]:
        target = out(folder, valid) if out else folder / "study"
        return ["study", "cityplan", "--games", 2, "-n", 2, "--bots", "random", "--jobs", 1,
                "--out", target, *extra]
    return args


def with_file(make: Callable[[Path], Path], build: Callable[[Path], Args]) -> Args:
    """Arguments that name a file `make` builds in the case's folder."""
    return lambda folder, valid: build(make(folder))(folder, valid)


# ---- parts folders: an interrupted run of `simulate()` with one chunk damaged ---------

def parts_case(damage: Callable[[Path, Path], None]) -> Args:
    """A parts folder of `simulate()` holding one chunk (games 0 and 1), then damaged."""
    def args(folder: Path, valid: Path) -> list[object]:
        command = simulate("-n", 2, "--seed", 3)(folder, valid)
        parts = folder / "out.parquet.parts"
        parts.mkdir()
        chunk = parts / "games-0000000-0000001.parquet"
        table = pq.read_table(valid)
        table = table.filter(pc.less(table["game_index"], 2))
        run = json.loads(table.schema.metadata[RUN_KEY])
        run["bots"] = ["random", "random"]
        pq.write_table(table.replace_schema_metadata({RUN_KEY: json.dumps(run).encode()}), chunk)
        damage(parts, chunk)
        return command
    return args


def truncate(parts: Path, chunk: Path) -> None:
    chunk.write_bytes(chunk.read_bytes()[:100])


def garbage(parts: Path, chunk: Path) -> None:
    chunk.write_bytes(b"\x00garbage" * 50)


def empty(parts: Path, chunk: Path) -> None:
    chunk.write_bytes(b"")


def rewrite_chunk(change: Callable[[pa.Table], pa.Table]) -> Callable[[Path, Path], None]:
    def damage(parts: Path, chunk: Path) -> None:
        table = pq.read_table(chunk)
        pq.write_table(change(table).replace_schema_metadata(table.schema.metadata), chunk)
    return damage


def chunk_metadata(value: bytes | None) -> Callable[[Path, Path], None]:
    def damage(parts: Path, chunk: Path) -> None:
        table = pq.read_table(chunk)
        pq.write_table(table.replace_schema_metadata({} if value is None else {RUN_KEY: value}),
                       chunk)
    return damage


def other_run(parts: Path, chunk: Path) -> None:
    table = pq.read_table(chunk)
    run = json.loads(table.schema.metadata[RUN_KEY])
    run["seed"] = 99
    pq.write_table(table.replace_schema_metadata({RUN_KEY: json.dumps(run).encode()}), chunk)


def stray(name: str) -> Callable[[Path, Path], None]:
    return lambda parts, chunk: (parts / name).write_text("notes")


def parts_is_a_file(folder: Path, valid: Path) -> list[object]:
    (folder / "out.parquet.parts").write_text("in the way")
    return simulate("-n", 2)(folder, valid)


def drop_game_index(index: int) -> Callable[[pa.Table], pa.Table]:
    return lambda table: table.filter(pc.not_equal(table["game_index"], index))


PARTS = "out.parquet.parts"
NAN = float("nan")
CASES = [
    # ---- simulate: arguments ---------------------------------------------------------
    Case("players negative", simulate("-n", -1), "--players -1"),
    Case("players zero", simulate("-n", 0), "--players 0"),
    Case("players below the game", simulate("-n", 1), "--players 1"),
    Case("players above the game", simulate("-n", 6), "--players 6"),
    Case("players enormous", simulate("-n", 10**12), "--players"),
    Case("players not a number", simulate("-n", "four"), "--players"),
    Case("populous players two", simulate("-n", 2, game="populous"), "--players 2"),
    Case("games zero", simulate("--games", 0), "--games 0"),
    Case("games negative", simulate("--games", -5), "--games -5"),
    Case("games too many", simulate("--games", 10**8), "--games 100000000"),
    Case("games not a number", simulate("--games", "many"), "--games"),
    Case("jobs zero", simulate("--jobs", 0), "--jobs 0"),
    Case("jobs negative", simulate("--jobs", -2), "--jobs -2"),
    Case("jobs enormous", simulate("--jobs", 100_000), "--jobs 100000"),
    Case("seed negative", simulate("--seed", -1), "--seed -1"),
    Case("seed 2^63", simulate("--seed", 2**63), "--seed 9223372036854775808"),
    Case("seed plus games past 2^63", simulate("--seed", 2**63 - 1), "--seed"),
    Case("seed 2^70", simulate("--seed", 2**70), "--seed"),
    Case("seed not whole", simulate("--seed", "1.5"), "--seed"),
    Case("bots empty", simulate("--bots", ""), "--bots"),
    Case("bots only commas", simulate("--bots", ",,"), "--bots"),
    Case("bots human", simulate("--bots", "human"), "bots only"),
    Case("bots unknown", simulate("--bots", "nosuchbot"), "nosuchbot"),
    Case("bots more than seats", simulate("-n", 2, "--bots", "random,random,random"),
         "names 3 bots for 2 seats"),
    Case("bot option not a number", simulate("--bots", "ismcts:iters=abc"), "ismcts:iters=abc"),
    Case("bot option out of range", simulate("--bots", "ismcts:iters=-1"), "iters"),
    Case("bot option not finite", simulate("--bots", "ismcts:c=nan"), "c=nan"),
    Case("bot that fails in play", with_file(
        lambda f: text_file(f, b"def boom(state, rng):\n    raise RuntimeError('boom')\n",
                            "boom.py"),
        lambda p: simulate("--bots", f"{p}:boom")), "game 0 (seed 1, bots"),
    Case("bot file missing", simulate("--bots", "no/such/file.py:Bot"), "no/such/file.py"),
    Case("game unknown", simulate(game="nosuch"), "nosuch"),
    Case("variant unknown", simulate("--variant", "nosuch"), "nosuch"),
    Case("variant empty", simulate("--variant", ""), "no variant ''"),
    Case("option unknown", simulate("-o", "no_such=1"), "no_such"),
    Case("option not a number", simulate("-o", "hand_limit=abc"), "hand_limit"),
    Case("option zero", simulate("-o", "hand_limit=0"), "hand_limit"),
    Case("option negative", simulate("-o", "hand_limit=-1"), "hand_limit"),
    Case("option too large", simulate("-o", "end_buildings=1000"), "end_buildings"),
    Case("option without a key", simulate("-o", "=5"), "--option"),
    Case("option without a value sign", simulate("-o", "hand_limit"), "--option"),
    Case("option tuple too short", simulate("-o", "completion_10=1/2"), "completion_10"),
    Case("option tuple not numbers", simulate("-o", "completion_10=a/b/c"), "completion_10"),
    Case("option switch not a switch", simulate("-o", "plain=maybe"), "plain"),
    Case("option of another game", simulate("-o", "end_score=60"), "end_score"),
    Case("backend unknown", simulate("--backend", "cloud"), "--backend"),
    Case("address without ray", simulate("--address", "10.0.0.1:6379"), "--backend ray"),
    Case("content missing", simulate("--content", "no_such_cards.toml"), "no_such_cards.toml"),
    Case("content a folder", with_file(lambda f: f, lambda p: simulate("--content", p)),
         "Is a directory"),
    Case("content not toml", with_file(lambda f: text_file(f, b"[[deck]\nname=", "c.toml"),
                                       lambda p: simulate("--content", p)), "c.toml"),
    Case("content wrong type", with_file(lambda f: text_file(f, b'title = 3\n', "c.toml"),
                                         lambda p: simulate("--content", p)), "c.toml"),
    Case("content of another game", with_file(
        lambda f: text_file(f, b'title = "x"\n[[races]]\nname = "a"\n', "c.toml"),
        lambda p: simulate("--content", p)), "c.toml"),
    Case("out is a folder", simulate(out=lambda f, v: f), "is a folder"),
    Case("out under a file", simulate(out=lambda f, v: text_file(f, b"x", "t.txt") / "o.parquet"),
         "is a file, not a folder"),
    Case("out is text", simulate(out=lambda f, v: text_file(f, b"not parquet")),
         "not a Parquet file"),
    Case("out is foreign parquet", simulate(out=lambda f, v: foreign(f)),
         "not written by soan simulate"),
    Case("out holds another run", simulate("-n", 2, out=lambda f, v: copy(v, f)),
         "holds a different run"),
    Case("out empty name", simulate(out=lambda f, v: ""), "is a folder"),
    Case("records onto a file", lambda f, v: simulate("--records", text_file(f, b"x", "rec"))(
        f, v), "--records"),
    # ---- simulate: damaged parts folders ---------------------------------------------
    Case("chunk truncated", parts_case(truncate), "games-0000000-0000001.parquet is damaged"),
    Case("chunk garbage", parts_case(garbage), "--repair"),
    Case("chunk empty", parts_case(empty), "games-0000000-0000001.parquet"),
    Case("chunk missing a row", parts_case(rewrite_chunk(drop_rows(0))), "game 0 has rows"),
    Case("chunk missing a game", parts_case(rewrite_chunk(drop_game_index(1))),
         "should hold games 0 to 1"),
    Case("chunk with a repeated row", parts_case(rewrite_chunk(repeat_row)), "seats [1, 1, 2]"),
    Case("chunk of another run", parts_case(other_run), "holds a different run"),
    Case("chunk without identity", parts_case(chunk_metadata(None)), "no soan run identity"),
    Case("chunk identity not json", parts_case(chunk_metadata(b"{oops")), "no soan run"),
    Case("chunk identity not an object", parts_case(chunk_metadata(b"[1]")), "no soan run"),
    Case("stray file in parts", parts_case(stray("notes.txt")), "notes.txt"),
    Case("chunk with a bad name", parts_case(stray("games-a-b.parquet")), "games-a-b.parquet"),
    Case("parts folder is a file", parts_is_a_file, f"{PARTS} is in the way"),
    # ---- report: results files ---------------------------------------------------------
    Case("report missing file", report(lambda f, v: f / "none.parquet"), "no results file"),
    Case("report a folder", report(lambda f, v: f), "is a folder"),
    Case("report text", report(lambda f, v: text_file(f, b"hello")), "not a Parquet file"),
    Case("report empty file", report(lambda f, v: text_file(f, b"")), "not a Parquet file"),
    Case("report truncated", report(lambda f, v: text_file(f, v.read_bytes()[:-40])),
         "not a Parquet file"),
    Case("report foreign", report(lambda f, v: foreign(f)), "not written by soan simulate"),
    Case("report no provenance", report(lambda f, v: with_metadata(
        v, f, PROVENANCE_KEY, lambda d: None)), "older soan"),
    Case("report run not json", report(lambda f, v: with_metadata(
        v, f, RUN_KEY, lambda d: b"{oops")), "soan.run metadata is damaged"),
    Case("report provenance not json", report(lambda f, v: with_metadata(
        v, f, PROVENANCE_KEY, lambda d: b"[")), "soan.provenance metadata is damaged"),
    Case("report provenance lacks usage keys", report(lambda f, v: with_metadata(
        v, f, PROVENANCE_KEY, lambda d: {k: x for k, x in d.items() if k != "usage_keys"})),
        "lacks usage_keys"),
    Case("report provenance models damaged", report(lambda f, v: with_metadata(
        v, f, PROVENANCE_KEY, lambda d: {**d, "models": [3]})), "provenance's models"),
    Case("report provenance of another game", report(lambda f, v: with_metadata(
        v, f, PROVENANCE_KEY, lambda d: {**d, "game": "populous"})), "provenance says game"),
    Case("report run players not a number", report(lambda f, v: with_metadata(
        v, f, RUN_KEY, lambda d: {**d, "players": "two"})), "run metadata is damaged"),
    Case("report missing column", report(lambda f, v: rewritten(
        v, f, lambda t: t.drop_columns(["position"]))), "no column 'position'"),
    Case("report column of another type", report(lambda f, v: rewritten(
        v, f, set_column("win_share", lambda c: [str(x) for x in c], pa.string()))),
        "column 'win_share'"),
    Case("report NaN win share", report(lambda f, v: rewritten(
        v, f, set_column("win_share", first_row(NAN)))), "win_share is not a number"),
    Case("report infinite duration", report(lambda f, v: rewritten(
        v, f, set_column("duration_s", first_row(float("inf"))))), "duration_s is not a number"),
    Case("report empty score", report(lambda f, v: rewritten(
        v, f, set_column("score", first_row(None)))), "score is empty"),
    Case("report repeated row", report(lambda f, v: rewritten(v, f, repeat_row)),
         "appear more than once"),
    Case("report missing row", report(lambda f, v: rewritten(v, f, drop_rows(3))),
         "game 1: it has rows for seats [1]"),
    Case("report row of another variant", report(lambda f, v: rewritten(
        v, f, set_column("variant", first_row("plain")))), "variant is 'plain'"),
    Case("report row of another game", report(lambda f, v: rewritten(
        v, f, set_column("game", first_row("populous")))), "game is 'populous'"),
    Case("report row of other options", report(lambda f, v: rewritten(
        v, f, set_column("options", first_row('{"hand_limit": 7}')))), "options differ"),
    Case("report row of other content", report(lambda f, v: rewritten(
        v, f, set_column("content_hash", first_row("0" * 16)))), "content_hash is"),
    Case("report row of another soan", report(lambda f, v: rewritten(
        v, f, set_column("soan_version", first_row("0.0.0")))), "soan_version is '0.0.0'"),
    Case("report seed off", report(lambda f, v: rewritten(
        v, f, set_column("seed", first_row(1000)))), "seed 1000"),
    Case("report negative game index", report(lambda f, v: rewritten(
        v, f, set_column("game_index", first_row(-1)))), "game -1"),
    Case("report positions repeated", report(lambda f, v: rewritten(
        v, f, set_column("position", lambda c: [c[1], *c[1:]]))), "turn positions"),
    Case("report shares not adding up", report(lambda f, v: rewritten(
        v, f, set_column("win_share", first_row(0.9)))), "win shares do not add up"),
    Case("report line-up mismatch", report(lambda f, v: rewritten(
        v, f, set_column("bot", first_row("heuristic")))), "line-up"),
    Case("report no rows", report(lambda f, v: rewritten(v, f, lambda t: t.slice(0, 0))),
         "holds no games"),
    Case("report the same file twice", lambda f, v: ["report", copy(v, f), f / "r.parquet",
                                                     "--out", f / "x.html"], "named twice"),
    Case("report the same games twice", lambda f, v: ["report", copy(v, f, "a.parquet"),
                                                      copy(v, f, "b.parquet"), "--out",
                                                      f / "x.html"], "both hold the game"),
    Case("report unknown language", report(lambda f, v: copy(v, f), "--lang", "fr"),
         "--lang 'fr'"),
    Case("report out is a folder", lambda f, v: ["report", copy(v, f), "--out", f],
         "is a folder"),
    Case("report out under a file", lambda f, v: [
        "report", copy(v, f), "--out", text_file(f, b"x", "t.txt") / "r.html"],
        "is a file, not a folder"),
    Case("report no files", lambda f, v: ["report", "--out", f / "r.html"], "files"),
    # ---- query -------------------------------------------------------------------------
    Case("query missing file", query(lambda f, v: f / "none.parquet", "SELECT 1"),
         "no results file"),
    Case("query a folder", query(lambda f, v: f, "SELECT 1"), "no results file"),
    Case("query text file", query(lambda f, v: text_file(f, b"hello"), "SELECT 1"),
         "not a Parquet file"),
    Case("query empty file", query(lambda f, v: text_file(f, b""), "SELECT 1"),
         "not a Parquet file"),
    Case("query truncated", query(lambda f, v: text_file(f, v.read_bytes()[:-40]), "SELECT 1"),
         "not a Parquet file"),
    Case("query foreign", query(lambda f, v: foreign(f), "SELECT 1"),
         "not written by soan simulate"),
    Case("query syntax error", query(lambda f, v: v, "SELEKT 1"), "Parser Error"),
    Case("query unknown table", query(lambda f, v: v, "SELECT * FROM nothing"),
         "Catalog Error"),
    Case("query unknown column", query(lambda f, v: v, "SELECT nothing FROM results"),
         "Binder Error"),
    Case("query bad conversion", query(lambda f, v: v, "SELECT CAST('abc' AS INTEGER)"),
         "Conversion Error"),
    Case("query empty", query(lambda f, v: v, ""), "the SQL is empty"),
    Case("query blank", query(lambda f, v: v, "   \n  "), "the SQL is empty"),
    Case("query reads another file", query(
        lambda f, v: v, "SELECT * FROM read_csv('/etc/passwd')"), "Permission Error"),
    Case("query writes a file", lambda f, v: ["query", v, f"COPY results TO '{f / 'x.csv'}'"],
         "Permission Error"),
    Case("query attaches a database", lambda f, v: [
        "query", v, f"ATTACH '{f / 'x.db'}'"], "Permission Error"),
    Case("query reopens files", query(lambda f, v: v, "SET enable_external_access = true"),
         "locked"),
    Case("query loads an extension", query(lambda f, v: v, "INSTALL httpfs"), "query failed"),
    Case("query runs too long", query(
        lambda f, v: v, "SELECT count(*) FROM range(100000000000000)", "--timeout", 0.3),
        "longer than 0.3 s"),
    Case("query limit zero", query(lambda f, v: v, "SELECT 1", "--limit", 0), "--limit 0"),
    Case("query limit negative", query(lambda f, v: v, "SELECT 1", "--limit", -1), "--limit -1"),
    Case("query timeout zero", query(lambda f, v: v, "SELECT 1", "--timeout", 0), "--timeout 0"),
    Case("query timeout negative", query(lambda f, v: v, "SELECT 1", "--timeout", -5),
         "--timeout -5"),
    Case("query several statements one bad", query(lambda f, v: v, "SELECT 1; SELEKT 2"),
         "Parser Error"),
    Case("query division error", query(lambda f, v: v, "SELECT error('custom failure')"),
         "custom failure"),
    # ---- study -------------------------------------------------------------------------
    Case("study variant unknown", study("--variants", "nosuch"), "no variant nosuch"),
    Case("study sweep without values", study("--sweep", "hand_limit"), "--sweep"),
    Case("study sweep without key", study("--sweep", "=7,8"), "--sweep"),
    Case("study sweep empty values", study("--sweep", "hand_limit=,"), "--sweep"),
    Case("study sweep unknown key", study("--sweep", "no_such=1,2"), "no_such"),
    Case("study sweep out of range", study("--sweep", "hand_limit=0,8"), "hand_limit"),
    Case("study sweep not numbers", study("--sweep", "hand_limit=a,b"), "hand_limit"),
    Case("study sweep twice", study("--sweep", "hand_limit=7", "--sweep", "hand_limit=9"),
         "more than once"),
    Case("study games zero", study("--games", 0), "--games 0"),
    Case("study jobs zero", study("--jobs", 0), "--jobs 0"),
    Case("study players too many", study("-n", 9), "--players 9"),
    Case("study seed negative", study("--seed", -3), "--seed -3"),
    Case("study bots human", study("--bots", "human"), "bots only"),
    Case("study option bad", study("-o", "hand_limit=99"), "hand_limit"),
    Case("study content missing", study("--content", "no_such.toml"), "no_such.toml"),
    Case("study out is a file", study(out=lambda f, v: text_file(f, b"x", "t.txt")), "is a file"),
    Case("study out under a file", study(out=lambda f, v: text_file(f, b"x", "t.txt") / "s"),
         "is a file, not a folder"),
]


def snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*")}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_refused_in_one_line(case: Case, results: Path, tmp_path: Path) -> None:
    folder = tmp_path / "case"
    folder.mkdir()
    args = [str(a) for a in case.args(folder, results)]
    before = snapshot(folder)
    result = CliRunner().invoke(app, args)
    output = result.output
    assert result.exit_code == 2, output + repr(result.exception)
    assert case.expect in output, output
    assert "Traceback" not in output
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit), repr(result.exception)
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) <= 1  # one message; usage errors are framed by the argument parser
    assert snapshot(folder) == before  # nothing written, nothing left behind


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 120


def test_markup_in_data_prints_literally(results: Path) -> None:
    output = soan("query", results, "SELECT '[/]' AS \"[bold]col\", '[red]x[/red]' AS y")
    assert "[/]" in output and "[bold]col" in output and "[red]x[/red]" in output


def test_a_leftover_temporary_chunk_is_cleared_and_the_run_completes(
    results: Path, tmp_path: Path
) -> None:
    parts = tmp_path / "out.parquet.parts"
    parts.mkdir()
    (parts / "games-0000000-0000001.parquet.tmp").write_bytes(b"half written")
    soan(*simulate("-n", 2)(tmp_path, results))
    assert not parts.exists() and (tmp_path / "out.parquet").exists()
