"""The pages' words in English and Japanese.

The language comes from `?lang=` (remembered in a cookie), else the browser's
Accept-Language, else English. Game words that come from content files (card
and race names) are never translated here: the pages show them as written.
"""

from __future__ import annotations

from fastapi import Request

LANGUAGES = ("en", "ja")

TEXTS: dict[str, tuple[str, str]] = {
    "app.name": ("soan tables", "soan 卓"),
    "app.tagline": ("Play soan's drafts from a link: no account, nothing to install.",
                    "リンクを開くだけで遊べる草案の卓。登録もインストールも不要です。"),
    "lang.switch": ("日本語", "English"),
    "lobby.new": ("New table", "新しい卓"),
    "lobby.game": ("Game", "ゲーム"),
    "lobby.players": ("Players", "人数"),
    "lobby.variant": ("Variant", "バリアント"),
    "lobby.rules": ("Rule numbers", "ルールの数値"),
    "lobby.rules_hint": ("Leave as they are for the rules as written.",
                         "書かれたルールのままでよければ変更不要です。"),
    "lobby.content": ("Content file", "内容ファイル"),
    "lobby.content_shipped": ("The game's own cards", "同梱のカード"),
    "lobby.content_upload": ("An edited copy (TOML)", "編集したファイル (TOML)"),
    "lobby.seats": ("Seats", "席"),
    "lobby.seat": ("Seat", "席"),
    "lobby.human": ("a person (private link)", "人 (専用リンク)"),
    "lobby.remote": ("a program over the API", "API で参加するプログラム"),
    "lobby.fallback": ("If a program is silent on its turn, replace it by",
                       "プログラムが手番で応答しない場合の代わり"),
    "lobby.never": ("nobody (wait)", "なし (待つ)"),
    "lobby.silence": ("after seconds", "秒後"),
    "lobby.create": ("Create the table", "卓を作る"),
    "lobby.created": ("Table ready. Send each player their own link:",
                      "卓ができました。各プレイヤーに専用リンクを送ってください:"),
    "lobby.private": ("private: whoever has it plays this seat",
                      "非公開: 持っている人がこの席で遊べます"),
    "lobby.watch": ("Spectators", "観戦"),
    "lobby.token": ("token for the API", "API 用トークン"),
    "lobby.open": ("Tables", "卓の一覧"),
    "lobby.none": ("No tables yet.", "まだ卓はありません。"),
    "lobby.moves": ("moves", "手"),
    "lobby.finished": ("finished", "終了"),
    "lobby.playing": ("in play", "進行中"),
    "lobby.replay": ("Watch a replay", "リプレイを見る"),
    "lobby.replay_hint": ("A record from soan play --record, soan simulate --records or a "
                          "finished table.",
                          "soan play --record や soan simulate --records の記録、"
                          "終わった卓の記録。"),
    "lobby.record": ("Record (JSON)", "記録 (JSON)"),
    "lobby.open_replay": ("Open", "開く"),
    "lobby.api": ("Bots of your own join over the HTTP API",
                  "自作のボットは HTTP API で参加できます"),
    "table.you": ("you", "あなた"),
    "table.seat": ("Seat", "席"),
    "table.human": ("person", "人"),
    "table.remote": ("program", "プログラム"),
    "table.bot": ("bot", "ボット"),
    "table.replaced": ("took over a silent program", "応答のないプログラムの代わり"),
    "table.your_turn": ("Your turn", "あなたの番です"),
    "table.waiting": ("Waiting for seat", "手番: 席"),
    "table.spectator": ("You are watching.", "観戦中です。"),
    "table.choices": ("Your choices", "選択肢"),
    "table.click_hint": ("or click a highlighted card or cell",
                         "光っているカードやマスをクリックしても選べます"),
    "table.undo": ("Undo my last choice", "直前の選択を取り消す"),
    "table.log": ("Events", "経過"),
    "table.over": ("The game is over", "ゲーム終了"),
    "table.unfinished": ("stopped unfinished", "未完で終了"),
    "table.winner": ("Winner", "勝者"),
    "table.draw": ("A draw: nobody wins.", "引き分け: 勝者なし"),
    "table.total": ("total", "合計"),
    "table.seed": ("seed", "シード"),
    "table.again": ("Play again with the same seats", "同じ席でもう一度遊ぶ"),
    "table.next": ("The next game is ready:", "次のゲームの準備ができました:"),
    "table.replay": ("Replay this game", "この対局のリプレイ"),
    "table.record": ("Record (JSON)", "記録 (JSON)"),
    "table.notify": ("Tell me when it is my turn", "手番が来たら通知する"),
    "table.reconnecting": ("Connection lost; reconnecting...", "接続が切れました。再接続中..."),
    "table.turn_title": ("Your turn", "あなたの番"),
    "table.moves_title": ("to move", "の番"),
    "table.hand": ("Your hand", "手札"),
    "table.cards": ("cards", "枚"),
    "table.rules": ("Rules", "ルール"),
    "replay.title": ("Replay", "リプレイ"),
    "replay.step": ("Step", "手"),
    "replay.start": ("Start", "最初"),
    "replay.back": ("Back", "戻る"),
    "replay.forward": ("Next", "進む"),
    "replay.end": ("End", "最後"),
    "replay.play": ("Play", "再生"),
    "replay.pause": ("Pause", "停止"),
    "error.title": ("Cannot open this page", "このページは開けません"),
    "error.home": ("Back to the lobby", "ロビーへ戻る"),
}

# Titles and variant lines in Japanese; a game or variant not listed shows its own words.
GAME_TITLES_JA = {
    "cityplan": "シティープラン デルタ",
    "populous": "ポピュラス 草案5",
    "quovadis": "クォ・ヴァディス 草案27",
    "undecim": "ウーンデキム 草案14",
}
VARIANTS_JA = {
    ("cityplan", "default"): "書かれたとおりのシティープラン デルタ: 山札に特殊施設あり",
    ("cityplan", "plain"): "無印版: 特殊施設なし。各自農場と2パワー弱い発電所で開始し、"
                           "完成ボーナスは特殊施設1軒として計算",
    ("populous", "default"): "書かれたとおりのポピュラス 草案5",
    ("populous", "no_ether"): "天災の1エーテルは何も与えない (書かれたままなら1 FP)",
    ("populous", "food3"): "全員フード3個で開始",
    ("populous", "random_races"): "種族は選ばずランダムに配る",
    ("quovadis", "default"): "書かれたとおりのクォ・ヴァディス 草案27",
    ("quovadis", "custom"): "カスタム: 種族ボードの裏面 (種族ごとの最大数) を使う",
    ("quovadis", "random_races"): "種族は選ばずランダムに配る",
    ("quovadis", "rounds12"): "12ラウンド (草案27で「ラウンド数を12から10に変更」される前のルール)",
    ("quovadis", "no_war_morale"): "戦争に勝っても戦意を得ない (「なくてもいいだろう」)",
    ("quovadis", "fixed_dominance"): "都市は支配力4個で建ち、破壊した側がその分のVPを得て"
                                     "支配力が1個減る",
    ("quovadis", "wrath_one_cube"): "神の怒りは都市のキューブを1個減らすだけ",
    ("quovadis", "building_food"): "砦と神殿の建設に食料1 (「建設には1食料が必要」)",
    ("quovadis", "no_forts"): "砦なし (「実は、砦とかいらんかな」)",
    ("quovadis", "no_cleanup"): "ワーカー整理なし: 1マスに複数のワーカーが残れる",
    ("quovadis", "loser_ascends"): "戦争に負けたワーカーは手元へ戻らずアセンションする",
    ("quovadis", "loser_keeps"): "負けた側は1ワーカーにつき食料1でマスに残せる",
    ("undecim", "default"): "書かれたとおりのウーンデキム 草案14: 土地ボーナスは種類毎、"
                            "建築 4/9/14/20/27",
    ("undecim", "buildings_half"): "メモの半分の建築表 2/5/8/13/18",
    ("undecim", "buildings_mid"): "メモの建築表 3/6/10/15/21",
    ("undecim", "buildings_steep"): "メモの最後の建築表 3/6/10/18/27",
    ("undecim", "gold_2_3"): "金は1枚2VP、入植地4つ以上で3VP",
    ("undecim", "fief"): "土地4種のセットは版図になり、侵略戦争で奪われない",
    ("undecim", "giver_chooses"): "侵略戦争: 渡す土地は渡すプレイヤーが選ぶ",
    ("undecim", "moon_12"): "赤い月のタイムカウンターは12個で開始 (最大12個)",
    ("undecim", "land_pairs"): "土地は異なる2種毎に1点、4種セットで3点 (メモの45/29の案)",
    ("undecim", "land_per_card"): "土地は1枚1点、4種セット毎に2点",
    ("undecim", "enemy_from_2"): "赤い月の夜の敵は2、3、4…VP",
    ("undecim", "final_bonus"): "最終ラウンドの最小番号のカードに4点、次に2点 (同点の優先の代わり)",
    ("undecim", "dark"): "エキスパンドモード: 「闇の時代」",
    ("undecim", "storm"): "エキスパンドモード: 「嵐の時代」",
    ("undecim", "gold"): "エキスパンドモード: 「黄金の時代」",
    ("undecim", "expand_all"): "エキスパンドモード: 3つのモジュールすべて",
}


def language(request: Request) -> str:
    """The page language: ?lang=, then the cookie, then the browser's preference."""
    asked = request.query_params.get("lang") or request.cookies.get("lang")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def texts(lang: str) -> dict[str, str]:
    index = LANGUAGES.index(lang)
    return {key: pair[index] for key, pair in TEXTS.items()}


def game_title(game, lang: str) -> str:
    return GAME_TITLES_JA.get(game.id, game.title) if lang == "ja" else game.title


def variant_about(game, name: str, lang: str) -> str:
    about = game.variants[name].about
    return VARIANTS_JA.get((game.id, name), about) if lang == "ja" else about
