"""Quo Vadis engine speed: random playouts, mid-game copies and re-deals, and an
ismcts:200 search with the evaluation timed inside it.

Run by hand on one core:  taskset -c 0 python benchmarks/quovadis_speed.py [games]
Targets: at least 250,000 actions/s (issue 23) and 100,000 copies/s. Times are the
process's own CPU time, so other work on a shared machine does not slow the figures
down (the wall clock is printed beside them).

Measured 2026-11-27 on the shared 2-core machine, before (the commit before the speed
work) and after, run interleaved with `python benchmarks/quovadis_speed.py 100` (six
runs each; the playouts also as the best of three 60-game runs in twelve alternating
processes; the observations: 498 positions of seeded 4-seat random games, each
observed for a seat in turn):

    random playouts            111,000-118,700 -> 114,600-120,500 actions/s   x1.0
    mid-game copy()            337,000-362,000 -> 339,000-351,000 copies/s     x1.0
    mid-game redeal()           36,200-38,600  ->  36,500-38,500 redeals/s     x1.0
    ismcts:200 iterations/s      1,303-1,395   ->   1,663-1,827                x1.28
    evaluate() inside it        21,900-23,000  ->  37,700-40,000 per s         x1.7
    encoder.observe()           10,000-10,300  ->  11,000-11,300 per s         x1.1

The evaluation was the search's largest cost; it now counts every seat's majorities,
cities and scoring cubes once per position (remembered by the board's contents: two
thirds of a lookahead's positions moved no worker and no building), reads a war's
majority loss in the creation area alone, and remembers war odds. Random playouts
stay far from 250,000: their profile is flat (a turn's eight actions each cost a few
microseconds of rules, logging and usage notes), and over a quarter of it lies outside
this game: `State.play`'s checks (engine/core.py, about 13%) and building the world in
`new()` (boards/world.py, about 15%: 250 us of a 300 us setup).

Then the world (2026-11-27, against commit 9bca1e5, same machine, three rounds run
interleaved, medians; `engine_fingerprint.py` and `behaviour_snapshot.py` identical):
`World` assembles its adjacency from one tile's slot contacts worked out once per cell
pattern instead of hashing every hex (a new 4-seat game: about 300 us -> 90 us, the
world 55 us of it), and placement food is worked out once per seat, not per cell:

    random playouts (`quovadis_speed.py 1000`, 3-5 seats)  116,432 -> 126,857 actions/s  x1.09
    the same, `engine_table.py --seconds 2 --rounds 1` (4)   113,587 -> 124,036 actions/s  x1.09
    mid-game copy(), redeal(), ismcts:200                   unchanged (x1.0, within the noise)

The rest of a playout is as flat as before: about 7.9 us an action, of which
`State.play`'s checks are about 4%.

Then the choices and the turn's bookkeeping (2026-11-27, against commit 1832047, same
machine shared with other work, three rounds interleaved, before -> after;
`engine_fingerprint.py quovadis` (57,511 positions), `behaviour_snapshot.py` and this
script's `--fingerprint` identical). A placement or a Prosperity step hands `legal()`
the choices it built to learn that one is left (`QuoVadisState._offer`, only for
choices without usage keys, so restricted play filters nothing out of them); card,
discard and Prosperity choices come from tables by the kinds in hand; a placement
opens every cell of the area at once when food covers the dearer cost; majorities
are read off a seat's own worker and city cells as tile bits; contested cells read
each cell's row of workers once; one cell's war strength needs no set; the usual draw
pops the deck; a seat's skills are added up once per race and skill set
(`state.skill_sums`), usage keys made once per content; the observation is laid out as one
vector (`QuoVadisEncoder.vector`), not copied part by part:

    random playouts (`quovadis_speed.py 300`)     140,463-144,331 -> 148,543-158,018 /s  x1.10
    the same, `engine_table.py` (1 s, 3 rounds)   133,629-144,963 -> 153,279-161,392 /s  x1.13
    ismcts:200 iterations/s (this script)             1,563-1,752 -> 1,778-1,949         x1.11
    evaluate() inside it                            32,938-36,313 -> 37,562-40,142 /s    x1.10
    encoder.observe() (50,000 lookahead positions)  10,749-10,872 -> 12,935-13,113 /s    x1.20
    mid-game copy(), redeal()                     x1.0 (copy 347-361k/s, redeal 39-42k/s)

Still short of 250,000: an action costs about 6.4 us, spread over the turn's dozen
small steps (each a few lines of rules, a log line, a usage note) with no one place
above a few per cent. Outside this game: `State.play`'s `is_action` check (engine/
core.py) is about 4% of a playout, building the world about 3% (boards/world.py:
51 us of a 66 us `new()`), and a re-deal is two thirds `Rng.shuffle` (engine/rng.py:
the 64-bit generator stepped in Python for each of the ~65 epic cards and ~20 skills).

Then what the `strong` bot reads (2026-11-27, against commit 24fef5c, same machine
shared with other work, three rounds interleaved, before -> after, CPU seconds;
`engine_fingerprint.py quovadis` (57,511 positions), this script's `--fingerprint`
(29,334 positions), `behaviour_snapshot.py` (370 files), a four-seat `strong` game
(386 actions) and `soan simulate quovadis -n 4 --games 1 --bots strong --seed 5`
(every column but the time) identical). `QuoVadisEncoder.observe` builds the vector
in one typed buffer and hands it over without the part-by-part checks (`write` puts
the same vector through the engine's `Writer`, and a test compares them); the cells
part is remembered by board (terrains, buildings, cubes, workers, the observing seat)
together with the board counts, a seat's generations, card actions and effects by its
generations, skill effects and free terrains (a test compares an encoder warmed on
other rule sets with a fresh one); a few stores per seat are plain stores again (a
typed array built from `map` costs more than six or eight of them); every seat's
majorities are counted in one pass; the evaluation reads the turns left once; and
`Rng.shuffle` draws the swaps of a list of 40 or more in one NumPy step (the state k
steps ahead is a*state + c mod 2**64; tests/engine/test_rng.py holds it to `below`):

    encoder.observe() (6,141 lookahead positions)  13,076-13,164 -> 20,181-20,997 /s  x1.57
    evaluate() after it                            70,552-72,003 -> 77,052-77,483 /s  x1.08
    mid-game redeal()                              42,107-43,197 -> 51,325-51,751 /s  x1.21
    ismcts:200 iterations/s (this script)              2,028-2,141 -> 2,153-2,200     x1.04
    evaluate() inside it                            39,922-42,009 -> 44,717-45,480 /s  x1.08
    random playouts (`quovadis_speed.py 300`), copy()  x1.0 (162-167k actions/s)
    a four-seat strong game (seed 900,000)         19.97-21.00 -> 17.80-19.16 s      x1.13
    the same, `engine_table.py --seconds 1 --rounds 3 --strong-games 1`:
      the strong game (seed 900,000)                 21.0-22.2 -> 18.6-20.0 s      x1.14
      a strong decision                          0.055-0.058 -> 0.049-0.052 s      x1.14
      random playouts                        150,923-163,492 -> 158,255-167,935 /s x1.0

In a `strong` decision the observation fell from about 65 us to 43 us (of the
positions it observes, 57% meet a board again; the leaves after a playout are mostly
new boards) and the evaluation from 20 us to 18 us. A strong game's time now (the
first 200 actions, each part timed where the search calls it): `play` 23%, `observe`
17%, `evaluate` 14%, the model's `predict` 9%, `legal` 6%, `redeal` 4%, `copy` 4%,
the rest the search's own work (tree, features, ranking). The 14 s game of issue 21
is still about 1.3x away; outside this game: garbage collection is about 3.5% of a
strong game (`gc.disable()`: 9.7 s -> 9.3-9.4 s over its first 200 actions), and
`State._copy_base` copies the log and the history (0.7 of a 3.1 us copy at turn 30).

Then the search around it (2026-11-27, against commit f166955, same shared machine,
three rounds interleaved, before -> after, CPU seconds; `engine_fingerprint.py
quovadis` (57,511 positions), `behaviour_snapshot.py` (370 files) and every action of
seeded four-seat `strong` games in all four games (Quo Vadis seeds 5 and 11) identical).
Python's cycle collector is paused while ISMCTS searches a decision (it ran about 3,400
times a strong game, 1.0 s of it, to find a few dozen cycles a decision); widening picks
its k actions without sorting every legal one; the learned value writes a batch's
feature rows in place and finds each seat's best rival in one pass (`judgement_numbers`,
a test holds it to `max` over the others, signed zeros included); `soan_version()` is
read once a process (strong built its model's key twice a decision at 0.25 ms each):

    a four-seat strong game, seed 5 (`prof_game`)     16.68-17.07 -> 15.49-15.67 s    x1.08
    the same, seed 11                                 17.05-17.39 -> 15.80-16.61 s    x1.08
    `engine_table.py`'s Quo Vadis row (1 s, 3 rounds):
      the strong game (seed 900,000)                  18.23-19.05 -> 16.59-17.91 s    x1.10
      a strong decision                           0.0478-0.0500 -> 0.0435-0.0470 s    x1.10
      ismcts:200 iterations/s                           2,050-2,144 -> 2,127-2,273    x1.05
      random playouts, copy()                   x1.0 (154-162k actions/s, 325-341k copies/s)

Issue 21's 14.4 s is still about 1.2x away. What a strong game costs now is the
search's fixed work in Python at its floor: per iteration a re-deal, a ranking of
about nine moves (each copied, played and evaluated: `evaluate` 15-18 us), three
observations (36 us each) and a leaf (observation, evaluation, `predict`), 20 random
actions (about 6 us each). Every observation is a different vector (22,061 distinct
of 22,476 in 100 actions), so no memo of whole positions pays. The model's batch of
three rows costs 53 us where one row costs 16 us: OpenBLAS' sgemm is twice as slow
for three rows as for four (41 us against 21 us for the first layer), but four rows,
or three gemv calls, round differently, so the three-row product stays.

Then the search's own work, against commit 27ad0a2 (2026-11-27, same shared machine,
before and after interleaved; `engine_fingerprint.py quovadis` (57,511 positions),
`behaviour_snapshot.py` and every action of seeded four-seat `strong` games in all four
games (seeds 5 and 11) identical). The expansion that follows a node's prior takes the
position the prior's ranking already reached for that move instead of playing it again
(61% of expansions; a test compares the trees); a state's end is read as `to_move is
None` in the search's loops and playout moves are drawn with `rng.below` written out
(the same draws); the observation stores its items through a float32 memoryview (an
array's item store parses its argument: about 8% of an observation's instructions),
packs the plain-number parts (vp to hands) with one `struct`, and counts the deck's
kinds as bytes; every seat's turns left are remembered by rounds, seats, start, active
seat and round. Instructions counted by callgrind (exact, unlike the shared clock):

    encoder.observe() (1,000 positions of a strong search)   465k -> 406k     x1.14
    evaluate() (2,000 positions of the same search)          140k -> 133k     x1.05
    the first 60 actions of the strong game at seed 5       19.92G -> 19.00G   x1.05
      (before the turns left were remembered)
    a four-seat strong game, seed 5 (`prof_game --time`)  15.52-16.18 -> 15.26-15.89 s
      (medians 15.98 -> 15.70 s)                                                x1.02
    the same, seed 11                                      16.26-16.51 -> 15.57-16.14 s
      (medians 16.43 -> 15.81 s)                                                x1.04

(three rounds, `nice -n 10`; an earlier three rounds without the turns-left memo gave
14.87-15.96 -> 15.17-15.48 s and 15.44-15.85 -> 15.13-15.70 s), so x1.02-1.04 in CPU
seconds, near the noise of the shared machine: the fewer instructions are mostly the
search's bookkeeping and the observation's stores, and a strong game's time goes as
much to memory (the model's 600 KB first layer packed by every batched `predict`, a
state's thirty lists copied and freed some 160,000 times a game) as to instructions.
Issue 21's 14.4 s is still about 1.09x away. Tried and not
kept, since they cost more: the seat rows found by the identity of their tuples (+2%
instructions an observation), a memoryview for the board rows (no change), `copy()`
copying its lists through one `map` (+18%: Python 3.11's specialised method calls are
cheaper); larger memos do not raise the hit rates (board counts 52.7k hits and 10.3k
misses in 120 actions with 4,096 entries and with 65,536); the first layer's weights
in Fortran order give other bits for one row and are slower for three. Outside this
game's files: `Rng.below`'s 64-bit multiply (about 0.6% of a game's instructions),
`State.play`'s checks on moves taken from `legal()`, and `redeal` keeping the log,
which every copy of a determinization then copies (0.6 us of a 2.8 us copy at action
300).

    python benchmarks/quovadis_speed.py --fingerprint FILE [games]

writes every position of seeded random games over every variant (legal actions, the
evaluation's floats, the mover's observation, the same of a re-deal, the view, and
each game's scores, usage and log) for `diff` between two versions; the speed work
left the 58,671 positions of 12 games a variant identical.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

from search_profile import mid_game as search_position  # benchmarks/ is the script's path

from soan.bots.ismcts import Ismcts
from soan.engine.registry import get_game
from soan.engine.rng import Rng

_clock = time.process_time


def playouts(games: int) -> tuple[int, float]:
    """Random games over 3-5 players; returns (actions played, seconds)."""
    game = get_game("quovadis")
    content = game.load_content()
    options = game.options()
    actions = 0
    start = _clock()
    for seed in range(games):
        state = game.new(3 + seed % 3, seed, options, content)
        rng = Rng(seed)
        below = rng.below
        while state.to_move is not None:
            legal = state.legal()
            state.play(legal[below(len(legal))])
            actions += 1
    return actions, _clock() - start


def mid_game(seats: int = 4, seed: int = 7):
    """A state some way into a random game (round 5)."""
    state = get_game("quovadis").new(seats, seed)
    rng = Rng(seed)
    while state.turn() < 5 * seats:
        state.play(rng.choice(state.legal()))
    return state


def copies(count: int) -> float:
    """Seconds for `count` copies of a 4-player state in mid-game."""
    state = mid_game()
    start = _clock()
    for _ in range(count):
        state.copy()
    return _clock() - start


def redeals(count: int) -> float:
    """Seconds for `count` re-deals of a mid-game state (what search bots do)."""
    state = mid_game()
    rng = Rng(1)
    seat = state.to_move
    start = _clock()
    for _ in range(count):
        state.redeal(seat, rng)
    return _clock() - start


def lookahead(games: int = 4) -> list:
    """The positions a search's lookahead meets: every position of seeded 4-seat
    random games and the positions after its first five legal actions (siblings, most
    with the board of their parent)."""
    game = get_game("quovadis")
    content = game.load_content()
    out = []
    for seed in range(games):
        state, rng = game.new(4, seed, content=content), Rng(seed)
        while state.to_move is not None:
            out.append(state.copy())
            for action in state.legal()[:5]:
                after = state.copy()
                after.play(action)
                out.append(after)
            state.play(rng.choice(state.legal()))
    return out


def judging(positions: list) -> tuple[float, float]:
    """Seconds for `encoder.observe` of each position for its mover, then for
    `evaluate` of a copy of each (the learned value reads both for every leaf)."""
    game = get_game("quovadis")
    observe, evaluate = game.encoder.observe, game.evaluator.evaluate
    start = _clock()
    for state in positions:
        observe(state, state.to_move or 0)
    observed = _clock() - start
    copies = [state.copy() for state in positions]
    start = _clock()
    for state in copies:
        evaluate(state)
    return observed, _clock() - start


def search(searches: int, iters: int = 200) -> tuple[float, float, int]:
    """`searches` ismcts:`iters` decisions (each from a fresh re-deal and generator) from
    search_profile.py's mid-game position: (seconds in all, seconds inside evaluate(),
    evaluations). The evaluation is timed where the search calls it, on the positions
    it meets: judging one position over and over would only time the memos."""
    state = search_position("quovadis")
    evaluator = state.game.evaluator
    judge = evaluator.evaluate
    inside = [0.0, 0]

    def timed(position):
        start = _clock()
        values = judge(position)
        inside[0] += _clock() - start
        inside[1] += 1
        return values

    evaluator.evaluate = timed  # the instance's own attribute over the class's, until del
    try:
        start = _clock()
        for i in range(searches):
            Ismcts(iters=iters).search(state.redeal(state.to_move, Rng(1 + i)), Rng(2 + i))
        total = _clock() - start
    finally:
        del evaluator.evaluate
    return total, inside[0], inside[1]


def fingerprint(path: Path, games: int) -> int:
    """Write what the engine shows of every position of seeded random games, one line a
    position, so two versions can be compared with `diff`: the legal actions, the
    evaluation's floats to the bit, the mover's observation, and the same of a re-deal
    for the mover, then (each 16th position) the mover's view; at the end of each game
    its scores, breakdown, usage and firsts. Every variant, 3 to 5 seats. Returns the
    number of positions."""
    game = get_game("quovadis")
    content = game.load_content()
    evaluate, observe = game.evaluator.evaluate, game.encoder.observe
    positions = 0

    def digest(state, seat: int) -> list[str]:
        values = evaluate(state)
        return [repr(state.legal()), " ".join(float(v).hex() for v in values),
                hashlib.sha256(observe(state, seat).tobytes()).hexdigest()]

    with path.open("w", encoding="utf-8") as out:
        for variant in game.variants:
            options = game.options(variant)
            for seed in range(games):
                state = game.new(3 + seed % 3, seed, options, content)
                rng = Rng(seed)
                step = 0
                while state.to_move is not None:
                    seat = state.to_move
                    parts = digest(state, seat)
                    parts += digest(state.redeal(seat, Rng(step)), seat)
                    if step % 16 == 0:
                        parts.append(json.dumps(state.view(seat), sort_keys=True))
                    line = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]
                    out.write(f"{variant} {seed} {step} {line}\n")
                    legal = state.legal()
                    state.play(legal[rng.below(len(legal))])
                    step += 1
                    positions += 1
                end = [state.scores(), state.breakdown(), state.usage(), state.firsts(),
                       state.winners(), state.log]
                out.write(f"{variant} {seed} end {json.dumps(end, sort_keys=True)}\n")
    return positions


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--fingerprint":
        path, games = Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 6
        start = time.perf_counter()
        positions = fingerprint(path, games)
        print(f"{positions} positions written to {path} in {time.perf_counter() - start:.0f} s")
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    wall = time.perf_counter()
    actions, seconds = playouts(games)
    print(f"random playouts: {games} games, {actions} actions in {seconds:.2f} s "
          f"= {actions / seconds:,.0f} actions/s ({actions / games:.0f} actions/game)")
    n = 100_000
    seconds = copies(n)
    print(f"mid-game copy(): {n} copies in {seconds:.2f} s = {n / seconds:,.0f} copies/s")
    n = 20_000
    seconds = redeals(n)
    print(f"mid-game redeal(): {n} in {seconds:.2f} s = {n / seconds:,.0f} redeals/s")
    positions = lookahead()
    observed, evaluated = judging(positions)
    print(f"{len(positions)} lookahead positions: encoder.observe() "
          f"{len(positions) / observed:,.0f}/s, evaluate() {len(positions) / evaluated:,.0f}/s")
    n, iters = 5, 200
    seconds, judging_time, judged = search(n, iters)
    print(f"ismcts:{iters} from search_profile.py's position: {n} searches in {seconds:.2f} s "
          f"= {n * iters / seconds:,.0f} iterations/s; evaluate() inside them: {judged} in "
          f"{judging_time:.2f} s = {judged / judging_time:,.0f} evaluations/s")
    print(f"(CPU seconds of this process; {time.perf_counter() - wall:.1f} s on the wall clock)")


if __name__ == "__main__":
    main()
