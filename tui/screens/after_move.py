"""What follows a move played at one keyboard: a note when the game could not be kept on disk,
the handover screen when the turn passes between two people sharing the keyboard in a game
with secrets, and at the end the game-over dialog (review it, start anew or quit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.host import host
from tui.play.describe import scores_text, seat_label, winners_text
from tui.play.local_game import Played
from tui.screens.game_over import GameOverChoice, GameOverScreen
from tui.screens.handover import HandoverScreen

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

REVIEWING = "Reviewing: ← → step through the moves; moves you try become variations"


class AfterMove:
    """The part of a board screen at one keyboard that shows what a move came to."""

    def __init__(self, screen: BoardScreen) -> None:
        self.screen = screen

    def show(self, played: Played) -> None:
        """Show what playing a move in the live game came to."""
        screen = self.screen
        record = screen.record
        if played.problem:
            screen.say(played.problem, error=True)
        outcome = record.outcome()
        if outcome is None:
            self.offer_handover()
            return
        if played.filed is not None:
            screen.source = played.filed
        over = GameOverScreen(
            winners_text(record, outcome), outcome.reason, scores_text(record), played.filed_note
        )
        screen.app.push_screen(over, self.chosen)

    def offer_handover(self) -> None:
        screen = self.screen
        record = screen.record
        state = record.state
        if record.game.has_secrets(state) and screen.computer_seats.handover_wanted():
            mover = seat_label(record, record.game.to_move(state))
            screen.app.push_screen(HandoverScreen(mover))

    def chosen(self, choice: GameOverChoice | None) -> None:
        """What the player chose in the game-over dialog."""
        screen = self.screen
        if choice == "new":
            host(screen).action_new_game()
        elif choice == "quit":
            screen.app.exit()
        else:
            screen.reviewing = True
            screen.position_changed(REVIEWING)
