"""The ladder's page, in English and Japanese, and its rows.

One self-contained HTML file per language (no script, no network), written
atomically, each linking to the other; the same figures as Parquet rows, one per
bot, with the ladder's provenance.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Sequence
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import jinja2
import pyarrow as pa
import pyarrow.parquet as pq

from soan.lab.ladder.ladder import ORDINAL_Z, Standing
from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Z95, Estimate
from soan.lab.run.output import write_atomically
from soan.lab.value.report import FIGURES_STYLE

FILE_NAMES = {"en": "ladder.html", "ja": "ladder.ja.html"}
ROWS_FILE = "ladder.parquet"

WORDS: dict[str, tuple[str, str]] = {
    "title": ("{title}: a ladder of {bots} bots", "{title}:{bots}体のボットのラダー"),
    "other_language": ("日本語", "English"),
    "measured": (
        "What was measured: {games} games of {title} at {players} players, each seating a "
        "line-up of these bots, rotated so every bot sits in every seat equally often{meets}. "
        "Each bot is rated with OpenSkill's Plackett-Luce model from every game's ranking "
        "(winners first, then by score; ties share a place), games taken in seed order, so "
        "the same games always give the same ratings.",
        "測ったもの:{title}を{players}人で{games}ゲーム。各ゲームにこれらのボットの組み合わせを"
        "座らせ、どのボットもどの席にも同じ回数座るように回しました{meets}。各ボットは、"
        "ゲームごとの順位(勝者が先、次に得点順。同点は同じ順位)から OpenSkill の "
        "Plackett-Luce モデルで評価しました。ゲームはシード順に処理するので、同じゲームからは"
        "常に同じ評価になります。",
    ),
    "meets": (", and every bot meets every other equally often",
              "。どのボットも他のどのボットとも同じ回数対戦します"),
    "repeat": (" (with fewer bots than seats, bots repeat at the table)",
               "(席よりボットが少ないので、同じボットが複数の席に座ります)"),
    "unbalanced": (
        " The line-ups are exactly balanced every {period} games; {games} is not a multiple, "
        "so they are as even as {games} games allow.",
        "組み合わせは{period}ゲームごとにちょうど均等になります。{games}はその倍数ではないので、"
        "{games}ゲームで可能な限り均等にしています。",
    ),
    "provenance": ("Provenance", "来歴"),
    "p_table": ("table", "卓"),
    "p_table_value": ("{players} players", "{players}人"),
    "p_games_value": ("{games}, seeds {first} to {last} (game i uses seed S+i)",
                      "{games}(シード {first}〜{last}、ゲーム i はシード S+i)"),
    "headlines": ("Headlines", "要点"),
    "top": ("{bot} is rated highest: {ordinal} conservatively (mu {mu}, 95% interval {low} "
            "to {high}).",
            "最も評価が高いのは {bot}:控えめな評価 {ordinal}(mu {mu}、95%区間 {low}〜{high})。"),
    "above": ("{a} is rated above {b} beyond chance: mu {difference} higher.",
              "{a} は {b} より上位で、偶然の範囲を超えています:mu の差 {difference}。"),
    "tied": ("{a} and {b} cannot be told apart at this size: mu {difference} higher.",
             "{a} と {b} はこのゲーム数では区別できません:mu の差 {difference}。"),
    "standings": ("Standings", "順位表"),
    "h_rank": ("#", "#"),
    "h_bot": ("bot", "ボット"),
    "h_ordinal": ("rating (mu − 3σ)", "評価(mu − 3σ)"),
    "h_mu": ("mu (95% interval)", "mu(95%区間)"),
    "h_sigma": ("σ", "σ"),
    "h_games": ("games", "ゲーム数"),
    "h_win": ("win rate (95% CI), fair {fair}", "勝率(95%信頼区間)、公平なら {fair}"),
    "h_place": ("mean place", "平均順位"),
    "h_time": ("time per decision", "1手あたりの時間"),
    "how_to_read": ("How to read this page", "このページの読み方"),
}

DEFINITIONS: list[tuple[tuple[str, str], tuple[str, str]]] = [
    (("Rating", "OpenSkill's Plackett-Luce model (Weng and Lin, 2011) gives each bot a "
      "skill mu and an uncertainty sigma, updated after every game from the order in which "
      "the bots at the table finished. Every bot starts at mu 25, sigma 8.33. The table is "
      f"sorted by the conservative rating mu − {ORDINAL_Z:g} sigma: the bot is very likely "
      "at least this strong. Ratings compare the bots of this ladder only, on this game and "
      "rule set; they are not comparable across ladders."),
     ("評価", "OpenSkill の Plackett-Luce モデル(Weng と Lin、2011)は各ボットに強さ mu と不確かさ"
      "σ を与え、毎ゲーム、卓のボットの着順から更新します。初期値は mu 25、σ 8.33。表は控えめな"
      f"評価 mu − {ORDINAL_Z:g}σ の順です(ボットはほぼ確実にこれ以上の強さ)。評価はこのラダーの"
      "ボットどうし、このゲームとルールでの比較であり、別のラダーとは比べられません。")),
    (("Interval", "mu ± 1.96 sigma, the 95% interval of the bot's skill. Two neighbours in "
      "the table are told apart beyond chance when the 95% interval of the difference of "
      "their skills, mu_a − mu_b ± 1.96 √(sigma_a² + sigma_b²), excludes 0; otherwise more "
      "games are needed."),
     ("区間", "mu ± 1.96σ、ボットの強さの95%区間。表で隣り合う2体は、強さの差の95%区間 "
      "mu_a − mu_b ± 1.96 √(σ_a² + σ_b²) が0を含まないとき偶然の範囲を超えて区別できます。"
      "含むなら、さらにゲームが必要です。")),
    (("Win rate", "The bot's mean win share per seat it filled: a win shared among k seats "
      "counts 1/k, a game without a winner gives every seat 1/N, so an even bot reads 1/N. "
      "Wilson 95% interval. A bot seated twice in a game counts both seats."),
     ("勝率", "ボットが座った1席あたりの平均の勝ち分:k席で勝ちを分け合えば各1/k、勝者のいない"
      "ゲームは全席に1/N なので、互角のボットは1/N になります。ウィルソンの95%信頼区間。"
      "1ゲームに2席座ったボットは両方の席を数えます。")),
    (("Mean place", "The mean of the bot's seats' places, 1 = best (winners first, then by "
      "score). A bot seated more than once in a game is ranked in it by the mean of its "
      "seats' places."),
     ("平均順位", "ボットが座った席の順位の平均(1が最上位。勝者が先、次に得点順)。1ゲームに"
      "複数席座ったボットは、その席の順位の平均でそのゲームの順位を決めます。")),
    (("Time per decision", "The bot's own thinking time (wall clock) over the number of "
      "choices it made, measured while the ladder played; it depends on the machine and on "
      "how many games ran at once."),
     ("1手あたりの時間", "ボット自身の思考時間(実時間)を選択の回数で割ったもの。ラダーの対局中に"
      "測りました。マシンや同時に動かしたゲーム数によって変わります。")),
]

PAGE = """<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<title>{{ heading }}</title>
<style>
""" + FIGURES_STYLE + """
.measured { background: #f6f6ee; border-left: 4px solid #8c8c3c; padding: 0.6rem 1rem; }
table.provenance th, table.provenance td { text-align: left; }
nav { float: right; }
</style>
</head>
<body>
<nav><a href="{{ other_file }}">{{ w("other_language") }}</a></nav>
<h1>{{ heading }}</h1>
<p class="measured">{{ measured }}</p>
<h2>{{ w("headlines") }}</h2>
<ul class="headlines">
{% for sentence in headlines %}<li>{{ sentence }}</li>
{% endfor %}
</ul>
<h2>{{ w("standings") }}</h2>
<table class="standings">
<tr><th>{{ w("h_rank") }}</th><th>{{ w("h_bot") }}</th><th>{{ w("h_ordinal") }}</th>
<th>{{ w("h_mu") }}</th><th>{{ w("h_sigma") }}</th><th>{{ w("h_games") }}</th>
<th>{{ w("h_win", fair=fair) }}</th><th>{{ w("h_place") }}</th><th>{{ w("h_time") }}</th></tr>
{% for s in standings %}
<tr><td>{{ loop.index }}</td><td>{{ s.bot }}</td><td>{{ "%.2f" | format(s.ordinal) }}</td>
<td>{{ "%.2f" | format(s.mu) }} ({{ "%.2f" | format(s.interval.low) }}–{{
  "%.2f" | format(s.interval.high) }})</td>
<td>{{ "%.2f" | format(s.sigma) }}</td><td>{{ s.games }}</td>
<td>{{ messages.rate(s.win_rate) }}</td><td>{{ "%.2f" | format(s.mean_place) }}</td>
<td>{{ seconds(s.per_decision) }}</td></tr>
{% endfor %}
</table>
<h2>{{ w("provenance") }}</h2>
<table class="provenance">
{% for key, value in provenance %}<tr><th>{{ key }}</th><td>{{ value }}</td></tr>
{% endfor %}
</table>
<h2>{{ w("how_to_read") }}</h2>
<dl>
{% for name, text in definitions %}<dt>{{ name }}</dt><dd>{{ text }}</dd>
{% endfor %}
</dl>
</body>
</html>
"""


class Words:
    """The ladder's words in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.column = ("en", "ja").index(lang)

    def __call__(self, key: str, /, **values: object) -> str:
        return WORDS[key][self.column].format(**values)


def seconds(x: float) -> str:
    """A short time: 0.4 ms, 12 ms, 1.25 s."""
    if x < 0.01:
        return f"{1000 * x:.2g} ms" if x < 0.001 else f"{1000 * x:.1f} ms"
    return f"{1000 * x:.0f} ms" if x < 1 else f"{x:.2f} s"


def headlines(standings: Sequence[Standing], w: Words, messages: Messages) -> list[str]:
    """The best bot, and for each bot whether it is told apart from the next one down."""
    best = standings[0]
    out = [w("top", bot=best.bot, ordinal=f"{best.ordinal:.2f}", mu=f"{best.mu:.2f}",
             low=f"{best.interval.low:.2f}", high=f"{best.interval.high:.2f}")]
    for a, b in pairwise(standings):
        gap = skill_difference(a, b)
        difference = messages.difference(gap, percent=False, digits=2)
        out.append(w("above" if gap.low > 0 else "tied", a=a.bot, b=b.bot,
                     difference=difference))
    return out


def skill_difference(a: Standing, b: Standing) -> Estimate:
    """mu_a - mu_b with its 95% interval, the two ratings taken as independent normals."""
    value = a.mu - b.mu
    half = Z95 * math.sqrt(a.sigma ** 2 + b.sigma ** 2)
    return Estimate(value, value - half, value + half)


def provenance_lines(provenance: dict[str, Any], games: int, w: Words,
                     m: Messages) -> list[tuple[str, str]]:
    """The provenance table: its shared rows in the lab's own words (`Messages`), the
    ladder's table and seeds in its own."""
    content = provenance["content"]
    changed = provenance.get("options_changed") or {}
    seed = provenance["seed"]
    return [
        (m("p_game"), f"{m.title(provenance['title'])} ({provenance['game']})"),
        (m("p_variant"), f"{provenance['variant']}: "
         f"{m.variant(provenance['variant'], provenance['variant_about'])}"),
        (m("p_options"), ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}"
                                   for k, v in changed.items()) or m("p_options_none")),
        (m("p_content"), m("p_content_shipped", hash=content["hash"])
         if content["shipped"] and not content["file"]
         else m("p_content_edited", file=content["file"] or "", hash=content["hash"])),
        (w("p_table"), w("p_table_value", players=provenance["players"])),
        (m("p_bots"), ", ".join(provenance["bots"])),
        (m("p_models"), ", ".join(provenance.get("models") or ()) or m("p_models_none")),
        (m("p_games"), w("p_games_value", games=games, first=seed, last=seed + games - 1)),
        (m("p_version"), provenance["soan_version"]),
        (m("p_date"), datetime.date.today().isoformat()),
    ]


def render(lang: str, provenance: dict[str, Any], games: int, period: int,
           standings: Sequence[Standing]) -> str:
    w = Words(lang)
    messages = Messages(lang).for_game(provenance["game"])
    players, pool = provenance["players"], len(provenance["bots"])
    title = messages.title(provenance["title"])
    meets = w("meets") if pool >= players else w("repeat")
    measured = w("measured", games=games, title=title, players=players, meets=meets)
    if games % period:
        measured += w("unbalanced", period=period, games=games)
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return environment.from_string(PAGE).render(
        lang=lang, heading=w("title", title=title, bots=pool), w=w, measured=measured,
        headlines=headlines(standings, w, messages), standings=standings, messages=messages,
        fair=messages.pct(1 / players), seconds=seconds,
        provenance=provenance_lines(provenance, games, w, messages),
        definitions=[pair[w.column] for pair in DEFINITIONS],
        other_file=FILE_NAMES["ja" if lang == "en" else "en"],
    )


def ladder_rows(standings: Sequence[Standing], provenance: dict[str, Any],
                games: int) -> pa.Table:
    """One row per bot: its figures and the ladder's provenance."""
    rows = []
    for place, s in enumerate(standings, 1):
        rows.append({
            "place": place, "bot": s.bot, "ordinal": s.ordinal, "mu": s.mu, "sigma": s.sigma,
            "mu_low": s.interval.low, "mu_high": s.interval.high, "games": s.games,
            "seat_games": s.seat_games, "win_rate": s.win_rate.value,
            "win_rate_low": s.win_rate.low, "win_rate_high": s.win_rate.high,
            "mean_place": s.mean_place, "decisions": s.decisions,
            "seconds_per_decision": s.per_decision,
            "game": provenance["game"], "variant": provenance["variant"],
            "options": json.dumps(provenance["options"], sort_keys=True, ensure_ascii=False),
            "content_hash": provenance["content"]["hash"], "players": provenance["players"],
            "bots": list(provenance["bots"]), "seed": provenance["seed"],
            "ladder_games": games, "soan_version": provenance["soan_version"],
        })
    table = pa.Table.from_pylist(rows)
    return table.replace_schema_metadata(
        {b"soan.provenance": json.dumps({**provenance, "games": games},
                                        ensure_ascii=False).encode()})


def write_outputs(out: Path, provenance: dict[str, Any], games: int, period: int,
                  standings: Sequence[Standing]) -> list[Path]:
    """`ladder.parquet`, `ladder.html` and `ladder.ja.html` in `out`, each atomically."""
    data = out / ROWS_FILE
    table = ladder_rows(standings, provenance, games)
    write_atomically(data, lambda tmp: pq.write_table(table, tmp))
    pages = []
    for lang, name in FILE_NAMES.items():
        text = render(lang, provenance, games, period, standings)
        page = out / name
        write_atomically(page, partial(Path.write_text, data=text, encoding="utf-8"))
        pages.append(page)
    return [data, *pages]

