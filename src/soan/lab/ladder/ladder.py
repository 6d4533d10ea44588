"""A ladder: bots playing rotated tables, rated with a multiplayer rating.

Each game seats a line-up drawn from the pool of bots (`run.runner.ladder_lineup`):
with more bots than seats every bot meets every other equally often, and every
line-up is played with its bots rotated through every seat; with fewer bots than
seats, bots repeat. Game i uses seed S+i and its rows are the run room's rows, with
each seat's decisions and thinking time added, so a ladder resumes like any run.

Ratings are OpenSkill's Plackett-Luce model, updated game by game in seed order (so
the same games always give the same ratings). A game ranks the bots at its table by
their seats' places as the rows give them (winners first, then by score; ties share a
place); a bot seated more than once is ranked by the mean of its seats' places.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from soan.engine.core import options_to_dict
from soan.engine.registry import get_game
from soan.lab.report.metrics import Z95, Estimate, proportion
from soan.lab.run.runner import LabError, Row, RunSpec, ladder_blocks, ladder_lineup
from soan.lab.run.simulation import Run, _provenance, default_players
from soan.table import HUMAN, TableSetup, parse_option_args

DEFAULT_GAMES = 200
GAMES_FILE = "games.parquet"
ORDINAL_Z = 3.0  # the conservative rating: mu - 3 sigma


@dataclass(frozen=True)
class Standing:
    """One bot's rating and record over the ladder."""

    bot: str
    mu: float
    sigma: float
    games: int  # games the bot sat in
    seat_games: int  # seats it filled (more than its games where bots repeat)
    win_rate: Estimate  # mean win share per seat-game, Wilson interval
    mean_place: float  # mean of its seats' places (1 = best)
    decisions: int
    think_s: float  # seconds spent choosing, over all its decisions

    @property
    def ordinal(self) -> float:
        """The conservative rating: mu - 3 sigma (the bot is at least this good, very
        likely)."""
        return self.mu - ORDINAL_Z * self.sigma

    @property
    def interval(self) -> Estimate:
        """mu with its 95% interval, mu +- 1.96 sigma."""
        return Estimate(self.mu, self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    @property
    def per_decision(self) -> float:
        """Mean seconds of thinking per decision."""
        return self.think_s / self.decisions if self.decisions else 0.0


def parse_pool(bots: str) -> list[str]:
    """The distinct bots of `--bots`, in the order named."""
    pool = [b.strip() for b in bots.split(",") if b.strip()]
    if HUMAN in pool:
        raise LabError("the ladder plays bots only; people play with `soan play`")
    repeated = sorted({b for b in pool if pool.count(b) > 1})
    if repeated:
        raise LabError(f"--bots names {', '.join(repeated)} more than once; name each bot once "
                       f"(with fewer bots than seats they repeat at the table)")
    if len(pool) < 2:
        raise LabError(f"--bots names {len(pool)} bot; a ladder rates at least 2 bots, such as "
                       f"--bots random,heuristic")
    return pool


def build_ladder(game_id: str, players: int | None, bots: str, variant: str,
                 option_args: list[str], seed: int, content_path: Path | None) -> Run:
    """Check a ladder's settings (as `soan play` does every bot) and fix its games."""
    game = get_game(game_id)
    pool = parse_pool(bots)
    if players is not None and not game.min_seats <= players <= game.max_seats:
        raise LabError(f"--players {players}: {game.title} is for {game.min_seats} to "
                       f"{game.max_seats} players")
    n = players or default_players(game)
    overrides = parse_option_args(game, option_args)
    first = ladder_lineup(pool, n, 0)
    setup = TableSetup.build(game_id, first, seed, variant, overrides, content_path)
    for bot in pool:
        if bot not in first:  # refuse a bad spec before any game
            TableSetup.build(game_id, [bot] * n, seed, variant, overrides, content_path)
    spec = RunSpec(
        game_id=game.id,
        variant=variant,
        options_json=json.dumps(options_to_dict(setup.options), sort_keys=True),
        content_path=str(content_path.resolve()) if content_path else None,
        players=n,
        bots=tuple(pool),
        seed=seed,
        schedule="ladder",
        timing=True,
    )
    provenance = {**_provenance(game, setup, spec, content_path), "schedule": "ladder"}
    return Run(spec, setup.content_hash, provenance)


def balanced_games(pool: int, seats: int) -> int:
    """The games after which every line-up has been played in every rotation: a ladder of
    a multiple of this many games is exactly balanced."""
    return len(ladder_blocks(pool, seats)) * seats


def game_places(rows: Sequence[Row]) -> dict[str, int]:
    """The place (1 = best, ties shared) of each bot at one game's table: by its seat's
    place, or the mean of its seats' places when it sat more than once."""
    places: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        places[row["bot"]].append(row["rank"])
    means = {bot: sum(p) / len(p) for bot, p in places.items()}
    return {bot: 1 + sum(other < mean for other in means.values())
            for bot, mean in means.items()}


def rate(rows: Sequence[Row], pool: Sequence[str]) -> list[Standing]:
    """Every bot's standing from the ladder's rows, games taken in seed order; sorted
    by the conservative rating, best first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in pool}
    games: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        games[row["game_index"]].append(row)
    played: dict[str, int] = defaultdict(int)
    for index in sorted(games):
        seats = sorted(games[index], key=lambda r: r["seat"])
        places = game_places(seats)
        unknown = set(places) - set(ratings)
        if unknown:
            raise LabError(f"game {index} seats {', '.join(sorted(unknown))}, not in the "
                           f"ladder's bots")
        bots = list(places)
        new = model.rate([[ratings[b]] for b in bots], ranks=[places[b] for b in bots])
        for bot, team in zip(bots, new, strict=True):
            ratings[bot] = team[0]
            played[bot] += 1
    by_bot: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_bot[row["bot"]].append(row)
    standings = []
    for bot in pool:
        seats = by_bot.get(bot, [])
        standings.append(Standing(
            bot=bot, mu=ratings[bot].mu, sigma=ratings[bot].sigma, games=played[bot],
            seat_games=len(seats),
            win_rate=proportion(sum(r["win_share"] for r in seats), len(seats)),
            mean_place=sum(r["rank"] for r in seats) / len(seats) if seats else 0.0,
            decisions=sum(r.get("decisions") or 0 for r in seats),
            think_s=sum(r.get("think_s") or 0.0 for r in seats),
        ))
    return sorted(standings, key=lambda s: (-s.ordinal, s.bot))


def read_rows(path: Path, games: int) -> list[Row]:
    """The rows of games 0..games-1 of a ladder's results file."""
    import pyarrow.parquet as pq

    return [r for r in pq.read_table(path).to_pylist() if r["game_index"] < games]
