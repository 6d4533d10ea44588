"""Populous draft 5's rule numbers. Defaults are the rules as written (with RULINGS.md)."""

from __future__ import annotations

from dataclasses import dataclass

from soan.engine.options import Variant, rule


@dataclass(frozen=True)
class Options:
    end_score: int = rule(60, 15, 200, about="VPとFPの合計値が60以上になるとゲームが終了")
    start_vp: int = rule(0, 0, 50, about="スコアトラックのVP(左側)0")
    start_fp: int = rule(10, 0, 50, about="FP(右側)10")
    start_food: int = rule(0, 0, 20, about="setup gives no food (P7)")
    workers: int = rule(16, 4, 40, about="ワーカーポーン 各色毎に16個")
    houses: int = rule(6, 0, 20, about="ハウス 各色毎に6個")
    vandals: int = rule(16, 0, 40, about="the stock of vandals (not printed)")
    grace_draw: int = rule(7, 0, 10, about="山から7枚ずつ引き")
    grace_keep: int = rule(3, 0, 10, about="その中から3枚を選びます")
    placement_food: int = rule(1, 0, 5, about="適性がない場合、ワーカー1個につきフード1個")
    blessing_workers: int = rule(2, 1, 7, about="祝福: ワーカーを2つ配置")
    revelation_draws: int = rule(1, 0, 5, about="啓示: 山から1枚引いて")
    worker_vp: int = rule(1, 0, 5, about="ワーカーなら1VP")
    house_vp: int = rule(2, 0, 10, about="ハウスなら2VP")
    worker_yield: int = rule(1, 0, 5, about="労働: ワーカーは1")
    house_yield: int = rule(2, 0, 10, about="労働: ハウスは2")
    disaster_fp: int = rule(1, 0, 5, about="天災: そのプレイヤーは1FPを得ます")
    disaster_ether_fp: int = rule(1, 0, 5, about="天災: 1エーテル = 1 FP (P5)")
    worker_strength: int = rule(1, 0, 5, about="ワーカーを1戦力")
    house_strength: int = rule(2, 0, 10, about="ハウスを2戦力")
    war_die: int = rule(6, 2, 20, about="サイコロを1個振って")
    war_loss_fp: int = rule(2, 0, 10, about="敗者は…2FPを得てください")
    race_choice: bool = rule(True, about="種族ボードを1枚選んで; false deals races at random")
    # proposals of the 「問題点」 notes (variants; the defaults are the draft-5 rules)
    genesis_hand: int = rule(
        0, 0, 8, about="手札ランダム制: a hidden hand of this many genesis cards, refilled "
        "every turn (0 = the fixed 【創世記】 as written)"
    )
    isolated_food: int = rule(
        0, 0, 10, about="つながりのない別エリアへ配置するには4必要: food for a worker touching "
        "no own piece (0 = off)"
    )
    upkeep_workers: int = rule(
        0, 0, 20, about="一定ワーカー数に対して一定食料: 1 food per this many workers on the "
        "map each own turn, 1 FP per food short (0 = off)"
    )
    revelation: str = rule(
        "draw", choices=("draw", "fp_per_active_area"),
        about="啓示はFPを得る専用アクション: FP per own area next to the creation area",
    )
    labour: str = rule(
        "pieces_in_area", choices=("pieces_in_area", "food_per_active_area"),
        about="労働は活性化エリア分の食料: food per own area next to the creation area",
    )
    prosperity_vp: str = rule(
        "every_area", choices=("every_area", "active_areas"),
        about="繁栄: VP per own area next to the creation area, not over the whole map",
    )
    prosperity_places: int = rule(1, 0, 1, about="繁栄: ワーカーを配置しない = 0")
    disaster_places: int = rule(1, 0, 1, about="天災はワーカー配置なし = 0")
    disaster_target: str = rule(
        "choose", choices=("choose", "resist_roll", "cell_roll"),
        about="天災: the actor chooses; resist_roll = a die per worker, 1を振ったら死ぬ; "
        "cell_roll = one die picks the cell",
    )


VARIANTS = {
    "default": Variant("Populous draft 5 as written"),
    "no_ether": Variant("Disaster's 1 ether gives nothing (ruled 1 FP as written)",
                        {"disaster_ether_fp": 0}),
    "food3": Variant("Every player starts with 3 food", {"start_food": 3}),
    "random_races": Variant("Races are dealt at random instead of chosen",
                            {"race_choice": False}),
    "random_genesis_5": Variant(
        "Random genesis hands: 5 cards from the shuffled 30 (5 of each number, 5 wild), "
        "3 played a turn and refilled at once; a hand naming no tile is drawn again",
        {"genesis_hand": 5},
    ),
    "random_genesis_6": Variant(
        "Random genesis hands of 6 cards (two turns' worth), otherwise as random_genesis_5",
        {"genesis_hand": 6},
    ),
    "connected_placement": Variant(
        "Placing a worker that touches none of your pieces costs 4 food (its terrain "
        "included); Blessing stays free",
        {"isolated_food": 4},
    ),
    "upkeep": Variant(
        "10 workers, and upkeep: at the end of each of your turns 1 food per 3 of your "
        "workers on the map (3 is soan's number), 1 FP lost per food short",
        {"workers": 10, "upkeep_workers": 3},
    ),
    "active_areas": Variant(
        "Active areas (活性化エリア): Revelation gives FP and Labour food per own area next to "
        "the creation area, Prosperity places no worker and scores VP the same way",
        {"revelation": "fp_per_active_area", "labour": "food_per_active_area",
         "prosperity_vp": "active_areas", "prosperity_places": 0},
    ),
    "disaster_no_place": Variant("Disaster places no worker after the removal",
                                 {"disaster_places": 0}),
    "disaster_resist": Variant(
        "Disaster places no worker and rolls a die for every worker in the area: a 1 "
        "removes it", {"disaster_places": 0, "disaster_target": "resist_roll"},
    ),
    "disaster_cell": Variant(
        "Disaster places no worker and one die picks the cell hit (a 7-sided roll over "
        "the area's 7 cells, soan's reading of 1-2 / 3-4 / 5-6 for 3 cells)",
        {"disaster_places": 0, "disaster_target": "cell_roll"},
    ),
}
