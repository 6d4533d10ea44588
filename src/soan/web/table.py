"""A table on the server: its setup, its seats and their secret tokens, the real state.

Everything here is plain and synchronous: the server calls it from its event
loop, and bots think on copies elsewhere. The state is always the setup's seed
plus the actions played, so the store keeps just those and `restore` rebuilds
the table exactly.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from soan.bots import make_bot
from soan.engine.core import Action, IllegalAction, State, is_action
from soan.engine.record import Record, RecordError
from soan.engine.rng import Rng
from soan.table import HUMAN, REMOTE, TableSetup
from soan.web.errors import Conflict, RequestError
from soan.web.undo import undoable


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


def seeded_rng(purpose: str, seed: int, seat: int, ply: int) -> Rng:
    """A generator for one decision, derived one-way from the game's seed: a bot
    thinking at a given position after a restart makes the same move, and nothing
    it reads leads back to the seed."""
    text = f"soan web {purpose} seat {seat} ply {ply} of game {seed}"
    digest = hashlib.sha256(text.encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


@dataclass
class Seat:
    spec: str  # "human", "remote" or a bot spec
    token: str
    fallback: str = ""  # the bot that takes over a silent remote seat ("": none)
    replaced: bool = False  # a remote seat now played by its fallback bot

    @property
    def kind(self) -> str:
        return self.spec if self.spec in (HUMAN, REMOTE) else "bot"


@dataclass
class BotJob:
    """One bot decision to think about away from the real state: the seat's re-dealt
    copy (what it may see, the rest dealt anew) and the bot's generator, as
    `soan.bots.match.choose` hands them to a bot."""

    seat: int
    ply: int
    change: int  # the table's `changes` when it was asked
    spec: str
    state: State
    rng: Rng


@dataclass
class Table:
    id: str
    setup: TableSetup
    seats: list[Seat]
    silence: float = 0.0  # seconds a remote seat may be silent on its turn (0: forever)
    created: float = field(default_factory=time.time)
    content_name: str | None = None  # the uploaded content file's name, if any
    next_id: str | None = None  # the table of "play again"
    next_tokens: list[str] = field(default_factory=list)  # its seats' tokens, seat by seat
    overrides: dict[str, Any] = field(default_factory=dict)  # the rule numbers asked for
    state: State = field(init=False)
    movers: list[int] = field(init=False, default_factory=list)  # who played each action
    changes: int = field(init=False, default=0)  # moves and undos so far: the position's name
    unsaved: int = field(init=False, default=0)  # changes not yet on disk (nobody hears of them)
    _bots: dict[int, str] = field(init=False, default_factory=dict)
    _before: tuple[int, State] | None = field(init=False, default=None)
    _undo: dict[tuple[int, int], bool] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.state = self.setup.new_state()
        for seat in self.seats:
            if seat.kind == "bot":
                make_bot(seat.spec)  # a spec that names no bot is refused here
        self._bots = {s: seat.spec for s, seat in enumerate(self.seats) if seat.kind == "bot"}

    # ---- reading -------------------------------------------------------------------------

    @property
    def game(self):
        return self.setup.game

    @property
    def ply(self) -> int:
        return len(self.state.history)

    @property
    def actions(self) -> list[Action]:
        return self.state.history

    def seat_of(self, token: str) -> int | None:
        for s, seat in enumerate(self.seats):
            if secrets.compare_digest(seat.token, token):
                return s
        return None

    def record(self) -> Record:
        """The table's record; only a finished game's record carries its real seed."""
        return Record.of(self.state, self.setup.variant, self.setup.content_hash,
                         [seat.spec for seat in self.seats], self.setup.seed)

    # ---- changing ------------------------------------------------------------------------

    def replay(self, actions: list[Action]) -> None:
        """Play stored actions from the seed (on start-up); a bad one is an error."""
        self.state, self.movers = self._replayed(actions)

    def _replayed(self, actions: list[Action]) -> tuple[State, list[int]]:
        state, movers = self.setup.new_state(), []
        for i, action in enumerate(actions, 1):
            try:
                movers.append(state.mover)
                state.play(action)
            except IllegalAction as exc:
                raise RecordError(f"stored action {i} {list(action)} does not replay: "
                                  f"{exc}") from None
        return state, movers

    def _moved(self, seat: int, before: State | None) -> None:
        self.movers.append(seat)
        self.changes += 1
        self._before = (self.ply, before) if before is not None else None
        self._undo.clear()

    def play(self, seat: int, action: Any, ply: int | None = None) -> Action:
        """Play `action` for `seat`, refusing it (changing nothing) when it is not
        that seat's turn, the position moved on since `ply`, or it is illegal."""
        state = self.state
        if state.over:
            raise Conflict("the game is over")
        if state.to_move != seat:
            raise Conflict(f"it is not seat {seat + 1}'s turn (seat {state.mover + 1} moves)")
        if ply is not None and ply != self.ply:
            raise Conflict(f"the game has moved on: your choice was for move {ply}, "
                           f"the table is at move {self.ply}")
        action = tuple(action) if isinstance(action, list) else action
        if not is_action(action) or action not in state.legal():
            raise RequestError(_illegal(state, action))
        before = state.copy()
        state.play(action)
        self._moved(seat, before)
        return action

    def bot_job(self) -> BotJob | None:
        """The bot decision due now, on the seat's re-dealt copy of the state, or None."""
        seat = self.state.to_move
        if seat is None or seat not in self._bots:
            return None
        rng = seeded_rng("bot", self.setup.seed, seat, self.ply)
        seen = self.state.redeal(seat, rng.spawn())
        return BotJob(seat, self.ply, self.changes, self._bots[seat], seen, rng)

    def play_bot(self, job: BotJob, action: Action) -> bool:
        """Play a bot's answer if the position is still the one it thought about."""
        if self.changes != job.change or self.state.to_move != job.seat:
            return False
        self.state.play(action)
        self._moved(job.seat, None)
        return True

    def can_undo(self, seat: int | None) -> bool:
        """Whether `seat` may take back the last action now (see `soan.web.undo`)."""
        if seat is None:
            return False
        known = self.undo_known(seat)
        if known is None:
            known = self._undo[(self.ply, seat)] = undoable(*self.undo_question(seat))
        return known

    def undo_known(self, seat: int | None) -> bool | None:
        """Whether `seat` may undo, when that is known without the re-deal test (None:
        the test is still to be made, with `undo_question`)."""
        if seat is None or not self.movers or self.movers[-1] != seat or self.state.over:
            return False
        if self.seats[seat].kind == "bot":
            return False
        return self._undo.get((self.ply, seat))

    def undo_question(self, seat: int) -> tuple[State, Action, State, int, Rng]:
        """The arguments of `undoable` for `seat`'s last action, copies all (they may be
        sent to another process)."""
        rng = seeded_rng("undo", self.setup.seed, seat, self.ply)
        return self._state_before(), self.actions[-1], self.state.copy(), seat, rng

    def undo_answered(self, seat: int, changes: int, answer: bool) -> bool:
        """Keep the answer of a test asked at position `changes`; False if the table has
        moved on since (the answer is of no use)."""
        if self.changes != changes:
            return False
        self._undo[(self.ply, seat)] = answer
        return True

    def undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            raise Conflict("you cannot undo now: undo takes back only your own last choice, "
                           "and only while no card, die or hidden choice has been revealed "
                           "since and nobody else has chosen")
        self.state = self._state_before()
        self.movers.pop()
        self.changes += 1
        self._before = None
        self._undo.clear()

    def _state_before(self) -> State:
        """The state before the last action (kept from `play`, else replayed)."""
        if self._before is None or self._before[0] != self.ply:
            self._before = (self.ply, self._replayed(self.actions[:-1])[0])
        return self._before[1].copy()

    def replace(self, seat: int) -> None:
        """A silent remote seat is taken over by its fallback bot."""
        entry = self.seats[seat]
        entry.spec, entry.replaced = entry.fallback, True
        self._bots[seat] = entry.fallback
        self._undo.clear()


def _illegal(state: State, action: Any) -> str:
    if not is_action(action):
        return (f"{short(action)} is not an action: send a list such as [\"build\", 17], "
                "one of the choices you were given")
    legal = state.legal()
    shown = ", ".join(str(list(a)) for a in legal[:12])
    more = "" if len(legal) <= 12 else f" and {len(legal) - 12} more"
    return f"{short(list(action))} is not legal now; your choices are {shown}{more}"


ECHO = 60  # characters of a client's input an error may quote


def short(value: Any, limit: int = ECHO) -> str:
    """The start of what a client sent (its repr), for an error: never more than `limit`
    characters of it, however much was sent."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"
