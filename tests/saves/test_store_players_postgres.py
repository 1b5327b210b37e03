"""Players' chat lines and ratings in PostgreSQL: every promise of ``saves.store.sql_players``
(``player_store_contract``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from player_store_contract import CHECKS, OpenStore

from saves.store.postgres_players import PostgresPlayerStore


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__[len("check_") :])
def test_the_postgres_store_keeps_the_contract(
    check: Callable[[OpenStore], None], postgres_url: str
) -> None:
    check(partial(PostgresPlayerStore, postgres_url))
