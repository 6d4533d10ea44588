"""When a seat may take back its last choice.

Board Game Arena's policy, made into a rule every game gets without writing
anything: a seat may undo the action that moved the game from `before` to
`after` when

1. the action is the table's last and that seat played it (so an undo never
   crosses another player's choice: once anyone else has chosen, it is too late);
2. no chance was drawn: the state's generator is where it was before;
3. nothing hidden was revealed to the seat: re-deal everything the seat cannot
   see (`before.redeal(seat, ...)`) several times, play the same action in each
   deal, and the seat's view afterwards is the same every time. An action that
   draws a card from a shuffled deck or uncovers other seats' secret picks gives
   a view that depends on the deal, so it cannot be taken back;
4. the game is not over (the end reveals the seed and the scores).

A seat may undo again while each earlier action of its own passes the same test.
With `REDEALS` deals, a reveal is missed only if every deal happens to match the
real one: for a card from a deck of n, (1/n)^16; for one other seat's pick of
three action cards, (1/3)^16, about one in 43 million.
"""

from __future__ import annotations

from soan.engine.core import Action, IllegalAction, State
from soan.engine.rng import Rng

REDEALS = 16


def undoable(before: State, action: Action, after: State, seat: int, rng: Rng) -> bool:
    """Whether `seat` may take back `action`, which took `before` to `after`."""
    if before.to_move != seat or after.over:
        return False
    if after.rng.state != before.rng.state:
        return False
    seen = after.view(seat)
    for _ in range(REDEALS):
        deal = before.redeal(seat, rng.spawn())
        try:
            deal.play(action)
        except IllegalAction:
            return False
        if deal.view(seat) != seen:
            return False
    return True
