"""The contract every game follows: a `Game` that makes `State`s.

A game is a `Game` object (metadata, options, variants, content) and a `State`
class holding the rules. Actions are plain tuples of strings and ints, such as
``("build", 17)`` or ``("done",)``: hashable, cheap, and already their own
stable JSON form (a list). The game's presenter (`game.presenter.label(state, action)`)
gives the words a person reads.

Conventions every game keeps:
- chance comes only from `State.rng` (seeded), so options + seed + actions
  reproduce a game exactly;
- a compound choice is a sequence of atomic actions ended by ``("done",)``;
- simultaneous choices are taken seat by seat and hidden until all are in;
- `view(seat)` and `redeal(seat, rng)` depend only on what that seat may know.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from soan.engine.errors import IllegalAction, OptionsError, SoanError
from soan.engine.glossary import Glossary
from soan.engine.options import Variant, check_options
from soan.engine.rng import Rng

__all__ = [
    "Action", "Evaluator", "Game", "IllegalAction", "OptionsError", "Presenter", "SoanError",
    "State", "Variant",
]

Action = tuple  # e.g. ("build", 17); its JSON form is a list


def action_from_json(data: Any) -> Action:
    """Turn a JSON list back into an action tuple."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"an action is a list starting with its name, got {data!r}")
    if not all(type(x) is str or type(x) is int for x in data):
        raise ValueError(f"an action holds only names and whole numbers, got {data!r}")
    return tuple(data)


def is_action(value: Any) -> bool:
    """True for a tuple of plain `str` and `int` parts (no bool, float or NumPy number).
    Every `play` asks, so it is a plain loop rather than `all` over a generator."""
    if type(value) is not tuple:
        return False
    for part in value:
        kind = type(part)
        if kind is not str and kind is not int:
            return False
    return True


Notes = tuple | None  # (earlier notes, seat, key): a persistent list, so copies share it


class State(ABC):
    """One moment of one game. Subclasses use `__slots__` and hand-written `copy()`.

    A game's `setup` starts with `_init_base`; its `copy` calls `_copy_base`; its
    `redeal` ends with `_forget_past`. Every game provides `first_player`,
    `faction(seat)` and calls `_note(seat, "kind:name")` whenever a content item or a
    rule branch worth counting is used, which `usage()` adds up for the lab; a game
    whose designer counts rounds to an event (「最速で都市を建てる」) calls
    `_mark(seat, name, round)` when it happens, and `firsts()` gives each seat's first."""

    __slots__ = (
        "_legal", "_marks", "_notes", "content", "history", "log", "options", "rng", "seats",
        "to_move", "unfinished",
    )

    game: ClassVar[Game]

    seats: int
    to_move: int | None
    options: Any
    content: Any
    rng: Rng
    history: list[Action]
    log: list[str]
    unfinished: bool
    _legal: tuple[Action, ...] | None
    _notes: Notes
    _marks: Notes  # (earlier marks, seat, name, round)

    def _init_base(self, seats: int, seed: int, options: Any, content: Any) -> None:
        """Fill the contract's fields of a new game."""
        self.seats, self.options, self.content = seats, options, content
        self.rng = Rng(seed)
        self.history, self.log = [], []
        self._legal = None
        self._notes = self._marks = None
        self.unfinished = False

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def mover(self) -> int:
        """The seat to move, where the game must still be going (a bot's choice, a
        seat's prompt): a finished game raises here instead of passing None on."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction("the game is over: no seat is to move")
        return seat

    @property
    @abstractmethod
    def first_player(self) -> int:
        """The seat that moves first in turn order (start player, first mayor): seat
        order and turn order differ whenever the draft picks the start by chance."""

    def faction(self, seat: int) -> str | None:
        """The seat's asymmetric start (its race), as named in the content; None where
        the game has none or it is not chosen yet."""
        return None

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """Every legal action for `to_move`, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action and advance to the next decision."""

    def legal(self) -> tuple[Action, ...]:
        """Every legal action now, in a stable order (a tuple: it cannot be changed)."""
        if self._legal is None:
            self._legal = () if self.to_move is None else tuple(self._legal_actions())
        return self._legal

    def play(self, action: Action) -> None:
        """Play a legal action; anything else raises `IllegalAction` and changes nothing.
        Parts must be plain `str` and `int` (a bool or float equal to a legal id is not
        that id). A game still going after `game.max_actions` ends as unfinished."""
        legal = self._legal
        if legal is None:
            legal = self.legal()
        if not is_action(action) or action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        history = self.history
        history.append(action)
        self._apply(action)
        if self.to_move is not None and len(history) >= self.game.max_actions:
            self._stop_unfinished()

    def no_effect(self, action: Action) -> bool:
        """True for a legal action that changes nothing in the position but uses the
        turn (a card whose effect has no target, a payment beyond what is needed): the
        terminal and the browser mark it "no effect now" and the heuristic passes it
        over. Games override it; the default knows of none."""
        return False

    def _stop_unfinished(self) -> None:
        """The stop at `game.max_actions`: any legal actions a transition left ready
        for `legal()` end with the game."""
        self._legal = None
        self.to_move = None
        self.unfinished = True
        keep = ", ".join(f"{k}={getattr(self.options, k)}" for k in self.game.length_options)
        self.log.append(
            f"The game is stopped unfinished after {len(self.history):,} actions"
            + (f": the rule numbers {keep} keep it going." if keep else ".")
        )

    def _why_illegal(self, action: Any) -> str:
        if not is_action(action):
            return (
                f"{action!r} is not an action: an action is a tuple of names (str) and "
                "whole numbers (int), such as ('build', 17)"
            )
        if self.to_move is None:
            return f"the game is over; {action!r} cannot be played"
        legal = self.legal()
        choices = ", ".join(map(repr, legal[:12]))
        more = "" if len(legal) <= 12 else f" and {len(legal) - 12} more"
        return (
            f"{action!r} is not legal for seat {self.to_move + 1} now; "
            f"legal actions are {choices}{more}"
        )

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's total points (final once `over`)."""

    @abstractmethod
    def breakdown(self) -> list[dict[str, int]]:
        """Each seat's points by source; the values add up to `scores()`."""

    def winners(self) -> list[int]:
        """The seats that share the win: empty while the game goes on, on a draw, and
        for a game stopped unfinished."""
        if self.to_move is not None or self.unfinished:
            return []
        return self._winners()

    @abstractmethod
    def _winners(self) -> list[int]:
        """The seats that share the win of a finished game (empty on a draw)."""

    def _note(self, seat: int, key: str) -> None:
        """Count one use of a content item or rule branch by `seat` ("built:公園",
        "war:won"). Notes are shared between copies, so this costs one small tuple."""
        self._notes = (self._notes, seat, key)

    def usage(self) -> list[dict[str, int]]:
        """For each seat, how often each noted item or branch was used: "kind:name" ->
        count (content items under their names exactly as in the content file)."""
        counts: list[dict[str, int]] = [{} for _ in range(self.seats)]
        node = self._notes
        while node is not None:
            node, seat, key = node
            counts[seat][key] = counts[seat].get(key, 0) + 1
        return counts

    def _mark(self, seat: int, name: str, round_no: int) -> None:
        """Note that `name` (one of `game.first_events`) happened to `seat` in round
        `round_no`; shared between copies like the notes."""
        self._marks = (self._marks, seat, name, round_no)

    def firsts(self) -> list[dict[str, int]]:
        """For each seat, the round (a full turn of the table, 1 = the first) in which
        each event of `game.first_events` first happened to it; an event that never
        happened is absent, never 0."""
        out: list[dict[str, int]] = [{} for _ in range(self.seats)]
        node = self._marks
        while node is not None:
            node, seat, name, round_no = node
            out[seat][name] = min(round_no, out[seat].get(name, round_no))
        return out

    def uses(self, action: Action) -> tuple[str, ...]:
        """The usage keys the mover would add by playing `action` (for restricted
        play: a bot forbidden an item never picks an action that uses it)."""
        return ()

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: only what `seat` may see (`None` is a spectator)."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy (hand-written for speed)."""

    @abstractmethod
    def redeal(self, seat: int, rng: Rng) -> State:
        """A copy in which everything `seat` cannot see is dealt anew, consistently.
        Its `history` and notes are empty: they may hold other seats' hidden choices."""

    def turn(self) -> int:
        """How many turns have started (for reports); games override when it differs."""
        return 0

    def _copy_base(self, other: State) -> None:
        """Fill the contract's fields of a fresh `other` from this state."""
        other.seats = self.seats
        other.to_move = self.to_move
        other.options = self.options
        other.content = self.content
        other.rng = self.rng.copy()
        other.history = self.history.copy()
        other.log = self.log.copy()
        other._legal = self._legal
        other._notes = self._notes
        other._marks = self._marks
        other.unfinished = self.unfinished

    def _forget_past(self, rng: Rng) -> None:
        """End a `redeal`: fresh chance from `rng`, no history, no notes (they may hold
        other seats' hidden choices), legal actions recomputed."""
        self.rng = rng.spawn()
        self.history = []
        self._notes = self._marks = None
        self._legal = None


class Presenter:
    """How a game reads to people: words for actions, text and SVG pictures of a
    position. The state holds the rules only; the `Game` binds one presenter, which the
    terminal, the web and the lab ask (OpenSpiel keeps observers outside the state in
    the same way). The defaults suit a game with no presentation of its own."""

    def label(self, state: State, action: Action) -> str:
        """Plain words for an action, for people and logs."""
        return " ".join(map(str, action))

    def short_label(self, state: State, action: Action) -> str | None:
        """A label short enough for a long numbered list of choices; None where the
        game keeps one label for every list."""
        return None

    def action_kind(self, state: State, action: Action) -> str:
        """The kind of an action in the game's own words, for counting what winners do."""
        return action[0]

    def render(self, state: State, seat: int | None = None) -> str:
        """A text picture of the state as `seat` sees it."""
        return "\n".join(f"{k}: {v}" for k, v in state.view(seat).items())

    def screen(self, state: State, seat: int | None, width: int) -> Any | None:
        """A rich renderable for a colour terminal, or None to print `render`."""
        return None

    def svg(self, state: State) -> str | None:
        """The board as an SVG picture, or None for a game without a board."""
        return None


class Evaluator:
    """How the hand-written bots judge a position; the `Game` binds one, so a learned
    judge can stand in its place without touching the rules."""

    def evaluate(self, state: State) -> list[float]:
        """Each seat's prospects, for heuristic play and capped rollouts: points so far
        plus the value of what it holds."""
        return [float(x) for x in state.scores()]


class Game(ABC):
    """A registered game: what it is, its rule numbers (`Options`), variants, content."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type]
    variants: ClassVar[Mapping[str, Variant]]  # "default" first: the rules as written
    seat_names: ClassVar[Sequence[str]] = ()
    max_actions: ClassVar[int] = 20_000  # a game still going after this many actions stops
    length_options: ClassVar[tuple[str, ...]] = ()  # rule numbers that decide the length
    # events whose first round `State.firsts()` gives each seat (a city: the fastest-city line)
    first_events: ClassVar[tuple[str, ...]] = ()
    # the draft's own words for the game's words, for pages written in Japanese
    glossary: ClassVar[Glossary | None] = None
    presenter: ClassVar[Presenter] = Presenter()  # words and pictures for people
    evaluator: ClassVar[Evaluator] = Evaluator()  # the hand-written bots' judge
    encoder: ClassVar[Any] = None  # engine.encoding.Encoder: positions as numbers

    @abstractmethod
    def load_content(self, path: str | None = None) -> Any:
        """The game's content: the shipped data file, or an edited copy at `path`."""

    def content_hash(self, content: Any) -> str:
        """The fingerprint of `content` that records and results carry."""
        return content.hash

    @abstractmethod
    def usage_keys(self, content: Any, options: Any) -> list[str]:
        """Every key `State.usage()` could hold with this content and these options:
        the lab lists those never seen (dead cards, rule holes)."""

    @abstractmethod
    def _new(self, seats: int, seed: int, options: Any, content: Any) -> State:
        """Set up a new game."""

    def options(self, variant: str = "default", **overrides: Any) -> Any:
        """The options of a variant, with single rule numbers overridden; every value
        is checked against its field's range."""
        if variant not in self.variants:
            known = ", ".join(self.variants)
            raise OptionsError(f"{self.id} has no variant {variant!r}; variants: {known}")
        fields = {f.name: f for f in dataclasses.fields(self.Options)}
        values = dict(self.variants[variant].overrides)
        for key, value in overrides.items():
            if key not in fields:
                raise OptionsError(f"{self.id} has no option {key!r}; options: {', '.join(fields)}")
            values[key] = value
        options = self.Options(**values)
        check_options(self.id, options)
        return options

    def new(self, seats: int, seed: int = 0, options: Any = None, content: Any = None) -> State:
        """A new game for `seats` players from `seed`."""
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise OptionsError(
                f"{self.title} is for {self.min_seats} to {self.max_seats} players, not {seats}"
            )
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise OptionsError(f"a seed is a whole number from 0 to 2^63-1, not {seed!r}")
        if options is None:
            options = self._defaults()
        elif options is not self._checked:
            check_options(self.id, options)
            self._checked = options
        if content is None:
            content = self.load_content()
        return self._new(seats, seed, options, content)

    # Options are frozen, so one checked object stays valid: a lab playing thousands of
    # games with one options object (or the defaults) checks it once, not every game.
    _checked: Any = None

    @functools.cache  # noqa: B019 (games are registry singletons, never collected)
    def _defaults(self) -> Any:
        """The rules as written, built and checked once per game."""
        return self.options()

    def rules_text(self) -> str:
        """The English rules reference (the game package's `rules.md`)."""
        import sys
        from importlib import resources

        module = sys.modules[type(self).__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__package__
        try:
            return resources.files(cast(str, package)).joinpath("rules.md").read_text("utf-8")
        except FileNotFoundError:
            return f"No rules reference is installed for {self.id}."


def options_to_dict(options: Any) -> dict[str, Any]:
    """JSON-ready form of an Options dataclass (tuples become lists)."""
    out = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def options_from_dict(game: Game, data: Mapping[str, Any]) -> Any:
    """Rebuild an Options dataclass from its JSON form, refusing unknown fields and
    values outside their ranges."""
    if not isinstance(data, Mapping):
        raise OptionsError(f"{game.id} options must be a table of rule numbers, not {data!r}")
    fields = {f.name: f for f in dataclasses.fields(game.Options)}
    values = {}
    for key, value in data.items():
        if key not in fields:
            raise OptionsError(f"{game.id} has no option {key!r}; options: {', '.join(fields)}")
        values[key] = tuple(value) if isinstance(value, list) else value
    options = game.Options(**values)
    check_options(game.id, options)
    return options


def option_text(value: Any) -> str:
    """A rule number as typed on the command line: 8, true, 20/10/5."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


def parse_option_value(game: Game, key: str, text: str) -> Any:
    """Parse `key=text` from the command line by the type of the field's default."""
    fields = {f.name: f for f in dataclasses.fields(game.Options)}
    if key not in fields:
        raise OptionsError(f"{game.id} has no option {key!r}; options: {', '.join(fields)}")
    default = getattr(game.Options(), key)
    try:
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("true", "1", "yes")
        if isinstance(default, int):
            return int(text)
        if isinstance(default, tuple):
            return tuple(int(x) for x in text.split("/"))
    except ValueError:
        raise OptionsError(
            f"option {key} takes a value like {option_text(default)}, not {text!r}"
        ) from None
    return text
