"""What one set of games shows, section by section, in plain sentences.

Turn order (by position, not seat number), factions, every content item and
counted rule branch, what never happened, and the outcome figures: each figure
carries its 95% interval, and a sentence calls something a finding only when
its interval excludes the fair value (in long lists, its Bonferroni interval),
so the lab never reports luck as a finding. Usage keys, action kinds and
points sources are shown in the game's own words for the page's language.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace

from markupsafe import Markup

from soan.lab.report import metrics
from soan.lab.report.charts import Charts
from soan.lab.report.messages import Messages
from soan.lab.report.metrics import Association, Estimate, GameOutcome, GroupRate
from soan.lab.report.sets import ResultSet
from soan.lab.run.runner import LOTTERY_KEY, POINTS_PREFIX, Row

HEADLINE_ITEMS = 5  # content items named in one headline sentence
SELDOM = 0.01  # an item that occurs in fewer games than this share is all but dead


@dataclass
class TurnOrder:
    rates: list[Estimate]  # by position, first player first
    beyond: list[bool]  # the 95% interval excludes the fair rate
    fair: float
    seats_are_positions: bool
    first_by_seat: list[int]  # games in which each seat moved first


@dataclass
class ItemLine:
    """One content item or counted rule branch."""

    key: str
    name: str  # the key as the page shows it (the game's own words)
    uses: int  # by every seat in every game
    games: int  # games in which some seat used it
    per_game: float
    winners: float  # mean uses per winning seat-game
    losers: float
    association: Association | None
    beyond: bool = False


@dataclass
class SplitLine:
    """One points source or action kind: winners' mean, losers' mean, and the gap."""

    name: str  # as the page shows it (the game's own words)
    winners: float
    losers: float
    gap: Estimate


@dataclass
class FigureLine:
    name: str
    value: str
    reference: str


@dataclass
class BotLine:
    bot: str
    seat_games: int
    win_rate: Estimate
    mean_score: float
    mean_rank: float


@dataclass
class Findings:
    turn_order: TurnOrder
    factions: list[GroupRate]
    content: list[ItemLine]
    never_seen: list[str]  # as the page shows them
    seldom_seen: list[ItemLine]  # seen, but in fewer than SELDOM of the games
    lottery: Estimate | None
    lottery_first: Estimate | None
    balance: Estimate
    figures: list[FigureLine]
    bots: list[BotLine]
    points: list[SplitLine]
    actions: list[SplitLine]
    headlines: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)  # sentences by section
    charts: dict[str, Markup] = field(default_factory=dict)


def difference_text(e: Estimate, percent: bool, digits: int = 1) -> str:
    """A difference with its interval in English, for pages written in English only."""
    return Messages("en").difference(e, percent, digits)


# ---- turn order ------------------------------------------------------------------------

def turn_order(games: list[GameOutcome]) -> TurnOrder:
    n = len(games[0].win_shares)
    rates = metrics.position_win_rates(games)
    fair = 1 / n
    beyond = [r.excludes(fair) for r in rates]
    first = Counter(g.first for g in games)
    return TurnOrder(rates, beyond, fair, set(first) == {0}, [first[s] for s in range(n)])


def _turn_sentences(turn: TurnOrder, m: Messages) -> tuple[list[str], list[str]]:
    """Headlines and the section's notes."""
    fair = m.pct(turn.fair)
    verdict = m("beyond") if turn.beyond[0] else m("within")
    headlines = [m("first_player", rate=m.rate(turn.rates[0]), fair=fair, verdict=verdict)]
    others = [p for p in range(1, len(turn.rates)) if turn.beyond[p]]
    if others:
        headlines.append(m("positions_beyond", fair=fair, items=m.join(
            m("position_item", position=m.ordinal(p + 1), rate=m.rate(turn.rates[p]))
            for p in others)))
    elif not turn.beyond[0]:
        headlines.append(m("positions_within", fair=fair))
    if turn.seats_are_positions:
        notes = [m("seats_are_positions")]
    else:
        notes = [m("first_by_seat", counts=m.join(
            m("seat_count", seat=s + 1, games=count) for s, count in enumerate(turn.first_by_seat)
        ))]
    return headlines, notes


# ---- factions --------------------------------------------------------------------------

def factions(rows: list[Row], players: int) -> list[GroupRate]:
    """Win rate per faction, where the game has factions; sorted by win rate."""
    pairs = [(r["faction"], r["win_share"]) for r in rows if r["faction"] is not None]
    if not pairs:
        return []
    rates = metrics.group_win_rates(pairs, 1 / players)
    return sorted(rates, key=lambda g: -g.rate.value)


def _faction_sentences(lines: list[GroupRate], players: int, m: Messages) -> list[str]:
    """The factions above the fair rate beyond chance, one sentence each; those below in
    one sentence (lines come sorted by win rate)."""
    fair = 1 / players
    above = [g for g in lines if g.beyond and g.rate.value > fair]
    below = [g for g in lines if g.beyond and g.rate.value < fair]
    if not above and not below:
        return [m("factions_within", fair=m.pct(fair), count=len(lines))]
    sentences = [m("faction_beyond", name=g.name, rate=m.rate(g.rate), fair=m.pct(fair))
                 for g in above]
    if below:
        sentences.append(m("factions_below", fair=m.pct(fair), items=m.join(
            m("faction_item", name=g.name, rate=m.rate(g.rate)) for g in below)))
    return sentences


# ---- content ---------------------------------------------------------------------------

def content(rows: list[Row], universe: list[str], m: Messages) -> list[ItemLine]:
    """Every usage key that could occur (the content's order) and any other seen."""
    games = len({r["seed"] for r in rows})
    seen = list(dict.fromkeys(k for r in rows for k in r["usage"]))
    keys = list(dict.fromkeys([*universe, *seen]))
    decided = {r["seed"] for r in rows if r["won"]}
    winners = [r for r in rows if r["won"]]
    losers = [r for r in rows if not r["won"] and r["seed"] in decided]
    lines = []
    for key in keys:
        used, unused = [], []
        total = 0
        in_games = set()
        for row in rows:
            count = row["usage"].get(key, 0)
            total += count
            if count:
                in_games.add(row["seed"])
            (used if count else unused).append(row["win_share"])
        lines.append(ItemLine(
            key, m.word(key), total, len(in_games), total / games,
            sum(r["usage"].get(key, 0) for r in winners) / max(len(winners), 1),
            sum(r["usage"].get(key, 0) for r in losers) / max(len(losers), 1),
            # the lottery key is noted for winners only: its "association" is its definition
            None if key == LOTTERY_KEY else metrics.association(used, unused),
        ))
    compared = [line for line in lines if line.association is not None]
    for line in compared:
        line.beyond = metrics.association_beyond_chance(line.association, len(compared))
    return lines


def seldom_seen(lines: list[ItemLine], games: int) -> list[ItemLine]:
    """Items seen, but in fewer than one game in a hundred: as good as dead at the table,
    though "Never seen" alone would not name them."""
    return [x for x in lines if 0 < x.games < SELDOM * games]


def _content_sentences(lines: list[ItemLine], factions: set[str], m: Messages) -> list[str]:
    """Items whose users win more (or less) beyond chance; factions have their own
    section, so their keys (race:グロリアス) are left to it."""
    marked = [x for x in lines if x.beyond and x.association is not None
              and x.key.partition(":")[2] not in factions]
    if not marked:
        return [m("content_within")]
    marked.sort(key=lambda x: -abs(x.association.difference.value))

    def items(chosen: list[ItemLine]) -> str:
        return m.join(
            m("content_item", name=x.name, used=m.pct(x.association.used.value),
              count=x.association.used_games, unused=m.pct(x.association.unused.value))
            for x in chosen[:HEADLINE_ITEMS]
        )

    winning = [x for x in marked if x.association.difference.value > 0]
    losing = [x for x in marked if x.association.difference.value < 0]
    sentences = []
    if winning:
        sentences.append(m("content_beyond", items=items(winning)))
    if losing:
        sentences.append(m("content_losing", items=items(losing)))
    sentences[-1] += m("content_association")
    return sentences


def _never_sentences(found: Findings, games: int, universe: int, m: Messages) -> list[str]:
    """Headlines naming what never occurred and what all but never did; the section's
    note counts the first."""
    if found.never_seen:
        headlines = [m("never_headline", games=games, items=m.join(found.never_seen))]
        found.notes["never_seen"] = [m("never_count", count=len(found.never_seen),
                                       total=universe)]
    else:
        headlines = [m("never_none")]
        found.notes["never_seen"] = [m("never_none")]
    if found.seldom_seen:
        headlines.append(m("seldom_headline", items=m.join(
            m("seldom_item", name=x.name, games=x.games) for x in found.seldom_seen)))
    return headlines


# ---- lottery ---------------------------------------------------------------------------

def lottery(rows: list[Row], games: list[GameOutcome]) -> tuple[Estimate | None, Estimate | None]:
    """How often the lottery changed the winner, and the first player's win rate without
    those games (None for games with no lottery)."""
    if rows[0].get("lottery_decided") is None:
        return None, None
    decided_by_lottery = {r["seed"] for r in rows if r["lottery_decided"]}
    share = metrics.proportion(len(decided_by_lottery), len(games))
    rest = [g for g in games if g.seed not in decided_by_lottery]
    first = metrics.win_rate([metrics.first_player_rate(g) for g in rest]) if rest else None
    return share, first


# ---- outcome figures, bots, points and actions ------------------------------------------

def figures(result_set: ResultSet, balance: Estimate, m: Messages) -> list[FigureLine]:
    games, rows = result_set.games, result_set.rows
    seconds = sum(r["duration_s"] for r in rows if r["seat"] == 1) / len(games)
    lines = [
        FigureLine(m("f_balance"), m.number(balance), m("f_balance_ref")),
        FigureLine(m("f_decided"), m.rate(metrics.decided_share(games)), m("f_decided_ref")),
        FigureLine(m("f_drawn"), m.rate(metrics.drawishness(games)), m("f_drawn_ref")),
    ]
    if any(not g.completed for g in games):
        lines.append(FigureLine(m("f_unfinished"), m.rate(metrics.unfinished_share(games)),
                                m("f_unfinished_ref")))
    return [
        *lines,
        FigureLine(m("f_turns"), m.number(metrics.duration_turns(games), 1), ""),
        FigureLine(m("f_actions"), m.number(metrics.duration_actions(games), 1), ""),
        FigureLine(m("f_time"), f"{1000 * seconds:.1f} ms", m("f_time_ref")),
    ]


def bots(rows: list[Row]) -> list[BotLine]:
    by_bot: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_bot[row["bot"]].append(row)
    lines = [
        BotLine(bot, len(r), metrics.win_rate([x["win_share"] for x in r]),
                sum(x["score"] for x in r) / len(r), sum(x["rank"] for x in r) / len(r))
        for bot, r in by_bot.items()
    ]
    return sorted(lines, key=lambda line: -line.win_rate.value)


def _counts(row: Row, source: str) -> dict[str, int]:
    if source == "points":
        return {k.removeprefix(POINTS_PREFIX): v for k, v in row.items()
                if k.startswith(POINTS_PREFIX) and v is not None}
    return row["action_kinds"]


def split(rows: list[Row], source: str, m: Messages) -> list[SplitLine]:
    """Winners' and losers' mean of each points source or action kind, with the gap."""
    decided = {r["seed"] for r in rows if r["won"]}
    winners = [_counts(r, source) for r in rows if r["won"]]
    losers = [_counts(r, source) for r in rows if not r["won"] and r["seed"] in decided]
    if not winners or not losers:
        return []
    names = list(dict.fromkeys(k for c in (*winners, *losers) for k in c))
    if source == "actions":
        names.sort()
    lines = []
    for name in names:
        w = [c.get(name, 0) for c in winners]
        lo = [c.get(name, 0) for c in losers]
        lines.append(SplitLine(m.word(name), sum(w) / len(w), sum(lo) / len(lo),
                               metrics.difference_of_means(lo, w)))
    return lines


def _widest_real_gap(lines: list[SplitLine]) -> SplitLine | None:
    real = [x for x in lines if x.gap.excludes(0)]
    return max(real, key=lambda x: abs(x.gap.value)) if real else None


def _points_sentence(points: list[SplitLine], m: Messages) -> list[str]:
    if not points:
        return []
    sentence = m("points_sentence", winners=f"{sum(x.winners for x in points):.1f}",
                 losers=f"{sum(x.losers for x in points):.1f}")
    widest = _widest_real_gap(points)
    if widest is None:
        return [sentence + m("points_none")]
    return [sentence + m("points_gap", name=widest.name, winners=f"{widest.winners:.1f}",
                         losers=f"{widest.losers:.1f}",
                         gap=m.difference(widest.gap, False))]


def _actions_sentence(actions: list[SplitLine], m: Messages) -> list[str]:
    if not actions:
        return []
    widest = _widest_real_gap(actions)
    if widest is None:
        return [m("actions_none")]
    return [m("actions_gap", name=widest.name, winners=f"{widest.winners:.1f}",
              losers=f"{widest.losers:.1f}", gap=m.difference(widest.gap, False))]


def _length_sentence(games: list[GameOutcome], m: Messages) -> str:
    turns, actions = metrics.duration_turns(games), metrics.duration_actions(games)
    sentence = m("length", turns=f"{turns.value:.1f}", actions=f"{actions.value:.0f}")
    unfinished = sum(not g.completed for g in games)
    return sentence + (m("unfinished", count=unfinished) if unfinished else "")


def _bots_sentence(lines: list[BotLine], m: Messages) -> list[str]:
    if len(lines) < 2:
        return []
    best, worst = lines[0], lines[-1]
    return [m("bots_sentence", best=best.bot, best_rate=m.rate(best.win_rate),
              worst=worst.bot, worst_rate=m.rate(worst.win_rate))]


# ---- one set ---------------------------------------------------------------------------

def analyse(result_set: ResultSet, m: Messages, charts: Charts) -> Findings:
    """Every section's figures, sentences and charts for one set; `m` speaks the set's
    game's own words (`Messages.for_game`)."""
    games, rows, players = result_set.games, result_set.rows, result_set.players
    turn = turn_order(games)
    faction_lines = factions(rows, players)
    faction_names = {g.name for g in faction_lines}  # as the rows hold them
    faction_lines = [replace(g, name=m.word(g.name)) for g in faction_lines]
    items = content(rows, result_set.usage_keys, m)
    lottery_share, lottery_first = lottery(rows, games)
    balance = metrics.balance(games)
    found = Findings(
        turn_order=turn, factions=faction_lines, content=items,
        never_seen=[x.name for x in items if x.uses == 0],
        seldom_seen=seldom_seen(items, len(games)),
        lottery=lottery_share, lottery_first=lottery_first, balance=balance,
        figures=figures(result_set, balance, m), bots=bots(rows),
        points=split(rows, "points", m), actions=split(rows, "actions", m),
    )
    turn_headlines, found.notes["turn_order"] = _turn_sentences(turn, m)
    found.headlines = list(turn_headlines)
    if lottery_share is not None:
        found.headlines.append(m("lottery", rate=m.rate(lottery_share)))
        if lottery_first is not None:
            found.notes["turn_order"].append(m("lottery_first", rate=m.rate(lottery_first),
                                               fair=m.pct(turn.fair)))
    if faction_lines:
        found.headlines += _faction_sentences(faction_lines, players, m)
    found.headlines += _content_sentences(items, faction_names, m)
    found.headlines += _never_sentences(found, len(games), len(items), m)
    found.headlines += [
        _length_sentence(games, m),
        *_bots_sentence(found.bots, m),
        *_points_sentence(found.points, m),
        *_actions_sentence(found.actions, m),
    ]
    found.charts = _charts(result_set, found, m, charts)
    return found


def _charts(result_set: ResultSet, found: Findings, m: Messages, charts: Charts
            ) -> dict[str, Markup]:
    name = result_set.label
    players = result_set.players
    positions = [m.ordinal(p + 1) for p in range(players)]
    by_position: list[list[float]] = [[] for _ in range(players)]
    for row in result_set.rows:
        by_position[row["position"] - 1].append(row["score"])
    out = {
        "turn_order": charts.rates(positions, found.turn_order.rates, found.turn_order.fair,
                                   f"{m('positions_chart')}: {name}", m),
        "scores": charts.boxes(positions, by_position, f"{m('scores_chart')}: {name}",
                               m("final_score")),
    }
    if found.factions:
        out["factions"] = charts.rates([g.name for g in found.factions],
                                       [g.rate for g in found.factions], 1 / players,
                                       f"{m('factions_chart')}: {name}", m)
    for key, lines, title in (("points", found.points, "points_chart"),
                              ("actions", found.actions, "actions_chart")):
        if lines:
            out[key] = charts.winners_and_losers(
                [x.name for x in lines], [x.winners for x in lines], [x.losers for x in lines],
                f"{m(title)}: {name}", m,
            )
    return out
