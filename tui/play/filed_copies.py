"""Every finished game of a hall kept on a database shared by several machines, in this
machine's data folder too.

A game is filed into the data folder of the server process that finished it
(``tui.play.table_filing``); servers on other machines, each with a data folder of its own,
would list only their own. Each of them copies the others' games into its ``games/`` from the
store's archive (the game's final text, ``TableStore.archived``), under the name the game
was filed as, so that every server lists and opens every finished game, as files: files stay
the exchange format. All of them when the server starts (those it has not yet), then those
filed since, read from the change feed (``record_filed`` is a change of the table).

A name taken here by another game (two machines filing two games under one name) gives the
copy the table's number in its name. Not used on the SQLite store of a data folder, which
every process of the server shares with its games.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

from saves import paths
from saves.paths import EXTENSION
from saves.store.tables import TableStore, TableStoreError


class FiledCopies:
    """Copies into ``data_dir``'s ``games/`` the games of ``store`` filed elsewhere."""

    def __init__(self, store: TableStore, data_dir: Path, log: logging.Logger) -> None:
        self.store = store
        self.folder = paths.games_dir(data_dir)
        self.log = log
        #: The tables whose game is here, copied or filed here.
        self._here: set[int] = set()
        self._cursor: int | None = None

    def copy_all(self) -> list[Path]:
        """Copy every filed game not here yet (when the server starts); the copies made."""
        try:
            self._cursor, _ = self.store.changes_since(0)
            filed = self.store.filed_names()
        except TableStoreError as error:
            self.log.error("the games filed by the other servers cannot be read: %s", error)
            return []
        return self._copy(filed)

    def copy_new(self) -> list[Path]:
        """Copy the games filed since the last look (on the feed's thread); the copies made."""
        if self._cursor is None:
            return self.copy_all()
        try:
            self._cursor, numbers = self.store.changes_since(self._cursor)
            filed = self.store.filed_names([n for n in numbers if n not in self._here])
        except TableStoreError as error:
            self.log.error("the games filed by the other servers cannot be read: %s", error)
            return []
        return self._copy(filed)

    def filed_here(self, number: int) -> None:
        """Table ``number``'s game was filed by this process: nothing to copy."""
        self._here.add(number)

    def _copy(self, filed: list[tuple[int, str]]) -> list[Path]:
        made = []
        for number, name in filed:
            if number in self._here:
                continue
            path = self._place(number, name)
            if path is not None and not path.exists():
                try:
                    entry = self.store.archived(number)
                    if entry is None:
                        continue
                    self.folder.mkdir(parents=True, exist_ok=True)
                    _write_new(path, entry.game_text)
                except FileExistsError:
                    pass  # copied meanwhile by another process of this machine
                except (OSError, TableStoreError) as error:
                    self.log.error("table %d: its game could not be copied here: %s", number, error)
                    continue
                else:
                    made.append(path)
                    self.log.info(
                        "table %d: its game filed elsewhere is here as %s", number, path.name
                    )
            self._here.add(number)
        return made

    def _place(self, number: int, name: str) -> Path | None:
        """Where table ``number``'s game is (or goes) here: under its name, unless another
        game has it, then under the name with the table's number."""
        if Path(name).name != name or not name.endswith(EXTENSION):
            self.log.error("table %d was filed under a name not of a game file: %r", number, name)
            return None
        path = self.folder / name
        if not path.exists() or holds_table(path, number):
            return path
        return self.folder / f"{name[: -len(EXTENSION)]}-table-{number}{EXTENSION}"


def holds_table(path: Path, number: int) -> bool:
    """Whether the game file at ``path`` is table ``number``'s (its ``Table`` tag, among the
    tags at the file's head)."""
    try:
        with path.open("rb") as file:
            head = file.read(8192).decode("utf-8", errors="replace")
    except OSError:
        return False
    return re.search(rf'^\[Table "{number}"\]', head, re.MULTILINE) is not None


def _write_new(path: Path, text: str) -> None:
    """Write ``text`` to a new file at ``path`` (``FileExistsError`` if one is there), whole
    or not at all: into a temporary file first, then linked in."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.copying")
    temporary.write_text(text, encoding="utf-8", errors="surrogateescape")
    try:
        path.hardlink_to(temporary)
    finally:
        temporary.unlink(missing_ok=True)
