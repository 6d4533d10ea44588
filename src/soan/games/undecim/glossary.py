"""Undecim in the draft's own words (草案14), for pages written in Japanese.

Every action kind, usage key and points source the rules produce, and a line
per variant; action card and award names stay as the content file writes them
(an action card played is counted under its own name).
"""

from soan.engine.glossary import Glossary

GLOSSARY = Glossary(
    title="ウーンデキム 草案14",
    variants={
        "default": "ルールどおりのウーンデキム 草案14:土地ボーナスは種類ごと、建築は4/9/14/20/27",
        "buildings_half": "メモの半分にした建築の表 2/5/8/13/18",
        "buildings_mid": "メモの建築の表 3/6/10/15/21",
        "buildings_steep": "メモの最後の建築の表 3/6/10/18/27",
        "gold_2_3": "金は2VP、入植地4つ以上で3VP",
        "fief": "土地4種1セットが版図になり、侵略戦争を受けない",
        "giver_chooses": "侵略戦争:渡す土地は渡すプレイヤーが選ぶ",
        "moon_12": "赤い月のタイムカウンターは12個(最大も12個)",
        "land_pairs": "土地2種毎に1点、4種セットで3点(メモの45/29の計算)",
        "land_per_card": "土地は1枚1点、4種セット毎に2点",
        "enemy_from_2": "赤い月の夜の敵は2VP、3VP、4VP…",
        "final_bonus": "タイブレイクの代わりに決算順ボーナス(最終ラウンドの最小の番号4点、次が2点)",
        "final_bonus_321": "タイブレイクの代わりに決算順ボーナス3、2、1点",
        "final_bonus_4": "タイブレイクの代わりに決算順ボーナス(1位のみ4点)",
        "final_two_actions": "最後だけ手札を8枚まで引き、アクションカードを2枚同時に出す",
        "fief_settlements": "版図あり、金は常に3VP、精算で入植地1つにつき版図数×3VP",
        "night_fief": "版図あり、赤い月の夜は土地ボーナス2倍の代わりに版図1つにつき3点",
        "fief_round_1": "版図あり、土地点は1種1点(2枚ずつの追加なし)、毎ラウンド版図1つにつき1点、"
        "建築3/6/10/18/27",
        "fief_round_4": "版図あり、土地の継続点なし、毎ラウンド版図1つにつき4点、建築3/6/10/18/27",
        "fiefs_3": "版図は毎ラウンド3点、赤い月の夜に3点、入植地1つにつき3点、建築3/6/10/18/27",
        "dark": "エキスパンドモード「闇の時代」",
        "storm": "エキスパンドモード「嵐の時代」",
        "gold": "エキスパンドモード「黄金の時代」",
        "expand_all": "エキスパンドモード:3つのセットすべて",
    },
    words={
        # ゲームの準備 and ラウンド開始
        "mulligan swap": "マリガン(【議会】の1枚と交換)",
        "keep the action cards": "マリガンしない",
        "bonus land": "ボーナスリソースを土地にする",
        "bonus resource": "ボーナスリソースを資源にする",
        "bonus enemy": "ボーナスリソースを敵にする",
        "bonus gold": "ボーナスリソースを金にする",
        # アクションフェイズ (an action card played is named as written)
        "front land": "獲得したリソースを土地にする",
        "front resource": "獲得したリソースを資源にする",
        "front enemy": "獲得したリソースを敵にする",
        "front gold": "獲得したリソースを金にする",
        "choose whom to take from": "奪う相手を選ぶ",
        "take a card": "リソースを奪う",
        "give a card": "リソースを渡す",
        "set the moon die": "ムーンダイスの目を決める",
        "put time counters on": "タイムカウンターを乗せる",
        "take time counters off": "タイムカウンターを取り除く",
        "spend gold": "金を使う",
        "spend no more gold": "これ以上金を使わない",
        "settle": "入植",  # an action kind and a usage key
        "develop": "発展",  # an action kind and a usage key
        "develop with gold": "金で発展",
        "neither settle nor develop": "入植も発展もしない",
        # アクション補充フェイズ and 赤い月の夜
        "take an action card": "アクションカードを手札に加える",
        "discard an enemy at night": "赤い月の夜に敵を捨て札にする",
        "keep the enemies": "これ以上敵を捨て札にしない",
        "done": "選択を終える",
        # usage keys: content items by name, and the rule branches counted
        "card:{}": "アクションカード:{}",
        "award:{}": "アワード:{}",
        "bonus:land": "ボーナスリソース:土地",
        "bonus:resource": "ボーナスリソース:資源",
        "bonus:enemy": "ボーナスリソース:敵",
        "bonus:gold": "ボーナスリソース:金",
        "night": "赤い月の夜",
        "night:enemies won": "赤い月の夜:敵が最多",
        "enemy": "敵を捨て札にしてVP",
        "land bonus": "土地ボーナス",
        "land bonus:set": "土地ボーナス:全種類2枚ずつ",
        "gold": "金",  # a usage key (develop with gold) and a points source
        "gold:boost": "金:アクション強化",
        "mulligan": "マリガン",
        "fief": "版図",
        "tie-break": "タイブレイク",
        # points by source
        "lands": "土地ボーナス",
        "buildings": "建築",
        "enemies": "敵",
        "awards": "アワード",
        "cards": "アクションカード",
        "final order": "決算順ボーナス",
        "fiefs": "版図ボーナス",
        "fief settlements": "入植地×版図数のボーナス",
    },
)
