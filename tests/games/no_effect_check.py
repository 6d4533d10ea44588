"""The walk every game's `no_effect` test makes: random games, and at each decision
every legal action the rules mark as changing nothing."""

from collections.abc import Callable, Iterable, Iterator

from soan.engine.core import Action, State
from soan.engine.rng import Rng


def marked_in_random_games(new: Callable[[int], State],
                           seeds: Iterable[int]) -> Iterator[tuple[State, Action]]:
    """(state, action) for each marked action of the random game of each seed (`new(seed)`
    deals it, `Rng(seed)` plays it), the state as it stands before the action: copy it
    before trying the action."""
    for seed in seeds:
        state, rng = new(seed), Rng(seed)
        while not state.over:
            for action in state.legal():
                if state.no_effect(action):
                    yield state, action
            state.play(rng.choice(state.legal()))
