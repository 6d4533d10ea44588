"""A study spread over two Ray nodes gives exactly the rows of one process, and killing
a node mid-study loses no finished game: the rest completes on the other node."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("two_ray_nodes.py")


def test_two_nodes_give_one_process_rows_even_when_one_dies(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["games"] == 18
    assert seen["spread_is_alone"], "the rows from two nodes differ from one process's"
    assert seen["chunks_saved_before_kill"] >= 1  # the node died mid-study
    assert seen["killed_is_alone"], "a killed node lost or changed games"
