"""A scripted City Plan bot: always build power plants first.

Play against it from the repository root:
    soan play cityplan --seats human,examples/power_first.py:power_first
"""

from soan.engine.core import Action, State
from soan.engine.rng import Rng


def power_first(state: State, rng: Rng) -> Action:
    """Build a power plant if one can be built, else any building, else pick at random."""
    legal = state.legal()
    builds = [a for a in legal if a[0] == "build"]
    plants = [a for a in builds if state.cards.is_plant[a[1]]]
    return (plants or builds or [rng.choice(legal)])[0]
