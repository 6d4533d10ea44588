"""The files people hand soan: read whole and sane or refused; written whole or not at all;
content models strict for every game; records checked field by field."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pydantic import Field

from soan.engine.content import Content, ContentError, Entry, load_model
from soan.engine.files import FileError, check_writable, read_text, write_atomic
from soan.engine.record import Record, RecordError
from tests.cli.corpus import record_bytes


class Card(Entry):
    name: str
    cost: int = Field(ge=0, le=9)
    pair: tuple[int, int] = (1, 1)


class Cards(Content):
    cards: list[Card]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text, "utf-8")
    return path


def test_a_new_games_content_inherits_strict_types(tmp_path):
    good = load_model(write(tmp_path, '[[cards]]\nname = "a"\ncost = 3\npair = [1, 2]\n'), Cards)
    assert good.cards[0].cost == 3 and good.cards[0].pair == (1, 2)
    for bad in ('"3"', "3.0", "true"):
        path = write(tmp_path, f'[[cards]]\nname = "a"\ncost = {bad}\n')
        with pytest.raises(ContentError, match=r"cards\[1\] \('a'\)\.cost: should be a valid int"):
            load_model(path, Cards)


def test_a_pipe_or_device_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    with pytest.raises(FileError, match="not a regular file"):
        read_text(fifo, "content file", 1000)
    with pytest.raises(FileError, match="not a regular file"):
        read_text("/dev/zero", "record", 1000)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 2000)
    with pytest.raises(FileError, match="may be at most"):
        read_text(path, "record", 1000)


def test_bad_bytes_are_named_by_line(tmp_path):
    path = tmp_path / "c.toml"
    path.write_bytes("a = 1\nb = 'caf\xe9'\n".encode("latin-1"))
    with pytest.raises(FileError, match=r"not UTF-8 text \(byte 15, line 2\)"):
        read_text(path, "content file", 1000)
    path.write_bytes(b"\xef\xbb\xbfa = 1\n")  # a byte-order mark is fine
    assert read_text(path, "content file", 1000) == "a = 1\n"


def test_paths_to_write_are_checked_before_work(tmp_path):
    assert check_writable(tmp_path / "new.json", "--out") == tmp_path / "new.json"
    for path, words in ((tmp_path, "is a folder"), (tmp_path / "no" / "x.json", "does not exist"),
                        (Path("/dev/null"), "not a regular file"), (Path(""), "needs a file")):
        with pytest.raises(FileError, match=words):
            check_writable(path, "--out")


def test_a_failed_write_leaves_the_old_file_and_nothing_else(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    path.write_text("old")

    def full(self, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", full)
    with pytest.raises(FileError, match="No space left"):
        write_atomic(path, "new")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_a_record_parses_from_text_as_from_a_file(tmp_path):
    text = record_bytes().decode("utf-8")
    record = Record.parse(text)
    assert record.seed == 5 and record.seats == ["random"] * 3
    assert Record.parse(record.to_json()).actions == record.actions
    (tmp_path / "r.json").write_text(text, "utf-8")
    assert Record.load(tmp_path / "r.json") == record
    data = json.loads(text)
    data["seed"] = 11.7
    with pytest.raises(RecordError, match="the record: field seed must be a whole number"):
        Record.parse(json.dumps(data))
    (tmp_path / "r.json").write_bytes(b"\xff\xfe")
    with pytest.raises(RecordError, match="not UTF-8"):  # a bad file is a bad record
        Record.load(tmp_path / "r.json")
