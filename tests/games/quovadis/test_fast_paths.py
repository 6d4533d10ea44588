"""The short cuts the rules take for speed give what the long way gives: choices a move
leaves ready, choices read from tables, majorities read off a seat's own cells, contested
cells read row by row, one cell's war strength, skills added up once per set."""

from soan.boards import terrain as T
from soan.engine.rng import Rng
from soan.games.quovadis import effects as E
from soan.games.quovadis.codes import CITY, RUIN
from tests.games.positions import random_positions as positions_from
from tests.games.quovadis.helpers import GAME


def random_positions(seed: int, variant: str, every: int = 1) -> list:
    return positions_from(
        GAME.new(3 + seed % 3, seed, GAME.options(variant)), seed, every)


def test_the_choices_a_move_leaves_ready_are_the_ones_the_phase_builds():
    """A placement or a Prosperity step that built the next choices to know one waits
    hands them to `legal()`; they must be what the phase builds from scratch, on the
    state and on its copies."""
    offered = 0
    for variant in GAME.variants:
        for seed in range(3):
            state = GAME.new(3 + seed % 3, seed, GAME.options(variant))
            rng = Rng(seed)
            while not state.over:
                ready = state._legal
                fresh = tuple(state._legal_actions())
                assert ready is None or ready == fresh
                offered += ready is not None
                assert state.copy().legal() == fresh
                state.play(rng.choice(state.legal()))
    assert offered > 100


def test_a_game_stopped_at_the_action_limit_has_no_choices_left(monkeypatch):
    """The limit falls on an action that leaves the next choices ready (a placement)."""
    state, rng = GAME.new(4, 2), Rng(2)
    while state._legal is None or len(state.history) < 50:
        state.play(rng.choice(state.legal()))
    monkeypatch.setattr(type(GAME), "max_actions", len(state.history))
    stopped, rng = GAME.new(4, 2), Rng(2)
    while not stopped.over:
        stopped.play(rng.choice(stopped.legal()))
    assert stopped.unfinished and stopped.history == state.history
    assert stopped.legal() == () and stopped.winners() == []


def majorities_the_long_way(state, s: int) -> int:
    """Every area's cells visited: two with own workers, or one own face-up city (Q13)."""
    n, total = state.n, 0
    for cells in state.board.tile_cells:
        occupied = sum(2 if state.bld[c] == s << 2 | CITY else 1 if state.wk[c * n + s] else 0
                       for c in cells)
        total += occupied >= 2
    return total


def contested_the_long_way(state) -> tuple[int, ...]:
    """Area cells whose face-up pieces (workers, a building that is no ruin) belong to
    two or more seats."""
    out = []
    for c in state.board.tile_cells[state.area]:
        seats = {p for p in range(state.n) if state.wk[c * state.n + p]}
        code = state.bld[c]
        if code >= 0 and code & 3 != RUIN:
            seats.add(code >> 2)
        if len(seats) >= 2:
            out.append(c)
    return tuple(out)


def strength_the_long_way(state, p: int, contested: tuple[int, ...]) -> int:
    """Own workers and face-up buildings on a set of the cells and their neighbours."""
    cells = set(contested)
    for c in contested:
        cells.update(state.board.adjacent[c])
    total = state.mods[p][E.WAR_STRENGTH]
    for c in cells:
        total += state.wk[c * state.n + p]
        code = state.bld[c]
        if code >= 0 and code >> 2 == p and code & 3 != RUIN:
            total += 1 + state.mods[p][E.CITY_STRENGTH] if code & 3 == CITY else 1
    return total


def test_counts_over_the_board_match_the_long_way():
    wars = 0
    for variant in ("default", "attrition_dominance", "fixed_dominance", "last_proposal"):
        for seed in range(3):
            for state in random_positions(seed, variant, every=3):
                n = state.n
                expected = [majorities_the_long_way(state, s) for s in range(n)]
                assert [state.majorities(s) for s in range(n)] == expected
                assert state.all_majorities() == expected
                if state.area < 0:
                    continue
                contested = state.contested_cells()
                assert contested == contested_the_long_way(state)
                for c in contested:
                    wars += 1
                    for p in range(n):
                        assert state.strength_at(p, (c,)) == strength_the_long_way(state, p, (c,))
                if contested:
                    assert all(state.strength_at(p, contested)
                               == strength_the_long_way(state, p, contested) for p in range(n))
    assert wars > 20


def test_skills_added_up_once_per_set_are_what_adding_them_gives():
    for seed in range(4):
        for state in random_positions(seed, "default", every=40):
            t = state.tables
            for s in range(state.n):
                if state.race[s] < 0:
                    continue
                mods, free = E.NO_MODS, 1 << T.PLAINS | 1 << t.race_home[state.race[s]]
                for k in state.shown[s]:
                    mods = E.add(mods, list(t.skill_mods[k]))
                    free |= t.skill_free[k]
                assert (state.mods[s], state.freemask[s]) == (mods, free)
