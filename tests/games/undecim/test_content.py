"""The provisional content (rulings U1, U2, G2), refusing a bad content file, and the
rules reference that prints it."""

from pathlib import Path

import pytest

from soan.engine.content import ContentError
from soan.games.undecim import content as C
from tests.games.undecim.helpers import GAME

SHIPPED = C.DEFAULT_PATH.read_text("utf-8")
ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "undecim.md"


def test_the_shipped_content_has_every_component_the_draft_names():
    # SEED 「アクションカード(11枚)」 「アワードカード(4枚)」 「モジュール(3セット/12枚)」
    # 「土地&資源は1種18枚で合計72枚、敵&金は28枚となります」
    content = GAME.load_content()
    assert sorted(a.number for a in content.actions) == list(range(1, 12))
    assert len(content.awards) == 4
    assert [m.name for m in content.modules] == ["闇の時代", "嵐の時代", "黄金の時代"]
    assert all(len(m.actions) == 3 for m in content.modules)
    tables = C.Tables(content, ())
    assert sum(tables.type_count) == 100 and tables.type_count[C.EG] == 28
    for k in range(4):
        assert sum(tables.type_count[4 * k: 4 * k + 4]) == 18  # each land
        assert sum(tables.type_count[k:16:4]) == 18  # each resource
    assert any(a.red for a in content.actions)
    assert {a.name for a in content.actions} >= {"侵略戦争", "蚤の市"}  # named in the notes


def test_every_invented_entry_is_provisional_with_a_reason():
    # ruling G2
    content = GAME.load_content()
    entries = [*content.actions, *content.awards, *content.pairing, content.enemy_gold]
    for m in content.modules:
        entries += [m, m.award, *m.actions]
    for entry in entries:
        assert entry.provisional and entry.reason.strip()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "content.toml"
    path.write_text(text, "utf-8")
    return path


def test_an_edited_copy_is_played(tmp_path):
    edited = SHIPPED.replace('name = "略奪"', 'name = "大略奪"')
    content = GAME.load_content(str(_write(tmp_path, edited)))
    assert content.hash != GAME.load_content().hash
    assert GAME.new(3, 1, content=content).tables.card_name[11] == "大略奪"


@pytest.mark.parametrize(("old", "new", "where", "why"), [
    ('steps = [{ step = "steal", face = "land", amount = 1 }]',
     'steps = [{ step = "conquer", face = "land", amount = 1 }]',
     "actions[2] ('侵略戦争').steps[1].step", "Input should be"),
    ('steps = [{ step = "market", amount = 5, take = 2 }]',
     'steps = [{ step = "market", amount = 5, take = 7 }]',
     "actions[8] ('蚤の市').steps[1]", "a market takes at least 1"),
    ('amount = [2, 2, 2, 3, 3, 3]', 'amount = [2, 2, 3]',
     "actions[4] ('開拓').steps[1].amount", "six numbers"),
    ("number = 11\n", "number = 10\n", "(top level)", "numbers 1 to 11"),
    ('condition = "land_kinds"', 'condition = "castles"',
     "awards[1] ('辺境伯').condition", "Input should be"),
    ("count = 28", "count = 30", "enemy_gold.count", "28 enemy-and-gold"),
    ('reason = "A race to settle wide."', 'reason = ""',
     "awards[2] ('開拓者')", "needs a one-line reason"),
])
def test_a_bad_content_file_is_refused_naming_file_entry_and_field(tmp_path, old, new, where, why):
    assert old in SHIPPED
    path = _write(tmp_path, SHIPPED.replace(old, new, 1))
    with pytest.raises(ContentError) as error:
        GAME.load_content(str(path))
    message = str(error.value)
    assert str(path) in message and where in message and why in message


def test_a_pairing_that_breaks_the_18_of_each_kind_is_refused(tmp_path):
    text = SHIPPED.replace('land = "森"\nresource = "木"\ncount = 6', 'land = "森"\nresource = "木"\ncount = 5')
    with pytest.raises(ContentError, match="森 is on 17 cards; the draft has 18 of each"):
        GAME.load_content(str(_write(tmp_path, text)))


def test_two_modules_replacing_one_number_are_refused(tmp_path):
    text = SHIPPED.replace('number = 5\nname = "鉱山"', 'number = 6\nname = "鉱山"')
    with pytest.raises(ContentError, match="two modules replace the same action number"):
        GAME.load_content(str(_write(tmp_path, text)))


def test_not_toml_and_missing_files_are_refused(tmp_path):
    with pytest.raises(ContentError, match="not valid TOML"):
        GAME.load_content(str(_write(tmp_path, "title = [")))
    with pytest.raises(ContentError, match="cannot read content file"):
        GAME.load_content(str(tmp_path / "nowhere.toml"))


def test_the_rules_reference_is_installed_and_prints_the_shipped_tables():
    doc = DOC.read_text("utf-8")
    assert doc == GAME.rules_text()  # rules.md beside the code is the same text
    tables = C.markdown_tables(GAME.load_content())
    assert tables in doc, (
        "docs/rules/undecim.md is out of date with content.toml: paste the output of "
        "`python -c \"from soan.games.undecim import content as C; "
        "print(C.markdown_tables(C.load()), end='')\"` under '## Provisional content'"
    )
