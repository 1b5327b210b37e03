"""MAC: March and Chomp as a ``Game``: the pieces of this package put together."""

from __future__ import annotations

from collections.abc import Mapping

from core.errors import IllegalMoveError
from core.game import Game
from core.games.mac import about, legal, movegen, notation, position, reasons, rules, setup
from core.games.mac import view as seen_by
from core.games.mac.board import SIZE
from core.games.mac.moves import MacMove
from core.games.mac.pieces import TOKEN_LETTERS, TOKEN_NAMES, UNKNOWN_TOKEN
from core.games.mac.state import DARK, MODES, STANDARD, MacState
from core.options import OptionSpec
from core.outcome import Outcome
from core.view import BoardView, TrayItem

#: Tray keys in the order the tray lists them, and what each key places.
TRAY_KEYS = "0123456789tp"
TRAY_LABELS = (
    "0 (cannon)",
    *(str(strength) for strength in range(1, 11)),
    "portal",
)


class MacGame(Game[MacState, MacMove], about=about):
    option_specs = (
        OptionSpec(
            "mode",
            "Mode",
            STANDARD,
            MODES,
            "standard: place your pieces on your half; dark: Dark Chess, all pieces face down; "
            "light: Random Light Chess, a random layout face up",
        ),
        OptionSpec(
            "tokens",
            "Power tokens",
            "off",
            ("off", "on"),
            "draw a token (+1, Double Step, Push; Peek in dark) when you lose a piece",
        ),
        OptionSpec(
            "portals",
            "Portal squares (dark)",
            setup.DEFAULT_PORTALS,
            (),
            "the two squares the portals lie on in Dark Chess, like b4,c5",
            applies_when=(("mode", (DARK,)),),
        ),
    )

    # -- setting up --------------------------------------------------------------------------

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """Standard: seat 0 is Red (south, ranks 1-4), seat 1 Blue (north). Dark and light:
        seat 0 sits south and seat 1 north; their colours are decided in play."""
        mode = self.resolve_options(options)["mode"]
        return ("Red", "Blue") if mode == STANDARD else ("South", "North")

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> MacState:
        return setup.new_state(self.resolve_options(options), seed)

    # -- playing -----------------------------------------------------------------------------

    # The two methods of the hot loop are the module functions themselves (no extra call).
    legal_moves = staticmethod(legal.legal_moves)
    apply = staticmethod(rules.apply)

    def play(self, state: MacState, move: MacMove) -> MacState:
        if not legal.is_legal(state, move):
            reason = reasons.explain(state, move)
            raise IllegalMoveError(f"{self.describe_move(state, move)}: {reason}")
        return rules.apply(state, move)

    def outcome(self, state: MacState) -> Outcome | None:
        return state.result

    def to_move(self, state: MacState) -> int:
        return state.to_move

    def phase(self, state: MacState) -> str:
        return "placement" if state.to_place else "play"

    def view(self, state: MacState, seat: int | None) -> MacState:
        return seen_by.masked(state, seat)

    # -- notation ----------------------------------------------------------------------------

    def format_move(self, state: MacState, move: MacMove) -> str:
        return notation.format_move(state, move)

    def parse_move(self, state: MacState, text: str) -> MacMove:
        move = notation.parse_move_text(text)
        if legal.is_legal(state, move):
            return move
        raise IllegalMoveError(f"{text.strip()}: {reasons.explain(state, move)}")

    def write_position(self, state: MacState) -> str:
        return position.write_position(state)

    def read_position(self, text: str) -> MacState:
        return position.read_position(text)

    # -- drawing and input -------------------------------------------------------------------

    def board_view(self, state: MacState) -> BoardView:
        return seen_by.board_view(state)

    def move_path(self, state: MacState, move: MacMove) -> tuple[int, ...]:
        """The token's squares (if any), then the squares of the placement, flip or move."""
        return move.token_path + move.path

    def tray(self, state: MacState) -> tuple[TrayItem, ...]:
        if not state.to_place:
            return ()
        counts = state.to_place[state.to_move]
        return tuple(
            TrayItem(TRAY_KEYS[item], TRAY_LABELS[item], count)
            for item, count in enumerate(counts)
            if count
        )

    def placement_move(self, state: MacState, key: str, square: int) -> MacMove | None:
        """Keys: ``0``-``9`` for those strengths, ``t`` (or ``10``) for the ten, ``p`` for
        the portal."""
        item = notation.item_of(key)
        if item is None or not state.to_place or not 0 <= square < SIZE:
            return None
        move = movegen.PLACEMENTS[item * SIZE + square]
        return move if move in movegen.placements(state) else None

    def token_tray(self, state: MacState) -> tuple[TrayItem, ...]:
        """The power tokens the seat to move may play now: key (the move's ``token``), name
        and how many it holds. A screen filters the legal moves by ``move.token``."""
        if state.result is not None or state.to_place:
            return ()
        hand = state.hands[state.to_move]
        playable = {move.token for move in legal.legal_moves(state) if move.token}
        return tuple(
            TrayItem(TOKEN_LETTERS[token], TOKEN_NAMES[token], hand.count(token))
            for token in sorted(set(hand))
            if token != UNKNOWN_TOKEN and TOKEN_LETTERS[token] in playable
        )

    def has_secrets(self, state: MacState) -> bool:
        return seen_by.has_secrets(state)

    def panel_lines(self, state: MacState, seat: int) -> tuple[str, ...]:
        return seen_by.panel_lines(state, seat)


GAME = MacGame()
