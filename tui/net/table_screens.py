"""The kinds of table screen, one for each kind of board screen at one keyboard: the plain
board, the placement screen (while pieces are placed), MAC's board with power tokens and
Chase's board. Each is the table's screen (``TableScreen``: who may move, takebacks, news
from the table) on top of that board screen (its widgets, keys and prompts); a table screen
makes way for another kind when the game's phase calls for it (``follow_table_phase``, handed
to each table screen made here: ``table_screen`` does not import this module).
"""

from __future__ import annotations

import random
from functools import partial

from core.record import GameRecord
from tui.game_ui import InputMode, input_mode
from tui.net.table_screen import TableScreen
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.screens.board import BoardScreen
from tui.screens.chase_board import ChaseBoardScreen
from tui.screens.mac_tokens import TokenBoardScreen
from tui.screens.placement import PlacementScreen, random_placements


class ChaseTableScreen(TableScreen, ChaseBoardScreen):
    """Chase at a table: Chase's own board (tiles and their exits, gold, the stack and the
    debts) and action keys."""

    CSS_PATH = ["../screens/board.tcss", "../screens/chase_board.tcss", "table_screen.tcss"]
    HELP_TITLE = "Keys at a Chase table"

    def action_chase_action(self, action: str) -> None:
        self.if_allowed(partial(ChaseBoardScreen.action_chase_action, self, action))


class TokenTableScreen(TableScreen, TokenBoardScreen):
    """MAC with power tokens at a table: the tokens in hand beside the board, and their keys."""

    HELP_TITLE = "Keys at a MAC table (power tokens)"

    def action_token(self, token: str) -> None:
        self.if_allowed(partial(TokenBoardScreen.action_token, self, token))


class PlacementTableScreen(TableScreen, PlacementScreen):
    """The placement phase at a table: the hand beside the board, its keys and clicks.

    ``a`` places this player's pieces at random, each on its own turn as it comes, for the
    rest of the phase (the other player places as they please meanwhile).
    """

    HELP_TITLE = "Keys while placing at a table"

    def __init__(self, table: Table, player: PlayerIdentity) -> None:
        super().__init__(table, player)
        self.auto_placing = False

    def action_auto_place(self) -> None:
        if self.seat is None:
            self.say("You are watching this table: only its players place.", error=True)
            return
        self.auto_placing = True
        self.say("Your pieces go on random squares, each on your turn.")
        self._auto_place_turn()

    def position_changed(self, message: str = "") -> None:
        super().position_changed(message)
        if self.auto_placing and self.is_mounted:
            self.call_later(self._auto_place_turn)

    def _auto_place_turn(self) -> None:
        """Place one piece at random if it is this player's turn to place (seeded by the game's
        seed and how far it has come, as at one keyboard)."""
        record = self.record
        game = record.game
        if self.table_seat.refusal() is not None or game.phase(record.state) != "placement":
            return
        rng = random.Random(f"{record.seed}/{record.current.ply}")
        moves = random_placements(game, record.state, rng)
        if moves:
            self.play(moves[0])


#: The table's screen for each input mode (``tui.game_ui``).
TABLE_SCREENS: dict[InputMode, type[TableScreen]] = {
    "moves": TableScreen,
    "placement": PlacementTableScreen,
    "tokens": TokenTableScreen,
    "chase": ChaseTableScreen,
}


def table_screen_class(record: GameRecord) -> type[TableScreen]:
    """The kind of table screen for the game's phase: the one of its input mode."""
    return TABLE_SCREENS[input_mode(record)]


def table_screen_for(table: Table, player: PlayerIdentity) -> TableScreen:
    """The screen for ``player`` at ``table`` as its game stands now."""
    screen = table_screen_class(table.record)(table, player)
    screen.phase_follower = follow_table_phase
    return screen


def follow_table_phase(screen: BoardScreen) -> bool:
    """Put this player on the table screen the game's phase calls for, if that is another
    one: the placement screen while pieces are placed, then the board. A screen with a dialog
    over it waits for the next change; a finished game stays where it ended."""
    assert isinstance(screen, TableScreen)
    wanted = table_screen_class(screen.record)
    if wanted is type(screen) or screen.record.outcome() is not None:
        return False
    if screen.app.screen is not screen:
        return False
    replacement = table_screen_for(screen.table_seat.table, screen.player)
    replacement.cursor = screen.cursor
    replacement.opening_news = screen.table_seat.latest_news
    screen.app.switch_screen(replacement)
    return True
