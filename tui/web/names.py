"""Who holds which name among the players who come in from a browser.

A browser has no SSH key to tell it apart, so the server gives it one: a long random token,
kept in an HttpOnly cookie. The token's digest holds the names the browser took, and each
name it plays under is a player of its own, whose identity (``PlayerIdentity.key_fingerprint``,
``web:`` and a digest of the token and the name) only that browser can be. The first browser
to take a name holds it; another browser typing it is refused, and so is a browser typing a
name an SSH key holds (``tui.play.player_names``), so nobody sits in another's seat by typing
their name.

The names are kept in the server's store (``saves.store.sql_web_names``: SQLite in the data
folder, or the PostgreSQL database of ``--database``), each with the same lease a key's name is
held by: every server process on the store, on any machine, refuses a name another holds, to
a browser or an SSH login. The ``web-names.sqlite3`` of earlier versions, in the data folder,
is brought in the first time the names are opened and then renamed
``web-names.sqlite3.imported``. Names are compared as people read them: case and
compatibility forms folded.

Every method reads or writes the database: call them off the event loop.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import secrets
import sqlite3
import threading
import time
import unicodedata
from pathlib import Path

from saves.store.sql_web_names import BROWSER_HOLDER_PREFIX, NameHolder, SqlWebNames, WebName
from tui.play.identity import PlayerIdentity, display_name
from tui.play.player_names import HOLD_SECONDS, held_name_key

#: The file browsers' names were kept in by earlier versions, brought into the store once.
FILE_NAME = "web-names.sqlite3"
IMPORTED_SUFFIX = ".imported"
#: What a browser identity's fingerprint starts with (an SSH key's starts with ``SHA256:``).
WEB_PREFIX = BROWSER_HOLDER_PREFIX

NO_NAME = "Choose a name with letters or digits in it."
HELD_BY_BROWSER = "That name is taken by another browser; choose another."
HELD_BY_KEY = "That name belongs to a player who connects with an SSH key; choose another."
_REFUSALS = {NameHolder.BROWSER: HELD_BY_BROWSER, NameHolder.SSH_KEY: HELD_BY_KEY}


def new_token() -> str:
    """A browser's secret: 256 random bits."""
    return secrets.token_urlsafe(32)


def browser_identity(token: str, name: str) -> PlayerIdentity:
    """The player a browser holding ``token`` is under ``name``."""
    return PlayerIdentity(name=name, key_fingerprint=_digest(f"{token}\n{folded(name)}"))


def holder_of(token: str) -> str:
    """How the names a browser holds know it."""
    return _digest(token)


def _digest(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return WEB_PREFIX + base64.urlsafe_b64encode(digest).decode().rstrip("=")


def folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


class NameRegistry:
    """The names browsers hold, in the server's store: SQLite in ``data_dir``, or the
    PostgreSQL ``database``, opened on first use (off the loop)."""

    def __init__(self, data_dir: Path, database: str | None = None) -> None:
        self._data_dir = data_dir
        self._database = database
        self._lock = threading.Lock()
        self._names: SqlWebNames | None = None

    def _store(self) -> SqlWebNames:
        with self._lock:
            if self._names is None:
                self._names = _open(self._data_dir, self._database)
                bring_in_file(self._names, self._data_dir / FILE_NAME)
            return self._names

    def claim(self, token: str, typed: str) -> PlayerIdentity | str:
        """The player ``token``'s browser is under the name ``typed`` (taken for it now if
        free), or the sentence saying why not."""
        name = display_name(typed)
        if not name:
            return NO_NAME
        holder = holder_of(token)
        refused = self._store().claim(
            holder, folded(name), name, held_name_key(name), time.time(), HOLD_SECONDS
        )
        if refused is not None:
            return _REFUSALS[refused]
        return browser_identity(token, name)

    def held_name(self, token: str) -> str | None:
        """The name the browser holding ``token`` used last, if any."""
        return self._store().held_name(holder_of(token))

    def close(self) -> None:
        with self._lock:
            if self._names is not None:
                self._names.close()
                self._names = None


def _open(data_dir: Path, database: str | None) -> SqlWebNames:
    if database is None:
        from saves.store.sqlite_web_names import SqliteWebNames

        return SqliteWebNames(data_dir)
    from saves.store.postgres_web_names import PostgresWebNames

    return PostgresWebNames(database)


def bring_in_file(names: SqlWebNames, path: Path) -> int:
    """Bring the browsers' names of an earlier version's ``web-names.sqlite3`` into the store
    (each unless held there already), then rename the file so that it is read once; how many
    came in. The names SSH keys played under are not brought: the store's own leases hold
    those. A file that cannot be read is left where it is."""
    if not path.exists():
        return 0
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            rows = db.execute(
                "SELECT folded, name, holder, last_used FROM web_names WHERE kind = 'browser'"
            ).fetchall()
    except sqlite3.Error:
        return 0
    kept = [
        (WebName(str(fold), str(name), str(holder), float(used)), held_name_key(str(name)))
        for fold, name, holder, used in rows
        if display_name(str(name))
    ]
    added = names.bring_in(kept, time.time(), HOLD_SECONDS)
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.replace(f"{path}{suffix}", f"{path}{IMPORTED_SUFFIX}{suffix}")
    return added
