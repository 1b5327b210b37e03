"""The interface every game implements.

A ``Game`` holds rules, options and metadata and no position; a ``State`` is an immutable
value describing one position completely (board, side to move, scores and everything the
rules need, such as the last canal crossing or repetition counts). Moves are small frozen,
hashable values. Undo is keeping the previous states.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from importlib import resources
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar

from core.errors import IllegalMoveError, NotationError
from core.options import OptionSpec, resolve_options
from core.outcome import Outcome
from core.view import BoardView, TrayItem

#: A position and a move of a game not known at that point, as ``Game[Any, Any]`` takes and
#: gives them (a holder of any game: a record, a search, a screen). A game's own types are
#: ``S`` and ``M`` below, which must be hashable.
Move: TypeAlias = Any
State: TypeAlias = Any

#: A game's own position and move types: ``class Mac(Game[MacState, MacMove])``.
S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


class Game(ABC, Generic[S, M]):
    """Rules of one game. Subclasses set the class attributes and implement the methods.

    ``S`` is the game's state type and ``M`` its move type (for a game of several kinds of
    move, the union of them); code that holds any game at all uses ``Game[Any, Any]``.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    def __init_subclass__(cls, about: ModuleType | None = None, **kwargs: object) -> None:
        """``class MyGame(Game, about=about)`` takes the id, name, description and aliases
        from the game's ``about`` module, which the game list reads without the rules."""
        super().__init_subclass__(**kwargs)
        if about is not None:
            cls.id = about.ID
            cls.name = about.NAME
            cls.description = about.DESCRIPTION
            cls.aliases = about.ALIASES

    # -- setting up -------------------------------------------------------------------------

    def resolve_options(self, options: Mapping[str, str] | None = None) -> dict[str, str]:
        """The full option set: defaults filled in, every value checked."""
        return resolve_options(self.option_specs, options)

    @abstractmethod
    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """The seats of a game with these options, in turn order: ``("South", "North")``."""

    @abstractmethod
    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> S:
        """The starting position. Every random element is drawn from ``seed``."""

    # -- playing ----------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move in ``state``; empty once the game is over."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The position after ``move``, which the caller guarantees is legal."""

    def play(self, state: S, move: M) -> S:
        """The position after ``move``; raises ``IllegalMoveError`` if it is not legal."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{self.describe_move(state, move)} is not a legal move here")
        return self.apply(state, move)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The seat whose turn it is."""

    def scores(self, state: S) -> tuple[int, ...] | None:
        """Points per seat for games that keep score; ``None`` otherwise."""
        return None

    def phase(self, state: S) -> str:
        """``"placement"`` while pieces are being placed, otherwise ``"play"``."""
        return "play"

    def view(self, state: S, seat: int | None) -> S:
        """``state`` as ``seat`` may see it (``None``: a spectator); hidden parts masked."""
        return state

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """The notation of ``move`` played from ``state``."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """The legal move that ``text`` names in ``state``.

        Raises ``NotationError`` for text that is not a move and ``IllegalMoveError`` for a
        well-formed move the rules forbid here.
        """

    def describe_move(self, state: S, move: M) -> str:
        try:
            return self.format_move(state, move)
        except (NotationError, ValueError, IndexError, KeyError, TypeError):
            return repr(move)

    @abstractmethod
    def write_position(self, state: S) -> str:
        """The position text (like FEN) that ``read_position`` turns back into ``state``."""

    @abstractmethod
    def read_position(self, text: str) -> S:
        """The state that a position text describes; raises ``PositionError`` if it cannot."""

    # -- drawing and input ------------------------------------------------------------------

    @abstractmethod
    def board_view(self, state: S) -> BoardView:
        """The board as drawn: pieces, owners, regions and special squares."""

    @abstractmethod
    def move_path(self, state: S, move: M) -> tuple[int, ...]:
        """The squares a player selects, in order, to make ``move``."""

    def actions(self, state: S) -> tuple[tuple[str, str, M], ...]:
        """Legal moves made with a key instead of squares: ``(key, label, move)`` triples,
        e.g. ``("c", "call the clock", move)``. Their ``move_path`` is empty."""
        return ()

    def tray(self, state: S) -> tuple[TrayItem, ...]:
        """During placement, the pieces the player to move still has in hand."""
        return ()

    def placement_move(self, state: S, key: str, square: int) -> M | None:
        """The legal placement of tray item ``key`` on ``square``, or ``None``."""
        return None

    def has_secrets(self, state: S) -> bool:
        """True while a seat holds something the others may not see (hot-seat handover)."""
        return False

    def panel_lines(self, state: S, seat: int) -> tuple[str, ...]:
        """Extra lines for a seat's player panel (hand, gold, clock ...), as ``seat`` sees it."""
        return ()

    def rules_text(self) -> str:
        """The game's rules page (Markdown), shipped beside its code."""
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
