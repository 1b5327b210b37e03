"""How each game is shown and played on the board screen: one entry per game.

An entry names the board a game is drawn on (``squares``, or Chase's ``tiles``) and the input
mode of each phase: ``placement`` while pieces are placed (pieces in hand beside the board),
``moves`` for moves built square by square, ``tokens`` for MAC played with power tokens (the
tokens beside the board, and their keys), ``chase`` for Chase's actions (tiles, gold, merges,
pivots). An option may change the mode of play (MAC's ``tokens``). Adding a game means adding
its entry here; a game without one (a game of the tests) gets squares, placement while it
places pieces and plain moves otherwise.

The board screen takes the input mode for a game's phase from ``input_mode`` (the modes are
``tui.screens.input_modes``) and swaps it in place when the phase changes; it picks its board
widget from ``board``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from core.record import GameRecord

BoardKind = Literal["squares", "tiles"]
InputMode = Literal["moves", "placement", "tokens", "chase"]


@dataclass(frozen=True)
class GameUI:
    """The board and input modes of one game (see the module's docstring)."""

    game_id: str
    board: BoardKind = "squares"
    #: The mode while pieces are placed (``core.game.Game.phase`` is ``"placement"``).
    placement: InputMode = "placement"
    #: The mode once they are (``"play"``), unless an option says otherwise...
    play: InputMode = "moves"
    #: ...as these do: ``{(option, value): mode}``.
    play_with_option: Mapping[tuple[str, str], InputMode] = field(default_factory=dict)


GAME_UIS: tuple[GameUI, ...] = (
    GameUI("martian-chess"),
    GameUI("mac", play_with_option={("tokens", "on"): "tokens"}),
    GameUI("macadam"),
    GameUI("chase", board="tiles", play="chase"),
)

#: The entry of a game that has none of its own.
PLAIN = GameUI("")

_BY_ID = {entry.game_id: entry for entry in GAME_UIS}


def game_ui(game_id: str) -> GameUI:
    """The entry of the game ``game_id``."""
    return _BY_ID.get(game_id, PLAIN)


def input_mode(record: GameRecord) -> InputMode:
    """The input mode for the game's phase now; a finished game is played on no more, so a
    game that ended while placing shows its board as in play."""
    game, state = record.game, record.state
    entry = game_ui(game.id)
    if game.phase(state) == "placement" and game.outcome(state) is None:
        return entry.placement
    for (option, value), mode in entry.play_with_option.items():
        if record.options.get(option) == value:
            return mode
    return entry.play
