"""The heuristic bot: greedy one-step lookahead on the game's own evaluation.

Each legal action is tried on a copy and the result scored as the mover's
value minus the best other seat's value: in two-seat games that is the lead,
with more seats it is the gap to the strongest rival (a seat far ahead of
everyone is not chased by the others' private fights). Ties go to the bot's
own generator, so a seeded bot is reproducible.
"""

from __future__ import annotations

from typing import NamedTuple

from soan.engine.core import Action, State
from soan.engine.rng import Rng


def lead(values: list[float], seat: int) -> float:
    """`seat`'s value minus the best other seat's value."""
    others = list(values)
    del others[seat]
    return values[seat] - max(others)


def worth_trying(state: State) -> list[Action]:
    """The legal actions that do something (`no_effect` false), or all of them when
    none does: a wasted turn is never chosen over one that changes the position."""
    legal = state.legal()
    useful = [action for action in legal if not state.no_effect(action)]
    return useful or list(legal)


class Outcome(NamedTuple):
    """An action tried on a copy: the mover's lead after it, the position it leads to,
    and that position's evaluation (kept so a reader of more than the lead, such as the
    learned value's features, does not evaluate the position again)."""

    lead: float
    action: Action
    after: State
    values: list[float]


def outcomes(state: State, actions: list[Action] | None = None) -> list[Outcome]:
    """Each action (by default those worth trying) tried on a copy of `state`."""
    seat = state.mover
    judge = state.game.evaluator.evaluate
    out = []
    for action in worth_trying(state) if actions is None else actions:
        after = state.copy()
        after.play(action)
        values = judge(after)
        out.append(Outcome(lead(values, seat), action, after, values))
    return out


def greedy_action(state: State, rng: Rng) -> Action:
    """The legal action whose result leads by most, ties broken by `rng`.

    Uses the state as it is: rollouts call this on a determinization."""
    useful = worth_trying(state)
    if len(useful) == 1:
        return useful[0]
    return best_lead(outcomes(state, useful), rng)


def best_lead(scored: list[Outcome], rng: Rng) -> Action:
    """The action of the outcome that leads by most, ties broken by `rng`."""
    top = max(o.lead for o in scored)
    best = [o.action for o in scored if o.lead == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def ranked_outcomes(state: State, rng: Rng) -> list[Outcome]:
    """The actions worth trying, tried, best lead first, ties in an order drawn from
    `rng`."""
    scored = [(-o.lead, rng.below(1 << 30), o) for o in outcomes(state)]
    scored.sort(key=lambda item: item[:2])
    return [o for _, _, o in scored]


TURN_STEPS = 12  # the most choices a move is played on by to reach the end of the turn


def finish_turn(tried: Outcome, seat: int, rng: Rng) -> Outcome:
    """`tried` played on by the heuristic (ties by `rng`) to the end of `seat`'s turn,
    at most `TURN_STEPS` choices: the position the turn leaves, evaluated. A turn is
    often several choices in a row (an area, an action, each worker), and a position
    halfway through one is judged on what the turn will likely make of it."""
    after = tried.after
    if after.over or after.to_move != seat:
        return tried
    after = after.copy()
    for _ in range(TURN_STEPS):
        after.play(greedy_action(after, rng))
        if after.over or after.to_move != seat:
            break
    values = after.game.evaluator.evaluate(after)
    return Outcome(lead(values, seat), tried.action, after, values)


def turn_end_bot(state: State, rng: Rng) -> Action:
    """`heuristic:turn=on`: like `heuristic_bot`, each move's lead read at the end of the
    mover's turn (`finish_turn`), ties by `rng`."""
    if len(state.legal()) == 1:
        return state.legal()[0]
    det = state.redeal(state.mover, rng)
    return best_lead([finish_turn(o, det.mover, rng) for o in outcomes(det)], rng)


def heuristic_bot(state: State, rng: Rng) -> Action:
    """Greedy lookahead on a fresh determinization dealt from the bot's own generator,
    so the choice depends only on what the seat may know, never on the deal it was handed."""
    if len(state.legal()) == 1:
        return state.legal()[0]
    return greedy_action(state.redeal(state.mover, rng), rng)
