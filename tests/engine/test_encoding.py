"""Every game's encoding (engine.encoding): a fixed-length float32 observation that
hidden information never changes, and an action index every legal action maps into
and back from, for every variant and table size."""

from __future__ import annotations

import numpy as np
import pytest

from soan.engine.encoding import EncodingError, Writer
from soan.engine.registry import all_games
from soan.engine.rng import Rng

GAMES = [g for g in all_games() if g.encoder is not None]
CASES = [(g, v, n) for g in GAMES for v in g.variants for n in range(g.min_seats, g.max_seats + 1)]


def positions(game, variant, seats, seed, every=7):
    """Positions of one random game: every `every`-th and the last."""
    state = game.new(seats, seed, game.options(variant))
    rng, step = Rng(seed), 0
    while not state.over:
        if step % every == 0:
            yield state.copy()
        state.play(rng.choice(state.legal()))
        step += 1
    yield state


def test_every_game_has_an_encoder():
    assert {g.id for g in GAMES} == {g.id for g in all_games()}


@pytest.mark.parametrize(("game", "variant", "seats"), CASES,
                         ids=lambda x: getattr(x, "id", str(x)))
def test_observations_have_one_length_and_hide_what_the_seat_cannot_see(game, variant, seats):
    size = None
    for i, state in enumerate(positions(game, variant, seats, seed=seats * 31 + 1)):
        encoding = game.encoder.encoding(state)
        size = size or encoding.size
        assert encoding.size == size == sum(n for _, n in encoding.layout)
        for seat in range(seats):
            seen = game.encoder.observe(state, seat)
            assert seen.dtype == np.float32 and seen.shape == (size,)
            assert np.isfinite(seen).all()
            other = state.redeal(seat, Rng(1000 + i))
            assert np.array_equal(game.encoder.observe(other, seat), seen), (
                f"{game.id} seat {seat}: a redeal changed what the seat sees "
                f"(parts {_differing(encoding.layout, seen, game.encoder.observe(other, seat))})")


@pytest.mark.parametrize(("game", "variant", "seats"), CASES,
                         ids=lambda x: getattr(x, "id", str(x)))
def test_every_legal_action_has_an_index_and_back(game, variant, seats):
    for state in positions(game, variant, seats, seed=seats * 17 + 5, every=3):
        encoding = game.encoder.encoding(state)
        mask = encoding.mask(state)
        assert mask.sum() == len(state.legal())
        for action in state.legal():
            i = encoding.action_id(action)
            assert encoding.action_from_id(i) == action and mask[i]


def test_an_action_outside_the_index_is_refused_by_name():
    game = GAMES[0]
    encoding = game.encoder.encoding(game.new(game.min_seats, 1))
    with pytest.raises(EncodingError, match="not in the"):
        encoding.action_id(("no such action", 99))
    with pytest.raises(EncodingError, match="not 100000"):
        encoding.action_from_id(100000)


def test_a_part_of_the_wrong_name_or_length_is_refused():
    parts = Writer(np.zeros(3, dtype=np.float32), [("a", 1), ("b", 2)])
    parts.put("a", [1.0])
    with pytest.raises(EncodingError, match="'b' of 2, not 'b' of 1"):
        parts.put("b", [1.0])
    with pytest.raises(EncodingError, match="stopped before part 'b'"):
        parts.done()


def test_a_run_of_parts_is_written_in_one_copy_and_checked_whole():
    out = np.zeros(4, dtype=np.float32)
    parts = Writer(out, [("a", 1), ("b", 2), ("c", 1)])
    parts.put_run((("a", 1), ("b", 2)), np.array([1, 2, 3], dtype=np.float32))
    parts.put("c", [4.0])
    parts.done()
    assert out.tolist() == [1.0, 2.0, 3.0, 4.0]
    parts = Writer(np.zeros(4, dtype=np.float32), [("a", 1), ("b", 2), ("c", 1)])
    with pytest.raises(EncodingError, match=r"parts 0 to 1 are not \['a', 'c'\]"):
        parts.put_run((("a", 1), ("c", 1)), np.zeros(2, dtype=np.float32))
    with pytest.raises(EncodingError, match="of 2 numbers"):
        parts.put_run((("a", 1), ("b", 2)), np.zeros(2, dtype=np.float32))


def _differing(layout, a, b):
    out, at = [], 0
    for name, n in layout:
        if not np.array_equal(a[at:at + n], b[at:at + n]):
            out.append(name)
        at += n
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_legal_actions_follow_from_what_the_mover_sees(game):
    """Two positions the mover cannot tell apart offer the same choices, so a policy or
    a search keyed on the observation (OpenSpiel's IS-MCTS) never meets a choice set
    that changes under it. The positions come from re-dealing what another seat cannot
    see, which re-deals the mover's own hidden cards too: other copies of the same card."""
    offered: dict[tuple, frozenset] = {}
    for variant in game.variants:
        seats = game.min_seats
        for state in positions(game, variant, seats, seed=seats + 7, every=5):
            if state.over:
                continue
            other = (state.to_move + 1) % seats
            for i in range(12):
                dealt = state.redeal(other, Rng(i))
                mover = dealt.to_move
                key = (variant, mover, game.encoder.observe(dealt, mover).tobytes())
                legal = frozenset(dealt.legal())
                assert offered.setdefault(key, legal) == legal, (
                    f"{game.id} {variant}: one observation of seat {mover}, two choice sets")
