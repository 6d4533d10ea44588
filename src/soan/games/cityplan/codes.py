"""The small codes the City Plan rules use: phases, action cards, a usage key.

Rules, view, scoring, presentation and evaluation all read these, so they live
apart from the state that imports the rest.
"""

from __future__ import annotations

PICK, EXCHANGE, BUILD, PAY, LIMIT, OVER = range(6)
PHASE_NAMES = ("action", "exchange", "build", "pay", "hand limit", "over")
ACTION_CARDS = {1: "Income", 2: "Exchange", 3: "Parliament"}
LOTTERY_DECIDED = "lottery:decided"
