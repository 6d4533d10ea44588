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


VARIANTS = {
    "default": Variant("Populous draft 5 as written"),
    "no_ether": Variant("Disaster's 1 ether gives nothing (ruled 1 FP as written)",
                        {"disaster_ether_fp": 0}),
    "food3": Variant("Every player starts with 3 food", {"start_food": 3}),
    "random_races": Variant("Races are dealt at random instead of chosen",
                            {"race_choice": False}),
}
