"""The contract every game follows: a `Game` that makes `State`s.

A game is a `Game` object (metadata, options, variants, content) and a `State`
class holding the rules. Actions are plain tuples of strings and ints, such as
``("build", 17)`` or ``("done",)``: hashable, cheap, and already their own
stable JSON form (a list). `State.label(action)` gives the words a person reads.

Conventions every game keeps:
- chance comes only from `State.rng` (seeded), so options + seed + actions
  reproduce a game exactly;
- a compound choice is a sequence of atomic actions ended by ``("done",)``;
- simultaneous choices are taken seat by seat and hidden until all are in;
- `view(seat)` and `redeal(seat, rng)` depend only on what that seat may know.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from soan.engine.rng import Rng

Action = tuple  # e.g. ("build", 17); its JSON form is a list


class SoanError(Exception):
    """Base of every error soan raises on purpose, with a message for people."""


class IllegalAction(SoanError):
    """An action that is not legal now; the state was left unchanged."""


class OptionsError(SoanError):
    """Unknown option, bad option value, or unknown variant."""


def action_from_json(data: Any) -> Action:
    """Turn a JSON list back into an action tuple."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"an action is a list starting with its name, got {data!r}")
    if not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in data):
        raise ValueError(f"an action holds only names and whole numbers, got {data!r}")
    return tuple(data)


class State(ABC):
    """One moment of one game. Subclasses use `__slots__` and hand-written `copy()`."""

    __slots__ = ("_legal", "content", "history", "log", "options", "rng", "seats", "to_move")

    game: ClassVar[Game]

    seats: int
    to_move: int | None
    options: Any
    content: Any
    rng: Rng
    history: list[Action]
    log: list[str]
    _legal: list[Action] | None

    @property
    def over(self) -> bool:
        return self.to_move is None

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action for `to_move`, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action and advance to the next decision."""

    def legal(self) -> list[Action]:
        """The complete list of legal actions (shared: do not mutate it)."""
        if self._legal is None:
            self._legal = [] if self.to_move is None else self._legal_actions()
        return self._legal

    def play(self, action: Action) -> None:
        """Play a legal action; an illegal one raises `IllegalAction` and changes nothing."""
        if action not in self.legal():
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        self.history.append(action)
        self._apply(action)

    def _why_illegal(self, action: Action) -> str:
        if self.to_move is None:
            return f"the game is over; {action!r} cannot be played"
        choices = ", ".join(map(repr, self.legal()[:12]))
        more = "" if len(self.legal()) <= 12 else f" and {len(self.legal()) - 12} more"
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

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that share the win (empty while the game goes on, or on a draw)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: only what `seat` may see (`None` is a spectator)."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy (hand-written for speed)."""

    @abstractmethod
    def redeal(self, seat: int, rng: Rng) -> State:
        """A copy in which everything `seat` cannot see is dealt anew, consistently.
        Its `history` is empty: the real one holds other seats' hidden choices."""

    @abstractmethod
    def label(self, action: Action) -> str:
        """Plain words for an action, for people and logs."""

    def evaluate(self) -> list[float]:
        """Each seat's prospects, for heuristic play and capped rollouts: points so far
        plus the value of what it holds. Games override this with a few readable lines."""
        return [float(x) for x in self.scores()]

    def turn(self) -> int:
        """How many turns have started (for reports); games override when it differs."""
        return 0

    def action_kind(self, action: Action) -> str:
        """The kind of an action, for counting what winners do."""
        return action[0]

    def render(self, seat: int | None = None) -> str:
        """A text picture of the state as `seat` sees it."""
        return "\n".join(f"{k}: {v}" for k, v in self.view(seat).items())

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


class Game(ABC):
    """A registered game: what it is, its rule numbers (`Options`), variants, content."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type]
    variants: ClassVar[Mapping[str, Mapping[str, Any]]]  # name -> option overrides
    seat_names: ClassVar[Sequence[str]] = ()

    @abstractmethod
    def load_content(self, path: str | None = None) -> Any:
        """The game's content: the shipped data file, or an edited copy at `path`."""

    def content_hash(self, content: Any) -> str:
        """The fingerprint of `content` that records and results carry."""
        return content.hash

    @abstractmethod
    def _new(self, seats: int, seed: int, options: Any, content: Any) -> State:
        """Set up a new game."""

    def options(self, variant: str = "default", **overrides: Any) -> Any:
        """The options of a variant, with single rule numbers overridden."""
        if variant not in self.variants:
            known = ", ".join(self.variants)
            raise OptionsError(f"{self.id} has no variant {variant!r}; variants: {known}")
        fields = {f.name: f for f in dataclasses.fields(self.Options)}
        values = dict(self.variants[variant])
        for key, value in overrides.items():
            if key not in fields:
                raise OptionsError(f"{self.id} has no option {key!r}; options: {', '.join(fields)}")
            values[key] = value
        return self.Options(**values)

    def new(self, seats: int, seed: int = 0, options: Any = None, content: Any = None) -> State:
        """A new game for `seats` players from `seed`."""
        if not self.min_seats <= seats <= self.max_seats:
            raise OptionsError(
                f"{self.title} is for {self.min_seats} to {self.max_seats} players, not {seats}"
            )
        if options is None:
            options = self.options()
        if content is None:
            content = self.load_content()
        return self._new(seats, seed, options, content)

    def rules_text(self) -> str:
        """The English rules reference (the game package's `rules.md`)."""
        import sys
        from importlib import resources

        module = sys.modules[type(self).__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__package__
        try:
            return resources.files(package).joinpath("rules.md").read_text("utf-8")
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
    """Rebuild an Options dataclass from its JSON form, refusing unknown fields."""
    fields = {f.name: f for f in dataclasses.fields(game.Options)}
    values = {}
    for key, value in data.items():
        if key not in fields:
            raise OptionsError(f"{game.id} has no option {key!r}")
        values[key] = tuple(value) if isinstance(value, list) else value
    return game.Options(**values)


def parse_option_value(game: Game, key: str, text: str) -> Any:
    """Parse `key=text` from the command line using the field's default for its type."""
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
        if isinstance(default, float):
            return float(text)
        if isinstance(default, tuple):
            return tuple(int(x) for x in text.split("/"))
    except ValueError:
        raise OptionsError(f"option {key} takes a value like {default!r}, not {text!r}") from None
    return text
