"""Everything a person or a bot sees, written to a folder, so two versions of soan can
be compared byte for byte after a change that must not change behaviour.

    python benchmarks/behaviour_snapshot.py /tmp/before      # on the old commit
    python benchmarks/behaviour_snapshot.py /tmp/after       # on the new one
    diff -r /tmp/before /tmp/after && echo identical

For every game, variant and the smallest and largest table it plays seeded games with
heuristic, random and ISMCTS bots through the `soan` command (their terminal output and
records), replays each record step by step (the board as a spectator sees it after
every action), plays a human seat that always takes the first choice (the screens and
choice labels), and runs a small simulation with its report (every row but its wall-clock time, and
the page). Only the command line is used, so the script runs unchanged on
both sides of a refactor; the folder's own path, dates and speeds are masked.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import duckdb

from soan.engine.registry import all_games

ENV = {**os.environ, "COLUMNS": "110", "NO_COLOR": "1", "TERM": "dumb"}
# What differs between two runs of the same code: dates, speeds and times per game
MASKS = [
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)?"), "<date>"),
    (re.compile(r"[\d.]+ games/s [\d:]+"), "<speed>"),
    (re.compile(r"(<td>Time per game</td><td>)[\d.]+ ms"), r"\1<time> ms"),
]


def soan(*args: str, stdin: str = "") -> str:
    done = subprocess.run([str(Path(sys.executable).parent / "soan"), *args], input=stdin, env=ENV,
                          capture_output=True, text=True, timeout=1800, check=False)
    return f"exit {done.returncode}\n{done.stdout}\n--- stderr\n{done.stderr}"


def jobs(out: Path) -> list[tuple[Path, list[str], str]]:
    """(output file, soan arguments, stdin) for every command of the snapshot."""
    todo = []
    for game in all_games():
        for variant in game.variants:
            for seats in sorted({game.min_seats, game.max_seats}):
                bots = ["heuristic", "random", "ismcts:iters=15", "heuristic", "random"][:seats]
                name = f"{game.id}-{variant}-{seats}"
                record = out / "records" / f"{name}.json"
                todo.append((out / "play" / f"{name}.txt",
                             ["play", game.id, "--variant", variant, "-n", str(seats), "--seats",
                              ",".join(bots), "--seed", "7", "--record", str(record)], ""))
        seats = game.min_seats
        human = ",".join(["human"] + ["heuristic"] * (seats - 1))
        todo.append((out / "human" / f"{game.id}.txt",
                     ["play", game.id, "-n", str(seats), "--seats", human, "--seed", "11"],
                     "1\n" * 3000))
    return todo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder to write (must not exist)")
    out = parser.parse_args().out
    for sub in ("play", "records", "human", "replay", "lab"):
        (out / sub).mkdir(parents=True)

    def run(job: tuple[Path, list[str], str]) -> None:
        path, args, stdin = job
        path.write_text(soan(*args, stdin=stdin), encoding="utf-8")

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(run, jobs(out)))
        replays = [(out / "replay" / (r.stem + ".txt"), ["replay", str(r), "--step"], "\n" * 60000)
                   for r in sorted((out / "records").glob("*.json"))]
        list(pool.map(run, replays))
    for game in all_games():
        rows = out / "lab" / f"{game.id}.parquet"
        bots = "heuristic,random"
        (out / "lab" / f"{game.id}-simulate.txt").write_text(
            soan("simulate", game.id, "-n", "4", "--games", "24", "--bots", bots, "--seed", "3",
                 "--jobs", "2", "--out", str(rows)), encoding="utf-8")
        table = duckdb.sql(f"select * exclude (duration_s) from '{rows}' order by all")
        (out / "lab" / f"{game.id}-rows.txt").write_text(
            "\n".join(map(repr, [table.columns, *table.fetchall()])), encoding="utf-8")
        soan("report", str(rows), "--out", str(out / "lab" / f"{game.id}.html"))
        rows.unlink()  # Parquet metadata may differ while the rows are the same
    for path in out.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8").replace(str(out), "OUT")
            for pattern, mask in MASKS:
                text = pattern.sub(mask, text)
            path.write_text(text, encoding="utf-8")
    print(f"snapshot written to {out}")


if __name__ == "__main__":
    main()
