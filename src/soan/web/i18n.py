"""The pages' words in English and Japanese.

The language comes from `?lang=` (remembered in a cookie), else the browser's
Accept-Language, else English. Names that come from content files (cards, races,
skills) are shown as `soan.engine.glossary.name` shows them: on English pages the
English gloss with the name as written in brackets, on Japanese pages as written.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from soan.engine.core import Game
from soan.engine.glossary import forms

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
    "table.click_hint": ("or tap a highlighted card, cell or area on the board",
                         "光っているカードやマス、エリアをタップしても選べます"),
    "table.hide": ("Hide the choices", "選択肢をたたむ"),
    "table.show": ("Show the choices", "選択肢を開く"),
    "table.undo": ("Undo my last choice", "直前の選択を取り消す"),
    "table.no_effect": ("no effect now", "今は効果なし"),
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
    "table.invalid_link": ("This link is not valid on this server.",
                           "このリンクはこのサーバーでは無効です。"),
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
    "lab.title": ("Lab: test a rule change", "ラボ: ルール変更を試す"),
    "lab.intro": ("Bots play many games with your variant, rule numbers or edited cards, "
                  "beside the rules as written, and you get the report soan study writes.",
                  "変更したバリアント・数値・カードと書かれたルールを、ボットが何度も対戦して"
                  "比べます。soan study と同じレポートが出ます。"),
    "lab.content_none": ("none: the game's own cards", "なし: 同梱のカード"),
    "lab.content_hint": ("An edited copy of the game's content file (TOML): studied beside the "
                         "shipped one. Only you and whoever you send the study's link see it.",
                         "編集した内容ファイル (TOML)。同梱のものと並べて調べます。"
                         "研究のリンクを渡した人にしか見えません。"),
    "lab.kind": ("What to run", "実行するもの"),
    "lab.kind_study": ("Study", "研究"),
    "lab.kind_review": ("Review", "レビュー"),
    "lab.kind_hint": ("A study plays your variant, rule numbers or cards against the draft; a "
                      "review answers every question in the designer's notes by play, on the "
                      "draft's own rules and cards.",
                      "研究はあなたのバリアント・ルールの数値・カードを草案と比べます。レビューは"
                      "デザイナーのメモにある問いすべてに、草案のルールとカードのままプレイで答えます。"),
    "lab.bots": ("Bots", "ボット"),
    "lab.games": ("Games per run", "1 回あたりの対戦数"),
    "lab.start": ("Start the study", "研究を始める"),
    "lab.mine": ("Your studies", "あなたの研究"),
    "lab.mine_hint": ("Kept in this browser; each opens from its private link.",
                      "このブラウザに記録されます。各研究は専用リンクで開きます。"),
    "lab.none": ("No studies yet.", "まだ研究はありません。"),
    "lab.queued": ("waiting", "待機中"),
    "lab.running": ("running", "実行中"),
    "lab.done": ("done", "完了"),
    "lab.failed": ("failed", "失敗"),
    "lab.games_done": ("games", "局"),
    "lab.left": ("left", "残り"),
    "lab.seconds": ("s", "秒"),
    "lab.link": ("Private link of this study: whoever has it sees it.",
                 "この研究の専用リンク: 持っている人だけが見られます。"),
    "lab.settings": ("Settings", "設定"),
    "lab.runs": ("Runs", "比較する条件"),
    "lab.version": ("soan version", "soan のバージョン"),
    "lab.seed": ("first seed", "最初のシード"),
    "lab.report": ("Report", "レポート"),
    "lab.open_report": ("Open the report in its own tab", "レポートを別タブで開く"),
    "lab.other_report": ("The report in Japanese (日本語)", "英語のレポート (English)"),
    "error.title": ("Cannot open this page", "このページは開けません"),
    "error.home": ("Back to the lobby", "ロビーへ戻る"),
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


def game_title(game: Game, lang: str) -> str:
    """The draft's own title on Japanese pages (from the game's glossary)."""
    if lang == "ja" and game.glossary is not None:
        return game.glossary.title
    return game.title


def variant_about(game: Game, name: str, lang: str) -> str:
    """A variant's one line, in Japanese from the game's glossary where it has one."""
    about = game.variants[name].about
    if lang == "ja" and game.glossary is not None:
        return game.glossary.variants.get(name, about)
    return about


def names(content: Any, lang: str) -> dict[str, str]:
    """Every way the game's text writes a content name -> how a page in `lang` shows it
    (made by `soan.engine.glossary.name`): the page replaces them in the log and the
    choices and looks card names up in it."""
    return forms(lang, content)
