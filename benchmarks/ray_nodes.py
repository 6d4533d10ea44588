"""How much a second Ray node speeds up a study: one node of one CPU against two.

Both nodes run on this machine (`ray.cluster_utils.Cluster`), one CPU each, so two
nodes are the best case of two machines with no network between them; the figure says
what the chunking and scheduling cost. The same seeded `soan simulate` runs on a
one-node cluster and on a two-node one, and the rows are checked to be the same.

    python benchmarks/ray_nodes.py [--game undecim] [--games 120] [--bots heuristic]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow.parquet as pq
from ray.cluster_utils import Cluster


def timed_study(nodes: int, args: argparse.Namespace, out: Path) -> float:
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        for _ in range(nodes - 1):
            cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        start = time.perf_counter()
        subprocess.run(
            [str(Path(sys.executable).with_name("soan")), "simulate", args.game, "--players",
             str(args.players), "--bots", args.bots, "--games", str(args.games), "--seed", "1",
             "--backend", "ray", "--jobs", str(nodes), "--address", cluster.address,
             "--out", str(out)], check=True, capture_output=True)
        return time.perf_counter() - start
    finally:
        cluster.shutdown()


def rows(path: Path) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "duration_s"} for r in pq.read_table(path)
            .to_pylist()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="undecim")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        one, two = Path(folder, "one.parquet"), Path(folder, "two.parquet")
        t1 = timed_study(1, args, one)
        t2 = timed_study(2, args, two)
        same = rows(one) == rows(two)
    print(f"{args.games} games of {args.game}, {args.players} seats, {args.bots}: "
          f"one node {t1:.1f} s, two nodes {t2:.1f} s, speed-up {t1 / t2:.2f}x; "
          f"rows identical: {same}")


if __name__ == "__main__":
    main()
