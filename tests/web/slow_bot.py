"""A bot that never answers in time, to stop (tests/web/test_limits.py)."""

from __future__ import annotations

import time


class Sleeper:
    def __call__(self, state, rng):
        time.sleep(60)
        return state.legal()[0]
