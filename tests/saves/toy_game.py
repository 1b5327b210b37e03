"""Toy Nim, a tiny game for testing save files without depending on a real game's rules.

Piles of stones (their sizes drawn from the seed); a move takes one to three stones from one
pile and is written as the pile letter and the count (``b2``: two stones from pile b). Whoever
takes the last stone wins. Options: the number of piles and of players (2 or 3).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from core import Game, IllegalMoveError, NotationError, Outcome, PositionError
from core.options import OptionSpec
from core.registry import find_game
from core.view import BoardView, Cell


class Take(NamedTuple):
    pile: int
    count: int


class Piles(NamedTuple):
    piles: tuple[int, ...]
    to_move: int
    seats: int
    #: The seat that took the last stone, once the game is over.
    winner: int | None = None


MOVE_TEXT = re.compile(r"^\s*([a-z])\s*-?\s*([0-9])\s*$", re.IGNORECASE)


class ToyNim(Game):
    id = "toy-nim"
    name = "Toy Nim"
    description = "Take one to three stones; whoever takes the last stone wins."
    aliases = ("nim",)
    option_specs = (
        OptionSpec("piles", "Piles", "3", ("2", "3", "4")),
        OptionSpec("players", "Players", "2", ("2", "3")),
    )

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        count = int(self.resolve_options(options)["players"])
        return ("First", "Second", "Third")[:count]

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> Piles:
        options = self.resolve_options(options)
        rng = random.Random(seed)
        piles = tuple(rng.randint(2, 7) for _ in range(int(options["piles"])))
        return Piles(piles, 0, int(options["players"]))

    def legal_moves(self, state: Piles) -> Sequence[Take]:
        if state.winner is not None:
            return []
        return [
            Take(pile, count)
            for pile, size in enumerate(state.piles)
            for count in range(1, min(3, size) + 1)
        ]

    def apply(self, state: Piles, move: Take) -> Piles:
        piles = list(state.piles)
        piles[move.pile] -= move.count
        winner = state.to_move if not any(piles) else None
        return Piles(tuple(piles), (state.to_move + 1) % state.seats, state.seats, winner)

    def outcome(self, state: Piles) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), "the last stone is taken")

    def to_move(self, state: Piles) -> int:
        return state.to_move

    def format_move(self, state: Piles, move: Take) -> str:
        return f"{chr(ord('a') + move.pile)}{move.count}"

    def parse_move(self, state: Piles, text: str) -> Take:
        match = MOVE_TEXT.match(text)
        if not match:
            raise NotationError(f"'{text}' is not a move (a pile letter and a count, like b2)")
        move = Take(ord(match.group(1).lower()) - ord("a"), int(match.group(2)))
        if move.pile >= len(state.piles):
            raise IllegalMoveError(f"{text}: there is no pile {match.group(1)}")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{text}: pile {match.group(1)} cannot give {move.count}")
        return move

    def write_position(self, state: Piles) -> str:
        winner = "-" if state.winner is None else str(state.winner)
        piles = ",".join(map(str, state.piles))
        return f"{piles} {state.to_move} {state.seats} {winner}"

    def read_position(self, text: str) -> Piles:
        try:
            piles, to_move, seats, winner = text.split()
            return Piles(
                tuple(int(size) for size in piles.split(",")),
                int(to_move),
                int(seats),
                None if winner == "-" else int(winner),
            )
        except ValueError:
            raise PositionError(f"'{text}' is not a toy nim position") from None

    def board_view(self, state: Piles) -> BoardView:
        cells = tuple(Cell(str(size)) for size in state.piles)
        return BoardView(len(cells), 1, cells)

    def move_path(self, state: Piles, move: Take) -> tuple[int, ...]:
        return (move.pile,)

    def rules_text(self) -> str:
        return self.description


TOY = ToyNim()


def find_toy_game(name: str) -> Game:
    """``core.find_game`` that also knows Toy Nim."""
    if name.lower() in (TOY.id, *TOY.aliases):
        return TOY
    return find_game(name)
