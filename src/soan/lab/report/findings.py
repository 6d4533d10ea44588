"""What one set of games shows, section by section, as data: the judging step.

Turn order (by position, not seat number), factions, every content item and
counted rule branch, what never happened, and the outcome figures: each figure
carries its 95% interval, and an entry is judged beyond chance only by a test that
counts every entry it is judged with (turn positions: Holm's correction over the
positions, and a chi-square over all of them; long lists: Bonferroni intervals),
so the lab never reports luck as a finding. A content item too rare for its test
to ever find anything is set apart as uninformative rather than listed as a
finding, and a set whose seats hold different bots says so first: there the win
rates mostly measure the bots. Findings hold usage keys, faction names,
points sources and action kinds as the rows hold them; `words` says them in the
page's language.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from soan.lab.report import metrics
from soan.lab.report.metrics import Association, Estimate, GameOutcome, GroupRate, Imbalance
from soan.lab.report.sets import ResultSet
from soan.lab.run.runner import LOTTERY_KEY, POINTS_PREFIX, Row

SELDOM = 0.01  # an item that occurs in fewer games than this share is all but dead


@dataclass
class TurnOrder:
    rates: list[Estimate]  # by position, first player first
    beyond: list[bool]  # differs from fair beyond chance, Holm-corrected over the positions
    fair: float
    seats_are_positions: bool
    first_by_seat: list[int]  # games in which each seat moved first


@dataclass
class ItemLine:
    """One content item or counted rule branch."""

    key: str  # the usage key, as the rows hold it
    uses: int  # by every seat in every game
    games: int  # games in which some seat used it
    per_game: float
    winners: float  # mean uses per winning seat-game
    losers: float
    association: Association | None
    beyond: bool = False
    informative: bool = False  # used often enough that its test could find something


@dataclass
class SplitLine:
    """One points source or action kind: winners' mean, losers' mean, and the gap."""

    key: str  # the points source or action kind, as the rows hold it
    winners: float
    losers: float
    gap: Estimate


@dataclass
class Outcomes:
    """How the games ended and how long they took (the Figures section, after balance)."""

    decided: Estimate
    drawn: Estimate
    unfinished: Estimate
    unfinished_games: int  # stopped at the action limit (the page shows the share only then)
    turns: Estimate
    actions: Estimate
    seconds: float  # mean wall-clock time per game, bots' thinking included


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
    factions: list[GroupRate]  # sorted by win rate; names as the rows hold them
    factions_above: list[GroupRate]  # above the fair rate beyond chance
    factions_below: list[GroupRate]  # below it beyond chance
    content: list[ItemLine]
    content_winning: list[ItemLine]  # used by winners beyond chance, widest gap first
    content_losing: list[ItemLine]  # used by losers beyond chance, widest gap first
    never_seen: list[str]  # usage keys never used
    seldom_seen: list[ItemLine]  # seen, but in fewer than SELDOM of the games
    lottery: Estimate | None
    lottery_first: Estimate | None
    balance: Imbalance  # all turn positions against fair at once
    outcomes: Outcomes
    bots: list[BotLine]  # best first
    points: list[SplitLine]
    points_widest: SplitLine | None  # the widest gap beyond chance
    actions: list[SplitLine]  # its section's table only: what winning is made of, no headline
    mixed_bots: list[str]  # the different bots at the table, when there are several

    @property
    def uninformative(self) -> list[ItemLine]:
        """Items used, but too rarely (or by nearly everyone) for a test to judge them."""
        return [x for x in self.content if x.uses and not x.informative]


# ---- turn order ------------------------------------------------------------------------

def turn_order(games: list[GameOutcome]) -> TurnOrder:
    n = len(games[0].win_shares)
    rates = metrics.position_win_rates(games)
    fair = 1 / n
    beyond = metrics.beyond_fair_holm(rates, len(games), fair)
    first = Counter(g.first for g in games)
    return TurnOrder(rates, beyond, fair, set(first) == {0}, [first[s] for s in range(n)])


# ---- factions --------------------------------------------------------------------------

def factions(rows: list[Row], players: int) -> list[GroupRate]:
    """Win rate per faction, where the game has factions; sorted by win rate."""
    pairs = [(r["faction"], r["win_share"]) for r in rows if r["faction"] is not None]
    if not pairs:
        return []
    rates = metrics.group_win_rates(pairs, 1 / players)
    return sorted(rates, key=lambda g: -g.rate.value)


def factions_beyond(lines: list[GroupRate], players: int
                    ) -> tuple[list[GroupRate], list[GroupRate]]:
    """The factions above the fair rate beyond chance, and those below it."""
    fair = 1 / players
    above = [g for g in lines if g.beyond and g.rate.value > fair]
    below = [g for g in lines if g.beyond and g.rate.value < fair]
    return above, below


# ---- content ---------------------------------------------------------------------------

def content(rows: list[Row], universe: list[str]) -> list[ItemLine]:
    """Every usage key that could occur (the content's order) and any other seen."""
    games = len({r["seed"] for r in rows})
    seen = list(dict.fromkeys(k for r in rows for k in r["usage"]))
    keys = list(dict.fromkeys([*universe, *seen]))
    decided = {r["seed"] for r in rows if r["won"]}
    winners = [r for r in rows if r["won"]]
    losers = [r for r in rows if not r["won"] and r["seed"] in decided]
    lines = []
    for key in keys:
        used: list[float] = []
        unused: list[float] = []
        total = 0
        in_games = set()
        for row in rows:
            count = row["usage"].get(key, 0)
            total += count
            if count:
                in_games.add(row["seed"])
            (used if count else unused).append(row["win_share"])
        lines.append(ItemLine(
            key, total, len(in_games), total / games,
            sum(r["usage"].get(key, 0) for r in winners) / max(len(winners), 1),
            sum(r["usage"].get(key, 0) for r in losers) / max(len(losers), 1),
            # the lottery key is noted for winners only: its "association" is its definition
            None if key == LOTTERY_KEY else metrics.association(used, unused),
        ))
    compared = [(line, line.association) for line in lines if line.association is not None]
    for line, association in compared:
        line.informative = metrics.association_informative(association, len(compared))
        line.beyond = metrics.association_beyond_chance(association, len(compared))
    return lines


def seldom_seen(lines: list[ItemLine], games: int) -> list[ItemLine]:
    """Items seen, but in fewer than one game in a hundred: as good as dead at the table,
    though "Never seen" alone would not name them."""
    return [x for x in lines if 0 < x.games < SELDOM * games]


def content_beyond(lines: list[ItemLine], factions: set[str]
                   ) -> tuple[list[ItemLine], list[ItemLine]]:
    """Items whose users win more beyond chance, and those whose users win less, widest
    gap first; factions have their own section, so their keys (race:グロリアス) are left
    to it."""
    gaps = [(x, x.association.difference.value) for x in lines
            if x.beyond and x.association is not None and x.key.partition(":")[2] not in factions]
    gaps.sort(key=lambda pair: -abs(pair[1]))
    return [x for x, gap in gaps if gap > 0], [x for x, gap in gaps if gap < 0]


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

def outcomes(result_set: ResultSet) -> Outcomes:
    games, rows = result_set.games, result_set.rows
    seconds = sum(r["duration_s"] for r in rows if r["seat"] == 1) / len(games)
    return Outcomes(
        metrics.decided_share(games), metrics.drawishness(games),
        metrics.unfinished_share(games), sum(not g.completed for g in games),
        metrics.duration_turns(games), metrics.duration_actions(games), seconds,
    )


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


def mixed_bots(lineup: tuple[str, ...]) -> list[str]:
    """The different bots of a line-up, when there is more than one (else none)."""
    bots = list(dict.fromkeys(lineup))
    return bots if len(bots) > 1 else []


def _counts(row: Row, source: str) -> dict[str, int]:
    if source == "points":
        return {k.removeprefix(POINTS_PREFIX): v for k, v in row.items()
                if k.startswith(POINTS_PREFIX) and v is not None}
    return row["action_kinds"]


def split(rows: list[Row], source: str) -> list[SplitLine]:
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
        lines.append(SplitLine(name, sum(w) / len(w), sum(lo) / len(lo),
                               metrics.difference_of_means(lo, w)))
    return lines


def widest_real_gap(lines: list[SplitLine]) -> SplitLine | None:
    """The line whose gap is widest among those beyond chance (None if there is none)."""
    real = [x for x in lines if x.gap.excludes(0)]
    return max(real, key=lambda x: abs(x.gap.value)) if real else None


# ---- one set ---------------------------------------------------------------------------

def analyse(result_set: ResultSet) -> Findings:
    """Every section's figures and verdicts for one set."""
    games, rows, players = result_set.games, result_set.rows, result_set.players
    faction_lines = factions(rows, players)
    above, below = factions_beyond(faction_lines, players)
    items = content(rows, result_set.usage_keys)
    winning, losing = content_beyond(items, {g.name for g in faction_lines})
    lottery_share, lottery_first = lottery(rows, games)
    points, actions = split(rows, "points"), split(rows, "actions")
    return Findings(
        turn_order=turn_order(games), factions=faction_lines, factions_above=above,
        factions_below=below, content=items, content_winning=winning, content_losing=losing,
        never_seen=[x.key for x in items if x.uses == 0],
        seldom_seen=seldom_seen(items, len(games)),
        lottery=lottery_share, lottery_first=lottery_first, balance=metrics.balance(games),
        outcomes=outcomes(result_set), bots=bots(rows),
        points=points, points_widest=widest_real_gap(points),
        actions=actions,
        mixed_bots=mixed_bots(result_set.key.lineup),
    )
