"""The provisional content (rulings U1, U2, G2), refusing a bad content file, and the
rules reference that prints it."""

import re
import tomllib
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


def _first_action_with(step: str) -> tuple[int, str, str]:
    """Where the first shipped action card with such a step is: (index from 1, name, the
    step's text as written in the file)."""
    data = tomllib.loads(SHIPPED)
    for i, card in enumerate(data["actions"], 1):
        for j, entry in enumerate(card["steps"], 1):
            if entry["step"] == step:
                return i, card["name"], f"steps[{j}]"
    raise LookupError(step)


def _bad_files():
    """(edited text, where the error must point, what it must say), made from the shipped
    file's own structure so that tuning the cards never moves them."""
    data = tomllib.loads(SHIPPED)
    first = data["actions"][0]["name"]
    market, market_name, market_step = _first_action_with("market")
    award2 = data["awards"][1]
    by_die = next((i, c["name"], j) for i, c in enumerate(data["actions"], 1)
                  for j, st in enumerate(c["steps"], 1) if isinstance(st.get("amount"), list))
    die_text = re.search(r"amount = \[[^\]]*\]", SHIPPED).group(0)
    return [
        (SHIPPED.replace('{ step = "', '{ step = "un', 1),
         f"actions[1] ({first!r}).steps[1].step", "should be 'play', 'draw'"),
        (re.sub(r"take = \d+", "take = 9", SHIPPED, count=1),
         f"actions[{market}] ({market_name!r}).{market_step}", "a market takes at least 1"),
        (SHIPPED.replace(die_text, "amount = [2, 2, 3]", 1),
         f"actions[{by_die[0]}] ({by_die[1]!r}).steps[{by_die[2]}].amount", "six numbers"),
        (SHIPPED.replace("number = 11\n", "number = 10\n", 1), "the 11 action cards",
         "numbers 1 to 11"),
        (SHIPPED.replace('condition = "', 'condition = "castles', 1),
         f"awards[1] ({data['awards'][0]['name']!r}).condition", "should be 'land_kinds'"),
        (SHIPPED.replace("count = 28", "count = 30"), "enemy_gold.count", "28 enemy-and-gold"),
        (SHIPPED.replace(f'reason = "{award2["reason"]}"', 'reason = ""'),
         f"awards[2] ({award2['name']!r})", "needs a one-line reason"),
    ]


@pytest.mark.parametrize("case", range(7))
def test_a_bad_content_file_is_refused_naming_file_entry_and_field(tmp_path, case):
    text, where, why = _bad_files()[case]
    assert text != SHIPPED
    path = _write(tmp_path, text)
    with pytest.raises(ContentError) as error:
        GAME.load_content(str(path))
    message = str(error.value)
    assert str(path) in message and where in message and why in message, message


def test_a_pairing_that_breaks_the_18_of_each_kind_is_refused(tmp_path):
    text = re.sub(r'(land = "森"\nresource = "木"\ncount = )(\d+)',
                  lambda m: m.group(1) + str(int(m.group(2)) - 1), SHIPPED)
    with pytest.raises(ContentError, match="森 is on 17 cards; the draft has 18 of each"):
        GAME.load_content(str(_write(tmp_path, text)))


def test_two_modules_replacing_one_number_are_refused(tmp_path):
    data = tomllib.loads(SHIPPED)
    dark, gold = data["modules"][0]["actions"][0], data["modules"][2]["actions"][0]
    text = SHIPPED.replace(f'number = {gold["number"]}\nname = "{gold["name"]}"',
                           f'number = {dark["number"]}\nname = "{gold["name"]}"')
    assert text != SHIPPED
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
