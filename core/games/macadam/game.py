"""Macadam as a ``Game``: the options and the interface, each method handed to its module."""

from __future__ import annotations

from collections.abc import Mapping

from core.game import Game
from core.games.macadam import about, notation, position, rules, view
from core.games.macadam.board import SEAT_NAMES
from core.games.macadam.moves import MacadamMove, Placement
from core.games.macadam.state import MacadamState
from core.options import OptionSpec
from core.view import BoardView, TrayItem


class Macadam(rules.MacadamRules, Game[MacadamState, MacadamMove], about=about):
    """Macadam; ``legal_moves``, ``apply`` and ``outcome`` come from ``MacadamRules``."""

    option_specs = (
        OptionSpec(
            "start",
            "Start",
            "dots",
            ("dots", "free"),
            "dots: the pawns start on the drawn dots; free: the players take turns placing "
            "them anywhere on their own side outside their own goal, South first",
        ),
        OptionSpec(
            "first",
            "First move",
            "1",
            ("1", "2", "random"),
            "who makes the first move of the battle: 1 South, 2 North, or drawn at random",
        ),
    )

    def seat_names(self, options: Mapping[str, str]) -> tuple[str, ...]:
        return SEAT_NAMES

    def new(self, options: Mapping[str, str] | None = None, seed: int = 0) -> MacadamState:
        return rules.new_state(self.resolve_options(options), seed)

    def to_move(self, state: MacadamState) -> int:
        return state.side

    def phase(self, state: MacadamState) -> str:
        return "placement" if state.placing else "play"

    def format_move(self, state: MacadamState, move: MacadamMove) -> str:
        return notation.format_move(move)

    def parse_move(self, state: MacadamState, text: str) -> MacadamMove:
        return notation.parse_move(state, text)

    def write_position(self, state: MacadamState) -> str:
        return position.write_position(state)

    def read_position(self, text: str) -> MacadamState:
        return position.read_position(text)

    def board_view(self, state: MacadamState) -> BoardView:
        return view.board_view(state)

    def move_path(self, state: MacadamState, move: MacadamMove) -> tuple[int, ...]:
        return view.move_path(move)

    def tray(self, state: MacadamState) -> tuple[TrayItem, ...]:
        return view.tray(state)

    def placement_move(self, state: MacadamState, key: str, square: int) -> Placement | None:
        return view.placement_move(state, key, square)

    def panel_lines(self, state: MacadamState, seat: int) -> tuple[str, ...]:
        return view.panel_lines(state, seat)


GAME = Macadam()
