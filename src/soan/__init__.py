"""soan (草案, "draft"): a playtest lab for tabletop game drafts."""

import os
import sys

# One BLAS thread a process, set before NumPy loads (an explicit setting is kept): a
# learned model multiplies a few rows at a time, so a second thread only waits on the
# first, and beside the lab's game processes (one a core) it made a learned decision
# 2-6 times dearer (benchmarks/results/learn.md, "One BLAS thread").
_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
_told = any(name in os.environ for name in _THREADS)
for _threads in _THREADS:
    os.environ.setdefault(_threads, "1")
if "numpy" in sys.modules and not _told:  # a script loaded NumPy first: limit it now
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")
