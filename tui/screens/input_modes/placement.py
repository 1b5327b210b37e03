"""The placement phase, for every game that has one (MAC's standard mode, Macadam's free
placement): the pieces in hand beside the board as a tray.

Choose a piece by its key (``0``-``9``, ``t``, ``p``...) or by clicking it, then put it on a
highlighted square with the cursor and Enter or a click. A game with one kind of piece in hand
(Macadam's pawns) needs no choosing. ``u`` takes the last placement back, ``a`` places all the
rest at random for a quick game (at a table: this player's pieces, each on its turn). Saving,
loading, typing a move and the log are the board screen's. When the last piece is down the
screen goes on to the mode of the battle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.widget import Widget

from core.errors import IllegalMoveError, PawnshopError
from core.game import Game, Move, State
from core.view import TrayItem
from tui.plain_text import plain
from tui.play.describe import seat_label
from tui.screens.input_modes.base import InputMode
from tui.widgets.board import BoardWidget
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.tray import TrayWidget

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen


def board_squares(game: Game, state: State) -> range:
    view = game.board_view(state)
    return range(view.width * view.height)


def placeable_squares(game: Game, state: State, keys: Sequence[str]) -> frozenset[int]:
    """The squares where one of the items ``keys`` may be placed now."""
    return frozenset(
        square
        for square in board_squares(game, state)
        if any(game.placement_move(state, key, square) is not None for key in keys)
    )


def random_placements(game: Game, state: State, rng: random.Random) -> list[Move]:
    """Placements that finish the placement phase at random: each turn a piece drawn from the
    hand (every piece as likely as any other) goes on a square drawn from where it may go."""
    moves: list[Move] = []
    while game.phase(state) == "placement" and game.outcome(state) is None:
        items = game.tray(state)
        if not items:
            break
        item = rng.choices(items, weights=[item.count for item in items])[0]
        squares = sorted(placeable_squares(game, state, [item.key]))
        move = game.placement_move(state, item.key, rng.choice(squares)) if squares else None
        if move is None:
            move = rng.choice(list(game.legal_moves(state)))
        moves.append(move)
        state = game.apply(state, move)
    return moves


def keys_text(keys: Sequence[str]) -> str:
    """``0-9, t, p``: the keys, runs of three or more digits in a row written as a range."""
    parts: list[str] = []
    run: list[str] = []
    for key in [*keys, ""]:
        if key.isdigit() and len(key) == 1 and (not run or int(key) == int(run[-1]) + 1):
            run.append(key)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(run))
            run = []
        if key.isdigit() and len(key) == 1:
            run = [key]
        elif key:
            parts.append(key)
    return ", ".join(parts)


class PlacementMode(InputMode):
    """Pieces in hand, put on the board one a turn (see the module's docstring)."""

    NAME = "placement"
    HELP_TITLE = "Keys while placing pieces"
    TABLE_HELP_TITLE = "Keys while placing at a table"
    BINDINGS = [
        Binding("a", "input('auto_place')", "Auto-place", id="placement.auto"),
    ]

    def __init__(self, screen: BoardScreen) -> None:
        super().__init__(screen)
        self.actions = {"auto_place": self.auto_place}
        #: Where each seat's cursor was when it last placed (the seats take turns).
        self.cursors: dict[int, int] = {}
        #: At a table: this player's pieces go on random squares, each on its turn.
        self.auto_placing = False
        self.tray = TrayWidget(id="tray")

    def side_widgets(self) -> list[Widget]:
        return [self.tray]

    # -- what is in hand ------------------------------------------------------------------------

    def items(self) -> tuple[TrayItem, ...]:
        if self.record.outcome() is not None:
            return ()
        return self.game.tray(self.record.state)

    def chosen_key(self) -> str | None:
        """The item a square click places: the one chosen, or the only kind left in hand."""
        keys = [item.key for item in self.items()]
        if self.screen.tray_key in keys:
            return self.screen.tray_key
        return keys[0] if len(keys) == 1 else None

    def refresh(self) -> None:
        screen, record, game = self.screen, self.record, self.game
        shown = screen.viewer_state()
        for seat in range(len(record.seat_names)):  # the tray shows the hand: not twice
            panel = screen.query_one(f"#panel-{seat}", PlayerPanel)
            if panel.info is not None:
                panel.info = panel.info._replace(lines=tuple(game.panel_lines(shown, seat)))
        items = self.items()
        chosen = self.chosen_key()
        tray = self.tray
        tray.items = items
        tray.chosen = chosen
        mover = seat_label(record, game.to_move(record.state))
        tray.border_title = plain(f"{mover}: in hand")
        if items and not screen.selection:
            board = screen.query_one(BoardWidget)
            if chosen is None:  # where anything may go: where the placements start
                board.targets = screen.builder.starts
            else:
                board.targets = placeable_squares(game, record.state, [chosen])

    def hint(self) -> str:
        items = self.items()
        if not items:
            return super().hint()
        if len(items) == 1:
            return f"select a highlighted square to place a {items[0].label}"
        return f"choose a piece ({self._keys()} or click it), then its square"

    def _keys(self) -> str:
        return keys_text([item.key for item in self.items()])

    def help_extra(self) -> list[tuple[str, str]]:
        return [*super().help_extra(), ("click", "a piece in the hand: place that one")]

    # -- placing ----------------------------------------------------------------------------

    def before_play(self, move: Move) -> None:
        self.cursors[self.game.to_move(self.record.state)] = self.screen.cursor

    def position_changed(self) -> None:
        screen = self.screen
        screen.cursor = self._mover_cursor()
        if self.auto_placing and screen.is_mounted:
            screen.call_later(self._auto_place_turn)

    def _mover_cursor(self) -> int:
        """Where the player to place left the cursor, or the nearest square they may use."""
        state = self.record.state
        start = self.cursors.get(self.game.to_move(state), self.screen.cursor)
        squares = placeable_squares(self.game, state, [item.key for item in self.items()])
        if start in squares or not squares:
            return start
        width = self.screen.builder.view.width

        def distance(square: int) -> tuple[int, int]:
            (rank, file), (start_rank, start_file) = divmod(square, width), divmod(start, width)
            return abs(rank - start_rank) + abs(file - start_file), square

        return min(squares, key=distance)

    def choose(self, key: str) -> None:
        """Take the item ``key`` in hand (choosing it again puts it back)."""
        screen = self.screen
        item = next((item for item in self.items() if item.key == key), None)
        if item is None:
            screen.say(f"there is no {key} left to place", error=True)
            return
        screen.tray_key = None if screen.tray_key == key else key
        screen.refresh_view()
        if screen.tray_key is None:
            screen.say(self.hint())
        else:
            screen.say(f"placing {item.label}: select a highlighted square (Esc chooses again)")

    def key(self, character: str, *, bound: bool) -> bool:
        """A key of the hand chooses that piece (the board screen's own keys come first)."""
        if not bound and character in {item.key for item in self.items()}:
            self.choose(character)
            return True
        return False

    def tray_clicked(self, key: str) -> None:
        self.choose(key)

    def select_square(self, square: int) -> None:
        screen = self.screen
        key = self.chosen_key()
        if key is None and self.items():
            screen.refresh_view()
            screen.say(f"choose a piece first ({self._keys()} or click it in the hand)", error=True)
            return
        if key is not None and screen.tray_key is None:
            screen.tray_key = key
        super().select_square(square)

    def place(self, key: str, square: int) -> None:
        state = self.record.state
        move = self.game.placement_move(state, key, square)
        if move is not None:
            self.screen.play(move)
            return
        self.screen.refresh_view()
        self.screen.say(self._refusal(key, square), error=True)

    def _refusal(self, key: str, square: int) -> str:
        """Why ``key`` cannot go on ``square``: the game's own reason when it reads the
        usual ``key@square`` notation, else one of ours."""
        state = self.record.state
        builder = self.screen.builder
        name = builder.name(square)
        try:
            self.game.parse_move(state, f"{key}@{name}")
        except IllegalMoveError as error:
            return str(error)
        except PawnshopError:
            pass  # the game writes placements some other way
        label = next((item.label for item in self.items() if item.key == key), key)
        if builder.view.cells[square].text:
            return f"{name} is taken: the {label} goes on an empty square"
        return f"the {label} cannot go on {name}: the highlighted squares are free for it"

    # -- placing at random ----------------------------------------------------------------------

    def auto_place(self) -> None:
        """Place every piece still in hand at random (seeded by the game's seed and how far it
        has come, so the same game places the same way), each placement a move of its own; at
        a table only this player's, each on its turn."""
        screen, record = self.screen, self.record
        seats = screen.own_seats()
        if seats is not None:
            if not seats:
                screen.say("You are watching this table: only its players place.", error=True)
                return
            self.auto_placing = True
            screen.say("Your pieces go on random squares, each on your turn.")
            self._auto_place_turn()
            return
        if not self.items():
            screen.say("every piece is placed already", error=True)
            return
        rng = random.Random(f"{record.seed}/{record.current.ply}")
        moves = random_placements(self.game, record.state, rng)
        for move in moves[:-1]:
            record.play(move, main=not screen.reviewing)
        screen.play(moves[-1])

    def _auto_place_turn(self) -> None:
        """Place one piece at random if it is this player's turn to place (seeded as above)."""
        record, game = self.record, self.game
        if self.screen.turn_refusal() or game.phase(record.state) != "placement":
            return
        rng = random.Random(f"{record.seed}/{record.current.ply}")
        moves = random_placements(game, record.state, rng)
        if moves:
            self.screen.play(moves[0])
