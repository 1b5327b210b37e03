"""Names held by browsers, in a server's store: the table ``server_web_names`` beside the
name leases of SSH players (``server_leases``), so that every server process on the store,
on one machine (SQLite) or on several (PostgreSQL), refuses a name another holds.

A browser is known by its ``holder``, a digest of the secret token in its cookie (made by
``tui.web.names``); a name is compared ``folded`` (as the caller folds it). A name is held
for a browser in two places, in one transaction: its row here (the name as shown and when
it was last used, for the page to offer it again) and the store's lease ``lease_key``, the
one an SSH login's name is checked against (``tui.play.player_names``), held by the browser's
``holder``: so an SSH player is refused a browser's name, and a browser a name an SSH key
holds, whichever came a moment first.

``SqlWebNames`` does all of it but talk to the database: a store gives it a connection (used
under ``_lock``) and its write transaction (``_transaction``), and says how its SQL spells a
parameter (``sqlite_web_names``, ``postgres_web_names``).
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol

#: What every browser's holder starts with (an SSH key's fingerprint starts ``SHA256:``).
BROWSER_HOLDER_PREFIX = "web:"


class NameHolder(Enum):
    """Who holds a name a browser asked for, when it is not that browser."""

    BROWSER = "browser"
    SSH_KEY = "ssh-key"


@dataclass(frozen=True, slots=True)
class WebName:
    """A name a browser holds: as compared (``folded``), as shown, its holder, and when it
    was last used (seconds since the epoch)."""

    folded: str
    name: str
    holder: str
    last_used: float


class _Lost(Exception):
    """A claim another process won between reading and writing: its writes rolled back."""

    def __init__(self, holder: NameHolder) -> None:
        super().__init__(holder.value)
        self.holder = holder


class Executor(Protocol):
    def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Any: ...


class SqlWebNames(ABC):
    """Browsers' names in ``server_web_names``, each with its lease in ``server_leases``."""

    #: How the database's SQL spells a query's parameter.
    PARAMETER: ClassVar[str] = "?"

    connection: Any
    _lock: threading.Lock

    def claim(
        self, holder: str, folded: str, name: str, lease_key: str, now: float, hold: float
    ) -> NameHolder | None:
        """Hold ``name`` for the browser ``holder`` (held already: used again now), or say
        who holds it instead: an SSH key (its lease), or another browser. Each write is
        conditional, so that of two processes claiming at once the database lets one win."""
        try:
            with self._transaction() as db:
                refusal = self._refusal(db, holder, folded, lease_key, now)
                if refusal is not None:
                    return refusal
                if not self._hold(db, lease_key, holder, now, now + hold):
                    raise _Lost(NameHolder.SSH_KEY)
                p = self.PARAMETER
                kept = db.execute(
                    "INSERT INTO server_web_names (folded, name, holder, last_used)"
                    f" VALUES ({p}, {p}, {p}, {p}) ON CONFLICT (folded)"
                    " DO UPDATE SET name = excluded.name, last_used = excluded.last_used"
                    " WHERE server_web_names.holder = excluded.holder RETURNING folded",
                    (folded, name, holder, now),
                ).fetchone()
                if kept is None:
                    raise _Lost(NameHolder.BROWSER)
        except _Lost as lost:
            return lost.holder
        return None

    def _refusal(
        self, db: Executor, holder: str, folded: str, lease_key: str, now: float
    ) -> NameHolder | None:
        p = self.PARAMETER
        lease = db.execute(
            f"SELECT holder FROM server_leases WHERE key = {p} AND expires > {p}",
            (lease_key, now),
        ).fetchone()
        row = db.execute(
            f"SELECT holder FROM server_web_names WHERE folded = {p}", (folded,)
        ).fetchone()
        lease_holder = lease[0] if lease is not None else None
        if lease_holder is not None and not lease_holder.startswith(BROWSER_HOLDER_PREFIX):
            return NameHolder.SSH_KEY
        if row is not None and row[0] != holder:
            return NameHolder.BROWSER
        if row is None and lease_holder not in (None, holder):
            return NameHolder.BROWSER  # a browser's session took it before names were kept here
        return None

    def held_name(self, holder: str) -> str | None:
        """The name the browser ``holder`` used last, if it holds any."""
        p = self.PARAMETER
        with self._lock:
            row = self.connection.execute(
                f"SELECT name FROM server_web_names WHERE holder = {p}"
                " ORDER BY last_used DESC LIMIT 1",
                (holder,),
            ).fetchone()
        return str(row[0]) if row is not None else None

    def bring_in(self, names: Iterable[tuple[WebName, str]], now: float, hold: float) -> int:
        """Hold the ``names`` (each with its lease key) kept elsewhere before, each unless
        held already here (by anyone); how many were brought in."""
        p = self.PARAMETER
        added = 0
        with self._transaction() as db:
            for held, lease_key in names:
                taken = db.execute(
                    "INSERT INTO server_web_names (folded, name, holder, last_used)"
                    f" VALUES ({p}, {p}, {p}, {p}) ON CONFLICT (folded) DO NOTHING"
                    " RETURNING folded",
                    (held.folded, held.name, held.holder, held.last_used),
                ).fetchone()
                if taken is None:
                    continue
                added += 1
                db.execute(
                    "INSERT INTO server_leases (key, holder, expires)"
                    f" VALUES ({p}, {p}, {p}) ON CONFLICT (key) DO NOTHING",
                    (lease_key, held.holder, now + hold),
                )
        return added

    def _hold(self, db: Executor, lease_key: str, holder: str, now: float, expires: float) -> bool:
        """Take the name's lease for ``holder`` unless an SSH key holds it; whether taken. A
        lease a browser's session took (its holder another ``web:`` digest of this browser,
        as the row says) passes to the browser itself."""
        p = self.PARAMETER
        taken = db.execute(
            f"INSERT INTO server_leases (key, holder, expires) VALUES ({p}, {p}, {p})"
            " ON CONFLICT (key) DO UPDATE SET holder = excluded.holder,"
            " expires = excluded.expires"
            " WHERE server_leases.holder = excluded.holder"
            f" OR server_leases.holder LIKE {p} OR server_leases.expires <= {p} RETURNING key",
            (lease_key, holder, expires, BROWSER_HOLDER_PREFIX + "%", now),
        ).fetchone()
        return taken is not None

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Executor]:
        """One write transaction, under the store's lock."""

    @abstractmethod
    def close(self) -> None: ...
