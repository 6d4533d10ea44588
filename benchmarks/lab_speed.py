"""How fast the lab answers: a whole study, and how well two processes share the work.

Targets on a 2-core machine: `soan study cityplan --games 2000` (heuristic bots,
every variant) within 2 minutes, and two jobs at least 1.8 times as fast as one.

    python benchmarks/lab_speed.py [--games 2000] [--scaling-games 1000] [--bots heuristic]
                                   [--repeats 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STUDY_TARGET_S = 120.0
SCALING_TARGET = 1.8


def soan(*args: object) -> tuple[float, float]:
    """Run the `soan` command in a fresh process; return its wall-clock seconds and the
    cores it got (CPU seconds of it and its workers over wall seconds): under 2 means
    other work on the machine took the rest."""
    command = [sys.executable, "-c", "from soan.cli import app; app()", *map(str, args)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, cpu / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per study run")
    parser.add_argument("--scaling-games", type=int, default=1000, help="games per scaling run")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--repeats", type=int, default=2,
                        help="scaling runs per job count; the fastest counts, as in timeit")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        study, study_cores = soan("study", "cityplan", "--games", args.games,
                                  "--bots", args.bots, "--out", work / "study")
        runs = len(list((work / "study").glob("*.parquet")))
        timings = {1: (float("inf"), 0.0), 2: (float("inf"), 0.0)}
        for repeat in range(args.repeats):
            for jobs in timings:
                out = work / f"jobs{jobs}-{repeat}.parquet"
                timings[jobs] = min(timings[jobs], soan(
                    "simulate", "cityplan", "--games", args.scaling_games, "--bots", args.bots,
                    "--jobs", jobs, "--out", out,
                ))

    total = args.games * runs
    print(f"cores {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} at the end "
          f"(other work on the machine slows both figures)")
    speedup = timings[1][0] / timings[2][0]
    print(f"study cityplan --games {args.games} --bots {args.bots}: {runs} runs, {total} games "
          f"in {study:.1f} s ({total / study:.0f} games/s, report included, "
          f"{study_cores:.2f} cores used); "
          f"target {STUDY_TARGET_S:.0f} s: {'met' if study <= STUDY_TARGET_S else 'missed'}")
    for jobs, (seconds, cores) in timings.items():
        print(f"simulate {args.scaling_games} games, --jobs {jobs}: {seconds:.1f} s, best of "
              f"{args.repeats} ({args.scaling_games / seconds:.1f} games/s, "
              f"{cores:.2f} cores used)")
    print(f"two jobs vs one: {speedup:.2f}x; target {SCALING_TARGET}x: "
          f"{'met' if speedup >= SCALING_TARGET else 'missed'}")


if __name__ == "__main__":
    main()
