"""City Plan Delta in the draft's own words, for pages written in Japanese.

Every action kind, usage key and points source the rules produce, and a line
per variant; building and income card names stay as the content file writes them.
"""

from soan.engine.glossary import Glossary

GLOSSARY = Glossary(
    title="シティープラン デルタ",
    variants={
        "default": "ルールどおりのシティープラン デルタ:山札に特殊施設あり",
        "plain": "プレーン版:特殊施設なし。各自が農場と2電力弱い発電所で開始し、"
                 "完成ボーナスは特殊施設1軒として計算",
        "no_lottery": "都市ボーナスなし:抽選による得点を入れない",
        "simultaneous_build": "TGF以前の建設フェイズ:全員が建設(または収入)を伏せて選び、"
                              "全員が選んだら公開して市長から時計回りに処理",
        "no_parliament": "2.0 のように議員チップ/議会ボーナスなし(議会のアクションは常に1枚引く)",
        "bonuses_2_0": "2.0 のボーナス:発展ボーナスは倍増せず、9軒の完成ボーナスなし"
                       "(10軒の値はデルタのまま)",
        "subsidy_6": "2.0 の「補助金」:建物7軒のプレイヤーには収入が入らない",
        "no_mixed": "「混合施設」なし:特殊施設としては扱わず、もう一方の種類の建物としてのみ扱う",
    },
    words={
        # the action cards (アクションフェイズ) and the other choices
        "Income": "収入",
        "Exchange": "交換",
        "Parliament": "議会",
        "discard": "捨て札にする",
        "end exchange": "交換を終える",
        "build": "建設",
        "pay a card": "コストのカードを支払う",
        "build nothing (draw)": "建設せず収入(2枚引く)",
        # usage keys: content items by name, and the rule branches counted
        "action:Income": "アクション:収入",
        "action:Exchange": "アクション:交換",
        "action:Parliament": "アクション:議会",
        "built:{}": "建設:{}",
        "income:{}": "収入カード:{}",
        "lottery:decided": "都市ボーナス:決着",
        # points by source
        "buildings": "建物の得点",
        "councillors": "議員チップ",
        "parliament": "議会ボーナス",
        "completion": "完成ボーナス",
        "development": "発展ボーナス",
        "city": "都市ボーナス",
    },
)
