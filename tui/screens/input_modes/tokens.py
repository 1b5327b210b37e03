"""MAC's power tokens: a key for each token, then its squares, then the move.

A turn with a token is made in two stages, each by selecting squares as usual:

1. the token's own squares (``+1``: the piece that gets it; Push: the enemy piece and where it
   goes; Peek: one face-down piece, Enter, or two), then
2. the turn's action (a move or a flip), among the moves that follow that token there.

Double Step has no squares of its own: its two steps are the move. Keys: ``+`` (or ``=``) +1,
``d`` Double Step, ``p`` Push, ``e`` Peek; pressing the key again, or Esc and Backspace with
nothing selected, step back. The tokens in hand are chips beside the board that a click plays
too. Without a token chosen, squares select the moves without a token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.widget import Widget

from core.game import Move, State
from core.games.mac.game import MacGame
from core.games.mac.moves import MacMove
from core.games.mac.pieces import (
    DOUBLE_STEP,
    EMPTY,
    PEEK,
    PLUS_ONE,
    PUSH,
    TOKEN_LETTERS,
    TOKEN_NAMES,
)
from core.games.mac.state import MacState
from core.games.mac.tokens import token_effect
from core.games.mac.view import peeking
from core.view import TrayItem
from tui.play.selection import MoveBuilder, Step
from tui.screens.input_modes.base import InputMode
from tui.widgets.board import BoardWidget
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.tray import TrayWidget

if TYPE_CHECKING:
    from tui.screens.board import BoardScreen

PLUS, DOUBLE, PUSHING, PEEKING = (TOKEN_LETTERS[t] for t in (PLUS_ONE, DOUBLE_STEP, PUSH, PEEK))
NAMES = {TOKEN_LETTERS[token]: TOKEN_NAMES[token] for token in (PLUS_ONE, DOUBLE_STEP, PUSH, PEEK)}
#: The key that plays each token (Peek's own letter, ``k``, moves the cursor up).
KEYS = {PLUS: "+", DOUBLE: "d", PUSHING: "p", PEEKING: "e"}
TOKEN_OF_KEY = {key: token for token, key in KEYS.items()}

#: What to select first for each token with squares of its own.
TARGET_PROMPTS = {
    PLUS: "+1: select the piece of yours that gets +1",
    PUSHING: "Push: select the enemy piece to push, then where it goes",
    PEEKING: "Peek: select a face-down piece, then Enter to peek at it alone, or a second one",
}
#: The same, short enough to show beside whose turn it is at 80 columns.
SHORT_TARGET_PROMPTS = {
    PEEKING: "Peek: select one or two face-down pieces (Enter after one)",
}
#: Said when a Double Step's first step captures: the turn ends at the first capture.
FIRST_STEP_CAPTURED = "The first step captured: Double Step ends there"
#: Why a square is refused while selecting a token's squares.
TARGET_RULES = {
    PLUS: "+1 goes on one of your face-up pieces that has none yet",
    PUSHING: "Push moves a face-up enemy piece one step onto an empty square or into a portal",
    PEEKING: "Peek looks at face-down pieces",
}


def selection_paths(token: str, token_path: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The ways of selecting a token's squares: Peek's two squares in either order, and a
    single peek (written as the square twice) by one square."""
    if token != PEEKING:
        return [token_path]
    first, second = token_path
    return [(first,)] if first == second else [(first, second), (second, first)]


def token_text(token: str, token_path: tuple[int, ...], builder: MoveBuilder) -> str:
    """``+1 on b2``, ``Push c5-c4``, ``Peek at a1 and b2``, ``Double Step``."""
    names = [builder.name(square) for square in token_path]
    if token == PLUS:
        return f"+1 on {names[0]}"
    if token == PUSHING:
        return "Push " + "-".join(names)
    if token == PEEKING:
        return "Peek at " + (names[0] if names[0] == names[-1] else " and ".join(names))
    return NAMES[token]


class TokenTargetBuilder(MoveBuilder):
    """Selecting a token's own squares: each "move" here is a token path."""

    def __init__(self, token: str, *args: Any, **options: Any) -> None:
        self.token = token
        super().__init__(*args, **options)

    def reason(self, selection: tuple[int, ...], square: int) -> str:
        return f"{TARGET_RULES[self.token]}: select a highlighted square"


class TokenMode(InputMode):
    """MAC played with power tokens (see the module's docstring)."""

    NAME = "tokens"
    HELP_TITLE = "Keys on the board (MAC with power tokens)"
    TABLE_HELP_TITLE = "Keys at a MAC table (power tokens)"
    BINDINGS = [
        Binding(
            "plus,equals_sign", f"input('token', '{PLUS}')", "Play +1", show=False, id="mac.plus"
        ),
        Binding(
            "d", f"input('token', '{DOUBLE}')", "Play Double Step", show=False, id="mac.double"
        ),
        Binding("p", f"input('token', '{PUSHING}')", "Play Push", show=False, id="mac.push"),
        Binding("e", f"input('token', '{PEEKING}')", "Play Peek", show=False, id="mac.peek"),
    ]

    def __init__(self, screen: BoardScreen) -> None:
        super().__init__(screen)
        self.actions = {"token": self.choose_token}
        #: The stage of the turn: the token chosen, its squares once chosen, and the squares
        #: that chose them (for stepping back into them).
        self.token: str | None = None
        self.token_path: tuple[int, ...] | None = None
        self.token_selection: tuple[int, ...] = ()
        self._moves: tuple[object, list[MacMove]] | None = None
        #: What the turn just played came to that the board does not show (a Double Step
        #: ended by its first step's capture), said once with the next prompt.
        self.note = ""
        self._next_note = ""
        self.tray = TrayWidget(id="tokens")
        self.tray.border_title = "Power tokens"
        self.tray.empty_text = "none to play"

    def side_widgets(self) -> list[Widget]:
        return [self.tray]

    # -- the moves of each stage ---------------------------------------------------------------

    def turn_moves(self) -> list[MacMove]:
        """The legal moves of the current position, listed once per position."""
        state = self.record.state
        if self._moves is None or self._moves[0] is not state:
            self._moves = (state, list(self.game.legal_moves(state)))
        return self._moves[1]

    def builder(self) -> MoveBuilder:
        record = self.record
        view = record.game.board_view(self.stage_state())
        seats = record.seat_names
        token = self.token
        moves = [move for move in self.turn_moves() if move.token == (token or "")]
        if token is None or self.token_path is not None:
            paths = [
                (move, move.path)
                for move in moves
                if self.token_path is None or move.token_path == self.token_path
            ]
            return MoveBuilder(record.game, record.state, seats, view, paths=paths)
        targets = dict.fromkeys(move.token_path for move in moves)
        target_paths: list[tuple[Move, tuple[int, ...]]] = [
            (token_path, path)
            for token_path in targets
            for path in selection_paths(token, token_path)
        ]
        return TokenTargetBuilder(token, record.game, record.state, seats, view, paths=target_paths)

    def _choosing_target(self) -> bool:
        return self.token is not None and self.token_path is None

    def _set_stage(self, token: str | None, token_path: tuple[int, ...] | None) -> None:
        screen = self.screen
        self.token = token
        self.token_path = () if token == DOUBLE else token_path
        screen.selection = ()
        screen.builder = self.builder()
        screen.refresh_view()
        screen.say(self.hint())

    # -- showing -------------------------------------------------------------------------------

    def _peeking(self) -> bool:
        return self.token == PEEKING and bool(self.token_path)

    def stage_state(self) -> State:
        """What this screen shows at this stage of the turn: once the squares of a Peek are
        chosen, the pieces on them show to the player who peeks (the others' screens draw
        the game's state, which the Peek changes only with the whole turn); once a Push or
        a +1 is chosen, the board shows it done, the pushed piece on its new square, where
        the move that follows may capture it."""
        shown = self.screen.viewer_state()
        if self._peeking():
            assert self.token_path is not None
            return peeking(self.record.state, shown, self.token_path)  # type: ignore[arg-type]
        if self.token in (PUSHING, PLUS) and self.token_path:
            assert isinstance(shown, MacState)
            board = list(shown.board)
            token_effect(board, self.token, self.token_path)
            return shown._replace(board=tuple(board))
        return shown

    def token_items(self) -> tuple[TrayItem, ...]:
        """The tokens the player to move may play now, under the keys that play them; none
        when the person at the screen may not see that hand (a computer's, in review)."""
        state = self.record.state
        mover = self.game.to_move(state)
        if (
            self.record.outcome() is not None
            or self.screen.viewer_state().hands[mover] != state.hands[mover]
        ):
            return ()
        game = self.game
        assert isinstance(game, MacGame)
        return tuple(
            TrayItem(KEYS[item.key], item.label, item.count)
            for item in game.token_tray(state)
            if item.key in KEYS
        )

    def refresh(self) -> None:
        screen = self.screen
        self.tray.items = self.token_items()
        self.tray.chosen = KEYS[self.token] if self.token else None
        if self._peeking():  # the mover's panel lists the pieces peeked at
            mover = self.game.to_move(self.record.state)
            panel = screen.query_one(f"#panel-{mover}", PlayerPanel)
            if panel.info is not None:
                lines = tuple(self.game.panel_lines(self.stage_state(), mover))
                panel.info = panel.info._replace(lines=lines)
        board = screen.query_one(BoardWidget)
        if self._choosing_target() and not screen.selection:
            board.targets = screen.builder.starts
        elif self.token_path:
            board.selected = self.token_selection + screen.selection  # the token's squares too

    def hint(self) -> str:
        token = self.token
        if token is None:
            return self._plain_hint()
        if self.token_path is None:
            return TARGET_PROMPTS[token]
        if token == DOUBLE:
            return "Double Step: select the piece, then each of its two steps"
        done = token_text(token, self.token_path, self.screen.builder)
        return f"{done}; now your move: select a piece (Esc takes the token back)"

    def _plain_hint(self) -> str:
        if self.note:
            return self.note
        items = self.token_items()
        if not items:
            return super().hint()
        keys = ", ".join(f"{item.key} ({item.label})" for item in items)
        if not self.screen.builder.paths:
            return f"no move without a token: play one first: {keys}"
        return f"you may play a token first: {keys}"

    def short_form(self, message: str) -> str:
        short = {TARGET_PROMPTS[token]: text for token, text in SHORT_TARGET_PROMPTS.items()}
        return short.get(message, "")

    def help_extra(self) -> list[tuple[str, str]]:
        return [
            *super().help_extra(),
            *((KEYS[token], TARGET_PROMPTS[token]) for token in SHORT_TARGET_PROMPTS),
            ("click", "a token beside the board: play it first"),
        ]

    # -- choosing a token ----------------------------------------------------------------------

    def choose_token(self, token: str) -> None:
        """Choose ``token`` for this turn (choosing it again puts it back)."""
        screen = self.screen
        if not screen.may_act():
            return
        if self.record.outcome() is not None:
            screen.say("the game is over here: u or ctrl+z steps back to try other moves")
            return
        if screen.computer_seats.refuse_turn():
            return
        if self.token == token:
            self._set_stage(None, None)
            return
        playable = {TOKEN_OF_KEY[item.key] for item in self.token_items()}
        if token not in playable:
            screen.say(self._not_playable(token), error=True)
            return
        self._set_stage(token, None)

    def _not_playable(self, token: str) -> str:
        name = NAMES[token]
        state = self.screen.viewer_state()  # the hand as the person at the screen sees it
        hand = state.hands[self.game.to_move(state)]
        if TOKEN_LETTERS.index(token) in hand:
            return f"{name} cannot be played now: no legal turn begins with it"
        return f"you hold no {name} token"

    def tray_clicked(self, key: str) -> None:
        self.choose_token(TOKEN_OF_KEY[key])

    # -- selecting squares ---------------------------------------------------------------------

    def position_changed(self) -> None:
        self.token, self.token_path, self.token_selection = None, None, ()
        self.note, self._next_note = self._next_note, ""

    def before_play(self, move: Move) -> None:
        """A Double Step whose first step captures ends there: say so once it is played."""
        assert isinstance(move, MacMove) and isinstance(self.record.state, MacState)
        path = move.path
        first_step_captured = (
            move.token == DOUBLE and len(path) == 2 and self.record.state.board[path[-1]] != EMPTY
        )
        self._next_note = FIRST_STEP_CAPTURED if first_step_captured else ""

    def take_step(self, step: Step) -> None:
        if self._choosing_target() and step.kind in ("play", "choose"):
            assert self.token is not None
            self.token_selection = self._completed_selection(step)
            self._set_stage(self.token, step.moves[0])  # type: ignore[arg-type]
            return
        super().take_step(step)

    def _completed_selection(self, step: Step) -> tuple[int, ...]:
        """The squares that completed the token's path (for stepping back into them)."""
        token_path: Sequence[int] = step.moves[0]  # type: ignore[assignment]
        paths = selection_paths(self.token or "", tuple(token_path))
        selection = self.screen.selection
        return next((path for path in paths if path[: len(selection)] == selection), paths[0])

    def back(self) -> None:
        if self.token is not None and not self.screen.selection:
            self._token_back()
        else:
            super().back()

    def cancel(self) -> None:
        if self.token is not None and not self.screen.selection:
            self._token_back()
        else:
            super().cancel()

    def _token_back(self) -> None:
        """One step back out of a token: from the move to the token's last square, from the
        token's squares (or Double Step) to no token."""
        screen = self.screen
        if self.token_path is not None and self.token != DOUBLE:
            selection = self.token_selection[:-1]
            self._set_stage(self.token, None)
            screen.selection = selection
            screen.refresh_view()
            if selection:
                screen.say(screen.builder.prompt(selection))
            return
        self._set_stage(None, None)
