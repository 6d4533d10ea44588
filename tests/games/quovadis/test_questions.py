"""The question file `soan review quovadis` reads: one entry per id of the notes'
checklist (QUESTIONS.md, QP1-QP12), in order, each naming what exists."""

import tomllib
from importlib import resources

from tests.games.quovadis.helpers import GAME

IDS = [f"QP{k}" for k in range(1, 13)]
ANSWERS = {"sweep", "measure", "claim", "proxy", "vague"}
PLAIN = {"score", "win_share", "turns", "actions"}


def entries() -> list[dict]:
    text = resources.files("soan.games.quovadis").joinpath("questions.toml").read_text("utf-8")
    return tomllib.loads(text)["question"]


def test_every_id_of_the_checklist_once_and_in_order():
    assert [q["id"] for q in entries()] == IDS


def test_every_entry_names_an_answer_and_what_it_plays_and_reads_exists():
    content = GAME.load_content()
    draft = GAME.options()
    for q in entries():
        assert q["answer"] in ANSWERS and q["quote"].startswith("「") and q["gloss"], q["id"]
        options = GAME.options(q.get("variant", "default"), **q.get("options", {}))
        if q["answer"] == "sweep":
            assert options != draft, q["id"]
        if q["answer"] == "vague":
            assert q["needs"], q["id"]
        if q["answer"] == "claim":
            assert isinstance(q["claim"], float) and q["claim_text"], q["id"]
        usage = set(GAME.usage_keys(content, draft)) | set(GAME.usage_keys(content, options))
        sources = set(GAME.new(4, 1, draft).breakdown()[0])  # the draft's: the lab's columns
        for key in ("metric", "per"):
            name = q.get(key)
            if name is None or name in PLAIN:
                continue
            head, _, tail = name.partition(":")
            assert head in ("points", "usage", "kind"), (q["id"], name)
            if head == "points":
                assert tail in sources, (q["id"], name)
            if head == "usage":
                assert tail in usage, (q["id"], name)
