"""The data of a Quo Vadis state, declared once for the state and its mixins (`creation`,
`war`, `settlement`, `scoring`, `view`), which read and write it through `self`.

Per-seat numbers are flat lists: resources and maxima 4 a seat (`4 * s + r`), sources
`NSRC` a seat, epic hands 5 a seat (counts by card kind), workers `n` a cell
(`c * n + s`); a building is one int, ``seat << 2 | kind`` or `EMPTY` (`codes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from soan.engine.core import Action
from soan.engine.rng import Rng
from soan.games.quovadis.board import Board
from soan.games.quovadis.content import Tables
from soan.games.quovadis.effects import Mods
from soan.games.quovadis.options import Options

# a seat's generations, oldest first: (cards under it, the kind on top)
Generations = tuple[tuple[int, int], ...]
# every seat's majorities, face-up cities and cubes on its cities (`Settlement.board_counts`)
Counts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Fields:
    """What every part of the rules may read and write: the engine's fields, then the
    game's. `QuoVadisState` holds them in its slots."""

    if not TYPE_CHECKING:
        __slots__ = ()  # at run time: the state's own slots hold everything

    # the engine's (engine.core.State)
    to_move: int | None
    options: Options
    rng: Rng
    log: list[str]
    if TYPE_CHECKING:
        @property
        def over(self) -> bool: ...
    _note: Callable[[int, str], None]
    _mark: Callable[[int, str, int], None]
    winners: Callable[[], list[int]]

    # what one part of the rules calls on another: the state's (setup, resources, cards)
    _clear_turn: Callable[[], None]
    _offer: Callable[[Sequence[Action]], None]
    _refresh: Callable[[int], None]
    gain: Callable[[int, int, int], int]
    _score: Callable[[int, int, int], None]
    _draw: Callable[[int, int], int]
    hand_size: Callable[[int], int]
    # `Creation`'s
    _start_turn: Callable[[], None]
    _city_sites: Callable[[int], list[int]]
    _halve: Callable[[int], int]
    _return_building: Callable[[int], None]
    # `War`'s
    _war: Callable[[], None]
    owners: Callable[[int], int]
    strength_at: Callable[[int, tuple[int, ...]], int]
    # `Settlement`'s
    _build_phase: Callable[[], None]
    _ascend_one: Callable[[int], int]
    board_counts: Callable[[], Counts]
    majorities: Callable[[int], int]
    # `Scoring`'s
    scores: Callable[[], list[int]]
    breakdown: Callable[[], list[dict[str, int]]]
    city_cubes: Callable[[int], int]
    if TYPE_CHECKING:
        def skill_vp(self, s: int, k: int, majorities: int = -1) -> int: ...

    tables: Tables  # the content's flat tables
    board: Board  # the world and its area choices, shared by every copy
    n: int  # seats
    phase: int  # codes.RACE ... codes.OVER
    round_no: int  # rounds started (0 in setup)
    turn_no: int  # turns started
    start: int  # the start player (-1 until drawn)
    active: int  # the seat whose turn it is (-1 in setup)
    # the world
    wk: list[int]  # workers by cell and seat
    bld: list[int]  # the building on each cell
    cubes: list[int]  # dominance cubes on each cell's city
    terr: list[int]  # each cell's terrain now (a ring changes it)
    ring: list[int]  # the ring round each tile (-1: none)
    rings_left: list[int]  # rings by terrain
    markers: tuple[int, int]  # the two marked genesis cards
    area: int  # the creation area's tile (-1: none)
    # the seats
    res: list[int]  # resources
    cap: list[int]  # their maxima
    vp: list[int]
    src: list[int]  # VP by source
    supply: list[int]  # workers not on the map
    cities: list[int]  # city tokens left
    forts: list[int]  # forts left
    temples: list[int]  # temples left
    ascended: list[int]  # workers ascended
    wars_won: list[int]
    race: list[int]  # -1: not chosen
    basic: list[int]  # the basic skill chosen (-1: none yet)
    hidden: list[tuple[int, ...]]  # face-down skills
    shown: list[tuple[int, ...]]  # face-up skills
    used: list[tuple[int, ...]]  # once skills used
    draft: list[list[int]]  # draft hands
    mods: list[Mods]  # the face-up skills' ongoing effects added up
    freemask: list[int]  # bit per terrain settled for free
    gens: list[Generations]
    # the epic cards
    hand: list[int]
    deck: list[int]  # card kinds, drawn from the end
    discard: list[int]  # counts by kind
    # the turn
    placed: int  # workers placed this turn
    free_place: bool  # this turn's workers cost no food
    kind: int  # the card kind acting (-1: none)
    acts: int  # its actions left
    changed: bool  # a generation change this turn
    prev_count: int  # the cards of the generation it closed
    movable: list[int]  # cells of the workers Revelation may move (one entry a worker)
    paid: int  # the wrath paid for the wrath of god now striking
    strikes: int  # its strikes left
    struck: int  # bit per area cell struck
    shield: int  # bit per seat with a temple in the area
    # the war
    sides: tuple[int, ...]  # seats at war, from the active seat clockwise
    contested: tuple[int, ...]  # contested cells
    decl: list[int]  # morale each seat declared
    decl_pos: int  # sides that have declared
    losers: list[int]  # losers still to keep workers
    kept: list[int]  # workers kept on each contested cell
