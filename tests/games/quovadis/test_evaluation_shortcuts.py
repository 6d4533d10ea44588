"""The evaluation's shortcuts give what the long way gives: a war's majority loss counted
in the creation area alone, the remembered majorities and war odds."""

from __future__ import annotations

from soan.engine.rng import Rng
from soan.games.quovadis import evaluation
from soan.games.quovadis.codes import CITY, MORALE, RUIN
from tests.games.quovadis.helpers import GAME


def majorities_lost_the_long_way(state, p, contested):
    """Every area recounted with `p`'s pieces gone from `contested` (its cities there
    face down), then the state put back."""
    n, wk, bld = state.n, state.wk, state.bld
    saved = [(c, wk[c * n + p], bld[c]) for c in contested]
    before = state.majorities(p)
    for c, _, code in saved:
        wk[c * n + p] = 0
        if code == p << 2 | CITY:
            bld[c] = p << 2 | RUIN
    after = state.majorities(p)
    for c, k, code in saved:
        wk[c * n + p] = k
        bld[c] = code
    return before - after


def contested_positions(games=8):
    """Positions of seeded random games where the creation area holds a war to come."""
    for seed in range(games):
        state = GAME.new(3 + seed % 3, seed)
        rng = Rng(seed)
        while not state.over:
            if state.area >= 0 and state.phase in evaluation.PRE_WAR:
                contested = (state.contested if state.phase == MORALE
                             else state.contested_cells())
                if contested:
                    yield state, contested
            state.play(rng.choice(state.legal()))


def test_a_wars_majority_loss_is_the_areas_alone():
    checked = lost = 0
    for state, contested in contested_positions():
        for p in range(state.n):
            long_way = majorities_lost_the_long_way(state, p, contested)
            assert evaluation._majorities_lost(state, p, contested) == long_way
            checked += 1
            lost += long_way
    assert checked > 100 and lost > 0  # the positions include wars that cost a majority


def test_remembered_majorities_follow_the_board_and_are_the_callers_own():
    for state, contested in contested_positions(games=3):
        first = state.all_majorities()
        assert first == [state.majorities(s) for s in range(state.n)]
        first[0] += 7  # the caller's list: changing it changes nothing remembered
        assert state.all_majorities()[0] == state.majorities(0)
        c, p = contested[0], state.active
        state.wk[c * state.n + p] += 2  # the position changes: so does the count
        assert state.all_majorities() == [state.majorities(s) for s in range(state.n)]
        state.wk[c * state.n + p] -= 2


def test_remembered_war_odds_are_the_odds_of_lists_and_tuples_alike():
    bases, dice = [3, 5, 2], [(6, 1), (8, 2), (6, 1)]
    first = evaluation.war_odds(bases, dice)
    assert evaluation.war_odds(tuple(bases), tuple(dice)) is first  # remembered
    assert first == evaluation._war_odds.__wrapped__(tuple(bases), tuple(dice))
