"""The table's screen of a spectator, and which of the two screens a person at a table gets."""

from __future__ import annotations

from textual.binding import Binding

from tui.net.table_screen import TableScreen
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_seat import TableSeat

#: The table's keys that only its players use, which a spectator's screen binds anew, hidden.
PLAYERS_KEYS = frozenset({"table.takeback", "table.redo", "table.hint", "table.save"})


class WatchingScreen(TableScreen):
    """The table's screen of a spectator: the keys that would change the game are neither in
    the footer nor in the help (each still answers, with the sentence that says why not)."""

    OVER_MODE_BINDINGS = [
        *(
            binding
            for binding in TableScreen.OVER_MODE_BINDINGS
            if not (isinstance(binding, Binding) and binding.id in PLAYERS_KEYS)
        ),
        Binding("colon", "type_move", "", show=False, priority=True, id="watch.type"),
        Binding("enter,space", "select", "", show=False, id="watch.select"),
        Binding("escape", "cancel", "", show=False, id="watch.cancel"),
        Binding("backspace", "back", "", show=False, id="watch.back"),
        Binding("u,ctrl+z", "undo", "", show=False, id="watch.takeback"),
        Binding("ctrl+y", "redo", "", show=False, id="watch.redo"),
        Binding("H", "hint", "", show=False, id="watch.hint"),
        Binding("ctrl+s", "save_as", "", show=False, id="watch.save"),
        Binding("S", "save_as", "", show=False, id="watch.save_as"),
    ]


def table_screen(table: Table, player: PlayerIdentity) -> TableScreen:
    """The screen at ``table`` for ``player``: a player's, or a spectator's."""
    if TableSeat(table, player).seat is None:
        return WatchingScreen(table, player)
    return TableScreen(table, player)
