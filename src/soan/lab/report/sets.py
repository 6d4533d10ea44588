"""Results files into sets: games pooled only when everything that decides them agrees.

A set is every game of one game, table size, variant and rule numbers, content,
bot line-up and soan version. Files of the same set are pooled (their games must
be different games: different seeds); anything that differs makes another set.
Sets of one game and table size form a group; each set in a group is named by
what differs from the others, and the rules as written (the default variant, no
rule number changed, the shipped content) is the reference the others are
compared with. The words that name a set are the words step's (`words.set_labels`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from soan.engine.core import SoanError
from soan.engine.glossary import content_names
from soan.engine.registry import get_game
from soan.lab.report.metrics import GameOutcome
from soan.lab.run.results import ResultsFile
from soan.lab.run.runner import LabError, Row


def canonical_lineup(bots: Sequence[str]) -> tuple[str, ...]:
    """The line-up up to rotation: games rotate the bots, so (a, b) and (b, a) are one."""
    rotations = [tuple(bots[i:]) + tuple(bots[:i]) for i in range(len(bots))]
    return min(rotations)


@dataclass(frozen=True)
class SetKey:
    """Everything that decides a set's games, bar the seed."""

    game: str
    players: int
    variant: str
    options: str  # sorted JSON
    content_hash: str
    lineup: tuple[str, ...]
    soan_version: str
    models: tuple[str, ...] = ()  # the model files the bots read: other numbers, other players


def set_key(results: ResultsFile) -> SetKey:
    identity = results.identity
    return SetKey(
        identity["game"], identity["players"], identity["variant"],
        json.dumps(identity["options"], sort_keys=True), identity["content_hash"],
        canonical_lineup(identity["bots"]), identity["soan_version"],
        tuple(identity.get("models") or ()),
    )


@dataclass
class ResultSet:
    """The games of one set, with what the page says of where they came from."""

    key: SetKey
    files: list[ResultsFile]
    rows: list[Row]
    games: list[GameOutcome]  # in order of seed

    @property
    def provenance(self) -> dict[str, Any]:
        return self.files[0].provenance

    @property
    def title(self) -> str:
        return self.provenance["title"]

    @property
    def models(self) -> list[str]:
        """The model files its bots read, each once over all its files (none for
        hand-written bots, and in files written before soan kept them)."""
        return list(dict.fromkeys(m for f in self.files for m in f.provenance.get("models", [])))

    @property
    def players(self) -> int:
        return self.key.players

    @property
    def seeds(self) -> list[int]:
        return [g.seed for g in self.games]

    @property
    def content_shipped(self) -> bool:
        return bool(self.provenance["content"].get("shipped"))

    @property
    def names(self) -> dict[str, str]:
        """The content's names as written -> their English glosses: as the results file
        holds them, else (a file from before they were kept) from the content file, or
        the shipped content's glosses of the names the two share."""
        given = self.provenance["content"].get("names")
        if isinstance(given, dict):
            return {k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, str)}
        try:
            game = get_game(self.key.game)
            path = self.provenance["content"].get("path")
            if not self.content_shipped and isinstance(path, str) and Path(path).is_file():
                content = game.load_content(path)
                if game.content_hash(content) == self.key.content_hash:
                    return content_names(content)
            return content_names(game.load_content())
        except SoanError:
            return {}

    @property
    def as_written(self) -> bool:
        """The rules as written: default variant, no rule number changed, shipped content."""
        return (self.key.variant == "default" and not self.provenance["options_changed"]
                and self.content_shipped)

    @property
    def usage_keys(self) -> list[str]:
        return list(self.provenance["usage_keys"])


@dataclass
class Group:
    """The sets of one game and table size, and the reference they are compared with."""

    title: str  # the game's title in English, as the results files hold it
    game: str
    players: int
    sets: list[ResultSet]

    @property
    def anchor(self) -> str:
        return f"{self.game}-{self.players}"


def outcomes(rows: list[Row]) -> list[GameOutcome]:
    """One outcome per game, in order of seed."""
    by_game: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        by_game[row["seed"]].append(row)
    games = []
    for seed in sorted(by_game):
        seats = sorted(by_game[seed], key=lambda r: r["seat"])
        first = next(r["seat"] - 1 for r in seats if r["position"] == 1)
        head = seats[0]
        games.append(GameOutcome(
            tuple(r["win_share"] for r in seats), any(r["won"] for r in seats),
            head["completed"], head["turns"], head["actions"], first, seed,
        ))
    return games


def _pool(files: list[ResultsFile], key: SetKey) -> ResultSet:
    """One set from files of the same settings; the same game twice is refused."""
    owner: dict[int, ResultsFile] = {}
    rows: list[Row] = []
    for results in files:
        seeds = {row["seed"] for row in results.rows}
        for seed in sorted(seeds):
            if seed in owner:
                raise LabError(
                    f"{owner[seed].path} and {results.path} both hold the game with seed "
                    f"{seed}, played with the same settings: they repeat each other's "
                    f"games; report one of them, or simulate with another --seed"
                )
            owner[seed] = results
        rows.extend(results.rows)
    return ResultSet(key, files, rows, outcomes(rows))


def group_sets(files: list[ResultsFile]) -> list[Group]:
    """Pool files into sets, sets into groups (game and table size), and put each group's
    rules-as-written set first."""
    by_key: dict[SetKey, list[ResultsFile]] = defaultdict(list)
    for results in files:
        by_key[set_key(results)].append(results)
    groups: dict[tuple[str, int], Group] = {}
    for key, pooled in by_key.items():
        result_set = _pool(pooled, key)
        group = groups.setdefault(
            (key.game, key.players), Group(result_set.title, key.game, key.players, [])
        )
        group.sets.append(result_set)
    for group in groups.values():
        group.sets.sort(key=lambda s: not s.as_written)  # stable: file order otherwise
    return list(groups.values())
