"""Populous in the draft's own words (草案5), for pages written in Japanese.

Every action kind, usage key and points source the rules produce, and a line
per variant; race and grace card names stay as the content file writes them.
"""

from soan.engine.glossary import Glossary

GLOSSARY = Glossary(
    title="ポピュラス 草案5",
    variants={
        "default": "ルールどおりのポピュラス 草案5",
        "no_ether": "天災の1エーテルは何も与えない(ルールどおりなら1FP)",
        "food3": "全員フード3個で開始",
        "random_races": "種族は選ばずランダムに配る",
        "random_genesis_5": "手札ランダム制:シャッフルした創世カード30枚(各数字5枚、"
                            "オールマイティ5枚)から5枚。3枚使って即5枚に補充。"
                            "エリアを選べない手札は引き直し",
        "random_genesis_6": "手札ランダム制、手札6枚(2手番分)。他は random_genesis_5 と同じ",
        "connected_placement": "自分のワーカー/ハウスにつながらないマスへの配置はフード4"
                               "(地形の分を含む。祝福は不要のまま)",
        "upkeep": "ワーカー10個。手番の終わりに、配置されたワーカー3個につきフード1の維持費"
                  "(3はsoanの数値)、不足分だけFPが減る",
        "active_areas": "活性化エリア:啓示はFP、労働はフードを、【創世エリア】に隣接する自分の"
                        "ワーカー/ハウスの配置されたエリア数だけ得る。繁栄はワーカーを配置せず、"
                        "同じ数だけVPを得る",
        "disaster_no_place": "天災はワーカー配置なし",
        "disaster_resist": "天災はワーカー配置なし。エリアの全ワーカーにサイコロを振り、1なら除去",
        "disaster_cell": "天災はワーカー配置なし。サイコロ1回で除去するマスを決める"
                         "(7マスなので7面、3マスなら1〜2、3〜4、5〜6)",
    },
    words={
        # the five actions (創世フェイズ), alone and with the wild card (オールマイティ)
        "Blessing": "祝福",
        "Revelation": "啓示",
        "Prosperity": "繁栄",
        "Disaster": "天災",
        "Labour": "労働",
        "Blessing with the wild card": "オールマイティで祝福",
        "Revelation with the wild card": "オールマイティで啓示",
        "Prosperity with the wild card": "オールマイティで繁栄",
        "Disaster with the wild card": "オールマイティで天災",
        "Labour with the wild card": "オールマイティで労働",
        # the other choices
        "choose a race": "種族を選ぶ",
        "keep a grace card": "恩寵カードを選んで残す",
        "choose an area": "エリアを選ぶ",
        "choose an area with the wild card": "オールマイティでエリアを選ぶ",
        "place a worker": "ワーカーを配置",
        "place no more workers": "これ以上ワーカーを配置しない",
        "remove a worker (Disaster)": "ワーカーを戻す(天災)",
        "draw another card (Revelation)": "追加で1枚引く(啓示)",
        "draw no more cards": "これ以上引かない",
        "build a house": "ハウスを配置",
        "place a vandal": "ヴァンダルを配置",
        "play a grace card": "恩寵カードをプレイ",
        "play no grace card": "恩寵カードをプレイしない",
        "discard a grace card": "恩寵カードを捨て札にする",
        "commit food to the war": "戦争にフードを支払う",
        "commit no more food": "これ以上フードを支払わない",
        "return a piece after the war": "敗者としてワーカー/ハウスを戻す",
        "done": "選択を終える",
        # usage keys: content items by name, and the rule branches counted
        "race:{}": "種族:{}",
        "grace:{}": "恩寵:{}",
        "action:Blessing": "アクション:祝福",
        "action:Revelation": "アクション:啓示",
        "action:Prosperity": "アクション:繁栄",
        "action:Disaster": "アクション:天災",
        "action:Labour": "アクション:労働",
        "wild card": "オールマイティ",
        "house": "ハウス",
        "war": "戦争",
        "war:seats": "戦争:他のプレイヤーと",
        "war:won": "戦争:勝者",
        "war:lost": "戦争:敗者",
        "war:vandals won": "戦争:ヴァンダルの勝ち",
        "area:shared": "他のプレイヤーと共有するエリア(終了時)",
        "genesis:redrawn": "創世カードの手札でエリアを選べず引き直し",
        # points by source
        "start": "初期VP",
        "prosperity": "繁栄",
        "grace": "恩寵",
        "fp": "FP(信仰心)",
    },
)
