"""Presence VP is read two ways: straight from the map by the rules (Prosperity, a won
war) and kept by map for the evaluation. Both are the count tile by tile of
「ワーカーとハウスが両方配置されていても3VPではなく2VP」, on every position of random games and
after pieces are put by hand (a kept answer never outlives the map it was read from)."""

from soan.engine.rng import Rng
from tests.games.populous.helpers import GAME, cells, fill, house, new, tile, worker


def counted(state) -> list[int]:
    """House VP on each tile where the seat has a house, else worker VP where it has a
    worker: the rule, written out cell by cell."""
    opts, out = state.options, [0] * state.seats
    for tile_cells in state.board.tile_cells:
        codes = [state.occ[c] for c in tile_cells]
        for s in range(state.seats):
            if house(s) in codes:
                out[s] += opts.house_vp
            elif worker(s) in codes:
                out[s] += opts.worker_vp
    return out


def test_kept_and_direct_presence_agree_with_the_count_in_random_games():
    seen = 0
    for seed in range(12):
        state = GAME.new(3 + seed % 3, seed)
        rng = Rng(seed)
        while not state.over:
            expected = counted(state)
            assert list(state.presence_vps()) == expected
            assert [state.presence_vp(s) for s in range(state.seats)] == expected
            seen += sum(expected) > 0
            state.play(rng.choice(state.legal()))
    assert seen > 500  # the maps were not empty


def test_a_worker_and_a_house_on_one_tile_score_2_not_3_and_a_change_is_seen_at_once():
    state = new(3, seed=2)
    t = tile(state)
    fill(state, t, [worker(0)])
    before = state.presence_vps()
    assert before[0] == state.options.worker_vp == 1
    cell = cells(state, t)[1]
    state.occ[cell] = house(0)
    assert state.presence_vps()[0] == state.options.house_vp == 2  # not 1 + 2
    state.occ[cell] = worker(1)
    assert list(state.presence_vps()) == counted(state) == [1, 1, 0]
