"""Who holds which name among the players who come in from a browser.

A browser has no SSH key to tell it apart, so the server gives it one: a long random token,
kept in an HttpOnly cookie. The token's digest holds the names the browser took, and each
name it plays under is a player of its own, whose identity (``PlayerIdentity.key_fingerprint``,
``web:`` and a digest of the token and the name) only that browser can be. The first browser
to take a name holds it; another browser typing it is refused, and so is a browser typing a name an
SSH key has played under, so nobody sits in another's seat by typing their name. The names
are kept in ``web-names.sqlite3`` in the server's data folder, which every server process on
the folder shares. Names are compared as people read them: case and compatibility forms
folded.

Every method reads or writes the database: call them off the event loop.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import sqlite3
import threading
import time
import unicodedata
from pathlib import Path

from tui.play.identity import PlayerIdentity, display_name

FILE_NAME = "web-names.sqlite3"
#: What a browser identity's fingerprint starts with (an SSH key's starts with ``SHA256:``).
WEB_PREFIX = "web:"
#: Holders of a name.
BROWSER = "browser"
SSH_KEY = "ssh-key"

NO_NAME = "Choose a name with letters or digits in it."
HELD_BY_BROWSER = "That name is taken by another browser; choose another."
HELD_BY_KEY = "That name belongs to a player who connects with an SSH key; choose another."

_SCHEMA = """
CREATE TABLE IF NOT EXISTS web_names (
    folded TEXT PRIMARY KEY,   -- the name as compared: casefolded, NFKC
    name TEXT NOT NULL,        -- the name as shown
    kind TEXT NOT NULL,        -- 'browser' or 'ssh-key'
    holder TEXT NOT NULL,      -- the browser's identity or the key's fingerprint
    last_used REAL NOT NULL
)
"""


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
    """The names held, in the data folder's ``web-names.sqlite3``."""

    def __init__(self, data_dir: Path) -> None:
        self._path = data_dir / FILE_NAME
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self._path, timeout=10.0, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)
            db.commit()
            self._db = db
        return self._db

    def claim(self, token: str, typed: str) -> PlayerIdentity | str:
        """The player ``token``'s browser is under the name ``typed`` (taken for it now if
        free), or the sentence saying why not."""
        name = display_name(typed)
        if not name:
            return NO_NAME
        holder = holder_of(token)
        with self._lock:
            db = self._connection()
            with db:
                db.execute("BEGIN IMMEDIATE")
                row = db.execute(
                    "SELECT kind, holder FROM web_names WHERE folded = ?", (folded(name),)
                ).fetchone()
                if row is not None and row[1] != holder:
                    return HELD_BY_KEY if row[0] == SSH_KEY else HELD_BY_BROWSER
                db.execute(
                    "INSERT INTO web_names (folded, name, kind, holder, last_used)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (folded)"
                    " DO UPDATE SET name = excluded.name, last_used = excluded.last_used",
                    (folded(name), name, BROWSER, holder, time.time()),
                )
        return browser_identity(token, name)

    def held_name(self, token: str) -> str | None:
        """The name the browser holding ``token`` used last, if any."""
        holder = holder_of(token)
        with self._lock:
            row = (
                self._connection()
                .execute(
                    "SELECT name FROM web_names WHERE holder = ? ORDER BY last_used DESC LIMIT 1",
                    (holder,),
                )
                .fetchone()
            )
        return row[0] if row is not None else None

    def note_player(self, player: PlayerIdentity) -> None:
        """An SSH player came in: with a key, their name is theirs from now on (unless a
        browser held it first)."""
        fingerprint = player.key_fingerprint
        if fingerprint is None or fingerprint.startswith(WEB_PREFIX) or not player.name:
            return
        with self._lock:
            db = self._connection()
            with db:
                db.execute(
                    "INSERT INTO web_names (folded, name, kind, holder, last_used)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (folded) DO NOTHING",
                    (folded(player.name), player.name, SSH_KEY, fingerprint, time.time()),
                )

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
