"""The data of a Populous state, declared once for the state and its mixins (`creation`,
`genesis`, `grace`, `war`, `scoring`, `view`), which read and write it through `self`.

Pieces on the map are one int per cell (see `codes`); a seat's genesis cards are a mask
of the cards lowered (bits 0-4 for cards 1-5, `board.WILD` for the wild card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soan.engine.core import Action
from soan.engine.rng import Rng
from soan.games.populous.board import Board
from soan.games.populous.content import Tables
from soan.games.populous.effects import Mods
from soan.games.populous.options import Options


class Fields:
    """What every part of the rules may read and write: the engine's fields, then the
    game's. `PopulousState` holds them in its slots."""

    if not TYPE_CHECKING:
        __slots__ = ()  # at run time: the state's own slots hold everything

    # the engine's (engine.core.State)
    seats: int
    to_move: int | None  # None once the game is over
    options: Options
    rng: Rng
    log: list[str]
    _legal: tuple[Action, ...] | None  # the legal actions, kept until a play

    board: Board  # the world and its precomputed choices, shared by every copy
    tables: Tables  # the content's flat tables, shared by every copy
    phase: int  # codes.RACE ... codes.OVER
    turn_no: int  # turns started (0 during setup)
    start: int  # the seat dealt the S-marked wild card (-1 while races are chosen)
    active: int  # the seat whose turn it is
    ending: bool  # someone reached the end score: the round is played out
    # this turn
    area: int  # this turn's tile, -1 before it is chosen
    action: int  # this turn's action card, -1 before it is chosen
    wild: bool  # the wild card was lowered this turn
    places: int  # workers the action may still place
    free_place: bool  # placing costs no food (Blessing)
    drawn: int  # extra cards drawn this Revelation
    # the map
    occ: list[int]  # what stands on each cell (see `codes`)
    vandals: int  # vandals on the map
    # each seat's
    race: list[int]  # -1 before it is chosen
    mods: list[Mods]  # the ongoing effects of its race and grace area
    free: list[int]  # terrains settled for free, a mask
    vp: list[int]
    vp_src: list[int]  # 4 VP sources per seat: scoring.START, PROSPERITY, WAR, GRACE
    fp: list[int]
    food: list[int]
    workers: list[int]  # left in its stock
    houses: list[int]  # left in its stock
    down: list[int]  # its lowered genesis cards, a mask (see `board.WILD`)
    # genesis hands (option `genesis_hand`)
    genesis: list[list[int]]  # each seat's hidden hand (empty under the fixed 【創世記】)
    gdeck: list[int]
    gdiscard: list[int]  # lowered genesis cards, face up
    # grace cards
    hands: list[list[int]]
    offers: list[list[int]]  # each seat's setup draw, to keep some of
    grace: list[list[int]]  # each seat's grace area
    deck: list[int]
    discard: list[int]
    resume: int  # grace.RESUME_WAR or RESUME_LOSERS: where play goes on after a discard
    # the war
    bidders: tuple[int, ...]  # the seats at war, from the active seat round
    bids: list[int]  # food each seat has committed
    bid_pos: int  # whose bid is next, an index into `bidders`
    bid_added: bool  # this round of bids added food
    losers: list[int]  # who still returns a piece, codes.NEUTRAL for the vandals

    if TYPE_CHECKING:  # what one part calls on another (or on the engine), for mypy only
        @property
        def over(self) -> bool: ...  # engine.core.State
        def _note(self, seat: int, key: str) -> None: ...
        def scores(self) -> list[int]: ...  # scoring
        def breakdown(self) -> list[dict[str, int]]: ...
        def winners(self) -> list[int]: ...
        def presence_vp(self, s: int) -> int: ...
        def _gain_vp(self, s: int, amount: int, source: int) -> None: ...
        def _note_shared_areas(self) -> None: ...
        def area_codes(self) -> list[int]: ...  # state
        def area_pair(self) -> str | None: ...
        def _start_turn(self) -> None: ...  # creation
        def _lower_genesis(self, s: int, card: int) -> None: ...  # genesis
        def _playable_genesis(self, s: int) -> None: ...
        def _refill_genesis(self, s: int) -> None: ...
        def _grace_phase(self) -> None: ...  # grace
        def capacity(self, s: int) -> int: ...
        def _draw(self, s: int, k: int) -> int: ...
        def _war_check(self) -> None: ...  # war
        def _next_loser(self) -> None: ...
        def _strength(self, s: int, worker_value: int, house_value: int,
                      limit: int = 99) -> int: ...
