"""Making a move by selecting squares, for any game.

A move is made by selecting the squares of its ``move_path`` in order (a piece, then its
destination; or every landing square of a chain of jumps). The squares selected so far narrow
the legal moves down to the candidates whose path starts with them; the next square of each
candidate is where the player may go on. This module is the whole of that logic, free of any
widget, so the board screen only has to act on the ``Step`` it gets back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from core.errors import IllegalMoveError, NotationError
from core.game import Game, Move, State
from core.squares import parse_square, square_name
from core.view import BoardView

#: What selecting a square leads to:
#: ``select``: the selection grew (or shrank); ``play``: exactly one move is complete;
#: ``choose``: several moves share the completed path, the player picks one by notation;
#: ``reject``: the square does not continue any legal move (``message`` says why).
StepKind = Literal["select", "play", "choose", "reject"]


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    selection: tuple[int, ...]
    moves: tuple[Move, ...] = ()
    message: str = ""


class MoveBuilder:
    """The legal moves of one position, indexed by the squares a player selects."""

    def __init__(
        self,
        game: Game,
        state: State,
        seat_names: Sequence[str],
        view: BoardView | None = None,
        paths: Sequence[tuple[Move, tuple[int, ...]]] | None = None,
    ) -> None:
        """``view`` is the board as the player sees it (hidden parts masked), if not all of it;
        ``paths`` the moves to choose from with the squares that select each, if not every
        legal move by its ``move_path`` (a screen that splits a turn into stages)."""
        self.game = game
        self.state = state
        self.seat_names = tuple(seat_names)
        self.view = view if view is not None else game.board_view(state)
        self.paths: list[tuple[Move, tuple[int, ...]]] = []
        if paths is not None:
            self.paths = [(move, path) for move, path in paths if path]
        for move in game.legal_moves(state) if paths is None else ():
            path = tuple(game.move_path(state, move))
            if path:
                self.paths.append((move, path))
        self.starts = frozenset(path[0] for _, path in self.paths)

    # -- queries ----------------------------------------------------------------------------

    def candidates(self, selection: tuple[int, ...]) -> list[tuple[Move, tuple[int, ...]]]:
        """The moves whose path starts with ``selection``."""
        size = len(selection)
        return [(move, path) for move, path in self.paths if path[:size] == selection]

    def next_squares(self, selection: tuple[int, ...]) -> frozenset[int]:
        """Where the selection may go on: the start squares, or the candidates' next squares."""
        if not selection:
            return self.starts
        size = len(selection)
        return frozenset(path[size] for _, path in self.candidates(selection) if len(path) > size)

    def complete(self, selection: tuple[int, ...]) -> tuple[Move, ...]:
        """The moves whose whole path is ``selection``."""
        return tuple(move for move, path in self.paths if path == selection)

    def name(self, square: int) -> str:
        return square_name(square, self.view.width)

    # -- selecting --------------------------------------------------------------------------

    def select(self, selection: tuple[int, ...], square: int) -> Step:
        """Select ``square`` after ``selection``."""
        if selection and square == selection[-1]:
            return self.finish(selection, deselect=True)
        grown = (*selection, square)
        candidates = self.candidates(grown)
        if not candidates:
            if selection and square in self.starts:
                return self.select((), square)
            return Step("reject", selection, message=self.reason(selection, square))
        done = tuple(move for move, path in candidates if len(path) == len(grown))
        goes_on = len(done) < len(candidates)
        if done and not goes_on:
            return self._complete(grown, done)
        return Step("select", grown, message=self.prompt(grown))

    def prompt(self, selection: tuple[int, ...]) -> str:
        """What the player may do next with ``selection`` (not empty) made."""
        name = self.name(selection[-1])
        if self.complete(selection):
            return f"{name}: Enter to stop here, or select the next square"
        if len(selection) == 1:
            return f"{name} selected: now choose where it goes"
        return f"{name}: select the next square"

    def typed_selection(self, text: str) -> tuple[int, ...]:
        """The squares named in ``text`` (a move being typed, like ``c5-e7-``), if they
        begin the path of a legal move; else nothing."""
        squares = []
        for token in re.findall(r"[a-z]\d+", text.lower()):
            try:
                squares.append(parse_square(token, self.view.width, self.view.height))
            except NotationError:
                return ()
        selection = tuple(squares)
        return selection if selection and self.candidates(selection) else ()

    def finish(self, selection: tuple[int, ...], *, deselect: bool = False) -> Step:
        """Play the move whose path is exactly ``selection`` (Enter on its last square).

        With ``deselect``, a selection that completes no move loses its last square instead.
        """
        done = self.complete(selection)
        if done:
            return self._complete(selection, done)
        if deselect:
            return Step("select", selection[:-1], message="")
        return Step("select", selection, message="select the next square")

    def _complete(self, selection: tuple[int, ...], moves: tuple[Move, ...]) -> Step:
        if len(moves) == 1:
            return Step("play", (), moves)
        return Step("choose", selection, moves)

    def reason(self, selection: tuple[int, ...], square: int) -> str:
        """One sentence saying why ``square`` does not continue ``selection``."""
        name = self.name(square)
        if not selection:
            cell = self.view.cells[square]
            mover = self.game.to_move(self.state)
            if not cell.text:
                return f"{name} is empty: select one of your pieces"
            if cell.owner is not None and cell.owner != mover:
                owner = self.seat_names[cell.owner]
                return f"the piece on {name} is {owner}'s, not yours to move"
            return f"the piece on {name} has no legal move"
        text = "-".join(self.name(s) for s in (*selection, square))
        try:
            self.game.parse_move(self.state, text)
        except IllegalMoveError as error:
            return str(error)
        except (NotationError, ValueError, IndexError, KeyError):
            pass
        return f"{text} is not a legal move"
