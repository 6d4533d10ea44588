"""Undecim's rule numbers. Defaults are the rules section of draft 14 as written (with
RULINGS.md); the variants are the designer's notes 「問題点」 (G1)."""

from __future__ import annotations

from dataclasses import dataclass

from soan.engine.options import Variant, rule

LAND_RULES = ("kinds", "pairs", "per_card")


@dataclass(frozen=True)
class Options:
    rounds: int = rule(5, 1, 10, about="5ラウンドを終えるとゲームが終了します")
    moon_counters: int = rule(
        10, 1, 30, about="タイムカウンターを10個置いて (the cap too, U12; the notes try 12)"
    )
    hand_size: int = rule(5, 1, 10, about="リソースカードを…5枚ずつ配ります / 5枚になるよう補充")
    mulligan: bool = rule(True, about="◎マリガンルール: 手札1枚と【議会】の1枚を交換できます")
    land_rule: str = rule(
        "kinds",
        choices=LAND_RULES,
        about="kinds: 土地の種類毎に1VP (rules); pairs: 土地2種毎に1点, 4枚セット3点; "
        "per_card: 1枚1点, 4枚セット毎に2点",
    )
    land_kind_vp: int = rule(
        1, 0, 5, about="土地の種類毎に1VP (land_rule=kinds; the notes try 0: 「継続点をなくして」)"
    )
    land_set_bonus: int = rule(
        2, 0, 10, about="土地を全種類2枚ずつ以上所持していたら、追加で2VP"
    )
    fief_round_vp: int = rule(
        0, 0, 10, about="VP per fief each round end (the notes: 「版図ボーナス4点」, 1, 3)"
    )
    night_land_multiplier: int = rule(
        2, 1, 5, about="「赤い月の夜」が発生していたら、土地ボーナスを2倍"
    )
    night_fief_vp: int = rule(
        0, 0, 10, about="赤い月の夜: VP per fief (the notes: 「版図1つにつき3点」, 2 or 1)"
    )
    enemy_vp: int = rule(4, 0, 10, about="1枚目は4VP、2枚目は5VP… (the notes try 2)")
    building_vp: tuple[int, int, int, int, int] = rule(
        (4, 9, 14, 20, 27), 0, 100, about="建築: レベル2/3/4/5/6以上のVP"
    )
    gold_vp: int = rule(3, 0, 10, about="金: 1枚につき3VP (the notes try 2)")
    gold_vp_settled: int = rule(
        5, 0, 10, about="入植地を4つ以上作っていた場合は、1枚につき5VP (the notes try 3)"
    )
    gold_settlements: int = rule(4, 1, 10, about="入植地を4つ以上")
    settlement_fief_vp: int = rule(
        0, 0, 10, about="精算: VP per settlement and fief (「入植地1つにつき、版図数×3」)"
    )
    fief: bool = rule(
        False, about="版図: a set of the 4 land kinds becomes a fief that cannot be invaded"
    )
    giver_chooses: bool = rule(
        False, about="侵略戦争: 渡す土地は渡すプレイヤーが選ぶ (the notes' weaker Invasion)"
    )
    final_order_bonus: tuple[int, int, int] = rule(
        (0, 0, 0), 0, 20,
        about="決算順ボーナス 3、2、1: VP for the lowest, 2nd and 3rd card of the last round",
    )
    final_two_actions: bool = rule(
        False, about="「アクションカードを2枚同時に出す」: both cards in the last round"
    )
    final_hand_size: int = rule(
        0, 0, 12, about="「最後手番だけ8枚になるよう引く」: the refill before the last round "
        "(0: hand_size)"
    )
    tie_break: bool = rule(
        True, about="複数いたら、最終ラウンドにアクション番号のより小さい…方が優先"
    )
    module_dark: bool = rule(False, about="エキスパンドモード: 「闇の時代」")
    module_storm: bool = rule(False, about="エキスパンドモード: 「嵐の時代」")
    module_gold: bool = rule(False, about="エキスパンドモード: 「黄金の時代」")

    @property
    def modules(self) -> tuple[str, ...]:
        """The module sets in play, by their keys in the content file."""
        return tuple(
            key
            for key, on in (
                ("dark", self.module_dark),
                ("storm", self.module_storm),
                ("gold", self.module_gold),
            )
            if on
        )


VARIANTS = {
    "default": Variant("Undecim draft 14 as written: land bonus per kind, buildings 4/9/14/20/27"),
    "buildings_half": Variant(
        "The notes' halved building table 2/5/8/13/18", {"building_vp": (2, 5, 8, 13, 18)}
    ),
    "buildings_mid": Variant(
        "The notes' building table 3/6/10/15/21", {"building_vp": (3, 6, 10, 15, 21)}
    ),
    "buildings_steep": Variant(
        "The notes' last building table 3/6/10/18/27", {"building_vp": (3, 6, 10, 18, 27)}
    ),
    "gold_2_3": Variant(
        "Gold 2 VP, 3 VP with four settlements", {"gold_vp": 2, "gold_vp_settled": 3}
    ),
    "fief": Variant("A full 4-kind land set becomes a fief (版図) that Invasion cannot touch",
                    {"fief": True}),
    "giver_chooses": Variant(
        "Invasion: the seat giving up a land chooses which", {"giver_chooses": True}
    ),
    "moon_12": Variant("The red moon starts with (and holds at most) 12 time counters",
                       {"moon_counters": 12}),
    "land_pairs": Variant(
        "Lands score 1 per pair of different kinds, 3 per full set (the notes' 45/29 rule)",
        {"land_rule": "pairs"},
    ),
    "land_per_card": Variant(
        "Lands score 1 per card and 2 per full 4-kind set", {"land_rule": "per_card"}
    ),
    "enemy_from_2": Variant("Enemies at the red moon night score 2, 3, 4…", {"enemy_vp": 2}),
    "final_bonus": Variant(
        "The last round's lowest card scores 4, the next 2, in place of the tie-break",
        {"final_order_bonus": (4, 2, 0), "tie_break": False},
    ),
    "final_bonus_321": Variant(
        "The last round's cards score 3, 2, 1 by number, in place of the tie-break",
        {"final_order_bonus": (3, 2, 1), "tie_break": False},
    ),
    "final_bonus_4": Variant(
        "Only the last round's lowest card scores, 4 VP, in place of the tie-break",
        {"final_order_bonus": (4, 0, 0), "tie_break": False},
    ),
    "final_two_actions": Variant(
        "The last round: hands refilled to 8, both action cards played",
        {"final_two_actions": True, "final_hand_size": 8},
    ),
    "fief_settlements": Variant(
        "Fiefs; gold always 3; at the end 3 VP per settlement per fief",
        {"fief": True, "gold_vp_settled": 3, "settlement_fief_vp": 3},
    ),
    "night_fief": Variant(
        "Fiefs; the red moon night scores 3 per fief instead of doubling the land bonus",
        {"fief": True, "night_land_multiplier": 1, "night_fief_vp": 3},
    ),
    "fief_round_1": Variant(
        "Fiefs; lands 1 per kind, no set bonus, +1 per fief each round; buildings 3/6/10/18/27",
        {"fief": True, "land_set_bonus": 0, "fief_round_vp": 1,
         "building_vp": (3, 6, 10, 18, 27)},
    ),
    "fief_round_4": Variant(
        "Fiefs; no land points but 4 per fief each round; buildings 3/6/10/18/27",
        {"fief": True, "land_kind_vp": 0, "land_set_bonus": 0, "fief_round_vp": 4,
         "building_vp": (3, 6, 10, 18, 27)},
    ),
    "fiefs_3": Variant(
        "Fiefs score 3 each round, 3 at a night, 3 per settlement; buildings 3/6/10/18/27",
        {"fief": True, "land_kind_vp": 0, "land_set_bonus": 0, "fief_round_vp": 3,
         "night_land_multiplier": 1, "night_fief_vp": 3, "settlement_fief_vp": 3,
         "gold_vp_settled": 3, "building_vp": (3, 6, 10, 18, 27)},
    ),
    "dark": Variant("Expand mode with 「闇の時代」", {"module_dark": True}),
    "storm": Variant("Expand mode with 「嵐の時代」", {"module_storm": True}),
    "gold": Variant("Expand mode with 「黄金の時代」", {"module_gold": True}),
    "expand_all": Variant(
        "Expand mode with all three modules",
        {"module_dark": True, "module_storm": True, "module_gold": True},
    ),
}
