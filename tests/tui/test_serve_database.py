"""``pawnshop serve --database URL``: a server on a PostgreSQL database brings its schema up to
date before it listens, a URL, server or password that will not do is one line at start, and
players on two servers of one database (each with its own data folder, as on two machines)
meet at one table and see each other's moves."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
from net_helpers import LOBBY, Seat, log_row
from postgres_cluster import Cluster
from test_ssh_support import connect, open_terminal, run_scenario

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


#: Seconds a player waits for a screen at most, on a machine busy with two servers and the
#: database: a bound, never a measure.
WAIT = 60.0


@dataclass(frozen=True)
class Listening:
    """What ``test_ssh_support.connect`` needs of a server: its port."""

    port: int


@contextmanager
def server(data_dir: Path, url: str) -> Iterator[Listening]:
    """``pawnshop serve --database URL`` in a process of its own with its own data folder, as
    on a machine of its own, until the block ends."""
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--workers", "1"]
    child = subprocess.Popen(
        [*command, "--data-dir", str(data_dir), "--database", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        ready = re.search(r"port (\d+)", child.stdout.readline())
        assert ready, child.stderr.read() if child.stderr else ""
        yield Listening(int(ready.group(1)))
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


async def player(stack: AsyncExitStack, where: Listening, name: str) -> Seat:
    connection = await stack.enter_async_context(connect(where, name))
    seat = Seat(connection, await open_terminal(connection))
    await seat.shows(LOBBY, WAIT)
    return seat


def test_players_on_two_servers_of_one_database_meet_at_one_table(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        server(tmp_path / "one", postgres_url) as one,
        server(tmp_path / "two", postgres_url) as two,
    ):

        async def scenario() -> None:
            async with AsyncExitStack() as stack:
                alice = await player(stack, one, "alice")
                alice.press("n")
                await alice.shows("Open a table", WAIT)
                alice.press("\x0f")  # ctrl+o: the defaults, alice in the first seat
                await alice.shows("You play South at table 1", WAIT)
                bob = await player(stack, two, "bob")
                await bob.shows("1 seat free", WAIT)  # the table opened on the other server
                bob.press("\r")
                await bob.shows("You play North at table 1", WAIT)
                await alice.shows("bob sat down as North; the game begins", WAIT)
                await alice.type_move("b1-a1")
                await bob.shows(log_row(1, "b1-a1"), WAIT)
                await bob.type_move("c8-d8")
                await alice.shows(log_row(2, "c8-d8"), WAIT)

        run_scenario(scenario, timeout=240)


WITHOUT_PSYCOPG = """
import sys
sys.modules["psycopg"] = None  # as where the postgres extra is not installed
from tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_without_psycopg_a_database_is_one_line_saying_what_to_install(tmp_path: Path) -> None:
    url = "postgresql://ann:secret@127.0.0.1:5432/games"
    command = [sys.executable, "-c", WITHOUT_PSYCOPG, "serve", "--data-dir", str(tmp_path)]
    result = subprocess.run(
        [*command, "--workers", "1", "--database", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        "pawnshop: A PostgreSQL database needs psycopg, which is not installed: "
        "pip install 'pawnshop[postgres]' installs it."
    ]
