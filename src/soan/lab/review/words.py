"""The review's words in English and Japanese: figure names and one plain sentence per
question saying what changes, by how much and how sure.

Luck is never called a finding: a difference whose interval covers 0 reads "no
difference detectable at N games", with about how many games would be needed to see
a difference of the size measured. Names from the draft (cards, points sources) are
shown through the game's glossary: in English with the gloss beside the original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from soan.engine.glossary import Glossary
from soan.engine.glossary import name as name_of
from soan.lab.report.metrics import Estimate
from soan.lab.review.answers import SHARES, Answer, CheckAnswer, Figure
from soan.lab.review.checking import CheckPlan
from soan.lab.review.plan import Plan
from soan.lab.review.questions import Question

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "title": "{title}: the designer's questions, answered by play",
        "other_language": "日本語",
        "head": "{players} players; {bots} in every seat; {games} games per rule set on common "
                "seeds (game i of every rule set uses seed {seed}+i).",
        "rule_sets": "Rule sets played",
        "as_written": "the draft as written",
        "check_head": "Every answer was measured again with {bot} in every seat on the first "
                      "{games} seeds of each rule set.",
        "depends_head": "Answers that depend on the bot: {ids}.",
        "depends_none": "No answer depends on the bot at this size.",
        "check_head_partial": "The answers were measured again with {bot} in every seat on "
                              "the first {games} seeds of each rule set it has a learned "
                              "model for ({checked} of {total}); the answers that read "
                              "another rule set are not checked, and each missing model is "
                              "named below with the command that trains it.",
        "unchecked_head": "Not checked for want of a model: {ids}.",
        "check_sets": "The check with {bot}, rule set by rule set",
        "check_line": "Check with {bot}: {line}",
        "set_checked": "{name}: checked on the first {games} seeds (model files: {models}).",
        "models_none": "none",
        "set_unused": "{name}: it has a model, but every question on it also reads a rule "
                      "set without one, so it is not played.",
        "set_no_model": "{name}: no learned model for this rule set, so not checked; to "
                        "train one (about {minutes} minutes on two cores):",
        "not_checked": "Not checked with {bot}: no learned model for {name}; to train one "
                       "(about {minutes} minutes on two cores):",
        "contents": "Contents",
        "sweep": "Proposals played against the draft",
        "measure": "Figures measured",
        "claim": "The designer's arithmetic",
        "proxy": "What the lab cannot measure, and its closest proxy",
        "vague": "Too vague to play as written",
        "missing": "Not in the question file: {ids}.",
        "counts": "{questions} questions. Proposals played: {sweep}; figures measured: "
                  "{measure}; the designer's figures checked: {claim}; not measurable (with "
                  "a proxy): {proxy}; too vague to play: {vague}.",
        "figure": "Figure", "draft": "As written", "proposal": "Proposal",
        "difference": "Difference (95% CI)", "measured": "Measured (95% CI)",
        "claim_col": "Designer's figure", "gap": "Play minus claim (95% CI)",
        "claim_says": "The claim", "assumption": "Assumption", "play_shows": "What play shows",
        "needs": "What it would need",
        "rule_set": "Rule set", "unchanged": "the same in every game",
        "score": "the score", "winning_score": "the winner's score",
        "win_share": "the first player's win share",
        "position_share": "position {p}'s win share", "turns": "the game's length in turns",
        "actions": "actions", "lottery_decided": "the share of games the lottery decides",
        "points": "points from {name}", "usage": "uses of {name} per seat",
        "kind": "{name} actions per seat", "per": "{figure} per {per}",
        "points_total": "points from {name}", "usage_total": "uses of {name}",
        "kind_total": "{name} actions",
        "first": "the round of each seat's first {name}",
        "first_total": "round of its first {name}",
        "first_nth": "the round of each seat's {nth} {name}",
        "first_nth_total": "round of its {nth} {name}",
        "earliest": "each game's earliest seat's {figure}",
        "overturned": "how far behind the top the winner was before {name}, in the games "
                      "they decided",
        "per_turns": "turn", "per_actions": "action",
        "faction": "{name}'s win rate",
        "moves": "The proposal moves {figure} from {a} to {b} (difference {d}, 95% CI {low} "
                 "to {high}){verdict}",
        "fairer": ": fairer", "less_fair": ": less fair",
        "no_difference": "No difference in {figure} is detectable at {games} games ({a} as "
                         "written, {b} with the proposal; about {needed} games would be "
                         "needed to see a difference of {size})",
        "no_difference_plain": "No difference in {figure} is detectable at {games} games ({a} "
                               "as written, {b} with the proposal)",
        "identical": "The proposal leaves {figure} unchanged in every one of {games} games "
                     "({a})",
        "also": "; it also moves {parts}",
        "also_part": "{figure} from {a} to {b} ({d}, CI {low} to {high})",
        "constant": "The proposal moves {figure} by exactly {d} in every game, from {a} to {b}",
        "constant_part": "{figure} by exactly {d} in every game",
        "and": " and ",
        "measure_sentence": "{figure} is {v} (95% CI {low} to {high}) over {games} games{where}.",
        "where": " under {rules}",
        "proxy_sentence": "Play cannot judge this; the closest measurable figure, {figure}, is {v} "
                 "(95% CI {low} to {high}) over {games} games{where}.",
        "claim_holds": "Play gives {v} for {figure} (95% CI {low} to {high}) over {games} "
                       "games{where}: consistent with the designer's {claim}.",
        "claim_off": "Play gives {v} for {figure} (95% CI {low} to {high}) over {games} "
                     "games{where}: the designer's {claim} is {gap} too {direction}.",
        "claim_off_round": "Play gives {v} for {figure} (95% CI {low} to {high}) over {games} "
                           "games{where}: the designer's {claim} is {gap} rounds too "
                           "{direction}.",
        "high": "high", "low": "low", "late": "late", "early": "early",
        "happened": "Games it happened in",
        "best": "each game's best seat's {figure}",
        "max_holds": "No game's best seat went above the designer's maximum {claim} in {games} "
                     "games{where}: the highest was {highest}, and the best seat averaged {v} "
                     "(95% CI {low} to {high}).",
        "max_off": "In {beyond} of {games} games{where} the best seat went above the "
                   "designer's maximum {claim}, up to {highest}: under these rules it is no "
                   "maximum.",
        "highest": "Highest best seat", "beyond_claim": "Games above the maximum",
        "split_found": "Of {items} cards built often enough to judge over {games} games, "
                       "{count} go with winning or losing beyond chance (Bonferroni over the "
                       "{items}); the widest gap is {card}: {used} for the seats that built it, "
                       "{unused} for those that did not ({d}, 95% CI over all {items} cards "
                       "{low} to {high}). Seats that build more win more, so a gap says a "
                       "card goes with winning, not that it causes it.",
        "split_none": "No card goes with winning or losing beyond chance over {games} games "
                      "(Bonferroni over the {items} built often enough to judge); the widest "
                      "gap is {card}: {used} for the seats that built it, {unused} for those "
                      "that did not ({d}, 95% CI over all {items} cards {low} to {high}).",
        "split_empty": "No card was built often enough over {games} games to judge its gap.",
        "item": "Card", "used": "Built: win rate", "unused": "Not built: win rate",
        "seat_games": "Seat-games that built it",
        "vague_sentence": "Not played: {needs}",
        "check": "With {bot}: {verdict} ({games} games: {figure}).",
        "verdict_holds": "the answer holds", "verdict_reverses": "the answer reverses",
        "verdict_does_not_hold": "the answer does not hold",
        "verdict_cannot_tell": "cannot tell at this size",
        "verdict_appears": "a difference appears that the first bots did not show",
        "verdict_neither": "no difference either", "verdict_differs": "the figure differs",
        "verdict_no_difference": "no difference detectable",
        "chart_title": "Each proposal's change to the first player's win share",
        "chart_axis": "Proposal minus draft (points, 95% CI)",
        "how_to_read": "How to read this page",
        "reading": "Every interval is a 95% interval. A proposal is compared with the draft "
                   "as written on the same seeds, game by game, so the luck of the deal both "
                   "share cancels out. The turn positions' win shares are judged together "
                   "(Bonferroni over the positions). A difference whose interval covers 0 is "
                   "not a finding: the page says how many games would be needed to see a "
                   "difference of the size measured (95% confidence, 80% power). The figures "
                   "are those of the bots named above, not of people at a table.",
        "provisional": "Question file: {file}.",
    },
    "ja": {
        "title": "{title}: デザイナーの問いに対するプレイによる回答",
        "other_language": "English",
        "head": "{players}人; 全席 {bots}; ルールセットごとに{games}ゲーム、共通のシード"
                "(各ルールセットのi番目のゲームはシード{seed}+i)。",
        "rule_sets": "プレイしたルールセット",
        "as_written": "原案のまま",
        "check_head": "すべての回答を、全席 {bot} で各ルールセットの最初の{games}シードで"
                      "測り直した。",
        "depends_head": "ボットによって答えが変わる問い: {ids}。",
        "depends_none": "この規模では、ボットによって変わる答えはない。",
        "check_head_partial": "{bot}の学習済みモデルがある各ルールセット({total}中{checked})"
                              "について、全席 {bot} で最初の{games}シードで回答を測り直した。"
                              "ほかのルールセットを読む回答は確認しておらず、足りないモデルは"
                              "学習するコマンドとともに下に示す。",
        "unchecked_head": "モデルがないため確認していない問い: {ids}。",
        "check_sets": "{bot}による確認(ルールセットごと)",
        "check_line": "{bot}による確認: {line}",
        "set_checked": "{name}: 最初の{games}シードで確認した(モデルファイル:{models})。",
        "models_none": "なし",
        "set_unused": "{name}: モデルはあるが、これを読む問いはどれもモデルのないルールセットも"
                      "読むため、プレイしていない。",
        "set_no_model": "{name}: このルールセットの学習済みモデルがないため確認していない。"
                        "学習するには(2コアで約{minutes}分):",
        "not_checked": "{bot}では確認していない: {name}の学習済みモデルがない。学習するには"
                       "(2コアで約{minutes}分):",
        "contents": "目次",
        "sweep": "原案と比べてプレイした提案",
        "measure": "測定した数値",
        "claim": "デザイナーの計算",
        "proxy": "ラボでは測れないもの(最も近い代理指標)",
        "vague": "曖昧でそのままではプレイできないもの",
        "missing": "問いファイルにないもの: {ids}。",
        "counts": "{questions}問: 提案のプレイ{sweep}、測定{measure}、計算の検証{claim}、"
                  "測定不能(代理指標あり){proxy}、曖昧{vague}。",
        "figure": "数値", "draft": "原案", "proposal": "提案",
        "difference": "差(95%信頼区間)", "measured": "測定値(95%信頼区間)",
        "claim_col": "デザイナーの数値", "gap": "プレイ − 主張(95%信頼区間)",
        "claim_says": "主張", "assumption": "前提", "play_shows": "プレイの結果",
        "needs": "必要なもの",
        "rule_set": "ルールセット", "unchanged": "全ゲームで同じ",
        "score": "得点", "winning_score": "勝者の得点",
        "win_share": "スタートプレイヤーの勝率",
        "position_share": "手番{p}番目の勝率", "turns": "ゲームのターン数",
        "actions": "アクション数", "lottery_decided": "抽選で勝者が決まるゲームの割合",
        "points": "{name}の得点", "usage": "1人あたりの{name}の回数",
        "kind": "1人あたりの{name}の回数",
        "points_total": "{name}の得点", "usage_total": "{name}の回数",
        "kind_total": "{name}の回数",
        "first": "各席の最初の{name}のラウンド",
        "first_total": "最初の{name}のラウンド",
        "first_nth": "各席の{nth}つ目の{name}のラウンド",
        "first_nth_total": "{nth}つ目の{name}のラウンド",
        "earliest": "各ゲームで最も早い席の{figure}",
        "overturned": "{name}で勝者が変わったゲームで、その得点の前に勝者がトップにつけられて"
                      "いた点差",
        "per": "{per}あたりの{figure}", "per_turns": "ターン", "per_actions": "アクション",
        "faction": "{name}の勝率",
        "moves": "提案は{figure}を{a}から{b}に変える(差 {d}、95%信頼区間 {low}〜{high}){verdict}",
        "fairer": ": より公平", "less_fair": ": より不公平",
        "no_difference": "{games}ゲームでは{figure}に差は検出できない(原案 {a}、提案 {b}。"
                         "{size}の差を見るには約{needed}ゲームが必要)",
        "no_difference_plain": "{games}ゲームでは{figure}に差は検出できない(原案 {a}、提案 {b})",
        "identical": "提案は{games}ゲームすべてで{figure}を変えない({a})",
        "also": "。また{parts}変える",
        "also_part": "{figure}を{a}から{b}に({d}、信頼区間 {low}〜{high})",
        "constant": "提案は{figure}をどのゲームでもちょうど{d}変える({a}から{b}へ)",
        "constant_part": "{figure}をどのゲームでもちょうど{d}",
        "and": "、",
        "measure_sentence": "{figure}は{games}ゲームで{v}(95%信頼区間 {low}〜{high}){where}。",
        "where": "({rules})",
        "proxy_sentence": "プレイでは判断できない。最も近い測定可能な数値、{figure}は"
                          "{games}ゲームで{v}(95%信頼区間 {low}〜{high}){where}。",
        "claim_holds": "プレイでは{games}ゲームで{figure}は{v}(95%信頼区間 {low}〜{high})"
                       "{where}: デザイナーの{claim}と矛盾しない。",
        "claim_off": "プレイでは{games}ゲームで{figure}は{v}(95%信頼区間 {low}〜{high})"
                     "{where}: デザイナーの{claim}は{gap}{direction}。",
        "claim_off_round": "プレイでは{games}ゲームで{figure}は{v}(95%信頼区間 {low}〜{high})"
                           "{where}: デザイナーの{claim}は{gap}ラウンド{direction}。",
        "high": "高すぎる", "low": "低すぎる", "late": "遅すぎる", "early": "早すぎる",
        "happened": "それが起きたゲーム",
        "best": "各ゲームの最高の席の{figure}",
        "max_holds": "{games}ゲームで、デザイナーの最大値{claim}を超えた最高の席はない{where}: "
                     "最高は{highest}、最高の席の平均は{v}(95%信頼区間 {low}〜{high})。",
        "max_off": "{games}ゲーム中{beyond}ゲームで最高の席がデザイナーの最大値{claim}を超えた"
                   "(最高{highest}){where}: このルールでは最大値ではない。",
        "highest": "最高の席の最高値", "beyond_claim": "最大値を超えたゲーム",
        "split_found": "{games}ゲームで判定できるだけ建てられた{items}枚のカードのうち、{count}枚が"
                       "偶然を超えて勝ち負けと結びつく({items}枚でボンフェローニ補正)。差が最も"
                       "大きいのは{card}: 建てた席の勝率 {used}、建てなかった席 {unused}(差 {d}、"
                       "{items}枚全体での95%信頼区間 {low}〜{high})。多く建てる席ほど勝つので、"
                       "差はカードが勝ちと結びつくことを示すが、勝ちの原因とは限らない。",
        "split_none": "{games}ゲームで、偶然を超えて勝ち負けと結びつくカードはない(判定できるだけ"
                      "建てられた{items}枚でボンフェローニ補正)。差が最も大きいのは{card}: 建てた"
                      "席の勝率 {used}、建てなかった席 {unused}(差 {d}、{items}枚全体での"
                      "95%信頼区間 {low}〜{high})。",
        "split_empty": "{games}ゲームで、差を判定できるだけ建てられたカードはない。",
        "item": "カード", "used": "建てた席の勝率", "unused": "建てなかった席の勝率",
        "seat_games": "建てた席数(席×ゲーム)",
        "vague_sentence": "プレイしていない。必要なもの: {needs}",
        "check": "{bot}では: {verdict}({games}ゲーム: {figure})。",
        "verdict_holds": "答えは変わらない", "verdict_reverses": "答えが逆になる",
        "verdict_does_not_hold": "答えは成り立たない",
        "verdict_cannot_tell": "この規模では判断できない",
        "verdict_appears": "最初のボットでは見えなかった差が現れる",
        "verdict_neither": "こちらでも差はない", "verdict_differs": "数値が異なる",
        "verdict_no_difference": "差は検出できない",
        "chart_title": "各提案によるスタートプレイヤー勝率の変化",
        "chart_axis": "提案 − 原案(ポイント、95%信頼区間)",
        "how_to_read": "このページの読み方",
        "reading": "区間はすべて95%信頼区間。提案は原案と同じシードで1ゲームずつ比べるので、"
                   "両者に共通する運は打ち消し合う。手番ごとの勝率はまとめて判定する"
                   "(手番数でボンフェローニ補正)。区間が0をまたぐ差は発見ではない: その大きさの"
                   "差を見るのに必要なゲーム数(信頼度95%、検出力80%)を示す。数値は上記の"
                   "ボットのもので、人間の卓のものではない。",
        "provisional": "問いファイル: {file}。",
    },
}


@dataclass
class Words:
    """The review's words in one language, with the game's names shown for it."""

    lang: str
    glossary: Glossary | None = None
    content: Any = None

    def __call__(self, key: str, /, **values: object) -> str:
        return MESSAGES[self.lang][key].format(**values)

    def name(self, text: str) -> str:
        """A draft's name or game word as this page's reader sees it."""
        return name_of(text, self.lang, self.glossary, self.content)

    def figure(self, metric: str, per: str | None = None, position: int | None = None) -> str:
        """What a figure is, in words."""
        if "+" in metric:  # a sum of seat figures
            return " + ".join(self.figure(part, per) for part in metric.split("+"))
        head, _, inside = metric.partition(":")
        if position is not None and position > 1:
            return self("position_share", p=position)
        if per:  # a ratio of sums over the seats: no longer "per seat"
            return self("per", figure=self.total(metric), per=self.total(per, True))
        if head == "first":
            return self._round(inside, "first")
        if head in ("points", "usage", "kind"):
            return self(head, name=self.name(inside))
        if head == "overturned":
            return self(head, name=self("points", name=self.name(inside)))
        return self(metric)

    def total(self, metric: str, unit: bool = False) -> str:
        """A figure summed over the seats, in words: "uses of fief"; as the unit of a
        ratio, "turn"."""
        if "+" in metric:
            return " + ".join(self.total(part) for part in metric.split("+"))
        head, _, inside = metric.partition(":")
        if head == "first":
            return self._round(inside, "first", "_total")
        if head in ("points", "usage", "kind"):
            return self(f"{head}_total", name=self.name(inside))
        if head == "overturned":
            return self.figure(metric)
        key = f"per_{metric}"
        return self(key) if unit and key in MESSAGES[self.lang] else self(metric)

    def _round(self, event: str, key: str, suffix: str = "") -> str:
        """The round of an event (city), or of a seat's n-th of it (city:2, its 2nd city)."""
        name, _, nth = event.partition(":")
        if not nth:
            return self(key + suffix, name=self.name(name))
        return self(f"{key}_nth{suffix}", name=self.name(name), nth=self.ordinal(int(nth)))

    def ordinal(self, n: int) -> str:
        """2nd, 3rd, 11th in English; the number itself for the Japanese つ目."""
        if self.lang != "en":
            return str(n)
        ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{ending}"

    def value(self, x: float, metric: str) -> str:
        """A figure's value: a percentage for shares of games, else a plain number."""
        if metric in SHARES:
            return f"{100 * x:.1f}%"
        return f"{x:.3g}" if abs(x) < 10 else f"{x:.1f}"

    def signed(self, x: float, metric: str, unit: bool = True) -> str:
        """A difference: in percentage points (named once, with `unit`) for shares."""
        if metric in SHARES:
            text = f"{100 * x:+.1f}"
            return text + (" points" if self.lang == "en" else "ポイント") if unit else text
        return f"{x:+.3g}" if abs(x) < 10 else f"{x:+.1f}"

    def interval(self, e: Estimate, metric: str) -> str:
        return f"{self.value(e.value, metric)} ({self.value(e.low, metric)}–" \
               f"{self.value(e.high, metric)})"

    def difference(self, e: Estimate, metric: str) -> str:
        to = " to " if self.lang == "en" else "〜"
        return f"{self.signed(e.value, metric)} ({self.signed(e.low, metric, False)}{to}" \
               f"{self.signed(e.high, metric, False)})"


def _fairness(figure: Figure, players: int, w: Words) -> str:
    if figure.metric != "win_share" or figure.value is None:
        return ""
    fair = 1 / players
    before, after = abs(figure.draft.value - fair), abs(figure.value.value - fair)
    return w("fairer") if after < before else w("less_fair")


def _moves(figure: Figure, players: int, w: Words) -> dict[str, str]:
    assert figure.value is not None and figure.difference is not None
    m = figure.metric
    d = figure.difference
    return {"figure": w.figure(m, figure.per, figure.position), "a": w.value(figure.draft.value, m),
            "b": w.value(figure.value.value, m), "d": w.signed(d.value, m),
            "low": w.signed(d.low, m, False), "high": w.signed(d.high, m, False),
            "verdict": _fairness(figure, players, w)}


def _strength(figure: Figure) -> float:
    """How far beyond chance a difference is: its size over its interval's width."""
    d = figure.difference
    return 0.0 if d is None else abs(d.value) / max(d.high - d.low, 1e-12)


def sweep_sentence(found: Answer, w: Words) -> str:
    """The sweep's one sentence: its main figure, then what else moved beyond chance."""
    main = found.main
    assert main is not None and main.value is not None and main.difference is not None
    players = found.question.players
    parts = _moves(main, players, w)
    if main.constant:
        sentence = w("constant", **parts)
    elif main.detected:
        sentence = w("moves", **parts)
    elif main.identical:
        sentence = w("identical", figure=parts["figure"], games=found.games, a=parts["a"])
    elif main.needed is not None:
        size = w.signed(abs(main.difference.value) or
                        (main.difference.high - main.difference.low) / 2, main.metric)
        sentence = w("no_difference", figure=parts["figure"], games=found.games, a=parts["a"],
                     b=parts["b"], needed=f"{main.needed:,}", size=size.lstrip("+"))
    else:
        sentence = w("no_difference_plain", figure=parts["figure"], games=found.games,
                     a=parts["a"], b=parts["b"])
    also = [f for f in [*found.positions, *found.others] if f is not main and f.detected]
    also.sort(key=_strength, reverse=True)
    if also:
        pieces = [w("constant_part" if f.constant else "also_part", **_moves(f, players, w))
                  for f in also[:2]]
        sentence += w("also", parts=w("and").join(pieces))
    return sentence + ("." if w.lang == "en" else "。")


def rules_text(found: Answer, w: Words) -> str:
    """The rule set a measure was taken under, when it is not the draft as written."""
    q = found.question
    if q.variant == "default" and not q.options:
        return ""
    words = [] if q.variant == "default" else [q.variant]
    return w("where", rules=", ".join([*words, *q.option_args]))


def claim_figure(q: Question, w: Words) -> str:
    """What a claim's figure is: of the mean seat, or of each game's best seat."""
    metric = q.metric or ""
    if q.statistic == "mean":
        return w.figure(metric, q.per)
    one_seat = w.figure(metric, q.per) if q.per else w.total(metric)
    return w("earliest" if metric.startswith("first:") else "best", figure=one_seat)


def claim_number(q: Question, w: Words) -> str:
    """The designer's number (or range) as the page shows it."""
    m = q.metric or ""
    if q.claim_high is not None:
        return f"{w.value(q.claim or 0.0, m)}–{w.value(q.claim_high, m)}"
    return w.value(q.claim or 0.0, m)


def measure_sentence(found: Answer, w: Words) -> str:
    """A measure's, proxy's or claim's one sentence."""
    q = found.question
    main = found.main
    assert main is not None and q.metric is not None
    e = main.draft
    figure = claim_figure(q, w) if q.answer == "claim" else w.figure(q.metric, q.per)
    values = {"figure": figure, "v": w.value(e.value, q.metric),
              "low": w.value(e.low, q.metric), "high": w.value(e.high, q.metric),
              "games": found.games, "where": rules_text(found, w)}
    if q.answer == "claim":
        assert q.claim is not None and found.claim_gap is not None
        claim = f"{claim_number(q, w)} (「{q.claim_text}」)"
        if found.highest is not None:
            highest = w.value(found.highest, q.metric)
            if found.beyond_claim:
                return w("max_off", claim=claim, beyond=found.beyond_claim, highest=highest,
                         **values)
            return w("max_holds", claim=claim, highest=highest, **values)
        if not found.claim_gap.excludes(0.0):
            return w("claim_holds", claim=claim, **values)
        gap = abs(found.claim_gap.value)
        high = found.claim_gap.value < 0
        rounds = q.metric.startswith("first:")  # a round: too late or too early
        direction = ("late" if high else "early") if rounds else ("high" if high else "low")
        return w("claim_off_round" if rounds else "claim_off", claim=claim,
                 gap=w.value(gap, q.metric), direction=w(direction),
                 **values)
    text = w(f"{q.answer}_sentence" if q.answer == "proxy" else "measure_sentence", **values)
    return text[0].upper() + text[1:]


def item_name(key: str, w: Words) -> str:
    """A split claim's item (built:テレビ塔) by its name alone, through the glossary."""
    return w.name(key.partition(":")[2] or key)


def split_sentence(found: Answer, w: Words) -> str:
    """"One card can break the game": how many cards go with winning beyond chance, and
    the widest gap."""
    items = found.items
    if not items:
        return w("split_empty", games=found.games)
    top = items[0].association
    d = items[0].judged
    return w("split_found" if any(x.beyond for x in items) else "split_none",
             items=len(items), games=found.games, count=sum(x.beyond for x in items),
             card=item_name(items[0].key, w), used=w.interval(top.used, "win_share"),
             unused=w.interval(top.unused, "win_share"), d=w.signed(d.value, "win_share"),
             low=w.signed(d.low, "win_share", False), high=w.signed(d.high, "win_share", False))


def sentence(found: Answer, w: Words) -> str:
    """The one plain sentence answering a question."""
    q = found.question
    if q.answer == "vague":
        return w("vague_sentence", needs=q.needs if w.lang == "en" else q.needs_ja)
    if q.answer == "sweep":
        return sweep_sentence(found, w)
    if q.split is not None:
        return split_sentence(found, w)
    return measure_sentence(found, w)


def check_lines(checking: CheckPlan, plan: Plan, w: Words) -> list[tuple[str, str]]:
    """What the check does with each rule set, one line each: checked, not played, or no
    model, the last with the `soan train` command that makes one (text, command)."""
    lines = []
    for i, planned in enumerate(plan.runs):
        name = planned.file.stem
        lacking = checking.missing.get(i)
        if lacking is not None:
            lines.append((w("set_no_model", name=name, minutes=lacking.minutes),
                          lacking.command))
        elif i in checking.used:
            models = checking.runs[i][0].provenance.get("models") or ()
            lines.append((w("set_checked", name=name, games=checking.games,
                            models=", ".join(models) or w("models_none")), ""))
        else:
            lines.append((w("set_unused", name=name), ""))
    return lines


def unchecked_notes(found: Answer, checking: CheckPlan, w: Words) -> list[tuple[str, str]]:
    """Why an answer was not checked: each rule set it reads that has no model, with the
    command that trains one (text, command)."""
    models = {m.rule_set: m for m in checking.missing.values()}
    return [(w("not_checked", bot=checking.bot, name=name, minutes=models[name].minutes),
             models[name].command) for name in found.unchecked]


def check_sentence(check: CheckAnswer, w: Words) -> str:
    """What the --check bot makes of the answer."""
    main = check.main
    shown = main.difference if main.difference is not None else main.draft
    figure = (w.difference(shown, main.metric) if main.difference is not None
              else w.interval(shown, main.metric))
    return w("check", bot=check.bot, verdict=w(f"verdict_{check.verdict}"), games=check.games,
             figure=figure)
