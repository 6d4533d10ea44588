"""The provisional content (rulings Q6, G2) and refusing a bad content file."""

from pathlib import Path

import pytest

from soan.engine.content import ContentError
from soan.games.quovadis import content as C
from soan.games.quovadis.codes import AREA, FORT
from tests.games.quovadis.helpers import GAME, new

SHIPPED = C.DEFAULT_PATH.read_text("utf-8")
PUBLIC = {"Glorious": "plains", "Deep One": "sea", "Gigant": "mountain", "Mystic": "snow",
          "Sandwalker": "desert"}


def test_the_shipped_content_covers_every_component_the_draft_names():
    # SEED 「エリアタイル(15枚)…3マスから構成され」「5種類の地形」「エピックカード(100枚)…
    # 「祝福」「労働」「奇跡」「啓示」「繁栄」の5種類」「スキルカード(10枚+30枚)…各種族毎の基本
    # スキルが2枚ずつと、追加で得られるスキルが30枚」「種族ボード(5枚)」
    content = GAME.load_content()
    assert len(content.tiles) == 15 and all(len(t.terrain) == 3 for t in content.tiles)
    assert {x for t in content.tiles for x in t.terrain} == set(PUBLIC.values()) | {"plains"}
    assert {k.name: k.copies for k in content.epic} == dict.fromkeys(
        ("祝福", "労働", "奇跡", "啓示", "繁栄"), 20)
    assert len(content.races) == 5
    assert sum(s.race is not None for s in content.skills) == 10
    assert sum(s.race is None for s in content.skills) == 30
    for race in content.races:
        basics = [s for s in content.skills if s.race == race.name]
        assert len(basics) == 2 and sum(s.recommended for s in basics) == 1


def test_the_races_are_the_public_ones():
    # Public facts (RULINGS.md): Glorious (plains), Deep One (sea), Gigant (mountain),
    # Mystic (frozen ground), Sandwalker (desert)
    content = GAME.load_content()
    assert {r.english: r.home for r in content.races} == PUBLIC


def test_every_invented_entry_is_provisional_with_a_reason():
    # Ruling G2
    content = GAME.load_content()
    entries = [content.standard, *content.tiles, *content.races, *content.skills, *content.epic]
    entries += [r.custom for r in content.races]
    for entry in entries:
        assert entry.provisional and entry.reason.strip()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "content.toml"
    path.write_text(text, "utf-8")
    return path


def test_an_edited_copy_is_used(tmp_path):
    path = _write(tmp_path, SHIPPED.replace('[standard]\nmorale = 4', '[standard]\nmorale = 6'))
    content = GAME.load_content(str(path))
    assert content.standard.morale == 6 and content.hash != GAME.load_content().hash
    state = GAME.new(3, 1, content=content)
    state.play(("race", 0))
    assert state.cap[0] == 6


NEW_SKILL = '''
[[skills]]
name = "城壁"
english = "Ramparts"
effects = [{ effect = "end_vp", per = "fort", amount = 5 }, { effect = "war_dice", amount = 2 }]
provisional = true
reason = "A designer's new skill, written without touching code."
'''


def test_a_designer_writes_a_new_skill_without_code(tmp_path):
    content = GAME.load_content(str(_write(tmp_path, SHIPPED + NEW_SKILL)))
    assert "skill:城壁" in GAME.usage_keys(content, GAME.options())
    state = GAME.new(3, 2, content=content)
    k = state.tables.skill_english.index("Ramparts")
    assert k in state.tables.draft  # dealt in the skill draft like the printed ones
    while state.phase != AREA:
        state.play(state.legal()[0])
    state.shown[0] = (*state.shown[0], k)
    state._refresh(0)
    state.contested = ()
    assert state.war_dice(0)[1] == 3  # one die and two more
    state.bld[0] = 0 << 2 | FORT
    assert state.skill_vp(0, k) == 5


@pytest.mark.parametrize(("old", "new", "where"), [
    ('effects = [{ effect = "war_strength", amount = 1 }]\nprovisional = true\n'
     'reason = "The plains race',
     'effects = [{ effect = "war_strenght", amount = 1 }]\nprovisional = true\n'
     'reason = "The plains race', "skills[1] ('栄光の行進').effects[1].effect"),
    ('effects = [{ effect = "raise_max", resource = "morale", amount = 2 }]',
     'effects = [{ effect = "raise_max", amount = 2 }]', "skills[11] ('鉄の規律').effects[1]"),
    ('pair = [1, 2]\nterrain = ["plains", "mountain", "desert"]',
     'pair = [1, 2]\nterrain = ["plains", "mountain"]', "tiles[1].terrain"),
    ('name = "祝福"\nenglish = "Blessing"\ncopies = 20',
     'name = "祝福"\nenglish = "Blessing"\ncopies = -1', "epic[1] ('祝福').copies"),
])
def test_a_bad_entry_is_refused_naming_file_entry_and_field(tmp_path, old, new, where):
    assert old in SHIPPED
    path = _write(tmp_path, SHIPPED.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        GAME.load_content(str(path))
    assert str(path) in str(err.value) and where in str(err.value)


def test_whole_file_mistakes_are_refused_with_the_reason(tmp_path):
    cases = [
        (SHIPPED.replace("pair = [5, 5]", "pair = [4, 4]"), "missing"),
        (SHIPPED.replace('race = "ギガント"\nrecommended = true', 'race = "グロリアス"\n'
                         'recommended = true'), "needs 2 basic skills"),
        (SHIPPED.replace('race = "ミスティック"\nrecommended', 'race = "ミスティク"\nrecommended'),
         "names no race"),
        (SHIPPED.replace('reason = "A raised maximum: more morale for the decisive war."',
                         'reason = ""'), "reason"),
        (SHIPPED.replace("[standard]", "[standard"), "not valid TOML"),
        (SHIPPED.replace('once = true\neffects = [{ effect = "gain_vp"',
                         'effects = [{ effect = "gain_vp"'), "once effects need once = true"),
    ]
    for text, message in cases:
        with pytest.raises(ContentError, match=message):
            GAME.load_content(str(_write(tmp_path, text)))


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(ContentError, match="cannot read"):
        GAME.load_content(str(tmp_path / "nothing.toml"))


def test_cell_terrain_comes_from_the_tile_content():
    state = new(4, 2)
    world = state.board.world
    by_pair = {tuple(t.pair): t.terrain for t in GAME.load_content().tiles}
    for c in range(world.cells):
        assert C.E.TERRAINS[state.terr[c]] == by_pair[world.pairs[world.cell_tile[c]]][
            world.cell_slot[c]]


def test_the_rules_reference_lists_the_shipped_content_as_it_is():
    # docs/rules/quovadis.md is installed beside the code as rules.md; its tables must
    # show what content.toml holds
    text = GAME.rules_text()
    docs = Path(__file__).parents[3] / "docs" / "rules" / "quovadis.md"
    assert docs.read_text("utf-8") == text
    content = GAME.load_content()
    for skill in content.skills:
        assert f"{skill.name} {skill.english}" in text
        assert "; ".join(e.text for e in skill.effects) in text
    for race in content.races:
        m = race.custom
        assert f"| {race.english} | {race.name} | {race.home} | {m.morale} / {m.food} / " \
               f"{m.faith} / {m.wrath} |" in text
    s = content.standard
    assert f"morale {s.morale}, food {s.food}, faith {s.faith}, wrath {s.wrath}" in text
