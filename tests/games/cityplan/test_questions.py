"""The question file `soan review cityplan` reads: one entry per id of the notes'
checklist of City Plan Delta (QUESTIONS.md, CP1-CP17), in order, each naming what exists."""

import tomllib
from importlib import resources

from tests.games.cityplan.helpers import GAME

IDS = [f"CP{k}" for k in range(1, 18)]
ANSWERS = {"sweep", "measure", "claim", "proxy", "vague"}
PLAIN = {"score", "win_share", "turns", "actions", "lottery_decided"}


def entries() -> list[dict]:
    text = resources.files("soan.games.cityplan").joinpath("questions.toml").read_text("utf-8")
    return tomllib.loads(text)["question"]


def test_every_id_of_the_checklist_once_and_in_order():
    assert [q["id"] for q in entries()] == IDS


def test_every_entry_names_an_answer_and_what_it_plays_and_reads_exists():
    content = GAME.load_content()
    draft = GAME.options()
    sources = set(GAME.new(3, 1, draft).breakdown()[0])
    for q in entries():
        assert q["answer"] in ANSWERS and "「" in q["quote"] and q["gloss"], q["id"]
        options = GAME.options(q.get("variant", "default"), **q.get("options", {}))
        if q["answer"] == "sweep":
            assert options != draft, q["id"]  # a sweep plays something other than the draft
        else:
            assert "variant" not in q and "options" not in q, q["id"]
        if q["answer"] == "vague":
            assert q["needs"], q["id"]
        if q["answer"] in ("measure", "claim", "proxy"):
            assert q["metric"], q["id"]
        if q["answer"] == "claim":
            assert isinstance(q["claim"], float) and q["claim_text"], q["id"]
        usage = set(GAME.usage_keys(content, draft)) | set(GAME.usage_keys(content, options))
        for key in ("metric", "per"):
            name = q.get(key)
            if name is None or name in PLAIN:
                continue
            head, _, tail = name.partition(":")
            assert head in ("points", "usage"), (q["id"], name)
            assert tail in (sources if head == "points" else usage), (q["id"], name)
