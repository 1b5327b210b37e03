"""The SQLite store: ``<data>/pawnshop.sqlite3``, opened in WAL mode, its schema brought up
to date on open.

The schema has a version (the table ``schema_version``) and moves forward only, one list of
SQL steps per version in ``MIGRATIONS``, each version in one transaction. Several processes
of one machine share the file: WAL lets one list while another writes, ``busy_timeout``
makes a writer wait its turn, and every write is a transaction. A connection may be made in
one thread and used in another (a screen's worker), one thread at a time.

The library's part of the store is only an index of the game files. A server's tables live
here too (``saves.store.sqlite_tables``), with nothing else to make them anew from: their
store reads back what it can of a damaged database (``open_store_keeping``). A database that
is not one, fails its integrity check or has a schema newer than this pawnshop knows is moved
aside (``pawnshop.sqlite3.bad-<date>-<time>``, never deleted) and made anew, and the caller
is handed one sentence saying so. One that cannot be opened at all (a read-only folder) is
replaced by a database in memory: listing then reads every file, as it always could.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from saves import paths

#: How long a writer waits for another process's transaction before giving up.
BUSY_TIMEOUT_MS = 15_000
_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})

_SORT_KEYS = ("game_key", "players_key", "result_key", "plies", "file_key")
_NEWEST_THEN_NAME = "date DESC, time DESC, name_fold, name"

#: The schema, version by version: ``MIGRATIONS[n]`` takes a database from version n to n+1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE library_games (
            path TEXT PRIMARY KEY,      -- relative to the data folder: games/<name>
            name TEXT NOT NULL,         -- the file name
            mtime_ns INTEGER NOT NULL,  -- the stamp the row was read at
            size INTEGER NOT NULL,
            bad INTEGER NOT NULL,       -- 1 for a file that cannot be read
            problem TEXT,               -- its one-sentence problem
            game_id TEXT NOT NULL,
            game_name TEXT NOT NULL,
            players TEXT NOT NULL,      -- a JSON list of the players' names
            result TEXT NOT NULL,
            plies INTEGER NOT NULL,
            date TEXT NOT NULL,
            time TEXT NOT NULL,
            -- what the library sorts by: case-folded, empty for a bad file
            name_fold TEXT NOT NULL,
            file_key TEXT NOT NULL,
            game_key TEXT NOT NULL,
            players_key TEXT NOT NULL,
            result_key TEXT NOT NULL,
            -- what a filter searches: saves.entry.search_text
            search TEXT NOT NULL
        )""",
        "CREATE INDEX library_listing ON library_games (bad, date DESC, time DESC, name)",
        "CREATE INDEX library_by_date_up ON library_games (bad, date, time, name_fold, name)",
        f"CREATE INDEX library_by_date_down ON library_games (bad, {_NEWEST_THEN_NAME})",
        *(
            f"CREATE INDEX library_by_{key}_{way} ON library_games"
            f" (bad, {key}{direction}, {_NEWEST_THEN_NAME})"
            for key in _SORT_KEYS
            for way, direction in (("up", ""), ("down", " DESC"))
        ),
    ),
    # The games the readable rows name, for a sync's check that the lookup still knows them.
    ("CREATE INDEX library_games_named ON library_games (bad, game_id, game_name)",),
    # A server's tables, their seats and moves, the archive of finished ones, the feed of
    # changes, leases and players (saves.store.sqlite_tables); IF NOT EXISTS, so that a
    # database set back to an earlier version by hand comes forward again.
    (
        """CREATE TABLE IF NOT EXISTS server_tables (
            number INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL,
            game_text TEXT NOT NULL,
            plies INTEGER NOT NULL,
            status TEXT NOT NULL,       -- open, finished, set-aside, closed
            version INTEGER NOT NULL,
            reason TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX IF NOT EXISTS server_tables_by_status ON server_tables (status, number)",
        """CREATE TABLE IF NOT EXISTS server_seats (
            number INTEGER NOT NULL REFERENCES server_tables (number),
            seat INTEGER NOT NULL,      -- counted from 0
            name TEXT NOT NULL,
            identity TEXT NOT NULL,     -- a person's key; empty for a computer
            level TEXT,                 -- a computer's level; NULL for a person
            PRIMARY KEY (number, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS server_moves (
            number INTEGER NOT NULL REFERENCES server_tables (number),
            ply INTEGER NOT NULL,       -- counted from 1
            notation TEXT NOT NULL,
            PRIMARY KEY (number, ply)
        )""",
        """CREATE TABLE IF NOT EXISTS server_archive (
            number INTEGER PRIMARY KEY REFERENCES server_tables (number),
            game_id TEXT NOT NULL,
            game_text TEXT NOT NULL,
            finished_at REAL NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS server_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            number INTEGER NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS server_leases (
            key TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            expires REAL NOT NULL       -- seconds since the epoch
        )""",
        """CREATE TABLE IF NOT EXISTS server_players (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_fingerprint TEXT,
            created REAL NOT NULL
        )""",
    ),
    # What players said at each table and in the lobby, and their ratings in each game
    # (saves.store.sql_players).
    (
        """CREATE TABLE IF NOT EXISTS server_chat (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            room TEXT NOT NULL,         -- 'lobby' or a table's number
            speaker_key TEXT NOT NULL,
            speaker TEXT NOT NULL,      -- the name shown
            text TEXT NOT NULL,
            said_at REAL NOT NULL,      -- seconds since the epoch
            spectator INTEGER NOT NULL  -- 1 for a spectator's line
        )""",
        "CREATE INDEX IF NOT EXISTS server_chat_by_room ON server_chat (room, seq)",
        """CREATE TABLE IF NOT EXISTS server_ratings (
            key TEXT NOT NULL,          -- the player's key (server_players)
            game_id TEXT NOT NULL,
            rating REAL NOT NULL,       -- Glicko-2 (core.ratings)
            deviation REAL NOT NULL,
            volatility REAL NOT NULL,
            games INTEGER NOT NULL,     -- rated games played
            updated REAL NOT NULL,      -- seconds since the epoch
            PRIMARY KEY (key, game_id)
        )""",
    ),
    # Who is present at which table, process by process (saves.store.sql_presence); where
    # each finished game was filed (saves.store.sql_filing: the games archived by earlier
    # versions were filed, under names not kept); and when each player was last seen. New
    # tables rather than new columns, so that every step may run again.
    (
        """CREATE TABLE IF NOT EXISTS server_presence (
            holder TEXT NOT NULL,       -- the process, as for leases
            number INTEGER NOT NULL,    -- the table shown
            identity TEXT NOT NULL,     -- the person
            sessions INTEGER NOT NULL,  -- how many of their sessions there show it
            expires REAL NOT NULL,      -- seconds since the epoch
            PRIMARY KEY (holder, number, identity)
        )""",
        """CREATE TABLE IF NOT EXISTS server_filed (
            number INTEGER PRIMARY KEY REFERENCES server_tables (number),
            filed_as TEXT NOT NULL      -- the file's name in games/ ('' if not kept)
        )""",
        "INSERT INTO server_filed (number, filed_as) SELECT number, '' FROM server_archive"
        " WHERE true ON CONFLICT (number) DO NOTHING",
        """CREATE TABLE IF NOT EXISTS server_players_seen (
            key TEXT PRIMARY KEY,
            last_seen REAL NOT NULL     -- seconds since the epoch
        )""",
        "INSERT INTO server_players_seen (key, last_seen) SELECT key, created FROM server_players"
        " WHERE true ON CONFLICT (key) DO NOTHING",
    ),
    # The names browsers hold (saves.store.sql_web_names), each with its lease in
    # server_leases; the rows of an earlier web-names.sqlite3 are brought in once when a web
    # server opens them (tui.web.names).
    (
        """CREATE TABLE IF NOT EXISTS server_web_names (
            folded TEXT PRIMARY KEY,    -- the name as compared
            name TEXT NOT NULL,         -- the name as shown
            holder TEXT NOT NULL,       -- the browser: web: and a digest of its token
            last_used REAL NOT NULL     -- seconds since the epoch
        )""",
        "CREATE INDEX IF NOT EXISTS server_web_names_by_holder"
        " ON server_web_names (holder, last_used)",
    ),
    # The tables whose rated game changed its players' ratings (saves.store.sql_players), so
    # that a game is rated once whichever process files it.
    (
        """CREATE TABLE IF NOT EXISTS server_rated (
            number INTEGER PRIMARY KEY, -- the table's number
            rated_at REAL NOT NULL      -- seconds since the epoch
        )""",
    ),
    # When each table's running clock started, by the store's clock: its last move (or
    # takeback), or the game's start (saves.store.sql_tables), so that every process runs
    # the clock from the same moment.
    (
        """CREATE TABLE IF NOT EXISTS server_clocks (
            number INTEGER PRIMARY KEY REFERENCES server_tables (number),
            since REAL NOT NULL         -- seconds since the epoch
        )""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

#: The databases whose integrity this process has checked (once each: it reads every page).
_checked: set[str] = set()


class DamagedStore(Exception):
    """The database cannot serve; ``reason`` ends the sentence ``pawnshop.sqlite3 ...``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_damage(error: sqlite3.Error) -> bool:
    """True for an error that says the database file itself is bad (not busy, not absent)."""
    return getattr(error, "sqlite_errorcode", None) in _DAMAGE_CODES


def open_store(
    data_dir: paths.DataDir = None, *, check: bool = True
) -> tuple[sqlite3.Connection, list[str]]:
    """A connection to the data folder's store, checked and up to date, with the sentences
    to tell the player (a damaged database set aside).

    ``check=False`` leaves out the integrity check, which reads every page (a second or so
    for 100,000 games): for a screen that reads at once and leaves the check to its sync.
    """
    path = paths.store_file(data_dir)
    try:
        return _open_checked(path, check=check), []
    except DamagedStore as damage:
        return _made_anew(path, damage.reason)
    except (sqlite3.Error, OSError):
        return in_memory(), []


def reopen_damaged(data_dir: paths.DataDir, reason: str) -> tuple[sqlite3.Connection, list[str]]:
    """After a damage found while working: the database set aside and a new one opened."""
    path = paths.store_file(data_dir)
    _checked.discard(str(path))
    return _made_anew(path, reason)


def in_memory() -> sqlite3.Connection:
    """A store that lives as long as its connection (when the data folder cannot keep one)."""
    connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    migrate(connection)
    return connection


def _made_anew(path: Path, reason: str) -> tuple[sqlite3.Connection, list[str]]:
    connection, kept = _set_aside_and_opened(path)
    if kept is None:
        return connection, []
    notice = (
        f"{path.name} {reason}: it is kept as {kept.name} and the library's index is made "
        "anew from the game files."
    )
    return connection, [notice]


def _set_aside_and_opened(path: Path) -> tuple[sqlite3.Connection, Path | None]:
    """The damaged database at ``path`` set aside and a new one opened (in memory if that
    fails); where the damaged one is kept (``None`` if it could not be moved)."""
    try:
        kept = set_aside(path)
    except OSError:
        return in_memory(), None
    try:
        return _open_checked(path), kept
    except (DamagedStore, sqlite3.Error, OSError):
        return in_memory(), kept


@dataclass(frozen=True)
class KeptAside:
    """A damaged database moved aside (``kept``) when the store was opened, and why
    (``reason`` ends the sentence ``pawnshop.sqlite3 ...``)."""

    kept: Path
    reason: str


def open_store_keeping(
    data_dir: paths.DataDir = None,
) -> tuple[sqlite3.Connection, KeptAside | None]:
    """As ``open_store``, for a caller that says itself what a damaged database means for
    what it keeps there (and may read back what it can from the copy kept aside): the
    connection, and the damaged database set aside, if one was."""
    path = paths.store_file(data_dir)
    try:
        return _open_checked(path), None
    except DamagedStore as damage:
        connection, kept = _set_aside_and_opened(path)
        return connection, KeptAside(kept, damage.reason) if kept is not None else None
    except (sqlite3.Error, OSError):
        return in_memory(), None


def _open_checked(path: Path, *, check: bool = True) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        if check and str(path) not in _checked:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise DamagedStore("failed its integrity check")
        migrate(connection)
        if check:
            _checked.add(str(path))
    except sqlite3.Error as error:
        connection.close()
        if is_damage(error):
            raise DamagedStore(f"is damaged ({error})") from None
        raise
    except DamagedStore:
        connection.close()
        raise
    return connection


def schema_version(connection: sqlite3.Connection) -> int:
    """The version of the database's schema (0 for a new database)."""
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if found is None:
        return 0
    row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def migrate(connection: sqlite3.Connection) -> None:
    """Run the migrations the database has not had yet, each version in one transaction
    (so a process stopped half-way leaves the last whole version)."""
    if schema_version(connection) == SCHEMA_VERSION:
        return
    while True:
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
            )
            version = schema_version(connection)
            if version > SCHEMA_VERSION:
                raise DamagedStore(
                    f"has a newer schema (version {version}) than this pawnshop knows"
                    f" ({SCHEMA_VERSION})"
                )
            if version == SCHEMA_VERSION:
                connection.execute("COMMIT")
                return
            for step in MIGRATIONS[version]:
                connection.execute(step)
            connection.execute("DELETE FROM schema_version")
            connection.execute("INSERT INTO schema_version (version) VALUES (?)", (version + 1,))
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise


def set_aside(path: Path) -> Path:
    """Move a bad database (and its WAL files) to ``<name>.bad-<date>-<time>``; the new name."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}{paths.KEPT_ASIDE_MARK}{stamp}")
    number = 2
    while kept.exists():
        kept = path.with_name(f"{path.name}{paths.KEPT_ASIDE_MARK}{stamp}-{number}")
        number += 1
    os.rename(path, kept)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.rename(side, Path(f"{kept}{suffix}"))
    return kept
