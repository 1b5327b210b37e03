"""Browsers' names in the server's store, on SQLite and PostgreSQL alike: a name is held by
the browser that claimed it first, seen from another connection (another server process),
and never taken from an SSH key's lease or given to one."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from saves.store.sql_web_names import NameHolder, SqlWebNames, WebName
from saves.store.sqlite_tables import SqliteTableStore
from saves.store.sqlite_web_names import SqliteWebNames
from saves.store.tables import TableStore

OpenNames = Callable[[], SqlWebNames]
#: Names are held for good; the store's leases run by the wall clock.
HOLD = 100 * 365 * 24 * 3600.0
ALICE, BOB = "web:alice-browser", "web:bob-browser"


@pytest.fixture(params=["sqlite", "postgres"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[OpenNames, Any]]:
    if request.param == "sqlite":
        yield partial(SqliteWebNames, tmp_path), partial(SqliteTableStore, tmp_path)
        return
    from saves.store.postgres_tables import PostgresTableStore
    from saves.store.postgres_web_names import PostgresWebNames

    url = request.getfixturevalue("postgres_url")
    yield partial(PostgresWebNames, url), partial(PostgresTableStore, url)


def claim(names: SqlWebNames, holder: str, name: str) -> NameHolder | None:
    folded = name.casefold()
    return names.claim(holder, folded, name, f"held-name:{folded}", time.time(), HOLD)


def test_a_name_held_by_one_process_is_refused_by_another(
    stores: tuple[OpenNames, Any],
) -> None:
    open_names, _ = stores
    with closing(open_names()) as here, closing(open_names()) as there:
        assert claim(here, ALICE, "Alice") is None
        assert claim(there, BOB, "alice") is NameHolder.BROWSER
        assert claim(there, ALICE, "ALICE") is None  # the holder, again
        assert there.held_name(ALICE) == "ALICE"
        assert here.held_name(BOB) is None


def test_a_key_s_name_and_a_browser_s_name_exclude_each_other(
    stores: tuple[OpenNames, Any],
) -> None:
    open_names, open_tables = stores
    tables: TableStore
    with closing(open_names()) as names, closing(open_tables()) as tables:
        assert tables.take_lease("held-name:dave", "SHA256:dave", HOLD)
        assert claim(names, ALICE, "Dave") is NameHolder.SSH_KEY
        assert names.held_name(ALICE) is None
        assert claim(names, ALICE, "erin") is None
        assert not tables.take_lease("held-name:erin", "SHA256:erin", HOLD)
        assert tables.lease_holder("held-name:erin") == ALICE


def test_names_kept_before_are_brought_in_once_without_taking_any_held(
    stores: tuple[OpenNames, Any],
) -> None:
    open_names, _ = stores
    with closing(open_names()) as names:
        assert claim(names, BOB, "bob") is None
        kept = [
            (WebName("carol", "Carol", ALICE, 5.0), "held-name:carol"),
            (WebName("bob", "bob", ALICE, 5.0), "held-name:bob"),
        ]
        assert names.bring_in(kept, time.time(), HOLD) == 1
        assert names.bring_in(kept, time.time(), HOLD) == 0
        assert names.held_name(ALICE) == "Carol"
        assert claim(names, BOB, "carol") is NameHolder.BROWSER
        assert claim(names, ALICE, "bob") is NameHolder.BROWSER
