"""The provisional content (rulings P1, P8, G2) and refusing a bad content file."""

from pathlib import Path

import pytest

from soan.engine.content import ContentError
from soan.games.populous import content as C
from tests.games.populous.helpers import GAME, new

SHIPPED = C.DEFAULT_PATH.read_text("utf-8")


def test_the_shipped_content_covers_every_component_the_draft_names():
    # SEED 「エリアタイル(15枚)…7マスから構成され」「マスには6種類の地形」; P1, P8
    content = GAME.load_content()
    assert len(content.tiles) == 15 and all(len(t.terrain) == 7 for t in content.tiles)
    assert {x for t in content.tiles for x in t.terrain} == {
        "plains", "mountain", "desert", "snow", "sea", "scorched"}
    assert len(content.races) == 5
    assert {c.kind for c in content.grace} == {"saint", "holy_site", "miracle"}
    assert sum(c.copies for c in content.grace) >= 35


def test_every_invented_entry_is_provisional_with_a_reason():
    # Ruling G2
    content = GAME.load_content()
    for entry in [*content.tiles, *content.races, *content.grace]:
        assert entry.provisional and entry.reason.strip()


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "content.toml"
    path.write_text(text, "utf-8")
    return path


def test_an_edited_copy_is_used(tmp_path):
    path = _write(tmp_path, SHIPPED.replace('cost = 1\ncopies = 3\neffects = [{ effect = '
                                            '"war_strength", amount = 2 }]',
                                            'cost = 7\ncopies = 3\neffects = [{ effect = '
                                            '"war_strength", amount = 2 }]'))
    content = GAME.load_content(str(path))
    battle = next(c for c in content.grace if c.english == "Saint of Battle")
    assert battle.cost == 7
    assert content.hash != GAME.load_content().hash
    state = GAME.new(3, 1, content=content)
    assert state.tables.card_cost[state.tables.card_english.index("Saint of Battle")] == 7


def test_a_tile_with_six_terrains_is_refused_naming_file_entry_and_field(tmp_path):
    bad = SHIPPED.replace('pair = [1, 1]\nterrain = ["plains", "plains", "plains", "plains", '
                          '"plains", "plains", "plains"]',
                          'pair = [1, 1]\nterrain = ["plains", "plains", "plains", "plains", '
                          '"plains", "plains"]')
    path = _write(tmp_path, bad)
    with pytest.raises(ContentError) as err:
        GAME.load_content(str(path))
    assert str(path) in str(err.value) and "tiles[1].terrain" in str(err.value)


def test_an_unknown_effect_is_refused_naming_the_card(tmp_path):
    bad = SHIPPED.replace('"labour_food", amount = 2 }, { effect = "labour_fp"',
                          '"labour_fod", amount = 2 }, { effect = "labour_fp"')
    path = _write(tmp_path, bad)
    with pytest.raises(ContentError) as err:
        GAME.load_content(str(path))
    assert "grace[1] ('豊穣の聖女').effects[1].effect" in str(err.value)


def test_a_miracle_with_a_lasting_effect_is_refused(tmp_path):
    bad = SHIPPED.replace('kind = "miracle"\ncost = 1\ncopies = 3\neffects = [{ effect = '
                          '"draw_cards"', 'kind = "miracle"\ncost = 1\ncopies = 3\neffects = '
                          '[{ effect = "war_strength"')
    path = _write(tmp_path, bad)
    with pytest.raises(ContentError, match="miracles carry one-shot effects"):
        GAME.load_content(str(path))


def test_a_missing_pair_and_a_missing_reason_are_refused(tmp_path):
    path = _write(tmp_path, SHIPPED.replace("pair = [5, 5]", "pair = [4, 4]"))
    with pytest.raises(ContentError, match="missing"):
        GAME.load_content(str(path))
    path = _write(tmp_path, SHIPPED.replace(
        'reason = "Sea dwellers fish', 'reason = ""\nnote = "Sea dwellers fish', 1))
    with pytest.raises(ContentError, match="races"):
        GAME.load_content(str(path))


def test_cell_terrain_comes_from_the_tile_content():
    state = new(3, 2)
    world = state.board.world
    content = GAME.load_content()
    by_pair = {tuple(t.pair): t.terrain for t in content.tiles}
    for c in range(world.cells):
        key = by_pair[world.pairs[world.cell_tile[c]]][world.cell_slot[c]]
        assert C.T.KEYS[state.board.terrain[c]] == key


def test_the_rules_reference_lists_the_shipped_races_and_grace_cards_as_they_are():
    text = GAME.rules_text()
    content = GAME.load_content()
    for race in content.races:
        ability = "; ".join(e.text for e in race.effects)
        assert f"| {race.english} | {race.name} | {race.aptitude} | {ability} |" in text
    for card in content.grace:
        effect = "; ".join(e.text for e in card.effects)
        kind = C.KIND_NAMES[C.KIND_CODES[card.kind]]
        assert (f"| {card.english} | {card.name} | {kind} | {card.cost} | {card.copies} "
                f"| {effect} |") in text
    assert f"{sum(card.copies for card in content.grace)} cards in all." in text
