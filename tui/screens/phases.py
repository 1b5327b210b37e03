"""Which board screen shows a game: the one of the input mode its entry in ``tui.game_ui``
names for its phase (the placement screen while pieces are being placed, the board with power
tokens for MAC played with tokens, Chase's own board for Chase, the plain board screen
otherwise).

The app opens a record on ``board_screen_for(record)``, which hands the screen ``follow_phase``;
a board screen calls it whenever its position changes, so the last placement moves the game on
to the battle and an undo back into the placement phase brings the placement screen back. The
board screens never import this module: it knows them, they know only the function handed in.
Only the screens named here are swapped for one another: a screen of another kind is left as
it is.
"""

from __future__ import annotations

from core.record import GameRecord
from tui.game_ui import InputMode, input_mode
from tui.screens.board import BoardScreen
from tui.screens.chase_board import ChaseBoardScreen
from tui.screens.mac_tokens import TokenBoardScreen
from tui.screens.placement import PlacementScreen

SCREENS: tuple[type[BoardScreen], ...] = (BoardScreen, PlacementScreen, TokenBoardScreen)

#: The screen of each input mode (``tui.game_ui``).
MODE_SCREENS: dict[InputMode, type[BoardScreen]] = {
    "moves": BoardScreen,
    "placement": PlacementScreen,
    "tokens": TokenBoardScreen,
    "chase": ChaseBoardScreen,
}


def screen_class_for(record: GameRecord) -> type[BoardScreen]:
    return MODE_SCREENS[input_mode(record)]


def board_screen_for(record: GameRecord, *, reviewing: bool = False) -> BoardScreen:
    screen = screen_class_for(record)(record, reviewing=reviewing)
    screen.phase_follower = follow_phase
    return screen


def follow_phase(screen: BoardScreen) -> bool:
    """Put ``screen``'s record on the screen its phase calls for, if that is another one.

    Answers whether it did. A screen with a dialog over it waits until it shows again; a
    finished game stays where it ended, under its game-over dialog.
    """
    record = screen.record
    if type(screen) not in SCREENS or record.outcome() is not None:
        return False
    wanted = screen_class_for(record)
    if wanted is type(screen) or screen.app.screen is not screen:
        return False
    replacement = wanted(record, reviewing=screen.reviewing)
    replacement.phase_follower = follow_phase
    replacement.source = screen.source
    replacement.cursor = screen.cursor
    screen.app.switch_screen(replacement)
    return True
