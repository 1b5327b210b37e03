"""The throwaway PostgreSQL cluster the tests use: it serves, it gives each test a database
of its own, it refuses a wrong password, and CI cannot skip the tests that need it."""

from __future__ import annotations

from pathlib import Path

import postgres_cluster
import psycopg
import pytest
from postgres_cluster import Cluster


def test_each_test_gets_a_database_of_its_own(postgres_cluster: Cluster) -> None:
    first, second = postgres_cluster.new_database(), postgres_cluster.new_database()
    assert first != second
    with psycopg.connect(first, autocommit=True) as connection:
        connection.execute("CREATE TABLE only_here (n integer)")
    with psycopg.connect(second) as connection:
        found = connection.execute("SELECT to_regclass('only_here') IS NULL").fetchone()
        assert found == (True,)
        encoding = connection.execute("SHOW server_encoding").fetchone()
        assert encoding == ("UTF8",)


def test_a_wrong_password_is_refused(postgres_cluster: Cluster) -> None:
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(postgres_cluster.url(password="wrong"), connect_timeout=10)


def test_the_cluster_lives_in_a_folder_of_its_own(postgres_cluster: Cluster) -> None:
    assert (postgres_cluster.data / "PG_VERSION").is_file()
    assert any(postgres_cluster.sockets.glob(".s.PGSQL.*"))


def nothing_installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(postgres_cluster, "DEBIAN_BINDIRS", str(tmp_path / "none" / "*" / "bin"))


def test_without_postgresql_the_tests_are_skipped_with_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    nothing_installed(monkeypatch, tmp_path)
    monkeypatch.delenv("CI", raising=False)
    assert postgres_cluster.find_bindir() is None
    with pytest.raises(pytest.skip.Exception, match=r"^PostgreSQL is not installed \(no pg_co"):
        postgres_cluster.start_cluster()


def test_in_ci_a_missing_postgresql_fails_the_tests(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    nothing_installed(monkeypatch, tmp_path)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the PostgreSQL tests"):
        postgres_cluster.start_cluster()


def test_in_ci_the_postgresql_tests_run(postgres_cluster: Cluster) -> None:
    """In CI a missing PostgreSQL fails this test (the fixture fails instead of skipping)."""
    with psycopg.connect(postgres_cluster.url()) as connection:
        assert connection.execute("SELECT 1").fetchone() == (1,)
