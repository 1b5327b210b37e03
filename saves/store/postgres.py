"""The PostgreSQL store: a database named by a URL (``postgresql://USER:PASSWORD@HOST:PORT/DB``)
that server processes on several machines share, with the same schema as the SQLite store.

The schema has the SQLite store's versions (``saves.store.sqlite.MIGRATIONS``), step for step,
spelt for PostgreSQL in ``MIGRATIONS``: SQLite's 64-bit ``INTEGER`` is ``BIGINT`` here, ``REAL``
is ``DOUBLE PRECISION``, and every text column a listing sorts by compares as SQLite compares
text, by code point (``COLLATE "C"``), whatever the database's own collation.
``tests/saves/test_store_postgres.py`` holds the two schemas to the same tables, columns and
indexes. A process that starts brings the schema forward, every missing version in one
transaction under an advisory lock, so that processes starting at once migrate it once.

What cannot be had (a URL that is not one, a server that cannot be reached, a wrong password,
a database of a newer pawnshop) is ``StoreUnavailable``, whose text is one sentence that
never repeats the password. psycopg is needed only by the PostgreSQL modules, which are
imported only when a PostgreSQL store is opened: pawnshop on SQLite runs without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import psycopg

#: The schemes a URL of this store begins with.
URL_SCHEMES = ("postgresql://", "postgres://")
URL_SHAPE = "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
#: What is said when psycopg, needed for PostgreSQL only, is not installed.
NEEDS_PSYCOPG = (
    "A PostgreSQL database needs psycopg, which is not installed: "
    "pip install 'pawnshop[postgres]' installs it."
)
#: How long to wait for the server to answer a connection, in seconds.
CONNECT_TIMEOUT = 10
#: The advisory lock held by the transaction that migrates the schema ("pawnshop").
MIGRATION_LOCK = 0x7061776E

_TAIL = "date DESC, time DESC, name_fold, name"
_SORT_KEYS = ("game_key", "players_key", "result_key", "plies", "file_key")
_C = 'COLLATE "C"'

#: ``saves.store.sqlite.MIGRATIONS``, version by version, for PostgreSQL.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        f"""CREATE TABLE library_games (
            path TEXT {_C} PRIMARY KEY,
            name TEXT {_C} NOT NULL,
            mtime_ns BIGINT NOT NULL,
            size BIGINT NOT NULL,
            bad BIGINT NOT NULL,
            problem TEXT {_C},
            game_id TEXT {_C} NOT NULL,
            game_name TEXT {_C} NOT NULL,
            players TEXT {_C} NOT NULL,
            result TEXT {_C} NOT NULL,
            plies BIGINT NOT NULL,
            date TEXT {_C} NOT NULL,
            time TEXT {_C} NOT NULL,
            name_fold TEXT {_C} NOT NULL,
            file_key TEXT {_C} NOT NULL,
            game_key TEXT {_C} NOT NULL,
            players_key TEXT {_C} NOT NULL,
            result_key TEXT {_C} NOT NULL,
            search TEXT {_C} NOT NULL
        )""",
        "CREATE INDEX library_listing ON library_games (bad, date DESC, time DESC, name)",
        "CREATE INDEX library_by_date_up ON library_games (bad, date, time, name_fold, name)",
        f"CREATE INDEX library_by_date_down ON library_games (bad, {_TAIL})",
        *(
            f"CREATE INDEX library_by_{key}_{way} ON library_games (bad, {key}{direction}, {_TAIL})"
            for key in _SORT_KEYS
            for way, direction in (("up", ""), ("down", " DESC"))
        ),
    ),
    ("CREATE INDEX library_games_named ON library_games (bad, game_id, game_name)",),
    (
        f"""CREATE TABLE IF NOT EXISTS server_tables (
            number BIGINT PRIMARY KEY,
            game_id TEXT {_C} NOT NULL,
            game_text TEXT {_C} NOT NULL,
            plies BIGINT NOT NULL,
            status TEXT {_C} NOT NULL,
            version BIGINT NOT NULL,
            reason TEXT {_C} NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX IF NOT EXISTS server_tables_by_status ON server_tables (status, number)",
        f"""CREATE TABLE IF NOT EXISTS server_seats (
            number BIGINT NOT NULL REFERENCES server_tables (number),
            seat BIGINT NOT NULL,
            name TEXT {_C} NOT NULL,
            identity TEXT {_C} NOT NULL,
            level TEXT {_C},
            PRIMARY KEY (number, seat)
        )""",
        f"""CREATE TABLE IF NOT EXISTS server_moves (
            number BIGINT NOT NULL REFERENCES server_tables (number),
            ply BIGINT NOT NULL,
            notation TEXT {_C} NOT NULL,
            PRIMARY KEY (number, ply)
        )""",
        f"""CREATE TABLE IF NOT EXISTS server_archive (
            number BIGINT PRIMARY KEY REFERENCES server_tables (number),
            game_id TEXT {_C} NOT NULL,
            game_text TEXT {_C} NOT NULL,
            finished_at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS server_changes (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            number BIGINT NOT NULL
        )""",
        f"""CREATE TABLE IF NOT EXISTS server_leases (
            key TEXT {_C} PRIMARY KEY,
            holder TEXT {_C} NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        f"""CREATE TABLE IF NOT EXISTS server_players (
            key TEXT {_C} PRIMARY KEY,
            name TEXT {_C} NOT NULL,
            key_fingerprint TEXT {_C},
            created DOUBLE PRECISION NOT NULL
        )""",
    ),
    (
        f"""CREATE TABLE IF NOT EXISTS server_chat (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            room TEXT {_C} NOT NULL,
            speaker_key TEXT {_C} NOT NULL,
            speaker TEXT {_C} NOT NULL,
            text TEXT {_C} NOT NULL,
            said_at DOUBLE PRECISION NOT NULL,
            spectator BIGINT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS server_chat_by_room ON server_chat (room, seq)",
        f"""CREATE TABLE IF NOT EXISTS server_ratings (
            key TEXT {_C} NOT NULL,
            game_id TEXT {_C} NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            deviation DOUBLE PRECISION NOT NULL,
            volatility DOUBLE PRECISION NOT NULL,
            games BIGINT NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (key, game_id)
        )""",
    ),
    (
        f"""CREATE TABLE IF NOT EXISTS server_presence (
            holder TEXT {_C} NOT NULL,
            number BIGINT NOT NULL,
            identity TEXT {_C} NOT NULL,
            sessions BIGINT NOT NULL,
            expires DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (holder, number, identity)
        )""",
        f"""CREATE TABLE IF NOT EXISTS server_filed (
            number BIGINT PRIMARY KEY REFERENCES server_tables (number),
            filed_as TEXT {_C} NOT NULL
        )""",
        "INSERT INTO server_filed (number, filed_as) SELECT number, '' FROM server_archive"
        " WHERE true ON CONFLICT (number) DO NOTHING",
        f"""CREATE TABLE IF NOT EXISTS server_players_seen (
            key TEXT {_C} PRIMARY KEY,
            last_seen DOUBLE PRECISION NOT NULL
        )""",
        "INSERT INTO server_players_seen (key, last_seen) SELECT key, created FROM server_players"
        " WHERE true ON CONFLICT (key) DO NOTHING",
    ),
    (
        f"""CREATE TABLE IF NOT EXISTS server_web_names (
            folded TEXT {_C} PRIMARY KEY,
            name TEXT {_C} NOT NULL,
            holder TEXT {_C} NOT NULL,
            last_used DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS server_web_names_by_holder"
        " ON server_web_names (holder, last_used)",
    ),
    (
        """CREATE TABLE IF NOT EXISTS server_rated (
            number BIGINT PRIMARY KEY,
            rated_at DOUBLE PRECISION NOT NULL
        )""",
    ),
    (
        """CREATE TABLE IF NOT EXISTS server_clocks (
            number BIGINT PRIMARY KEY REFERENCES server_tables (number),
            since DOUBLE PRECISION NOT NULL
        )""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


class StoreUnavailable(Exception):
    """The PostgreSQL store cannot be had; ``str()`` is one sentence saying why."""


def is_postgres_url(text: str) -> bool:
    """Whether ``text`` names a PostgreSQL database (rather than being a file or nothing)."""
    return text.strip().lower().startswith(URL_SCHEMES)


def connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection in autocommit mode (a transaction is asked for explicitly), or
    ``StoreUnavailable`` saying in one sentence why there is none."""
    settings = _settings(url)
    try:
        import psycopg
    except ImportError:
        raise StoreUnavailable(NEEDS_PSYCOPG) from None
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.Error as error:
        raise StoreUnavailable(_refusal(settings, error)) from None


def open_store(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to the database at ``url`` with its schema brought up to date."""
    connection = connect(url)
    try:
        migrate(connection)
    except BaseException:
        connection.close()
        raise
    return connection


def schema_version(connection: psycopg.Connection[tuple[Any, ...]]) -> int:
    """The version of the database's schema (0 for a database without one)."""
    found = connection.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def migrate(connection: psycopg.Connection[tuple[Any, ...]]) -> None:
    """Bring the schema to ``SCHEMA_VERSION``: every missing version in one transaction,
    under an advisory lock, so that of several processes starting at once one migrates and
    the others find it done. ``StoreUnavailable`` for a schema newer than this pawnshop's."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        version = schema_version(connection)
        if version > SCHEMA_VERSION:
            raise StoreUnavailable(
                f"The database has a newer schema (version {version}) than this pawnshop "
                f"knows ({SCHEMA_VERSION}): run a newer pawnshop."
            )
        if version == SCHEMA_VERSION:
            return
        for steps in MIGRATIONS[version:]:
            for step in steps:
                connection.execute(step)
        connection.execute("DELETE FROM schema_version")
        connection.execute("INSERT INTO schema_version (version) VALUES (%s)", (SCHEMA_VERSION,))


def where(url: str) -> str:
    """The server and database a URL names, for a sentence (never its password)."""
    settings = _settings(url)
    return f"{_server(settings)}, database {settings.get('dbname') or settings.get('user') or '?'}"


def _settings(url: str) -> dict[str, Any]:
    if not is_postgres_url(url):
        raise StoreUnavailable(f"A database URL must look like {URL_SHAPE}.")
    try:
        from psycopg.conninfo import conninfo_to_dict
    except ImportError:
        return {}
    try:
        return conninfo_to_dict(url.strip())
    except Exception:  # its message may repeat the URL, password and all
        raise StoreUnavailable(
            f"The database URL cannot be read: it must look like {URL_SHAPE}."
        ) from None


def _server(settings: dict[str, Any]) -> str:
    host = settings.get("host") or settings.get("hostaddr") or "localhost"
    port = settings.get("port") or "5432"
    return f"the PostgreSQL server at {host} port {port}"


def _refusal(settings: dict[str, Any], error: Exception) -> str:
    """One sentence for a connection that failed, from what libpq said."""
    said = str(error)
    password = str(settings.get("password") or "")
    if password:
        said = said.replace(password, "...")
    server = _server(settings)
    server = server[0].upper() + server[1:]
    user = settings.get("user") or "?"
    database = settings.get("dbname") or user
    lowered = said.lower()
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return f"{server} refused user {user}: the password is wrong or missing."
    if "does not exist" in lowered and "database" in lowered:
        return f"{server} has no database {database}."
    if any(
        sign in lowered
        for sign in (
            "connection refused",
            "failed to resolve host",
            "could not translate host name",
            "timeout expired",
            "no route to host",
            "network is unreachable",
            "no such file or directory",
        )
    ):
        return f"{server} cannot be reached: check that it runs and that the address is right."
    if "invalid" in lowered:
        detail = said.split(":", 1)[-1].strip().splitlines()[0]
        return f"The database URL has a setting libpq cannot use ({detail})."
    detail = said.strip().splitlines()[0] if said.strip() else type(error).__name__
    return f"{server} refused the connection ({detail.rstrip('.')})."
