"""``pawnshop serve --database URL``: a server on a PostgreSQL database brings its schema up to
date before it listens, and a URL, server or password that will not do is one line at start."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import psycopg
from postgres_cluster import Cluster

from saves.store import postgres as store_postgres


def serve(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui", "serve", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
    )


def refused_in_one_line(*arguments: str) -> str:
    result = serve(*arguments)
    assert (result.returncode, result.stdout) == (2, "")
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pawnshop: ") and "Traceback" not in lines[0]
    return lines[0]


def test_serve_names_the_database_option() -> None:
    shown = serve("--help").stdout
    assert "--database URL" in shown and "postgresql://" in shown


def test_a_url_that_is_not_postgresql_is_one_line(tmp_path: Path) -> None:
    said = refused_in_one_line("--data-dir", str(tmp_path), "--database", "mysql://a:b@c/d")
    assert said == (
        "pawnshop: --database takes a PostgreSQL URL, "
        "postgresql://USER:PASSWORD@HOST:PORT/DATABASE."
    )


def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://ann:secret@127.0.0.1:{port}/games"
    said = refused_in_one_line("--data-dir", str(tmp_path), "--database", url)
    assert said.startswith(f"pawnshop: The PostgreSQL server at 127.0.0.1 port {port} cannot")


def test_a_wrong_password_is_one_line_without_the_password(
    tmp_path: Path, postgres_cluster: Cluster
) -> None:
    url = postgres_cluster.url(password="secret-guess")
    said = refused_in_one_line("--data-dir", str(tmp_path), "--database", url)
    assert "the password is wrong" in said and "secret-guess" not in said


def test_the_server_starts_on_the_database_and_brings_its_schema_forward(
    tmp_path: Path, postgres_url: str
) -> None:
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", str(tmp_path)]
    child = subprocess.Popen(
        [*command, "--database", postgres_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        ready = child.stdout.readline()
        assert ready.startswith("pawnshop: serving on 127.0.0.1 port "), child.stderr
        with psycopg.connect(postgres_url) as connection:
            assert store_postgres.schema_version(connection) == store_postgres.SCHEMA_VERSION
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
