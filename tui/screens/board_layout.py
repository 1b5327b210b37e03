"""The widgets of the board screen: the board (of the kind the game's entry in ``tui.game_ui``
names), beside it the players' panels, the thinking sign, the input mode's widgets and the log,
and under it the status line and the bottom bar, where the move line takes the footer's row
(one row that never moves, so opening and closing the line redraws that row and nothing else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from tui.game_ui import BoardKind, game_ui
from tui.plain_text import plain
from tui.play.describe import players_text
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ChaseBoardWidget
from tui.widgets.key_footer import KeyFooter
from tui.widgets.move_tree import MoveTree
from tui.widgets.plain_input import PlainInput
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.status_line import StatusLine
from tui.widgets.thinking import ThinkingIndicator

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

#: The widget that draws each kind of board (``tui.game_ui``).
BOARD_WIDGETS: dict[BoardKind, type[BoardWidget]] = {
    "squares": BoardWidget,
    "tiles": ChaseBoardWidget,
}


def board_layout(screen: BoardScreen) -> ComposeResult:
    record = screen.record
    with Horizontal(id="board-main"):
        board = BOARD_WIDGETS[game_ui(record.game.id).board](id="board")
        board.border_title = plain(f"{record.game.name}: {players_text(record)}")
        yield board
        with Vertical(id="board-side"):
            for seat in range(len(record.seat_names)):
                yield PlayerPanel(id=f"panel-{seat}", classes="panel")
            yield ThinkingIndicator(id="thinking")
            yield from screen.mode.widgets
            log = MoveTree(id="move-log")
            log.border_title = "Moves"
            yield log
    yield StatusLine(id="status")
    with Horizontal(id="bottom-bar"):
        yield PlainInput(
            placeholder="type a move, Enter plays, Esc closes", id="move-entry", compact=True
        )
        yield KeyFooter()
