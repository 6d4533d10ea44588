"""soan keeps NumPy to one BLAS thread a process unless told otherwise (soan/__init__.py):
a learned model's small products only wait on a second thread."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = ("import {first}, json, threadpoolctl; "
         "print(json.dumps([p['num_threads'] for p in threadpoolctl.threadpool_info() "
         "if p['user_api'] == 'blas']))")


def blas_threads(first: str = "soan, numpy", **env: str) -> list[int]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    out = subprocess.run([sys.executable, "-c", PROBE.format(first=first)],
                         env={**clean, **env}, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_one_blas_thread_unless_the_environment_says_otherwise():
    assert blas_threads() and set(blas_threads()) == {1}
    assert set(blas_threads(OPENBLAS_NUM_THREADS="2")) == {2}


def test_one_blas_thread_when_numpy_was_loaded_first():
    """A script (a benchmark, a researcher's notebook) that imports NumPy before soan."""
    assert set(blas_threads("numpy, soan")) == {1}
    assert set(blas_threads("numpy, soan", OPENBLAS_NUM_THREADS="2")) == {2}
