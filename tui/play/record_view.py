"""A read-only window on a game record that something else owns and changes.

A table (``tui.play.table.Table``) owns its game's record; the screens at it draw from a
``RecordView`` of it (``Table.view``): always the record as it stands now, read the way the
board screen, its panels and its log read any record, but never changed through it. Every way
of changing a record raises ``ReadOnlyRecordError``: the moves and walks of ``GameRecord``, and
setting any of its fields. The players, options and tags it gives are copies. A screen that
wants the game to change sends its intent to the table (``tui.play.table_seat.TableSeat``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from core.game import Game
from core.record import GameRecord, Node

#: The methods of ``GameRecord`` that change it: each raises on a view.
CHANGING_METHODS = (
    "play",
    "play_text",
    "undo",
    "redo",
    "goto",
    "end_main_line_at",
    "promote",
    "delete",
)


class ReadOnlyRecordError(TypeError):
    """Something tried to change a game through a read-only view of it."""


def _refuse(name: str) -> NoReturn:
    raise ReadOnlyRecordError(
        f"this game is read-only here ({name}): its changes go to whoever owns it"
    )


def _refusing(name: str) -> Any:
    def refuse(self: RecordView, *args: object, **kwargs: object) -> NoReturn:
        _refuse(name)

    refuse.__name__ = name
    refuse.__doc__ = f"Refused: ``{name}`` would change the game."
    return refuse


class RecordView(GameRecord):
    """The record ``record`` as it stands, read-only (see the module's docstring).

    It is a ``GameRecord`` to whatever reads one (the board screen, ``tui.play.describe``),
    sharing the owner's tree and current position; its own fields are the owner's, read
    through properties whose setters refuse.
    """

    __slots__ = ("_record",)
    _record: GameRecord

    def __init__(self, record: GameRecord) -> None:
        # No GameRecord.__init__: the view keeps no fields of its own.
        object.__setattr__(self, "_record", record)

    def __setattr__(self, name: str, value: object) -> None:
        _refuse(f"setting {name}")

    def __delattr__(self, name: str) -> None:
        _refuse(f"deleting {name}")

    @property
    def game(self) -> Game[Any, Any]:
        return self._record.game

    @game.setter
    def game(self, value: Game[Any, Any]) -> None:
        _refuse("setting game")

    @property
    def options(self) -> dict[str, str]:
        return dict(self._record.options)

    @options.setter
    def options(self, value: dict[str, str]) -> None:
        _refuse("setting options")

    @property
    def seed(self) -> int:
        return self._record.seed

    @seed.setter
    def seed(self, value: int) -> None:
        _refuse("setting seed")

    @property
    def players(self) -> list[str]:
        return list(self._record.players)

    @players.setter
    def players(self, value: list[str]) -> None:
        _refuse("setting players")

    @property
    def start_position(self) -> str | None:
        return self._record.start_position

    @start_position.setter
    def start_position(self, value: str | None) -> None:
        _refuse("setting start_position")

    @property
    def tags(self) -> dict[str, str]:
        return dict(self._record.tags)

    @tags.setter
    def tags(self, value: dict[str, str]) -> None:
        _refuse("setting tags")

    @property
    def root(self) -> Node:
        return self._record.root

    @root.setter
    def root(self, value: Node) -> None:
        _refuse("setting root")

    @property
    def current(self) -> Node:
        return self._record.current

    @current.setter
    def current(self, value: Node) -> None:
        _refuse("setting current")

    play = _refusing("play")
    play_text = _refusing("play_text")
    undo = _refusing("undo")
    redo = _refusing("redo")
    goto = _refusing("goto")
    end_main_line_at = _refusing("end_main_line_at")
    promote = _refusing("promote")
    delete = _refusing("delete")
