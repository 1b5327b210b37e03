"""Chase as a ``Game``: options, seats and the glue between the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.errors import IllegalMoveError
from core.game import Game
from core.games.chase import about, notation, position, rules, view
from core.games.chase.board import SEAT_NAMES
from core.games.chase.moves import AddGold, ChaseMove, Merge, Pivot, Place, Walk
from core.games.chase.state import DEBT, MODES, NO_ACTION, TILES, ChaseState, stacks_of
from core.games.chase.tiles import TileKind
from core.options import OptionSpec
from core.outcome import Outcome
from core.view import BoardView


class ChaseGame(Game[ChaseState, ChaseMove], about=about):
    option_specs = (
        OptionSpec(
            "mode",
            "Mode",
            "regular",
            MODES,
            "regular: tiles and gold; tiles: no gold, debts paid with tiles; gold: no tiles, "
            "pawns move over gold",
        ),
        OptionSpec("pawns", "Pawns each", "1", tuple(str(n) for n in range(1, 9))),
        OptionSpec("gold", "Gold each", "24", ("24", "12"), "12 for a quick game"),
        OptionSpec(
            "first", "First to move", "south", ("south", "north", "random"), "random: a draw"
        ),
    )

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return SEAT_NAMES

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> ChaseState:
        chosen = self.resolve_options(options)
        return rules.new_state(
            mode=chosen["mode"],
            pawns=int(chosen["pawns"]),
            gold=int(chosen["gold"]),
            first=("south", "north", "random").index(chosen["first"]),
            seed=seed,
        )

    def legal_moves(self, state: ChaseState) -> Sequence[ChaseMove]:
        return rules.legal_moves(state)

    def apply(self, state: ChaseState, move: ChaseMove) -> ChaseState:
        return rules.apply(state, move)

    def play(self, state: ChaseState, move: ChaseMove) -> ChaseState:
        """Like ``Game.play``, but a pawn move along any legal path is accepted, also one that
        the move list writes another way."""
        if isinstance(move, Walk) and not state.end and move.path:
            problem = rules.walk_problem(state, move.path)
            if problem:
                raise IllegalMoveError(f"{notation.format_move(move)}: {problem}")
            return rules.apply(state, move)
        return super().play(state, move)

    def outcome(self, state: ChaseState) -> Outcome | None:
        if not state.end:
            return None
        if state.winner < 0:
            return Outcome((), "the same position came up for the third time")
        loser = SEAT_NAMES[1 - state.winner]
        if state.end == NO_ACTION:
            return Outcome((state.winner,), f"{loser} has no legal action left")
        if state.end == DEBT:
            return Outcome((state.winner,), f"{loser} could not pay a debt")
        return Outcome((state.winner,), state.end)

    def to_move(self, state: ChaseState) -> int:
        return state.to_move

    def format_move(self, state: ChaseState, move: ChaseMove) -> str:
        return notation.format_move(move)

    def parse_move(self, state: ChaseState, text: str) -> ChaseMove:
        return notation.parse_move(state, text)

    def write_position(self, state: ChaseState) -> str:
        return position.write_position(state)

    def read_position(self, text: str) -> ChaseState:
        return position.read_position(text)

    def board_view(self, state: ChaseState) -> BoardView:
        return view.board_view(state)

    def move_path(self, state: ChaseState, move: ChaseMove) -> tuple[int, ...]:
        """A pawn move's path; a merge's stacks then its destination; else the one square."""
        if isinstance(move, Walk):
            return move.path
        if isinstance(move, Merge):
            return (*move.sources, move.dest)
        if isinstance(move, Place | AddGold | Pivot):
            return (move.square,)
        return ()

    def panel_lines(self, state: ChaseState, seat: int) -> tuple[str, ...]:
        return view.panel_lines(state, seat)

    # -- extras for a Chase screen -----------------------------------------------------------

    def next_tiles(self, state: ChaseState, count: int = 5) -> tuple[TileKind, ...]:
        """The next tiles of the public stack, the one a placement takes first."""
        return view.next_tiles(state, count)

    def gold(self, state: ChaseState, seat: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """A seat's loose gold and its stacks as ``(square, size)``, in square order."""
        return state.loose[seat], stacks_of(state, seat)

    def debts(self, state: ChaseState, move: ChaseMove, seat: int | None) -> tuple[str, ...]:
        """The debts ``move`` causes from ``state`` (the position before it), as sentences
        addressed to ``seat``: "North jumped your pawn on d4: you paid North 2 gold"."""
        return view.debt_sentences(
            rules.turn_debts(state, move), state.to_move, seat, tiles=state.mode == TILES
        )


GAME = ChaseGame()
