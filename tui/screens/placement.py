"""The placement phase on a screen of its own, for every game that has one (MAC's standard mode,
Macadam's free placement).

It is the board screen with the pieces in hand beside the board as a tray: choose a piece by
its key (``0``-``9``, ``t``, ``p``...) or by clicking it, then put it on a highlighted square
with the cursor and Enter or a click. A game with one kind of piece in hand (Macadam's pawns)
needs no choosing. ``u`` takes the last placement back, ``a`` places all the rest at random
for a quick game. Saving, loading, typing a move and the log are the board screen's. When the
last piece is down the game goes on to the battle on the board screen (``tui.screens.phases``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual import on
from textual.binding import Binding
from textual.events import Key
from textual.widgets import Input

from core.errors import IllegalMoveError, PawnshopError
from core.game import Game, Move, State
from core.record import GameRecord
from core.view import TrayItem
from tui.plain_text import plain
from tui.play.describe import seat_label
from tui.screens.board import BoardScreen
from tui.widgets.board import BoardWidget
from tui.widgets.move_log import MoveLog
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.tray import TrayWidget


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


class PlacementScreen(BoardScreen):
    HELP_TITLE = "Keys while placing pieces"
    BINDINGS = [
        Binding("a", "auto_place", "Auto-place", id="placement.auto"),
    ]

    def __init__(self, record: GameRecord, **options: Any) -> None:
        super().__init__(record, **options)
        #: Where each seat's cursor was when it last placed (the seats take turns).
        self.cursors: dict[int, int] = {}

    def on_mount(self) -> None:
        """The tray goes beside the board, above the log (before the board screen draws)."""
        tray = TrayWidget(id="tray")
        self.query_one("#board-side").mount(tray, before=self.query_one(MoveLog))

    # -- what is in hand ------------------------------------------------------------------------

    def items(self) -> tuple[TrayItem, ...]:
        if self.record.outcome() is not None:
            return ()
        return self.game.tray(self.record.state)

    def chosen_key(self) -> str | None:
        """The item a square click places: the one chosen, or the only kind left in hand."""
        keys = [item.key for item in self.items()]
        if self.tray_key in keys:
            return self.tray_key
        return keys[0] if len(keys) == 1 else None

    def refresh_view(self) -> None:
        super().refresh_view()
        shown = self.viewer_state()
        for seat in range(len(self.record.seat_names)):  # the tray shows the hand: not twice
            panel = self.query_one(f"#panel-{seat}", PlayerPanel)
            if panel.info is not None:
                panel.info = panel.info._replace(lines=tuple(self.game.panel_lines(shown, seat)))
        items = self.items()
        chosen = self.chosen_key()
        trays = self.query(TrayWidget)
        if trays:
            tray = trays.first()
            tray.items = items
            tray.chosen = chosen
            mover = seat_label(self.record, self.game.to_move(self.record.state))
            tray.border_title = plain(f"{mover}: in hand")
        if items and not self.selection:
            board = self.query_one(BoardWidget)
            if chosen is None:  # where anything may go: where the placements start
                board.targets = self.builder.starts
            else:
                board.targets = placeable_squares(self.game, self.record.state, [chosen])

    def _hint(self) -> str:
        items = self.items()
        if not items:
            return super()._hint()
        if len(items) == 1:
            return f"select a highlighted square to place a {items[0].label}"
        return f"choose a piece ({self._keys()} or click it), then its square"

    def _keys(self) -> str:
        return keys_text([item.key for item in self.items()])

    def help_extra(self) -> list[tuple[str, str]]:
        rows = super().help_extra()
        rows.append(("click", "a piece in the hand: place that one"))
        return rows

    # -- placing ----------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        self.cursors[self.game.to_move(self.record.state)] = self.cursor
        super().play(move)

    def position_changed(self, message: str = "") -> None:
        self.cursor = self._mover_cursor()
        super().position_changed(message)

    def _mover_cursor(self) -> int:
        """Where the player to place left the cursor, or the nearest square they may use."""
        state = self.record.state
        start = self.cursors.get(self.game.to_move(state), self.cursor)
        squares = placeable_squares(self.game, state, [item.key for item in self.items()])
        if start in squares or not squares:
            return start
        width = self.builder.view.width

        def distance(square: int) -> tuple[int, int]:
            (rank, file), (start_rank, start_file) = divmod(square, width), divmod(start, width)
            return abs(rank - start_rank) + abs(file - start_file), square

        return min(squares, key=distance)

    def choose(self, key: str) -> None:
        """Take the item ``key`` in hand (choosing it again puts it back)."""
        item = next((item for item in self.items() if item.key == key), None)
        if item is None:
            self.say(f"there is no {key} left to place", error=True)
            return
        self.tray_key = None if self.tray_key == key else key
        self.refresh_view()
        if self.tray_key is None:
            self.say(self._hint())
        else:
            self.say(f"placing {item.label}: select a highlighted square (Esc chooses again)")

    def on_key(self, event: Key) -> None:
        """A key of the hand chooses that piece (the board screen's own keys come first)."""
        if self.query_one("#move-entry", Input).has_focus or event.character is None:
            return
        if event.key in self.active_bindings:
            return
        if event.character in {item.key for item in self.items()}:
            event.stop()
            event.prevent_default()  # the board screen's handler would choose it without a word
            self.choose(event.character)

    @on(TrayWidget.ItemClicked)
    def item_clicked(self, event: TrayWidget.ItemClicked) -> None:
        self.choose(event.key)

    def select_square(self, square: int) -> None:
        key = self.chosen_key()
        if key is None and self.items():
            self.cursor = square
            self.refresh_view()
            self.say(f"choose a piece first ({self._keys()} or click it in the hand)", error=True)
            return
        if key is not None and self.tray_key is None:
            self.tray_key = key
        super().select_square(square)

    def _place(self, key: str, square: int) -> None:
        state = self.record.state
        move = self.game.placement_move(state, key, square)
        if move is not None:
            self.play(move)
            return
        self.refresh_view()
        self.say(self._refusal(key, square), error=True)

    def _refusal(self, key: str, square: int) -> str:
        """Why ``key`` cannot go on ``square``: the game's own reason when it reads the
        usual ``key@square`` notation, else one of ours."""
        state = self.record.state
        name = self.builder.name(square)
        try:
            self.game.parse_move(state, f"{key}@{name}")
        except IllegalMoveError as error:
            return str(error)
        except PawnshopError:
            pass  # the game writes placements some other way
        label = next((item.label for item in self.items() if item.key == key), key)
        if self.builder.view.cells[square].text:
            return f"{name} is taken: the {label} goes on an empty square"
        return f"the {label} cannot go on {name}: the highlighted squares are free for it"

    def action_auto_place(self) -> None:
        """Place every piece still in hand at random (seeded by the game's seed and how far it
        has come, so the same game places the same way), each placement a move of its own."""
        record = self.record
        if not self.items():
            self.say("every piece is placed already", error=True)
            return
        rng = random.Random(f"{record.seed}/{record.current.ply}")
        moves = random_placements(self.game, record.state, rng)
        for move in moves[:-1]:
            record.play(move, main=not self.reviewing)
        self.play(moves[-1])
