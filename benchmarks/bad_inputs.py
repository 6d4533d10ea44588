"""How the real `soan` command takes bad input.

Runs every case of the corpus in `tests/cli/corpus.py` (content files, records, seat
specs and bot files, rule numbers, command arguments) through the installed `soan`
command, each in a fresh empty folder, and counts the outcomes:

  clear      exit code 2 and an error naming what is wrong (the case's words)
  vague      refused, but without naming it (or with another exit code)
  traceback  a Python traceback
  hang       still running after --timeout seconds (killed)
  accepted   exit code 0: the bad input was taken silently
  leftover   files left behind that were not there before (counted apart)
  lost       a record that should have been kept was not (counted apart)

    python benchmarks/bad_inputs.py              # the counts
    python benchmarks/bad_inputs.py --show vague # and the cases of one outcome
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.cli.corpus import OUTCOMES, Case, Outcome, all_cases, judge, materialize


def run(case: Case, timeout: float) -> tuple[Outcome, str]:
    folder = Path(tempfile.mkdtemp(prefix="soan-bad-"))
    try:
        before = materialize(case, folder)
        soan = shutil.which("soan") or "soan"
        process = subprocess.Popen(
            ["nice", "-n", "10", soan, *case.args], cwd=folder, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            out, _ = process.communicate(case.stdin.encode(), timeout=timeout)
            code: int | None = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, _ = process.communicate()
            code = None
        text = out.decode("utf-8", "replace")
        return judge(case, code, text, False, before, folder), text
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", default="", help="run only cases whose id starts so")
    parser.add_argument("--show", default="", help="print the cases of this outcome")
    args = parser.parse_args()
    cases = [c for c in all_cases() if c.id.startswith(args.only)]
    start = time.perf_counter()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda c: run(c, args.timeout), cases))
    counts = Counter(outcome.kind for outcome, _ in results)
    leftover = sum(1 for outcome, _ in results if outcome.leftover)
    lost = sum(1 for outcome, _ in results if outcome.lost)
    for case, (outcome, text) in zip(cases, results, strict=True):
        if args.show and (args.show in ("all", outcome.kind) or (args.show == "leftover"
                                                        and outcome.leftover)):
            tail = " | ".join(text.strip().splitlines()[-3:])[:300]
            print(f"{case.id}: {outcome.kind} {outcome.leftover or ''} {tail}")
    print(f"{len(cases)} bad inputs through `soan` in {time.perf_counter() - start:.0f} s")
    print(" ".join(f"{kind} {counts[kind]}" for kind in OUTCOMES)
          + f" | leftover {leftover} | lost {lost}")
    by_group = Counter()
    for case, (outcome, _) in zip(cases, results, strict=True):
        by_group[(case.id.split("/")[0], outcome.kind)] += 1
    for group in sorted({g for g, _ in by_group}):
        print(f"  {group:<8} " + " ".join(f"{k} {by_group[(group, k)]}" for k in OUTCOMES
                                          if by_group[(group, k)]))


if __name__ == "__main__":
    main()
