"""Information-set Monte Carlo tree search (single observer, multi-player returns).

Every iteration deals a fresh determinization from the bot's own generator
(`state.redeal(seat, rng)`), so the search sees only what its seat may know.
The tree is keyed by action: a node's children are the actions tried there in
any determinization, and UCT selects only among the actions legal in the
current one, using availability counts (how often a child could have been
chosen) in place of the parent's visits. Each node keeps the summed reward
vector; the seat to move maximises its own component.

Progressive widening (Chaslot et al., 2008) keeps the budget on plausible
moves: a node visited n times chooses only among the heuristic's best
1 + widen * sqrt(n) actions, ranked by one-step lookahead when the node is
first reached. Without it, a turn made of several choices in a row (an area,
then an action, then each worker) spreads a small budget so thin that a
subtree's average says more about its bad branches than its best one.

`eval=learned` scores positions with the value learned for the rule set
(`soan train`): a leaf is read at once, with no playout (`rollout=none` by
default), as each seat's expected win share; and the learned bot's judgement is
the prior: at a node, the heuristic's best few actions come first in the order the
learned value puts them, so widening opens the move the model prefers first.
Without a model for the rule set the bot refuses, as `learned` does.

A turn is often several choices in a row by one seat (an area, an action, each
worker). The search for the next choice starts from the subtree under the move just
chosen, its visits counted toward the budget, when the seat's view of the new
position is the one that move foretold (a drawn card makes it differ, and the tree
is dropped): the later choices of a turn cost a fraction of the first. The kept tree
belongs to the bot object, which the lab makes fresh for every game, so a seeded
game still replays exactly.

`workers=N` (root parallelism, `soan.bots.root_parallel`) splits a decision's
iterations over N independent searches in a pool of processes the bot keeps for its
life, each from a re-deal of its own, and adds up their root children's visits and
reward sums before choosing. The merged root has no subtrees, so there is no tree
reuse with N > 1; `workers=1` is the search above, in this process.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from soan.bots.heuristic import greedy_action, ranked_outcomes
from soan.bots.learned import TOP, LearnedBot
from soan.bots.root_parallel import SearchPool, Share, check_workers, split
from soan.engine.core import Action, State
from soan.engine.rng import Rng
from soan.learn.model import Learned

ROLLOUTS = ("random", "heuristic", "none")
EVALS = ("heuristic", "learned")


class Node:
    """Visits, availability and summed rewards of the action that leads here."""

    __slots__ = ("avail", "children", "rank", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.totals = [0.0] * seats
        self.visits = 0
        self.avail = 1
        self.rank: dict[Action, int] | None = None  # the prior's order, for widening


def rewards(state: State, scale: float) -> list[float]:
    """Each seat's reward in [0, 1]. At a real end, its win share (1/k to each of k
    winners, 1/seats each on a draw). Earlier, a logistic of its lead by `evaluate()`
    over the best other seat: 1/2 when level, about 0.73 when ahead by `scale`.
    A lead keeps its weight in lopsided positions, where a rank would be the same
    for every move and leave the search nothing to choose by."""
    seats = state.seats
    if state.over:
        winners = state.winners() or range(seats)
        share = 1.0 / len(winners)
        out = [0.0] * seats
        for s in winners:
            out[s] = share
        return out
    values = state.game.evaluator.evaluate(state)
    out = []
    for s, own in enumerate(values):
        rival = max(v for t, v in enumerate(values) if t != s)
        out.append(1.0 / (1.0 + math.exp(min((rival - own) / scale, 500.0))))
    return out


@contextmanager
def cycles_uncollected() -> Iterator[None]:
    """Python's cycle collector paused for a search: a search keeps every node it makes
    and copies thousands of states, so the collector would run thousands of times a
    game (about 6% of a Quo Vadis game of 100-iteration searches) to find a few dozen
    cycles, which it frees once the search is over. Reference counting frees the rest as before."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Ismcts:
    """The bot. Budget: `iters` iterations a move, or `time` seconds when given.
    `rollout` is the playout policy (default: random, none with the learned value),
    `depth` caps a playout's actions (0: play to the end), `c` is the UCT
    exploration constant, `scale` the lead in evaluation points that rewards a
    capped playout about 0.73, `widen` the rate of progressive widening (0: every
    legal action from the first visit), `eval` what scores a position where the
    playout stops (`heuristic`: the game's evaluation; `learned`: the model trained
    for the rule set), `models` the model cache folder for `eval=learned`,
    `reuse` whether a seat's next decision of the same turn starts from the subtree
    of the move it chose (only with one worker), and `workers` the processes a
    decision is searched with (1: this one; `close()` ends the others)."""

    def __init__(
        self,
        iters: int = 1000,
        time: float = 0.0,
        rollout: str = "",
        depth: int = 20,
        c: float = 0.7,
        scale: float = 10.0,
        widen: float = 0.25,
        eval: str = "heuristic",  # the spec says ismcts:eval=learned
        models: str = "",
        reuse: bool = True,
        workers: int = 1,
    ) -> None:
        if eval not in EVALS:
            raise ValueError(f"eval must be one of {', '.join(EVALS)}, not {eval!r}")
        rollout = rollout or ("none" if eval == "learned" else "random")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if iters < 1 or time < 0 or depth < 0 or c < 0 or scale <= 0 or widen < 0:
            raise ValueError(
                "iters must be at least 1, scale above 0, and time, depth, c and widen at least 0"
            )
        check_workers(workers)
        self.iters, self.seconds, self.depth, self.c = int(iters), float(time), int(depth), c
        self.scale, self.widen = float(scale), float(widen)
        self.rollout, self.reuse, self.workers = rollout, reuse and workers == 1, workers
        # what each worker's own search is made with (its iterations come per decision)
        self._pool = SearchPool(workers, {
            "time": time, "rollout": rollout, "depth": depth, "c": c, "scale": scale,
            "widen": widen, "eval": eval, "models": models}) if workers > 1 else None
        # per seat: the view foretold after its last move and the subtree under it
        self._kept: dict[int, tuple[dict[str, Any], Node]] = {}
        self.iterations_run = 0  # in the last decision: fewer than iters on a kept subtree
        # the learned value, bound to each rule set met (refuses without a model)
        self.learned = LearnedBot(models) if eval == "learned" else None
        self.value: Learned | None = None
        # in an iteration: the node whose prior was just worked out, and the positions
        # its ranking reached, by action (the expansion plays one of them)
        self._tried: tuple[Node, dict[Action, State]] | None = None

    def __call__(self, state: State, rng: Rng) -> Action:
        return self.search(state, rng)

    def search(self, state: State, rng: Rng, deadline: float | None = None) -> Action:
        """The move after the bot's budget, or its best so far at `deadline` (a
        `time.perf_counter()` reading) if that comes first: the same iterations in the
        same order either way, so the same move whenever there is time."""
        legal = state.legal()
        if len(legal) == 1:
            self._bind(state)  # refuses without a model even with nothing to choose
            self._keep(state, self._reused(state), legal[0])
            return legal[0]
        root = self.grow(state, rng, deadline)
        children, seat = root.children, state.mover
        best = max(
            (a for a in legal if a in children),
            key=lambda a: (children[a].visits, children[a].totals[seat]),
        )
        self._keep(state, root, best)
        return best

    def grow(self, state: State, rng: Rng, deadline: float | None = None) -> Node:
        """The tree searched for the seat to move: its root's children are the actions
        tried, with their visits and summed rewards (the search's judgement of each
        move, which benchmarks/distill_search.py fits a model to). A subtree kept from
        the seat's previous decision counts toward the budget of iterations."""
        self._bind(state)
        if self._pool is not None:
            return self._grow_apart(self._pool, state, rng, deadline)
        root = self._reused(state) or Node(state.seats)
        search, clock, run = self._iterate, time.perf_counter, 0
        with cycles_uncollected():
            if self.seconds:
                end = clock() + self.seconds
                deadline = end if deadline is None else min(end, deadline)
                while clock() < deadline or not root.children:
                    search(root, state, rng)
                    run += 1
            else:
                for _ in range(max(1, self.iters - root.visits)):
                    search(root, state, rng)
                    run += 1
                    if deadline is not None and clock() >= deadline:
                        break
        self.iterations_run = run
        return root

    def _grow_apart(self, pool: SearchPool, state: State, rng: Rng,
                    deadline: float | None) -> Node:
        """The decision searched by the pool's workers, each from its own re-deal for
        the seat to move and its own generator spawned from `rng`, in worker order:
        a root whose children hold the summed visits, availability and rewards."""
        seat = state.mover
        shares = []
        for iters in [0] * self.workers if self.seconds else split(self.iters, self.workers):
            own = rng.spawn()
            shares.append(Share(state.redeal(seat, own), own, iters))
        left = None if deadline is None else deadline - time.perf_counter()
        root = Node(state.seats)
        for run, children in pool.search(shares, left):
            root.visits += run
            for action, visits, avail, totals in children:
                child = root.children.get(action)
                if child is None:
                    child = root.children[action] = Node(state.seats)
                    child.avail = 0
                child.visits += visits
                child.avail += avail
                child.totals = [a + b for a, b in zip(child.totals, totals, strict=True)]
        self.iterations_run = root.visits
        return root

    def forget(self) -> None:
        """Drop the subtrees kept for every seat: the next decision is searched afresh,
        so it depends on the position and its generator alone."""
        self._kept.clear()

    def close(self) -> None:
        """End the worker processes, if any (a later decision starts them again)."""
        if self._pool is not None:
            self._pool.close()

    def _keep(self, state: State, root: Node | None, action: Action) -> None:
        """Keep the subtree under `action` for the seat's next decision when the seat
        moves again right after it (a turn made of several choices), and the position
        it will see can be foretold: `action` played on the searched deal. A move that
        shows the seat something new (a card drawn) makes the foretold position differ
        from the real one, and the subtree is dropped."""
        seat = state.mover
        self._kept.pop(seat, None)
        if not self.reuse or root is None or action not in root.children:
            return
        after = state.copy()
        after.play(action)
        if after.to_move == seat and not after.over:
            self._kept[seat] = (after.view(seat), root.children[action])

    def _reused(self, state: State) -> Node | None:
        """The subtree kept for this position, if the seat's view of it is the one
        foretold."""
        seat = state.mover
        kept = self._kept.pop(seat, None)
        if kept is None or kept[0] != state.view(seat):
            return None
        return kept[1]

    def models_for(self, state: State) -> list[str]:
        """The model file the search reads in `state`'s rule set: none with the game's own
        evaluation (`NoModel` with `eval=learned` and no model)."""
        return [] if self.learned is None else self.learned.models_for(state)

    def _bind(self, state: State) -> None:
        """The learned value of `state`'s rule set (`NoModel` without one)."""
        self.value = self.learned.learned_for(state) if self.learned is not None else None

    def _iterate(self, root: Node, state: State, rng: Rng) -> None:
        """One determinization: select, expand one node, play out, back up. A state is
        over when no seat is to move (`State.over`, read here without the property)."""
        det = state.redeal(state.mover, rng)
        self._tried = None
        c, log, sqrt, play = self.c, math.log, math.sqrt, det.play
        node, path = root, [root]
        while det.to_move is not None:
            legal: Sequence[Action] = det.legal()
            if self.widen and len(legal) > 1:
                legal = self._widened(node, det, legal, rng)
            children = node.children
            untried = None
            best: Action = None  # type: ignore[assignment]  # set once a tried child scores
            best_score, mover = -1.0, det.to_move
            for action in legal:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                    continue
                child.avail += 1
                if untried is None:
                    score = child.totals[mover] / child.visits + c * sqrt(
                        log(child.avail) / child.visits
                    )
                    if score > best_score:
                        best, best_score = action, score
            if untried is not None:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                tried = self._tried
                if tried is not None and tried[0] is node and action in tried[1]:
                    det = tried[1][action]  # the prior played it on a copy of this position
                else:
                    play(action)
                node = children[action] = Node(det.seats)
                path.append(node)
                break
            node = children[best]
            play(best)
            path.append(node)
        self._tried = None
        self._play_out(det, rng)
        if self.value is None or det.to_move is None:
            reward = rewards(det, self.scale)
        else:
            reward = [min(1.0, max(0.0, v)) for v in self.value.values(det)]
        for node in path:
            node.visits += 1
            totals = node.totals
            for s, r in enumerate(reward):
                totals[s] += r

    def _widened(self, node: Node, det: State, legal: Sequence[Action], rng: Rng
                 ) -> Sequence[Action]:
        """The legal actions this visit may choose among: the best few by the
        heuristic's ranking, more as the node's visits grow."""
        k = 1 + int(self.widen * math.sqrt(node.visits))
        if k >= len(legal):
            return legal
        if node.rank is None:
            node.rank = {a: i for i, a in enumerate(self._prior(node, det, rng))}
        # the first k of the legal actions sorted by rank, the unranked last in their
        # order (a stable sort's result), picked without sorting them all: k is small
        rank, out = node.rank, []
        for action in rank:  # in rank order
            if action in legal:
                out.append(action)
                if len(out) == k:
                    return out
        for action in legal:
            if action not in rank:
                out.append(action)
                if len(out) == k:
                    break
        return out

    def _prior(self, node: Node, det: State, rng: Rng) -> list[Action]:
        """The order widening opens `node`'s actions in: the heuristic's ranking, its best
        few reordered by the learned value when there is one. The positions the ranking
        tried are kept (`_tried`) for the expansion that follows in this iteration: the
        move it opens is one of them, already played on a copy of `det` as it stands."""
        ranked = ranked_outcomes(det, rng)
        self._tried = (node, {o.action: o.after for o in ranked})
        if self.value is None or len(ranked) < 2:
            return [o.action for o in ranked]
        head = ranked[:TOP]
        values = self.value.values_for(head, det.mover)
        order = sorted(range(len(head)), key=lambda i: -values[i])
        return [head[i].action for i in order] + [o.action for o in ranked[TOP:]]

    def _play_out(self, det: State, rng: Rng) -> None:
        if self.rollout == "none":
            return
        steps = self.depth or -1
        play, legal = det.play, det.legal
        if self.rollout == "heuristic":
            while steps and det.to_move is not None:
                play(greedy_action(det, rng))
                steps -= 1
            return
        below = rng.below  # `rng.choice(det.legal())` written out: the same draws
        while steps and det.to_move is not None:
            actions = legal()
            play(actions[below(len(actions))])
            steps -= 1
