"""Populous draft 5's rule numbers. Defaults are the rules as written (with RULINGS.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    end_score: int = 60  # VPとFPの合計値が60以上になるとゲームが終了
    start_vp: int = 0  # スコアトラックのVP(左側)0
    start_fp: int = 10  # FP(右側)10
    start_food: int = 0  # setup gives no food (P7)
    workers: int = 16  # ワーカーポーン 各色毎に16個
    houses: int = 6  # ハウス 各色毎に6個
    vandals: int = 16  # the 【ストック】 of vandals: not printed; one colour's worth of pawns
    grace_draw: int = 7  # 山から7枚ずつ引き
    grace_keep: int = 3  # その中から3枚を選びます
    placement_food: int = 1  # 適性がない場合、ワーカー1個につきフード1個
    blessing_workers: int = 2  # 祝福: ワーカーを2つ配置
    revelation_draws: int = 1  # 啓示: 山から1枚引いて
    worker_vp: int = 1  # ワーカーなら1VP
    house_vp: int = 2  # ハウスなら2VP
    worker_yield: int = 1  # 労働: ワーカーは1
    house_yield: int = 2  # 労働: ハウスは2
    disaster_fp: int = 1  # 天災: そのプレイヤーは1FPを得ます
    disaster_ether_fp: int = 1  # 天災: 1エーテル = 1 FP (P5); variant no_ether: 0
    worker_strength: int = 1  # ワーカーを1戦力
    house_strength: int = 2  # ハウスを2戦力
    war_die: int = 6  # サイコロを1個振って
    war_loss_fp: int = 2  # 敗者は…2FPを得てください
    race_choice: bool = True  # 種族ボードを1枚選んで; False deals races at random


VARIANTS = {
    "default": {},
    "no_ether": {"disaster_ether_fp": 0},
    "food3": {"start_food": 3},
    "random_races": {"race_choice": False},
}
