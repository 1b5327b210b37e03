"""Fixtures shared by every test package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from postgres_cluster import Cluster, start_cluster


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """This test process's throwaway PostgreSQL cluster (skipped where PostgreSQL is not
    installed, failed in CI)."""
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> Iterator[str]:
    """The URL of a new empty database for this test, dropped after it."""
    url = postgres_cluster.new_database()
    yield url
    postgres_cluster.drop_database(url)
