"""The data of an Undecim state, declared once for the state and its phase mixins
(`choices`, `resolution`, `rounds`, `view`), which read and write it through `self`.

Resource cards of one pairing are alike, so places hold counts by card type
(content.TYPES: 16 land-and-resource pairings and the enemy-and-gold card); action
cards are bits 1-11 of an int (codes.BITS lists them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from soan.engine.core import Action
from soan.engine.rng import Rng
from soan.games.undecim.content import Tables
from soan.games.undecim.effects import Step
from soan.games.undecim.options import Options


class Fields:
    """What every part of the rules may read: the engine's fields, then the game's.
    `UndecimState` holds them in its slots. The methods one part calls on another are
    declared here too, for the type checker only."""

    if not TYPE_CHECKING:
        __slots__ = ()  # at run time: the state's own slots hold everything

    # the engine's (engine.core.State)
    seats: int
    to_move: int | None
    options: Options
    rng: Rng
    log: list[str]
    _legal: tuple[Action, ...] | None  # the legal actions, once built (`Choices._offer`)
    # and what the rules call of it
    over: bool
    if TYPE_CHECKING:
        @property
        def first_player(self) -> int: ...
    _note: Callable[[int, str], None]
    scores: Callable[[], list[int]]
    breakdown: Callable[[], list[dict[str, int]]]
    winners: Callable[[], list[int]]

    # what one part of the rules calls on another: the state's (cards, the winner)
    _take: Callable[[int], list[int]]
    _draw: Callable[[int, int], None]
    _to_front: Callable[[int, int, int], int]
    _unfront: Callable[[int, int], None]
    _lose: Callable[[int, int], None]
    _best: Callable[[list[int]], list[int]]
    # `Choices`'
    _offer: Callable[[int, int, list[Action] | tuple[Action, ...]], None]
    _step: Callable[[], Step]
    _card_choices: Callable[[list[int], int, int], tuple[Action, ...]]
    build_options: Callable[[int], list[Action]]
    _target_choices: Callable[[list[int]], list[Action]]
    _steal_choices: Callable[[int, list[int]], list[Action]]
    _stealable: Callable[[int], list[int]]
    # `Resolution`'s and `Rounds`'
    _reveal: Callable[[], None]
    _next_bonus: Callable[[], None]
    _next_replenish: Callable[[], None]
    _night: Callable[[], None]

    tables: Tables  # the content's flat tables for the modules in play
    # the log's lines for a card put into a front (`words.placed_lines`)
    placed: tuple[tuple[tuple[str, str], ...], ...]
    phase: int  # codes.MULLIGAN ... codes.OVER
    round_no: int  # rounds started (0 before the first)
    # the red moon
    counters: int  # time counters on it
    die: int  # this round's moon die (0 before the first roll)
    rolled: int  # counters the die took off this round (a recount gives them back)
    night: bool  # the red moon night falls this round
    most: int  # bit per seat with the most enemies at this night
    slays: int  # enemies the seat at night has discarded so far
    # action cards
    hands: list[int]  # each seat's hand
    secret: list[int]  # the cards of each hand no other seat has seen
    field: int  # face up: the 【場】
    aside: int  # face down this round (3 players)
    picks: list[int]  # each seat's hidden pick this round (0: none yet)
    second: list[int]  # each seat's card resolved after its pick in the notes' two-card
    # last round (0: none)
    played: list[int]  # each seat's card revealed last (the lower of two)
    # resource cards
    deck: list[int]  # card types, drawn from the end
    discard: list[int]  # card types, face up
    hand: list[int]  # TYPES counts per seat
    hsize: list[int]  # cards in each hand
    front: list[int]  # codes.W counts per seat, at codes.F_*
    fresh: list[int]  # codes.FRESH counts per seat: entered the front this action phase
    market: list[int]  # TYPES counts revealed by a market step
    bonus: int  # the card type of the bonus resource being placed (-1: none)
    settlements: list[tuple]  # (owner, kind, mask, level, gold, cards): codes.OWNER...
    # points and awards
    pts: list[int]  # codes.NSOURCES points per seat kept as play goes on
    slain: list[int]  # enemies each seat discarded at nights
    awards: list[int]  # open awards
    removed: list[int]  # base awards out of the game, unseen
    # the sequence being played out
    queue: list[int]  # seats still to act: bonus, resolution, replenishment, night
    victims: list[int]  # seats still to take from in a steal step
    cur: int  # the seat whose action card resolves (-1: none)
    card: int  # that card (-1: none)
    si: int  # its step being resolved
    left: int  # cards still to place or take in that step
    autos: int  # auto actions left to the resolving seat
    spent: int  # gold spent on the current step
    boosted: bool  # the current step's gold boost is settled
