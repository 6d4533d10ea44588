"""City Plan's rule numbers. Defaults are the Delta rules as written."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    plain: bool = False  # the plain edition: no special facilities, a farm each, エコ奨励金
    hand_start: int = 5  # 5枚ずつ「手札」として配り
    hand_limit: int = 8  # 9枚以上持っているプレイヤーは 8枚になるまで
    build_income: int = 2  # 建設しなかった場合、山札からカードを2枚引きます
    end_buildings: int = 10  # 建物を10軒建設したら、そのターンでゲームが終了
    councillors_per_player: int = 3  # プレイ人数×3枚の議員チップ
    councillor_chips: int = 15  # 議員チップ 15枚
    parliament_bonus: int = 5  # 最も多く持っているプレイヤーは5点
    parliament_penalty: int = 5  # 全く持っていないプレイヤーは5点を失います
    completion_10: tuple[int, int, int] = (20, 10, 5)  # 特殊施設 0 / 1 / 2軒以上
    completion_9: tuple[int, int, int] = (10, 5, 2)
    development_multiplier: int = 2  # 最も小さいものの2倍
    city_bonus: bool = True  # 都市ボーナス (the lottery) is scored


VARIANTS = {
    "default": {},
    "plain": {"plain": True},
}
