"""The short cuts the engine and the evaluation take for speed give what the long way
gives: scores without the breakdown's table, and memoised evaluation parts whatever
was evaluated before."""

from soan.engine.rng import Rng
from soan.games.undecim import evaluation
from tests.games.undecim.helpers import GAME, new


def random_positions(seed: int, variant: str, every: int = 1) -> list:
    state = new(3 + seed % 2, seed, variant)
    rng = Rng(seed)
    out = []
    while not state.over:
        if len(state.history) % every == 0:
            out.append(state.copy())
        state.play(rng.choice(state.legal()))
    return [*out, state]


def test_scores_add_up_the_breakdown_in_every_variant():
    for variant in GAME.variants:
        for seed in range(3):
            for state in random_positions(seed, variant):
                assert state.scores() == [sum(b.values()) for b in state.breakdown()]


def clear_shared_memos() -> None:
    for memo in (evaluation.land_worth, evaluation.lands_more, evaluation.build_worth,
                 evaluation.builds_more, evaluation.valuer):
        memo.cache_clear()


def test_an_evaluation_does_not_depend_on_the_ones_before_it():
    states = [s for variant in ("default", "fief", "land_pairs")
              for s in random_positions(5, variant, every=4)]
    evaluate = GAME.evaluator.evaluate
    clear_shared_memos()
    forward = [evaluate(s) for s in states]
    clear_shared_memos()
    backward = [evaluate(s) for s in reversed(states)][::-1]
    assert forward == backward
    assert all(evaluate(s) == v for s, v in zip(states, forward, strict=True))
