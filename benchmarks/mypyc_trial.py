"""The mypyc trial (issue 23): the engine core and City Plan's rules compiled, against
the pure Python they come from, on the same run.

What it does, in a temporary folder it removes afterwards (or keeps, `--keep DIR`):
1. copies `src/soan` there, moves City Plan's card table (`Cards`) out of its content
   module (mypyc cannot compile a module that defines pydantic models, and the rules
   read that table in every action) and applies `PATCHES`, the few other source
   changes mypyc needs that are not type hints (each says which restriction it gets
   past);
2. compiles `COMPILED` with mypyc (`mypycify`, opt level 3) into extension modules
   beside that copy's `.py` files (an extension module wins over the `.py` of the same
   name), so nothing is built in the source tree;
3. runs each measurement in a fresh process, pure Python (the project's `src`) and
   compiled (the copy) in turn, `--repeats` times, and prints the median rates and the
   median of the repeats' ratios compiled / pure.

`--closed` also drops `allow_interpreted_subclasses` from `State`: the figure once
every game's state is compiled (no interpreted subclass left); with it, only City
Plan can be played from that build.

The measurements (one process each, per second of that process's CPU time, which a
machine shared with other work disturbs less than the wall clock):
- playouts: random City Plan games over 2-5 seats, actions per second
  (benchmarks/cityplan_speed.py's loop);
- copies: `copy()` of 50 four-seat states 60 actions in, per second;
- ismcts: iterations per second of `ismcts:depth=20` from benchmarks/ismcts_speed.py's
  position (random playouts capped at 20 actions).

It needs mypy (which ships mypyc), setuptools and a C compiler:

    python benchmarks/mypyc_trial.py [--repeats 3] [--games 300] [--keep DIR]

Results and the verdict: benchmarks/results/mypyc.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

# the modules on the hot path of a City Plan playout and search (the evaluation is the
# search's leaf value), as paths under src/
COMPILED = (
    "soan/engine/core.py",
    "soan/engine/rng.py",
    "soan/engine/cards.py",
    "soan/games/cityplan/codes.py",
    "soan/games/cityplan/cards.py",
    "soan/games/cityplan/view.py",
    "soan/games/cityplan/scoring.py",
    "soan/games/cityplan/state.py",
    "soan/games/cityplan/evaluation.py",
)

OPEN_STATE = "class State(ABC):"
_SIMULTANEOUS = (
    "    @property\n    def simultaneous(self) -> bool:\n"
    '        """Option `build_order = "simultaneous"`: the build phase before TGF."""\n'
    '        return self.options.build_order == "simultaneous"\n'
)
_ALLOW = "@mypyc_attr(allow_interpreted_subclasses=True)\n"
_MYPYC_ATTR = "from mypy_extensions import mypyc_attr\n\n"

# (file, text, replacement): what mypyc needs beyond type hints. Every text must occur
# exactly once, so a change to the source that moves it stops the trial loudly.
PATCHES: tuple[tuple[str, str, str], ...] = (
    # The other games, every presenter, evaluator and Game stay interpreted and subclass
    # the engine's classes: mypyc refuses "interpreted classes cannot inherit from
    # compiled" unless the compiled class allows it.
    ("soan/engine/core.py", "from soan.engine.errors", _MYPYC_ATTR + "from soan.engine.errors"),
    ("soan/engine/core.py", OPEN_STATE, _ALLOW + OPEN_STATE),
    ("soan/engine/core.py", "class Presenter:", _ALLOW + "class Presenter:"),
    ("soan/engine/core.py", "class Evaluator:", _ALLOW + "class Evaluator:"),
    ("soan/engine/core.py", "class Game(ABC):", _ALLOW + "class Game(ABC):"),
    # A compiled function checks its arguments' declared types on entry, so `play` would
    # raise TypeError for a list where the contract promises IllegalAction: it takes any
    # value, as it already checks it.
    ("soan/engine/core.py", "    def play(self, action: Action) -> None:",
     "    def play(self, action: Any) -> None:"),
    # mypyc compiles only single inheritance of native classes (mixins must be traits,
    # and a trait cannot stand before the non-trait State, whose abstract methods would
    # then hide the mixins' own). The mixins become one chain with the same method
    # resolution order as before: CityPlanState -> Scoring -> View -> State.
    ("soan/games/cityplan/view.py", "class View:", "class View(State):"),
    ("soan/games/cityplan/view.py", "from soan.games.cityplan.codes",
     "from soan.engine.core import State\nfrom soan.games.cityplan.codes"),
    ("soan/games/cityplan/view.py",
     "    over: bool  # the state's, beside the rules\n"
     "    scores: Callable[[], list[int]]\n"
     "    breakdown: Callable[[], list[dict[str, int]]]\n"
     "    winners: Callable[[], list[int]]\n", ""),
    # A native class keeps a declared attribute in its own slot, which a subclass's
    # property cannot stand in for ("attribute 'simultaneous' of 'View' undefined"):
    # View's declared `simultaneous` becomes the property itself, moved from the state.
    ("soan/games/cityplan/view.py", "    simultaneous: bool\n", _SIMULTANEOUS),
    ("soan/games/cityplan/state.py", _SIMULTANEOUS.replace("    def simultaneous(self) -> bool:",
                                                          "    def simultaneous(self) -> bool:"
                                                          "  # type: ignore[override]  # View "
                                                          "reads it as a bool"), ""),
    ("soan/games/cityplan/scoring.py", "class Scoring:", "class Scoring(View):"),
    ("soan/games/cityplan/scoring.py", "from soan.games.cityplan.codes",
     "from soan.games.cityplan.view import View\nfrom soan.games.cityplan.codes"),
    ("soan/games/cityplan/scoring.py",
     "    usage: Callable[[], list[dict[str, int]]]  # the state's\n", ""),
    ("soan/games/cityplan/state.py", "class CityPlanState(Scoring, View, State):",
     "class CityPlanState(Scoring):"),
)


def move_cards(package: Path) -> None:
    """City Plan's `Cards` (plain tuples the rules index every action) to a module of its
    own, `cards.py`, so it compiles to a native class; its importers import it there."""
    content = package / "content.py"
    head, found, table = content.read_text(encoding="utf-8").partition("class Cards:")
    if not found:
        sys.exit("mypyc_trial: cityplan/content.py no longer defines Cards: update move_cards")
    content.write_text(head.rstrip() + "\n", encoding="utf-8")
    (package / "cards.py").write_text(
        "from __future__ import annotations\n\n"
        "from soan.games.cityplan.content import SPE, TYPE_CODES, Building, CityPlanContent\n"
        "\n\n" + found + table, encoding="utf-8")
    for path in package.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        line = re.search(r"^from soan\.games\.cityplan\.content import .*\bCards\b.*$", source,
                         re.MULTILINE)
        if line:
            names = [n.strip() for n in line[0].partition(" import ")[2].split(",")]
            kept = ", ".join(n for n in names if n != "Cards")
            path.write_text(source.replace(line[0], "from soan.games.cityplan.cards import Cards"
                                           + (f"\nfrom soan.games.cityplan.content import {kept}"
                                              if kept else "")), encoding="utf-8")


def prepare(folder: Path, closed: bool) -> Path:
    """Copy the sources into `folder`, patch them and compile `COMPILED` in place;
    returns the folder to put on PYTHONPATH. The compiler's output goes to build.log."""
    src = folder / "src"
    shutil.copytree(SRC / "soan", src / "soan", ignore=shutil.ignore_patterns("__pycache__"))
    move_cards(src / "soan/games/cityplan")
    for name, text, replacement in PATCHES:
        if closed and text == OPEN_STATE:
            continue
        path = src / name
        source = path.read_text(encoding="utf-8")
        if source.count(text) != 1:
            sys.exit(f"mypyc_trial: {name} no longer holds {text.splitlines()[0]!r} once: "
                     "update PATCHES")
        path.write_text(source.replace(text, replacement), encoding="utf-8")
    setup = (
        "from setuptools import setup\nfrom mypyc.build import mypycify\n"
        f"setup(name='soan-mypyc-trial', script_args=['build_ext', '--inplace'],\n"
        f"      ext_modules=mypycify({list(COMPILED)!r}, opt_level='3'))\n"
    )
    log = folder / "build.log"
    start = time.perf_counter()
    with log.open("w") as out:
        done = subprocess.run([sys.executable, "-c", setup], cwd=src, stdout=out,
                              stderr=subprocess.STDOUT, check=False)
    if done.returncode:
        tail = "".join(log.read_text().splitlines(keepends=True)[-15:])
        sys.exit(f"mypyc_trial: the build failed (log: {log}):\n{tail}")
    built = list((src / "soan").rglob("*.so"))
    print(f"compiled {len(COMPILED)} modules in {time.perf_counter() - start:.0f} s "
          f"({len(built)} extension modules)")
    return src


MEASURE = r'''
import sys, time
from soan.engine.registry import get_game
from soan.engine.rng import Rng
import soan.games.cityplan.state as state_module
kind, amount = sys.argv[1], int(sys.argv[2])
assert state_module.__file__.endswith(".so") == (sys.argv[3] == "compiled"), state_module.__file__
game = get_game("cityplan")
content = game.load_content()
if kind == "playouts":
    rng, actions = Rng(12345), 0
    start = time.process_time()
    for seed in range(amount):
        state = game.new(2 + seed % 4, seed, content=content)
        while not state.over:
            state.play(rng.choice(state.legal()))
            actions += 1
    print(actions / (time.process_time() - start))
elif kind == "copies":
    rng, states = Rng(7), []
    for seed in range(50):
        state = game.new(4, seed, content=content)
        for _ in range(60):
            state.play(rng.choice(state.legal()))
        states.append(state)
    start = time.process_time()
    for _ in range(amount):
        for state in states:
            state.copy()
    print(amount * len(states) / (time.process_time() - start))
else:
    sys.path.insert(0, sys.argv[4])
    from ismcts_speed import mid_game
    from soan.bots import make_bot
    state = mid_game()
    bot = make_bot(f"ismcts:iters={amount}:depth=20")
    handed = state.redeal(state.to_move, Rng(0))
    start = time.process_time()
    bot(handed, Rng(100))
    print(bot.iters / (time.process_time() - start))
'''

KINDS = {  # kind -> (what, unit, the amount for --games=g)
    "playouts": ("random playouts", "actions/s", lambda g: g),
    "copies": ("copy(), mid-game", "copies/s", lambda g: 4 * g),
    "ismcts": ("ISMCTS, depth 20", "iterations/s", lambda g: 4 * g),
}


def measure(kind: str, amount: int, variant: str, path: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, kind, str(amount), variant, str(ROOT / "benchmarks")],
        env=env, capture_output=True, text=True, check=False,
    )
    if done.returncode:
        sys.exit(f"mypyc_trial: {kind} under {variant} failed:\n{done.stderr[-2000:]}")
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="playout games a run")
    parser.add_argument("--keep", type=Path, help="build here and keep it (an empty folder)")
    parser.add_argument("--closed", action="store_true",
                        help="State closed to interpreted subclasses (City Plan only)")
    args = parser.parse_args()
    if args.repeats < 1 or args.games < 1:
        parser.error("--repeats and --games take a whole number of 1 or more")
    if args.keep is not None and args.keep.exists() and (
        not args.keep.is_dir() or any(args.keep.iterdir())
    ):
        parser.error(f"--keep {args.keep} is not an empty folder")
    if importlib.util.find_spec("mypyc") is None:
        parser.error("mypyc is not installed: it ships with mypy (pip install mypy)")
    with tempfile.TemporaryDirectory(prefix="soan-mypyc-") as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        compiled = prepare(folder, args.closed)
        variants = {"pure": SRC, "compiled": compiled}
        rows = []
        for kind, (what, unit, amount_of) in KINDS.items():
            runs: dict[str, list[float]] = {v: [] for v in variants}
            for _ in range(args.repeats):  # interleaved: pure, compiled, pure, compiled...
                for variant, path in variants.items():
                    runs[variant].append(measure(kind, amount_of(args.games), variant, path))
            pure, fast = (statistics.median(runs[v]) for v in variants)
            ratios = [f / p for p, f in zip(*runs.values(), strict=True)]
            rows.append((what, unit, pure, fast, ratios))
    # the ratio is the median of each repeat's compiled / pure (the two ran side by side)
    print(f"\n{'median of':20s} {'pure':>12s} {'compiled':>12s} {'ratio':>6s}  each repeat's ratio")
    for what, unit, pure, fast, ratios in rows:
        each = " ".join(f"{r:.2f}" for r in ratios)
        ratio = statistics.median(ratios)
        print(f"{what:20s} {pure:12,.0f} {fast:12,.0f} {ratio:6.2f}  {each}  ({unit})")


if __name__ == "__main__":
    main()
