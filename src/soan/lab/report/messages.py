"""Every word of the lab report, in English and Japanese, in one place.

`Messages(lang)` looks a sentence up by key and fills it in; it also writes
rates, numbers and differences with their intervals the way each language
does. `for_game` adds a game's own words (action kinds, usage keys, points
sources, its title and variant lines): in Japanese, the draft's own words from
the game's glossary. Names from the content file (cards, races, skills) are shown
through `soan.engine.glossary.name`: on the English page with the name as written
in brackets ("built: Allotment gardens (市民農園)"), on the Japanese page as written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from soan.engine.core import SoanError
from soan.engine.glossary import Glossary, Names
from soan.engine.glossary import name as name_of
from soan.engine.registry import get_game
from soan.lab.report.metrics import Estimate, Imbalance

LANGUAGES = ("en", "ja")

CATALOGUE: dict[str, tuple[str, str]] = {
    # the page
    "page_title": ("soan lab report", "soan ラボ報告"),
    "from_files": ("From {files}.", "元のファイル:{files}"),
    "other_language": ("日本語", "English"),
    "headlines": ("Headlines", "要点"),
    "contents": ("Contents", "目次"),
    "group_title": ("{title}: {players} players", "{title}:{players}人"),
    "set_games": ("{games} games, {players} players", "{games}ゲーム、{players}人"),
    "how_to_read": ("How to read this page", "このページの読み方"),
    # section titles
    "provenance": ("Provenance", "来歴"),
    "turn_order": ("Turn order", "手番順"),
    "factions": ("Factions", "陣営"),
    "content": ("Content", "コンテンツ"),
    "never_seen": ("Never seen", "一度も出なかったもの"),
    "figures": ("Figures", "指標"),
    "bots": ("Bots", "ボット"),
    "scores": ("Scores", "得点"),
    "points": ("Points by source, winners and losers", "得点源別の得点(勝者と敗者)"),
    "action_kinds": ("Actions by kind, winners and losers", "行動の種類別の回数(勝者と敗者)"),
    "side_by_side": ("Side by side", "比較"),
    # provenance
    "p_version": ("soan version", "soan のバージョン"),
    "p_game": ("game", "ゲーム"),
    "p_variant": ("variant", "バリアント"),
    "p_options": ("rule numbers changed", "変えたルール数値"),
    "p_options_none": ("none: the rules as written", "なし(ルールどおり)"),
    "p_content": ("content", "コンテンツ"),
    "p_content_shipped": ("shipped with soan (hash {hash})", "soan に同梱(ハッシュ {hash})"),
    "p_content_edited": ("edited file {file} (hash {hash})",
                         "編集したファイル {file}(ハッシュ {hash})"),
    "p_bots": ("bots", "ボット"),
    "p_bots_value": ("{lineup} in seat order, rotated one seat each game",
                     "席順に {lineup}。ゲームごとに1席ずつ回します"),
    "p_seeds": ("seeds", "シード"),
    "p_seed_range": ("{first} to {last}", "{first}〜{last}"),
    "p_games": ("games", "ゲーム数"),
    "p_date": ("date", "日付"),
    "p_files": ("files", "ファイル"),
    "p_models": ("model files", "モデルファイル"),
    # turn order
    "position": ("position", "手番位置"),
    "ordinal": ("{n}th", "{n}番手"),
    "ordinal_1": ("1st", "1番手"),
    "ordinal_2": ("2nd", "2番手"),
    "ordinal_3": ("3rd", "3番手"),
    "win_rate_ci": ("win rate (95% CI)", "勝率(95%信頼区間)"),
    "fair": ("fair", "公平なら"),
    "mixed_bots": (
        "Mixed bots ({bots}): these win rates mostly measure the bots, not the rules. Turn "
        "positions and factions are averaged over bots that rotate through the seats; to "
        "judge the rules, play one bot in every seat.",
        "ボットが混在しています({bots}):この勝率は主にルールではなくボットの差を測っています。"
        "手番位置と陣営は席を回るボットで平均したものです。ルールを判断するには、全席を同じ"
        "ボットにしてください。",
    ),
    "turn_matters": (
        "Turn order matters: the turn positions' win rates lie {spread} points from a fair "
        "{fair} (root mean square), where chance alone gives about {chance} at {games} games "
        "({imbalance}).",
        "手番順で勝率に差が出ます:手番位置の勝率は公平な {fair} から平均 {spread} ポイント"
        "(二乗平均平方根)離れています。{games}ゲームなら偶然だけでおよそ {chance} です"
        "({imbalance})。",
    ),
    "positions_flagged": (
        " Beyond chance, with all {count} positions tested together (Holm): {items}.",
        "{count}つの手番位置をまとめて検定して(ホルム法)偶然の範囲を超えるもの:{items}。",
    ),
    "positions_none_flagged": (
        " No single position stands out once all {count} are tested together (Holm).",
        "{count}つの手番位置をまとめて検定すると(ホルム法)、単独で目立つ位置はありません。",
    ),
    "position_item": ("the {position} player wins {rate}", "{position}の勝率 {rate}"),
    "turn_within_item": ("turn order (the first player wins {rate}; {imbalance})",
                         "手番順(先手の勝率 {rate}、{imbalance})"),
    "factions_within_item": ("the {count} factions' win rates", "{count}陣営の勝率"),
    "content_within_item": ("every content item's link with winning",
                            "コンテンツの各項目と勝敗の結びつき"),
    "within_headline": ("Within chance, so nothing to act on here: {items}.",
                        "偶然の範囲内(手を入れる根拠なし):{items}。"),
    "imbalance": ("chi-square {statistic} against {expected} expected if balanced, {p}",
                  "カイ二乗 {statistic}、均衡なら期待値 {expected}、{p}"),
    "imbalance_short": ("chi-square {statistic}, {p}", "カイ二乗 {statistic}、{p}"),
    "p_value": ("p = {p}", "p = {p}"),
    "p_small": ("p < 0.001", "p < 0.001"),
    "seats_are_positions": (
        "Seat 1 moved first in every game, so turn positions are seat numbers here.",
        "すべてのゲームで席1が先手なので、ここでは手番位置が席番号と同じです。",
    ),
    "first_by_seat": ("Who moved first: {counts}.", "先手になった席:{counts}。"),
    "seat_count": ("seat {seat} in {games} games", "席{seat}が{games}ゲーム"),
    "lottery": (
        "The lottery changed the winner in {rate} of games: read those games as near-ties.",
        "抽選で勝者が入れ替わったゲームは {rate}:これらはほぼ同点と読んでください。",
    ),
    "lottery_first": (
        "Without the games the lottery decided, the first player wins {rate} "
        "against a fair {fair}.",
        "抽選で決まったゲームを除くと、先手の勝率は {rate}、公平なら {fair}。",
    ),
    # factions
    "faction": ("faction", "陣営"),
    "seat_games": ("seat-games", "席数(ゲーム×席)"),
    "chosen": ("share of seat-games", "選ばれた割合"),
    "faction_beyond": (
        "{name} wins {rate} of the seat-games it is played in, against a fair {fair}: "
        "beyond chance.",
        "{name}の勝率は {rate}、公平なら {fair}:偶然の範囲を超えています。",
    ),
    "factions_below": ("Below a fair {fair} beyond chance: {items}.",
                       "公平な {fair} を偶然の範囲を超えて下回る陣営:{items}。"),
    "faction_item": ("{name} {rate}", "{name} {rate}"),
    "uninformative": (
        "Too rare to judge (in brackets, the seat-games that used it): even if every one of "
        "them had won, or lost, the test over the list could not tell it from chance, so "
        "these rows carry no information about winning: {items}.",
        "判断するには少なすぎるもの(括弧内は使った席数):使った席がすべて勝っても、すべて負けても"
        "リスト全体の検定では偶然と区別できないため、勝敗について情報を持たない行です:{items}。",
    ),
    "list_note": (
        "Marked: beyond chance even counting that the list has {count} entries "
        "(a Bonferroni interval, 95% over the whole list).",
        "印:{count}項目を同時に見ていることも考慮したうえで(リスト全体で95%の"
        "ボンフェローニ区間)、偶然の範囲を超えているもの。",
    ),
    # content
    "content_intro": (
        "Every content item and counted rule branch: how often it was used per game, how "
        "often by winners and by losers (per seat and game), and the win rate of seats that "
        "used it against seats that did not. This is association, not cause: a card that "
        "strong positions make possible looks strong whether or not it helps.",
        "コンテンツの各項目と数えているルール分岐について、1ゲームあたりの使用回数、"
        "勝者と敗者の使用回数(1席1ゲームあたり)、使った席と使わなかった席の勝率を示します。"
        "これは相関であって因果ではありません:有利な局面でこそ使えるカードは、"
        "役に立たなくても強く見えます。",
    ),
    "item": ("item", "項目"),
    "uses": ("uses", "使用回数"),
    "in_games": ("in games", "出たゲーム数"),
    "per_game": ("per game", "1ゲームあたり"),
    "winners": ("winners", "勝者"),
    "losers": ("losers", "敗者"),
    "used": ("win rate when used", "使った席の勝率"),
    "unused": ("when not used", "使わなかった席の勝率"),
    "difference": ("difference", "差"),
    "content_beyond": ("Used by winners more than chance explains: {items}.",
                       "勝ちと結びつく(偶然の範囲外):{items}。"),
    "content_losing": ("Used by losers more than chance explains: {items}.",
                       "負けと結びつく(偶然の範囲外):{items}。"),
    "content_item": ("{name} ({count} seat-games: {used} with it, {unused} without)",
                     "{name}(使った{count}席で {used}、使わない席で {unused})"),
    "content_association": (" This is association, not cause.", "(相関であって因果ではありません)"),
    # never seen
    "never_intro": (
        "Every item of the content and every counted rule branch that never occurred in "
        "these {games} games: dead cards, and rules the bots never reach.",
        "この{games}ゲームで一度も起きなかった、コンテンツの項目と数えているルール分岐"
        "(使われないカードや、ボットが一度も到達しないルール)。",
    ),
    "never_none": ("Every content item and counted rule branch occurred at least once.",
                   "コンテンツのすべての項目と数えているルール分岐が、少なくとも1回は起きました。"),
    "never_headline": ("Never seen in {games} games: {items}.",
                       "{games}ゲームで一度も出なかったもの:{items}。"),
    "seldom_headline": (
        "All but never seen, in fewer than 1 game in 100 (in brackets, the games it occurred "
        "in): {items}.",
        "ほとんど出なかったもの(100ゲームに1回未満。括弧内は出たゲーム数):{items}。",
    ),
    "seldom_item": ("{name} ({games})", "{name}({games})"),
    "seldom_intro": (
        "Seen, but in fewer than 1 game in 100 of these {games} (in brackets, the games it "
        "occurred in): {count} items and branches these bots all but never used.",
        "出たものの、この{games}ゲームのうち100ゲームに1回未満だった{count}項目"
        "(括弧内は出たゲーム数。ボットがほとんど使わなかったもの):",
    ),
    "never_count": ("Never seen: {count} of the {total} items and branches.",
                    "{total}項目中{count}項目が一度も出ませんでした。"),
    # figures
    "figure": ("figure", "指標"),
    "value_ci": ("value (95% CI)", "値(95%信頼区間)"),
    "reference": ("reference", "基準"),
    "f_imbalance": ("Turn-order imbalance (chi-square)", "手番順の不均衡(カイ二乗)"),
    "f_imbalance_value": ("{statistic} ({p})", "{statistic}({p})"),
    "f_imbalance_ref": ("{expected} expected if perfectly balanced",
                        "完全に均衡なら期待値 {expected}"),
    "f_spread": ("Spread of turn positions from fair", "手番位置の公平からのずれ"),
    "f_spread_value": ("{spread} points", "{spread}ポイント"),
    "f_spread_ref": ("chance alone: about {chance} points at {games} games",
                     "偶然だけなら{games}ゲームでおよそ {chance} ポイント"),
    "f_decided": ("Decided games", "勝者が決まったゲーム"),
    "f_decided_ref": ("share that end with a winner", "勝者がいる割合"),
    "f_drawn": ("Drawn games", "引き分けのゲーム"),
    "f_drawn_ref": ("share that end without a winner", "勝者なしで終わった割合"),
    "f_unfinished": ("Unfinished games", "未完了のゲーム"),
    "f_unfinished_ref": ("share stopped at the action limit", "行動数の上限で止めた割合"),
    "f_turns": ("Length in turns", "長さ(ターン)"),
    "f_actions": ("Length in actions", "長さ(行動数)"),
    "f_time": ("Time per game", "1ゲームの時間"),
    "f_time_ref": ("bots' thinking included", "ボットの思考時間を含む"),
    "f_first": ("First player's win rate", "先手の勝率"),
    "length": ("Games last {turns} turns ({actions} actions) on average.",
               "1ゲームは平均 {turns} ターン({actions} 行動)です。"),
    "unfinished": (" {count} games were stopped at the action limit.",
                   "行動数の上限で止めたゲームが{count}あります。"),
    # bots
    "bot": ("bot", "ボット"),
    "mean_score": ("mean score", "平均得点"),
    "mean_place": ("mean place", "平均順位"),
    "bots_sentence": ("{best} wins {best_rate}; {worst} wins {worst_rate}.",
                      "{best}の勝率は {best_rate}、{worst}は {worst_rate}。"),
    # scores, points, action kinds
    "scores_chart": ("Final scores by turn position", "手番位置別の最終得点"),
    "points_sentence": ("Winners score {winners} points on average, losers {losers}.",
                        "勝者の平均得点は {winners}、敗者は {losers}。"),
    "points_gap": (" The widest gap is in {name}: {winners} against {losers}, a gap of {gap}.",
                   "差が最も大きい得点源は {name}:{winners} 対 {losers}、差 {gap}。"),
    "points_none": (" No source of points sets them apart beyond chance.",
                    "偶然の範囲を超えて差が出る得点源はありません。"),
    "source": ("source", "得点源"),
    "kind": ("kind", "種類"),
    "gap_ci": ("winners − losers (95% CI)", "勝者 − 敗者(95%信頼区間)"),
    "per_seat_points": (
        "Means per seat and game, in points; winners are seats with a share of the win.",
        "1席1ゲームあたりの平均(点)。勝者は勝ちを分け合った席を含みます。",
    ),
    "per_seat_actions": (
        "Means per seat and game, in times a game; winners are seats with a share of the win.",
        "1席1ゲームあたりの平均(回)。勝者は勝ちを分け合った席を含みます。",
    ),
    "points_chart": ("Mean points by source, winners and losers", "得点源別の平均得点(勝者と敗者)"),
    "actions_chart": ("Mean actions per game by kind, winners and losers",
                      "種類別の1ゲームあたり平均行動数(勝者と敗者)"),
    "per_seat_and_game": ("per seat and game", "1席1ゲームあたり"),
    "final_score": ("final score", "最終得点"),
    "win_rate_axis": ("win rate (%)", "勝率(%)"),
    "fair_line": ("fair {rate}", "公平 {rate}"),
    "positions_chart": ("Win rate by turn position", "手番位置別の勝率"),
    "factions_chart": ("Win rate by faction", "陣営別の勝率"),
    "side_chart": ("Win rate by turn position, side by side", "手番位置別の勝率(比較)"),
    # labels of sets
    "as_written": ("the rules as written", "ルールどおり"),
    "shipped": ("shipped content", "同梱コンテンツ"),
    "edited": ("content {file} ({hash})", "コンテンツ {file}({hash})"),
    "lineup": ("bots {lineup}", "ボット {lineup}"),
    "version": ("soan {version}", "soan {version}"),
    # comparisons
    "set": ("set", "セット"),
    "fairer": (
        "Is {label} fairer than {reference}? Its turn positions lie {spread} points from "
        "fair ({imbalance}) against {base} ({base_imbalance}), where chance alone gives "
        "about {chance}; whether the two favour positions differently: {p}. {verdict}.",
        "「{label}」は「{reference}」より公平か? 手番位置の公平からのずれは {spread} "
        "ポイント({imbalance})対 {base}({base_imbalance})、偶然だけならおよそ {chance}。"
        "両者で手番位置の有利不利が違うかの検定:{p}。{verdict}。",
    ),
    "fairer_yes": ("Yes, fairer beyond chance", "はい、偶然の範囲を超えて公平です"),
    "fairer_no": ("No, less fair beyond chance", "いいえ、偶然の範囲を超えて不公平です"),
    "fairer_same": ("No difference beyond chance", "偶然の範囲を超える差はありません"),
    "fairness_cell": ("{verdict} ({p})", "{verdict}({p})"),
    "changes": ("Against {reference}, {label} changes beyond chance: {changes}.",
                "「{reference}」と比べて、「{label}」で偶然の範囲を超えて変わる指標:{changes}。"),
    "changes_none": ("No other figure differs beyond chance between {label} and {reference}.",
                     "「{label}」と「{reference}」の間で、ほかに偶然の範囲を超えて違う指標はありません。"),
    "change_item": ("{figure} {difference}", "{figure} {difference}"),
    "paired": (
        "{label} was played on the same seeds as {reference}, game for game, so its "
        "differences are worked out over the paired games.",
        "「{label}」は「{reference}」と同じシードでゲームごとに対応しているので、差は対になった"
        "ゲームどうしで計算しています。",
    ),
    "paired_all": (
        "Every set was played on the same seeds as the set it is compared with, game for "
        "game, so the differences are worked out over the paired games.",
        "どのセットも比較相手と同じシードでゲームごとに対応しているので、差は対になった"
        "ゲームどうしで計算しています。",
    ),
    "no_reference": (
        "No run of the rules as written is among these files; the sets are compared with "
        "{label}.",
        "ルールどおりの実行がこのファイル群にないため、「{label}」と比較しています。",
    ),
    "fairest": (
        "The fairest value of {key}{context} is {value}: its turn positions lie {spread} "
        "points from fair ({imbalance}).",
        "{context}{key}の最も公平な値は {value}:手番位置の公平からのずれ {spread} ポイント"
        "({imbalance})。",
    ),
    "sweep_context": (" (with {context})", "「{context}」での"),
    "fairest_against": (
        " Against {key}={base} ({reference}: {base_spread} points, {base_imbalance}), "
        "whether the two favour positions differently: {p}. {verdict}.",
        "{key}={base}(「{reference}」:{base_spread} ポイント、{base_imbalance})と比べ、"
        "手番位置の有利不利が違うかの検定は {p}。{verdict}。",
    ),
    "fairest_is_reference": (" That is the value of {reference}.",
                             "これは「{reference}」の値です。"),
    "comparison_note": (
        "Each cell gives the figure and, below it, the difference from {reference} with its "
        "95% interval; highlighted differences exclude 0 (beyond chance). Rates differ in "
        "percentage points.",
        "各欄は指標の値と、その下に「{reference}」との差(95%信頼区間)。差が0を含まないもの"
        "(偶然の範囲外)を強調しています。率の差はパーセントポイントです。",
    ),
    # checks under another bot
    "check_title": ("Checked under {bot}", "{bot} での検証"),
    "check_intro_paired": (
        "The headlines of this set measured again with {bot} in every seat, on {games} games "
        "played on the first {games} seeds of this set, game for game (the same game, "
        "variant, rule numbers, content and table size): the games are paired, so the "
        "difference column is worked out over the paired games.",
        "このセットの要点を、全席 {bot} で測り直しました。このセットの最初の{games}シードで"
        "ゲームごとに対応する{games}ゲーム(同じゲーム、バリアント、ルール数値、コンテンツ、人数)"
        "なので、差の列は対になったゲームどうしで計算しています。",
    ),
    "check_intro_unpaired": (
        "The headlines of this set measured again with {bot} in every seat, on {games} games "
        "of the same game, variant, rule numbers, content and table size; only {paired} of "
        "them were played on seeds this set also played, so the two are compared unpaired.",
        "このセットの要点を、全席 {bot} で、同じゲーム、バリアント、ルール数値、コンテンツ、"
        "人数の{games}ゲームで測り直しました。このセットと同じシードのゲームは{paired}だけなので、"
        "対にせずに比べています。",
    ),
    "check_rule": (
        "Holds: the check also finds the effect beyond chance, in the same direction. "
        "Reverses: beyond chance in the opposite direction. Does not hold: the check's "
        "interval rules out the first run's figure and shows no effect in its direction. "
        "Cannot tell: anything else, with about how many games a check would need to detect "
        "the first run's effect (95% confidence, 80% power); a check too small to see an "
        "effect is never a pass. Factions are judged with their Bonferroni intervals, as "
        "in the Factions section; positions by Holm's correction over the positions, as in "
        "the Turn order section.",
        "成り立つ:検証でも同じ向きに偶然の範囲を超える。逆転:逆の向きに偶然の範囲を超える。"
        "成り立たない:検証の区間が最初の実行の値を除外し、その向きの効果を示さない。"
        "判断できない:それ以外。最初の実行の効果を検出するのに検証が必要とするおよそのゲーム数"
        "(信頼度95%、検出力80%)を添えます。効果を見るには小さすぎる検証を合格とは読みません。"
        "陣営は「陣営」の節と同じくボンフェローニ区間で、手番位置は「手番順」の節と同じく"
        "ホルム法で判定します。",
    ),
    "check_headline": ("Under {bot} ({games} games{paired}): {items}.",
                       "{bot} での検証({games}ゲーム{paired}):{items}。"),
    "check_separator": ("; ", ";"),
    "check_paired_word": (", paired", "、対応あり"),
    "check_item": ("{name} {first} → {check}: {verdict}", "{name} {first} → {check}:{verdict}"),
    "check_neither": ("within chance in both runs: {items}", "どちらも偶然の範囲内:{items}"),
    "check_balance": (
        "Turn-order imbalance: {first} in the first run, {check} under {bot}.",
        "手番順の不均衡:最初の実行で {first}、{bot} で {check}。",
    ),
    "v_holds": ("holds", "成り立ちます"),
    "v_reverses": ("reverses", "逆転します"),
    "v_does_not_hold": ("does not hold", "成り立ちません"),
    "v_cannot_tell": ("cannot tell at this size (about {needed} games needed)",
                      "この規模では判断できません(約{needed}ゲーム必要)"),
    "v_appears": ("beyond chance under the check only", "検証でのみ偶然の範囲を超えます"),
    "v_neither": ("within chance in both", "どちらも偶然の範囲内"),
    "check_headline_col": ("headline", "要点"),
    "check_first_col": ("first run (95% CI)", "最初の実行(95%信頼区間)"),
    "check_check_col": ("under {bot} (95% CI)", "{bot}(95%信頼区間)"),
    "check_difference_col": ("check − first (95% CI)", "検証 − 最初(95%信頼区間)"),
    "check_difference_paired_col": (
        "check − first (95% CI; positions over the same {games} games)",
        "検証 − 最初(95%信頼区間。手番位置は同じ{games}ゲームどうし)",
    ),
    "check_verdict_col": ("verdict", "判定"),
    "check_position": ("the {position} player", "{position}"),
    "check_faction": ("faction {name}", "陣営 {name}"),
    "p_check": ("checked under", "検証"),
    "p_check_value": (
        "{bot} in every seat, {games} games, seeds {seeds}, file {files}; model files: {models}",
        "全席 {bot}、{games}ゲーム、シード {seeds}、ファイル {files}、モデルファイル:{models}",
    ),
    "p_models_none": ("none (hand-written bots)", "なし(手書きのボット)"),
    # formats
    "rate": ("{value}% (95% CI {low}–{high}%)", "{value}%(95%信頼区間 {low}〜{high}%)"),
    "number": ("{value} (95% CI {low} to {high})", "{value}(95%信頼区間 {low}〜{high})"),
    "diff_points": ("{value} points (95% CI {low} to {high})",
                    "{value}ポイント(95%信頼区間 {low}〜{high})"),
    "separator": (", ", "、"),
}

DEFINITIONS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "win_rate": (
        ("Win rate", "How often a seat wins. A win shared among k seats counts 1/k; a game "
         "without a winner (a draw, or one stopped at the action limit) gives every seat "
         "1/N, so a fair game reads exactly 1/N. How often games end without a winner is "
         "its own figure. Bots rotate through the seats one seat per game, so each bot sits "
         "in each seat equally often."),
        ("勝率", "席が勝つ割合。k席で勝ちを分け合えば各1/k。勝者のいないゲーム(引き分けや行動数の"
         "上限で止めたゲーム)は全席に1/Nを与えるので、公平なゲームはちょうど1/Nになります。"
         "勝者なしで終わる割合は別の指標です。ボットはゲームごとに1席ずつ回るので、"
         "どのボットもどの席にも同じ回数座ります。"),
    ),
    "position": (
        ("Turn position", "A seat's place in turn order, counted from the player who moves "
         "first (the start player, the first mayor). Where a game picks the first player "
         "by chance, a seat number says nothing of turn order, so the page reports "
         "positions; seat numbers appear only where they are the same thing."),
        ("手番位置", "先手(スタートプレイヤー、最初の市長など)から数えた手番順での位置。先手を"
         "偶然で決めるゲームでは席番号は手番順と無関係なので、このページは手番位置で報告します。"
         "席番号は手番位置と一致する場合にだけ示します。"),
    ),
    "balance": (
        ("Turn-order imbalance", "All turn positions tested at once: Pearson's chi-square "
         "of the positions' wins against fair shares. A perfectly balanced game expects "
         "N − 1 for N positions (at most that when wins are shared), never 0: luck alone "
         "spreads the positions. The same in points: the spread of the positions' win "
         "rates from fair (root mean square) beside the spread chance alone gives at this "
         "many games, about √(N − 1) / (N √games). A single position is marked only when "
         "its score test against fair holds after Holm's correction over all positions, "
         "so a marked position's 95% interval never contains the fair rate. One set is "
         "fairer than another when the two distribute wins over the positions "
         "differently (a chi-square test of homogeneity), the other's positions differ "
         "from fair beyond chance, and its own spread is the smaller; the fairest value "
         "of a swept rule number is the one with the smallest spread."),
        ("手番順の不均衡", "すべての手番位置をまとめて検定します:各位置の勝ち数と公平な配分との"
         "ピアソンのカイ二乗。完全に均衡したゲームでも0にはならず、N位置なら期待値はN − 1"
         "(勝ちを分け合うときはそれ以下)です。運だけで位置の勝率はばらつくからです。同じことを"
         "ポイントで言えば、各位置の勝率の公平からのずれ(二乗平均平方根)と、このゲーム数で"
         "偶然だけが生むずれ(およそ √(N − 1) / (N √ゲーム数))です。個々の位置は、公平な率に"
         "対するスコア検定がすべての位置についてのホルム法の補正後も成り立つときだけ印を付けます。"
         "したがって印の付いた位置の95%区間は公平な率を含みません。あるセットが別のセットより"
         "公平と言うのは、両者で手番位置への勝ちの配分が異なり(カイ二乗の一様性検定)、"
         "相手の位置が公平から偶然の範囲を超えて外れ、自分のずれのほうが小さいときです。"
         "掃引したルール数値の「最も公平な値」はずれが最も小さい値です。"),
    ),
    "outcomes": (
        ("Decided, drawn and unfinished games", "The share of games that end with a "
         "winner; that end without one; and that were stopped at the game's hard action "
         "limit."),
        ("勝者が決まった・引き分け・未完了のゲーム", "勝者がいて終わったゲーム、勝者なしで終わった"
         "ゲーム、ゲームの行動数の上限で止めたゲームの割合。"),
    ),
    "length": (
        ("Length", "Mean turns per game, and mean actions: every atomic choice, each pick "
         "of a compound choice included."),
        ("長さ", "1ゲームあたりの平均ターン数と平均行動数(複合的な選択の1つ1つの選択も数えます)。"),
    ),
    "content": (
        ("Content and Never seen", "Each game notes every use of a content item (under "
         "its name in the content file) and of each rule branch worth counting. In games: "
         "the games in which some seat used it. Per game: all seats' uses over the number "
         "of games. Winners and losers: mean uses per "
         "seat and game of the seats that won (or shared the win) and of the others, in "
         "games with a winner. Win rate when used: seat-games that used the item at least "
         "once, against those that did not. Never seen: every item the content and rules "
         "make possible that no game used; all but never seen, those used in fewer than 1 "
         "game in 100."),
        ("コンテンツと一度も出なかったもの", "各ゲームはコンテンツの項目(コンテンツファイルの"
         "名前のまま)と数える価値のあるルール分岐の使用を記録します。出たゲーム数:どれかの席が"
         "使ったゲームの数。1ゲームあたり:全席の使用回数を"
         "ゲーム数で割ったもの。勝者と敗者:勝者のいるゲームで、勝った(勝ちを分け合った)席とそれ"
         "以外の席の、1席1ゲームあたりの平均使用回数。使った席の勝率:その項目を1回以上使った席と"
         "使わなかった席の勝率。一度も出なかったもの:コンテンツとルールで起こりうるのに、"
         "どのゲームでも使われなかった項目。ほとんど出なかったもの:100ゲームに1回未満しか"
         "使われなかった項目。"),
    ),
    "lottery": (
        ("Lottery", "A game notes lottery:decided when its lottery changed the winner: the "
         "winner without the lottery's points differs. The designer of City Plan asks to "
         "read such games as near-ties."),
        ("抽選", "都市ボーナスの抽選で勝者が入れ替わった(抽選の得点を除くと勝者が違う)ゲームは"
         "「都市ボーナス:決着」を記録します。シティープランの作者は、そうしたゲームをほぼ同点と"
         "読むよう求めています。"),
    ),
    "chance": (
        ("Intervals and chance", "Every figure comes with its 95% interval, worked out by "
         "SciPy and statsmodels: Wilson score intervals for rates, t intervals for means "
         "(Welch's for two independent sets), Newcombe's interval for differences of "
         "rates. A figure is beyond chance when its interval excludes the fair value (or "
         "0, for a difference); a difference too small to show at the page's precision "
         "is never a change. In lists of many entries (factions, content) an entry is "
         "marked only when its Bonferroni interval, 95% over the whole list, excludes it: "
         "otherwise about one entry in twenty would be marked by luck alone. An item used "
         "so seldom that no outcome could be marked is listed apart as too rare to judge. "
         "Where the seats hold different bots, the headlines say so first: the bots' "
         "strength then outweighs the rules'."),
        ("区間と偶然", "すべての指標に95%信頼区間を付けます(SciPy と statsmodels で計算):率には"
         "ウィルソンのスコア区間、平均にはt区間(独立した2セットにはウェルチの区間)、率の差には"
         "ニューカムの区間。区間が公平な値(差なら0)を含まないとき、偶然の範囲を超えていると"
         "言います。ページの表示桁で0に見える差は変化と呼びません。項目の多いリスト(陣営、"
         "コンテンツ)では、リスト全体で95%となるボンフェローニ区間が外れたときだけ印を付けます。"
         "そうしないと20項目に1つほどが偶然だけで印付きになるからです。どんな結果でも印が付き"
         "えないほど使われなかった項目は「判断するには少なすぎる」として別に示します。"
         "席ごとにボットが違うときは、要点の最初にそう書きます:ルールよりボットの強さが"
         "効くからです。"),
    ),
    "paired": (
        ("Paired games", "Two sets played on the same seeds, game for game, are compared "
         "game by game: the interval of a difference comes from the per-game differences, "
         "so the luck of the deal both share cancels out."),
        ("対になったゲーム", "同じシードでゲームごとに対応する2つのセットは、ゲームどうしで"
         "比べます。差の区間はゲームごとの差から求めるので、両方に共通する配りの運が打ち消されます。"),
    ),
    "sets": (
        ("Sets", "Games are pooled only when everything that decides them is the same: "
         "game, players, variant and rule numbers, content, bot line-up and soan version. "
         "Sets that differ are shown apart, each named by what differs, and compared with "
         "the rules as written."),
        ("セット", "ゲームを合算するのは、結果を左右するものがすべて同じとき(ゲーム、人数、"
         "バリアントとルール数値、コンテンツ、ボットの顔ぶれ、soan のバージョン)だけです。"
         "違うセットは分けて示し、違う点で名前を付け、ルールどおりのセットと比べます。"),
    ),
}


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """Japanese when the locale says so (LC_ALL, LC_MESSAGES or LANG starting with ja),
    else English."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


class Messages:
    """The catalogue in one language, and the way that language writes figures."""

    def __init__(self, lang: str, glossary: Glossary | None = None,
                 names: Mapping[str, str] | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(lang)
        self.lang = lang
        self._column = LANGUAGES.index(lang)
        self._glossary = glossary
        self._names = Names(names or {})

    def for_game(self, game_id: str, names: Mapping[str, str] | None = None) -> Messages:
        """The same language, also speaking the game's own words (in Japanese, the
        draft's) and showing its content `names` (name as written -> English gloss); a
        game no longer registered keeps its English words."""
        try:
            glossary = get_game(game_id).glossary
        except SoanError:
            glossary = None
        return Messages(self.lang, glossary, names)

    def word(self, text: str) -> str:
        """One of the game's own words (an action kind, a usage key, a points source) or a
        content name (a faction), as the page's reader sees it."""
        return name_of(text, self.lang, self._glossary, self._names)

    def title(self, english: str) -> str:
        return self._glossary.title if self._glossary and self.lang == "ja" else english

    def variant(self, name: str, english: str) -> str:
        """A variant's one line."""
        if self._glossary and self.lang == "ja":
            return self._glossary.variants.get(name, english)
        return english

    def __call__(self, message: str, /, **values: object) -> str:
        return CATALOGUE[message][self._column].format(**values)

    def join(self, items: Iterable[str]) -> str:
        return self("separator").join(items)

    def definitions(self) -> list[tuple[str, str]]:
        return [pair[self._column] for pair in DEFINITIONS.values()]

    def ordinal(self, n: int) -> str:
        """1st, 2nd, 3rd, 4th / 1番手, 2番手..."""
        key = f"ordinal_{n}"
        return self(key) if key in CATALOGUE else self("ordinal", n=n)

    def pct(self, x: float) -> str:
        return f"{100 * x:.1f}%"

    def rate(self, e: Estimate) -> str:
        """'31.2% (95% CI 29.1–33.4%)'."""
        value, low, high = (f"{100 * x:.1f}" for x in (e.value, e.low, e.high))
        return self("rate", value=value, low=low, high=high)

    def number(self, e: Estimate, digits: int = 2) -> str:
        value, low, high = (f"{x:.{digits}f}" for x in (e.value, e.low, e.high))
        return self("number", value=value, low=low, high=high)

    def p(self, p_value: float) -> str:
        """'p = 0.031', or 'p < 0.001'."""
        return self("p_small") if p_value < 0.001 else self("p_value", p=f"{p_value:.3f}")

    def imbalance(self, imbalance: Imbalance, short: bool = False) -> str:
        """'chi-square 7.9 against 3 expected if balanced, p = 0.048' (short: without the
        expected value, for a sentence that gives it once)."""
        return self("imbalance_short" if short else "imbalance",
                    statistic=f"{imbalance.statistic:.1f}", expected=f"{imbalance.expected:g}",
                    p=self.p(imbalance.p_value))

    def difference(self, e: Estimate, percent: bool, digits: int = 1) -> str:
        """'+3.1 points (95% CI +0.5 to +5.7)': rates differ in percentage points."""
        scale = 100 if percent else 1
        value, low, high = (f"{scale * x:+.{digits}f}" for x in (e.value, e.low, e.high))
        return self("diff_points" if percent else "number", value=value, low=low, high=high)
