"""A study on a two-node Ray cluster (both nodes on this machine), run as its own process.

Ray allows one cluster per process, and the test session already runs a local Ray:
so `test_ray_nodes.py` runs this script, which starts a head and a worker node of one
CPU each (`ray.cluster_utils.Cluster`), plays the same seeded games three ways with
`soan simulate` (one local process; the cluster; the cluster with the worker node
killed once the first chunk is saved) and prints what it saw as JSON.

    python tests/lab/two_ray_nodes.py OUT_DIR
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
from ray.cluster_utils import Cluster

GAME = ["undecim", "--players", "3", "--bots", "heuristic", "--games", "18", "--seed", "3"]
WAIT = 240.0  # seconds for any one step: a stuck cluster fails the test, never hangs it


def simulate(out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [str(Path(sys.executable).with_name("soan")), "simulate", *GAME, "--out", str(out), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(process: subprocess.Popen) -> None:
    output, _ = process.communicate(timeout=WAIT)
    if process.returncode:
        raise SystemExit(f"soan simulate failed ({process.returncode}):\n{output}")


def rows(path: Path) -> list[dict]:
    """The rows without wall-clock time, the only column that differs between runs."""
    return [{k: v for k, v in row.items() if k != "duration_s"}
            for row in pq.read_table(path).to_pylist()]


def main() -> None:
    out = Path(sys.argv[1])
    alone = out / "alone.parquet"
    finish(simulate(alone, "--jobs", "1"))
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        worker = cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        on_ray = ["--backend", "ray", "--jobs", "2", "--address", cluster.address]
        spread = out / "spread.parquet"
        finish(simulate(spread, *on_ray))
        killed = out / "killed.parquet"
        process = simulate(killed, *on_ray)
        parts = killed.with_name(killed.name + ".parts")
        start = time.monotonic()
        while not list(parts.glob("games-*.parquet")):
            if process.poll() is not None or time.monotonic() - start > WAIT:
                raise SystemExit("the study ended or stalled before its first chunk")
            time.sleep(0.05)
        saved_before_kill = len(list(parts.glob("games-*.parquet")))
        cluster.remove_node(worker, allow_graceful=False)
        finish(process)
    finally:
        cluster.shutdown()
    print(json.dumps({
        "games": len({row["game_index"] for row in rows(alone)}),
        "chunks_saved_before_kill": saved_before_kill,
        "spread_is_alone": rows(spread) == rows(alone),
        "killed_is_alone": rows(killed) == rows(alone),
    }))


if __name__ == "__main__":
    main()
