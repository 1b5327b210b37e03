"""The hall of a server's tables as the SSH server runs it: the lobby's check of what it can
show, and failing screens' sessions closed (``tui.ssh.containment``)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from tui.plain_text import plain
from tui.play.hall import TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_rows import game_and_clock, options_text, seats_text
from tui.ssh.containment import SESSIONS


def server_hall(data_dir: Path, log: logging.Logger, **settings: Any) -> TableHall:
    """The hall of the tables kept in ``data_dir`` (``settings``: ``TableHall``'s own; among
    them ``store``, the server's store of tables if not the SQLite one of ``data_dir``: each
    process of a server opens its own)."""
    return TableHall(data_dir, log, check=lobby_problem, containment=SESSIONS, **settings)


def lobby_problem(table: Table) -> str | None:
    """Why the lobby could not show ``table``, or ``None``: everything it says of a table
    (game, seats, moves, state, options) is worked out and made plain text, as the lobby does."""
    nobody = PlayerIdentity("")
    try:
        texts = [
            game_and_clock(table),
            seats_text(table, nobody),
            str(table.spectators),
            str(table.record.current.ply),
            table.state_text(),
            options_text(table),
        ]
        for text in texts:
            _ = plain(str(text)).cell_len
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return None
