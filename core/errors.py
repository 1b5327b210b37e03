"""Typed errors raised by the engine. Each message is one sentence a player can read."""


class PawnshopError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(PawnshopError):
    """Text that is not a move, square or position in the game's notation."""


class IllegalMoveError(PawnshopError):
    """A well-formed move that the rules do not allow in this position."""


class PositionError(PawnshopError):
    """A position text that cannot be read, or describes an impossible position."""


class OptionError(PawnshopError):
    """An unknown game option or a value it does not allow."""


class UnknownGameError(PawnshopError):
    """A game name that no registered game answers to."""
