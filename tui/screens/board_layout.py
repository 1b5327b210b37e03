"""The widgets of the board screen, and how the position is drawn into them.

The board is of the kind the game's entry in ``tui.game_ui`` names; beside it are the players'
panels, the thinking sign, the input mode's widgets, the log and under it the current move's
whole text and comment where the log cuts them; under the board the status line and
the footer, whose row the move line takes while it is open (so opening and closing the line
redraws that row and nothing else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from tui.game_ui import BoardKind, game_ui
from tui.plain_text import plain
from tui.play.describe import panel_infos, players_text, turn_text
from tui.play.shared_rows import log_rows
from tui.widgets.board import BoardWidget
from tui.widgets.chase_board import ChaseBoardWidget
from tui.widgets.key_footer import KeyFooter
from tui.widgets.move_detail import MoveDetail
from tui.widgets.move_log import MoveLog
from tui.widgets.move_tree import MoveTree
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
            yield MoveDetail(log, id="move-detail")
            yield from screen.side_widgets()
    yield StatusLine(id="status")
    yield KeyFooter()  # the move line is drawn over its keys (``tui.screens.move_line``)


def draw_position(screen: BoardScreen) -> None:
    """Push the record's current position into the screen's widgets: the board, the panels,
    the log (redrawn only when its rows change) and whose turn it is."""
    record, builder, selection = screen.record, screen.builder, screen.selection
    board = screen.query_one(BoardWidget)
    board.view = builder.view
    board.cursor = screen.cursor
    board.selected = selection
    board.targets = builder.next_squares(selection) if selection else frozenset()
    node = record.current
    if node.move is not None and node.parent is not None:
        board.last_move = tuple(record.game.move_path(node.parent.state, node.move))
    else:
        board.last_move = ()
    clocks = screen.shown_clocks()
    for seat, info in enumerate(panel_infos(record, screen.viewer_state())):
        panel = screen.query_one(f"#panel-{seat}", PlayerPanel)
        panel.info = info
        panel.show_clock(clocks, seat)
    entries, screen.log_nodes, current = log_rows(record)  # shared by the screens of a game
    if (entries, current) != screen.log_shown:  # selecting a piece leaves the log as it is
        screen.log_shown = entries, current
        screen.query_one(MoveLog).show(entries, current)
    review = "review · " if screen.reviewing else ""
    screen.query_one(StatusLine).turn = review + turn_text(record)
