"""Quo Vadis in the draft's own words (草案27), for pages written in Japanese.

Every action kind, usage key and points source the rules produce, and a line
per variant; race, skill and epic card names stay as the content and the draft
write them.
"""

from soan.engine.glossary import Glossary

GLOSSARY = Glossary(
    title="Quo Vadis 草案27",
    variants={
        "default": "ルールどおりの Quo Vadis 草案27",
        "custom": "カスタム:種族ボードの裏面を使い、最大数が種族ごとに異なる",
        "random_races": "種族は選ばずランダムに配る",
        "rounds12": "12ラウンド(草案27の「ラウンド数を12から10に変更」の前)",
        "no_war_morale": "戦争に勝利しても≪戦意≫を得ない(「なくてもいいだろう」)",
        "fixed_dominance": "都市を建てると支配力4個。破壊した側がそれを得て、都市は1個失う",
        "attrition_dominance": "都市を建てると支配力4個。戦争に負けるたび1個減り(勝者に1VP)、"
        "尽きたら破壊",
        "war_attrition": "戦争の勝者はワーカー1減衰、敗者は2減衰(全撤退しない)",
        "last_proposal": "メモの最後の案:都市に支配力1個(1個3VP)、創世エリアにあれば1個増える、"
        "戦争の減衰1/2",
        "wrath_one_cube": "神の怒りは都市の支配力を1個だけ取り除く",
        "building_food": "砦と神殿の建設に≪食料≫1個(「建設には1食料が必要」)",
        "no_forts": "砦なし(「実は、砦とかいらんかな」)",
        "no_cleanup": "ワーカー整理なし:1つのマスに複数のワーカーが残れる",
        "loser_ascends": "戦争に敗れたワーカーは手元へ戻らずアセンションする",
        "loser_keeps": "敗者はワーカー1個につき≪食料≫1個でマスに残せる",
    },
    words={
        # setting up
        "play {}": "種族{}を選ぶ",
        "pick a skill": "スキルドラフトで1枚選ぶ",
        "split the starting cubes": "初期キューブを分けて配置",
        "choose the basic skill {}": "基本スキル{}を選ぶ",
        # エリア選択 and 神の怒り
        "choose an area": "エリアを選ぶ",
        "choose an area with Free": "【フリー】でエリアを選ぶ",
        "choose an area with Free twice": "【フリー】2枚でエリアを選ぶ",
        "use a once-per-game skill": "1度だけのスキルを使う",
        "call the wrath of god": "神の怒りを引き起こす",
        "keep the wrath": "神の怒りを引き起こさない",
        "strike a cell with wrath": "神の怒りでマスを選ぶ",
        "strike a cell with wrath and destroy": "神の怒りでマスを選び建造物も破壊",
        "strike no more cells": "これ以上マスを選ばない",
        # ワーカー配置, 手札配置 and the epic cards' actions
        "place a worker": "ワーカーを配置",
        "place no more workers": "これ以上ワーカーを配置しない",
        "continue the generation": "世代継続",
        "continue the generation with 御無心": "御無心で世代継続",
        "generation change": "世代交代",  # an action kind and a usage key
        "generation change with 御無心": "御無心で世代交代",
        "turn faith into wrath": "≪信仰≫3個を≪神の怒り≫1個に変換",
        "keep the faith": "≪信仰≫を変換しない",
        "move a worker": "ワーカーを移動(啓示)",
        "move no more workers": "これ以上ワーカーを移動しない",
        "exchange a resource": "リソースを変換(繁栄)",
        "discard for Prosperity": "手札を捨て札にする(繁栄)",
        "end Prosperity": "繁栄を終える",
        "discard a card": "手札を捨て札にする(世代交代)",
        "discard no more cards": "これ以上捨て札にしない",
        # 戦争フェイズ, 建設フェイズ, 終了フェイズ, 決算
        "spend morale in war": "戦争で≪戦意≫を消費",
        "keep a worker after losing": "敗北後もワーカーを残す",
        "keep no more workers": "これ以上ワーカーを残さない",
        "build a city": "都市を建設",
        "build a fort": "砦を建設",
        "build a temple": "神殿を建設",
        "build nothing more": "これ以上建設しない",
        "ascend a worker": "ワーカーをアセンションさせる",
        "do not ascend": "アセンションしない",
        "set a skill": "スキルセット",
        # usage keys: content items by name, and the rule branches counted
        "race:{}": "種族:{}",
        "skill:{}": "スキル:{}",
        "card:{}": "エピックカード:{}",
        "action:{}": "アクション:{}",
        "war": "戦争",
        "war:won": "戦争:勝利",
        "war:lost": "戦争:敗北",
        "war:draw": "戦争:引き分け",
        "war:kept": "戦争:敗北後もワーカーを残す",
        "war:uphill": "戦争:戦力で劣る側から仕掛けた",
        "war:uphill:won": "戦争:戦力で劣る側から仕掛けて勝利",
        "wrath:uphill": "神の怒り:戦力で勝る相手のマスに",
        "wrath": "神の怒り",
        "wrath:buildings": "神の怒り:建造物を破壊",
        "fort": "砦",
        "temple": "神殿",
        "ascension": "アセンション",
        "inheritance": "継承力",
        "rebuild": "都市の再建",
        "city": "都市",  # the event firsts() gives the round of: a city built
        "御無心": "御無心",
        "free": "【フリー】",
        # points by source
        "prosperity": "繁栄",
        "territory": "領土ボーナス",
        "cities": "支配力",
        "skills": "スキル",
    },
)
