"""City Plan's rule numbers. Defaults are the Delta rules as written."""

from __future__ import annotations

from dataclasses import dataclass

from soan.engine.options import Variant, rule


@dataclass(frozen=True)
class Options:
    plain: bool = rule(False, about="the plain edition: no special facilities, a farm each")
    hand_start: int = rule(5, 1, 12, about="5枚ずつ「手札」として配り")
    hand_limit: int = rule(8, 3, 20, about="9枚以上持っているプレイヤーは 8枚になるまで")
    build_income: int = rule(2, 1, 6, about="建設しなかった場合、山札からカードを2枚引きます")
    end_buildings: int = rule(10, 4, 20, about="建物を10軒建設したら、そのターンでゲームが終了")
    councillors_per_player: int = rule(3, 0, 10, about="プレイ人数×3枚の議員チップ")
    councillor_chips: int = rule(15, 0, 50, about="議員チップ 15枚")
    parliament_bonus: int = rule(5, 0, 30, about="最も多く持っているプレイヤーは5点")
    parliament_penalty: int = rule(5, 0, 30, about="全く持っていないプレイヤーは5点を失います")
    completion_10: tuple[int, int, int] = rule(
        (20, 10, 5), 0, 100, about="完成ボーナス, N buildings: 特殊施設 0 / 1 / 2軒以上"
    )
    completion_9: tuple[int, int, int] = rule(
        (10, 5, 2), 0, 100, about="完成ボーナス, N-1 buildings: 特殊施設 0 / 1 / 2軒以上"
    )
    development_multiplier: int = rule(2, 0, 10, about="最も小さいものの2倍")
    city_bonus: bool = rule(True, about="都市ボーナス (the lottery) is scored")
    build_order: str = rule(
        "mayor_clockwise", choices=("mayor_clockwise", "simultaneous"),
        about="TGF以降で建設フェイズについては…順番通りに; simultaneous = before TGF",
    )
    subsidy_limit: int = rule(
        0, 0, 20, about="「補助金」で建物7軒のプレイヤーにも収入; 0 = as the content prints (7)"
    )
    mixed_facilities: bool = rule(
        True, about="「混合施設」 count as special facilities too; false = only their other type"
    )


VARIANTS = {
    "default": Variant("City Plan Delta as written: special facilities in the deck"),
    "plain": Variant(
        "The plain edition: no special facilities; each player starts with a Farm (農場) "
        "and a plant 2 power weaker; completion scored as with 1 special facility",
        {"plain": True},
    ),
    "no_lottery": Variant(
        "No city bonus (都市ボーナス): the random points the manifesto cards' removal brought in "
        "are left out, so the game is as calculable as before",
        {"city_bonus": False},
    ),
    "simultaneous_build": Variant(
        "The build phase before TGF: everyone chooses a build (or to draw) face down, "
        "then all are revealed and carried out from the mayor clockwise",
        {"build_order": "simultaneous"},
    ),
    "no_parliament": Variant(
        "Before Delta (2.0): no councillor chips and no parliament bonus; the Parliament "
        "action card then always draws a card",
        {"councillors_per_player": 0, "parliament_bonus": 0, "parliament_penalty": 0},
    ),
    "bonuses_2_0": Variant(
        "The 2.0 bonuses: development bonus not doubled, no completion bonus at 9 buildings "
        "(the 10-building row stays Delta's: 2.0's is not given)",
        {"development_multiplier": 1, "completion_9": (0, 0, 0)},
    ),
    "subsidy_6": Variant(
        "The 2.0 Subsidy (補助金): players with 7 buildings receive no income from it",
        {"subsidy_limit": 6},
    ),
    "no_mixed": Variant(
        "No mixed facilities (混合施設, new in Delta): each counts only as its other type",
        {"mixed_facilities": False},
    ),
}
