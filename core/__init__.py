"""The pawnshop engine: game rules, moves and notation, records and computer players.

Nothing here imports the user interface or touches files or the network.
"""

from core.errors import IllegalMoveError, NotationError, OptionError, PositionError
from core.game import Game, Move, State
from core.outcome import Outcome
from core.record import GameRecord, Node
from core.registry import all_games, find_game

__all__ = [
    "Game",
    "GameRecord",
    "IllegalMoveError",
    "Move",
    "Node",
    "NotationError",
    "OptionError",
    "Outcome",
    "PositionError",
    "State",
    "all_games",
    "find_game",
]

__version__ = "0.1.0"
