"""A copy shares no mutable object with its original (DESIGN.md, the contract).

For every game, every named variant and every seat count, random games are played
and copies taken at the first position of each phase and at a few random positions
more. At each copy point:
- the copy's whole internal state (every slot, walked deeply) equals the original's;
- no two of original, copy, second copy and `redeal` share a mutable object (lists,
  dicts, sets, bytearrays, objects of mutable classes), found by object identity;
- a copy played to the end with random actions, and then a `redeal` played to the
  end, leave the original's whole internal state as it was.
Comparing views is not enough: a view hides what a copy may corrupt (issue 19: the
Quo Vadis skill-draft hands were shared after the draft phase).

The only mutable objects copies may share are in `SHARED_READ_ONLY`: each is built
once at setup and never changed; the test proves it by comparing its deep state at
the start and at the end of every game, after all the play-outs on copies.
"""

from __future__ import annotations

import importlib
import zlib

import pytest

from soan.engine.registry import get_game
from soan.engine.rng import Rng
from tests.engine.state_walk import deep_value, differing, mutable_ids, paths_to, state_value

GAMES = ("cityplan", "populous", "quovadis", "undecim")

# (slot) -> why sharing it between copies is safe. Everything else must be copied.
_CONTENT = "the validated content file (a frozen pydantic model) every game of it shares"
SHARED_READ_ONLY: dict[str, dict[str, str]] = {
    "cityplan": {
        "content": _CONTENT,
        "cards": "the card table (tuples by card id), built once per content, edition and "
                 "table size and cached for every game",
    },
    "populous": {
        "content": _CONTENT,
        "tables": "the content as flat tuples, built once per content",
        "board": "the world and its precomputed choices, built at setup, only read after",
    },
    "quovadis": {
        "content": _CONTENT,
        "tables": "the content as flat tuples, built once per content",
        "board": "the world and its precomputed area choices, built at setup, only read "
                 "after",
    },
    "undecim": {
        "content": _CONTENT,
        "tables": "the content as flat tuples, built once per content",
    },
}

GAMES_PER_TABLE = 1  # random games per variant and seat count
EXTRA_POINT_ODDS = 60  # besides each phase's first position, about one step in this many
# the original is compared after this many actions on a copy (the last: to the end; the
# game's own action limit bounds it)
CHECKS_AFTER = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1 << 62)


def _phase_names(game_id: str) -> tuple[str, ...]:
    for module in ("codes", "state"):
        try:
            names = importlib.import_module(f"soan.games.{game_id}.{module}").PHASE_NAMES
        except (ImportError, AttributeError):
            continue
        return tuple(names)
    return ()


class Findings:
    """What went wrong, grouped by check, phase and slot path, with one example each."""

    def __init__(self, game_id: str) -> None:
        self.names = _phase_names(game_id)
        self.found: dict[tuple[str, str, str], list] = {}

    def add(self, check: str, phase: int, what: str, where: str) -> None:
        name = self.names[phase] if 0 <= phase < len(self.names) else str(phase)
        entry = self.found.setdefault((check, name, what), [0, where])
        entry[0] += 1

    def report(self) -> str:
        return "\n".join(
            f"{check} [phase {phase}] {what} ({count}x, first at {where})"
            for (check, phase, what), (count, where) in sorted(self.found.items())
        )


def _check_point(state, rng: Rng, skip: frozenset[str], out: Findings, where: str) -> None:
    phase = state.phase
    before = state_value(state, skip)
    a, b = state.copy(), state.copy()
    r = state.redeal(rng.below(state.seats), rng.spawn())
    for slot in differing(state_value(state, skip), before):
        out.add("copy() or redeal() changes the original", phase, slot, where)
    for slot in differing(state_value(a, skip), before):
        out.add("the copy differs from the original", phase, slot, where)
    ids = {"original": mutable_ids(state, skip), "copy": mutable_ids(a, skip),
           "second copy": mutable_ids(b, skip), "redeal": mutable_ids(r, skip)}
    pairs = (("copy", "original", a), ("copy", "second copy", a), ("redeal", "original", r))
    for x, y, holder in pairs:
        common = ids[x].keys() & ids[y].keys()
        if common:
            for path in _outermost(paths_to(holder, common, skip).values()):
                out.add(f"{x} and {y} share a mutable object", phase, path, where)
    for name, other in (("copy", a), ("redeal", r)):
        play = rng.spawn()
        done = 0
        for stop in CHECKS_AFTER:  # also part-way: a change may be undone by the end
            while not other.over and done < stop:
                other.play(play.choice(other.legal()))
                done += 1
            for slot in differing(state_value(state, skip), before):
                out.add(f"playing a {name} changes the original", phase, slot, where)
            if other.over:
                break


def _outermost(paths) -> list[str]:
    """The paths not inside another one (if `draft` is shared, so is `draft[0]`)."""
    paths = sorted(set(paths))
    return [p for p in paths
            if not any(p != q and p.startswith(q) and p[len(q)] in "[.{" for q in paths)]


@pytest.mark.parametrize("game_id", GAMES)
def test_copies_and_redeals_share_nothing_mutable_and_leave_the_original_as_it_was(game_id):
    game = get_game(game_id)
    allowed = SHARED_READ_ONLY[game_id]
    skip = frozenset(allowed)
    out = Findings(game_id)
    seen: set[int] = set()
    copied: set[int] = set()
    for variant in game.variants:
        options = game.options(variant)
        for seats in range(game.min_seats, game.max_seats + 1):
            for g in range(GAMES_PER_TABLE):
                seed = zlib.crc32(f"{game_id}/{variant}/{seats}/{g}".encode())
                state = game.new(seats, seed, options)
                shared = {name: getattr(state, name) for name in allowed}
                shared_before = {name: deep_value(obj) for name, obj in shared.items()}
                rng = Rng(seed)
                taken: set[int] = set()
                step = 0
                while True:
                    phase = state.phase
                    seen.add(phase)
                    if phase not in taken or rng.below(EXTRA_POINT_ODDS) == 0:
                        taken.add(phase)
                        copied.add(phase)
                        where = f"{variant}, {seats} seats, seed {seed}, step {step}"
                        _check_point(state, rng.spawn(), skip, out, where)
                    if state.over:
                        break
                    state.play(rng.choice(state.legal()))
                    step += 1
                for name, obj in shared.items():
                    if getattr(state, name) is not obj or deep_value(obj) != shared_before[name]:
                        out.add("a shared read-only object changed", state.phase, name,
                                f"{variant}, {seats} seats, seed {seed}")
    if out.found:
        pytest.fail(f"{game_id}: copies are not isolated\n{out.report()}", pytrace=False)
    assert copied == seen, f"no copy taken in phases {sorted(seen - copied)}"
