"""The input modes of the board screen, one for each name ``tui.game_ui`` gives a phase: plain
moves, placement (pieces in hand), MAC's power tokens and Chase's actions. Each is a small
class in a module of its own (see ``base``); ``new_mode`` makes the one a name calls for, and
``use_mode`` puts it on a board screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.game_ui import InputMode as ModeName
from tui.game_ui import input_mode
from tui.screens.board_keys import layered_bindings
from tui.screens.input_modes.base import InputMode
from tui.screens.input_modes.chase import ChaseMode
from tui.screens.input_modes.moves import MovesMode
from tui.screens.input_modes.placement import PlacementMode
from tui.screens.input_modes.tokens import TokenMode
from tui.textual_internals import set_bindings
from tui.widgets.move_log import MoveLog

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

#: The mode of each name (``tui.game_ui.InputMode``).
MODES: dict[ModeName, type[InputMode]] = {
    "moves": MovesMode,
    "placement": PlacementMode,
    "tokens": TokenMode,
    "chase": ChaseMode,
}


def new_mode(name: ModeName, screen: BoardScreen) -> InputMode:
    """The input mode ``name`` for ``screen``."""
    return MODES[name](screen)


def use_mode(screen: BoardScreen, mode: InputMode) -> InputMode:
    """Make ``mode`` the input mode of ``screen``, in place of the one it has: the old mode's
    widgets and class go, the new one's keys (over the screen's, under those the screen puts
    over every mode), class and widgets come (mounted at once on a screen that shows)."""
    old: InputMode | None = getattr(screen, "mode", None)
    if old is not None:
        for widget in old.widgets:
            widget.remove()
        if old.CSS_CLASS:
            screen.remove_class(old.CSS_CLASS)
    screen.mode = mode
    if mode.CSS_CLASS:
        screen.add_class(mode.CSS_CLASS)
    keys = layered_bindings(screen.BINDINGS, mode.BINDINGS, screen.OVER_MODE_BINDINGS)
    set_bindings(screen, keys)
    mode.widgets = mode.side_widgets()
    if screen.is_mounted:
        side = screen.query_one("#board-side")
        side.mount_all(mode.widgets, before=screen.query_one(MoveLog))
        screen.refresh_bindings()
    return mode


def follow_phase(screen: BoardScreen) -> bool:
    """Swap the input mode of ``screen`` for the one the game's phase calls for, if that is
    another one (a finished game stays as it ended); answers whether it did."""
    wanted = input_mode(screen.record)
    if wanted == screen.mode.NAME or screen.record.outcome() is not None:
        return False
    use_mode(screen, new_mode(wanted, screen))
    return True
