"""A write transaction of the SQLite store that takes the database's write lock before
anything is read (``BEGIN IMMEDIATE``), so that of two processes racing to change the same
rows the second reads what the first wrote: for ``saves.store.sqlite_tables`` and
``saves.store.sqlite_players``."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def immediate_transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction on ``db``, committed whole or rolled back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
