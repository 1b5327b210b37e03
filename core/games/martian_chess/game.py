"""Martian Chess as a ``Game``: options, seats, and the wiring of rules, notation and view."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache

from core.errors import IllegalMoveError, OptionError
from core.game import Game
from core.games.martian_chess import about, notation, position, results, rules
from core.games.martian_chess.board import (
    FOUR_PLAYER,
    PIECE_LETTERS,
    TWO_PLAYER,
    Layout,
    layout_of,
    team_of,
)
from core.games.martian_chess.moves import CLOCK, PASS, Move
from core.games.martian_chess.state import (
    CLOCK_OFF,
    CLOCK_READY,
    DEADLOCK_TURNS,
    State,
    make_state,
)
from core.options import OptionSpec
from core.view import BoardView, Cell

ACTION_KEYS = {CLOCK: ("c", "call the clock"), PASS: ("p", "pass")}


@cache
def _start(players: int, clock: bool, teams: bool) -> State:
    """The starting position with seat 1 to move (kept: a game starts often in searches)."""
    layout = FOUR_PLAYER if players == 4 else TWO_PLAYER
    return make_state(
        board=layout.setup,
        to_move=0,
        scores=(0,) * players,
        crossing=None,
        clock=CLOCK_READY if clock else CLOCK_OFF,
        teams=teams,
    )


class MartianChess(Game[State, Move], about=about):
    option_specs = (
        OptionSpec("players", "Players", "2", ("2", "4"), "two players on half a board, or four"),
        OptionSpec(
            "teams",
            "Teams",
            "on",
            ("on", "off"),
            "four players: opposite corners add their scores",
            applies_when=(("players", ("4",)),),
        ),
        OptionSpec(
            "clock",
            "Calling the clock",
            "on",
            ("on", "off"),
            "a rule of the game, not a time limit: once a player calls the clock,"
            f" {DEADLOCK_TURNS} turns in a row without a capture end the game",
        ),
        OptionSpec(
            "first",
            "First player",
            "1",
            ("1", "2", "3", "4", "random"),
            "the seat that moves first, or a random draw",
            choices_when=(("players", "2", ("1", "2", "random")),),
        ),
    )

    # -- setting up -------------------------------------------------------------------------

    def _layout(self, options: Mapping[str, str]) -> Layout:
        return FOUR_PLAYER if options["players"] == "4" else TWO_PLAYER

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return self._layout(self.resolve_options(options)).seat_names

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> State:
        options = self.resolve_options(options)
        layout = self._layout(options)
        if options["first"] == "random":
            first = random.Random(seed).randrange(layout.players)
        else:
            first = int(options["first"]) - 1
            if first >= layout.players:
                raise OptionError(
                    f"option first cannot be {options['first']} in a game of {layout.players}"
                )
        teams = layout.players == 4 and options["teams"] == "on"
        return _start(layout.players, options["clock"] == "on", teams)._replace(to_move=first)

    # -- playing ----------------------------------------------------------------------------

    # Bound directly rather than wrapped: searches call these millions of times.
    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)
    outcome = staticmethod(results.outcome)

    def play(self, state: State, move: Move) -> State:
        """The position after ``move``; an illegal move is refused with the reason."""
        if move not in rules.legal_moves(state):
            raise IllegalMoveError(notation.refusal(state, move))
        return rules.apply(state, move)

    def to_move(self, state: State) -> int:
        return state.to_move

    def scores(self, state: State) -> tuple[int, ...]:
        return state.scores

    # -- notation ---------------------------------------------------------------------------

    def format_move(self, state: State, move: Move) -> str:
        return notation.format_move(state, move)

    def parse_move(self, state: State, text: str) -> Move:
        return notation.parse_move(state, text)

    def write_position(self, state: State) -> str:
        return position.write_position(state)

    def read_position(self, text: str) -> State:
        return position.read_position(text)

    # -- drawing and input ------------------------------------------------------------------

    def board_view(self, state: State) -> BoardView:
        layout = layout_of(state.board)
        cells = tuple(
            Cell(
                text=PIECE_LETTERS[piece] if piece else "",
                owner=zone if piece else None,
                region=zone,
            )
            for piece, zone in zip(state.board, layout.zone_of, strict=True)
        )
        return BoardView(
            width=layout.width,
            height=layout.height,
            cells=cells,
            file_walls=layout.file_walls,
            rank_walls=layout.rank_walls,
        )

    def move_path(self, state: State, move: Move) -> tuple[int, ...]:
        return () if move.is_action else (move.src, move.dst)

    def actions(self, state: State) -> tuple[tuple[str, str, Move], ...]:
        legal = rules.legal_moves(state)
        return tuple((*ACTION_KEYS[move], move) for move in ACTION_KEYS if move in legal)

    def panel_lines(self, state: State, seat: int) -> tuple[str, ...]:
        lines: list[str] = []
        if state.teams and state.players == 4:
            partner = next(s for s in team_of(seat) if s != seat)
            partner_name = FOUR_PLAYER.seat_names[partner]
            lines.append(f"team: {results.side_total(state, seat)} with {partner_name}")
        if state.clock_called:
            lines.append(f"clock: {state.clock} of {DEADLOCK_TURNS} quiet turns")
        return tuple(lines)


GAME = MartianChess()
