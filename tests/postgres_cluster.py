"""A throwaway PostgreSQL cluster for the tests: made with ``initdb`` in a folder of its own,
started with ``pg_ctl`` on a free port of 127.0.0.1 with its socket in that folder, and removed
with the folder when the test session ends.

Each pytest process (each xdist worker) makes its own cluster, so workers never share one;
each test that asks gets a database of its own in it (``Cluster.new_database``). The
superuser has a password and TCP connections must give it, so a wrong password is refused as
on a real server. Run as root, ``initdb`` and ``pg_ctl`` run as the ``postgres`` user (the
server refuses to run as root), and the folder is theirs.

Where PostgreSQL is not installed the tests that need it are skipped with one line, except
in CI (``CI=true``), where they fail: CI must run them (``.ci/run`` installs PostgreSQL).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import pytest

#: Where Debian puts each version's server programs, when neither is on the PATH.
DEBIAN_BINDIRS = "/usr/lib/postgresql/*/bin"
#: The superuser the cluster is made with, whoever runs the tests.
SUPERUSER = "postgres"
#: The OS user that runs the server when the tests run as root.
OS_USER = "postgres"
#: Settings for a cluster whose data does not need to survive a crash, and for many tests'
#: connections at once.
SERVER_SETTINGS = (
    "listen_addresses=127.0.0.1",
    "fsync=off",
    "full_page_writes=off",
    "synchronous_commit=off",
    "max_connections=300",
)
START_TIMEOUT_SECONDS = 60


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def unavailable(reason: str) -> NoReturn:
    """Skip the test that needs PostgreSQL, saying why in one line; in CI, fail it."""
    if in_ci():
        pytest.fail(f"CI must run the PostgreSQL tests, but {reason}", pytrace=False)
    pytest.skip(reason)


def find_bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: beside an ``initdb`` on the PATH, named by
    ``pg_config --bindir``, or Debian's newest ``/usr/lib/postgresql/N/bin``."""
    candidates: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            told = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=30, check=True
            )
            candidates.append(Path(told.stdout.strip()))
    debian = sorted(Path("/").glob(DEBIAN_BINDIRS.lstrip("/")), key=_version_of, reverse=True)
    candidates.extend(debian)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _version_of(folder: Path) -> int:
    name = folder.parent.name
    return int(name) if name.isdigit() else 0


@dataclass
class Cluster:
    """A running throwaway cluster; ``stop`` ends it and removes its folder."""

    bindir: Path
    folder: Path
    port: int
    password: str
    as_user: list[str]
    databases: int = 0
    stopped: bool = field(default=False)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def sockets(self) -> Path:
        return self.folder / "sockets"

    def url(self, database: str = "postgres", password: str | None = None) -> str:
        secret = self.password if password is None else password
        return f"postgresql://{SUPERUSER}:{secret}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database (UTF-8, ``template0``); its URL."""
        import psycopg

        self.databases += 1
        name = f"test_{os.getpid()}_{self.databases}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8'")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove a database made by ``new_database``, whoever is still connected to it."""
        import psycopg

        name = url.rsplit("/", 1)[-1]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *arguments: str) -> subprocess.CompletedProcess[str]:
        command = [*self.as_user, str(self.bindir / program), *arguments]
        return subprocess.run(
            command, capture_output=True, text=True, timeout=START_TIMEOUT_SECONDS, check=True
        )


def start_cluster() -> Cluster:
    """Make and start a cluster, or skip (fail in CI) with the reason."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed: pip install -e '.[test]' installs it")
    bindir = find_bindir()
    if bindir is None:
        unavailable(
            "PostgreSQL is not installed (no pg_config / initdb): "
            "apt-get install postgresql lets these tests run"
        )
    as_user = _os_user_prefix()
    folder = Path(tempfile.mkdtemp(prefix="pawnshop-pg-"))
    try:
        return _started(bindir, folder, as_user)
    except (OSError, subprocess.SubprocessError) as error:
        shutil.rmtree(folder, ignore_errors=True)
        unavailable(f"a throwaway PostgreSQL cluster could not start: {_said(error)}")


def _os_user_prefix() -> list[str]:
    """What runs a command as the server's user: nothing unless the tests run as root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("runuser"):
        return ["runuser", "-u", OS_USER, "--"]
    return ["sudo", "-u", OS_USER]


def _started(bindir: Path, folder: Path, as_user: list[str]) -> Cluster:
    password = secrets.token_hex(16)
    cluster = Cluster(bindir, folder, port=0, password=password, as_user=as_user)
    cluster.sockets.mkdir()
    password_file = folder / "password"
    password_file.write_text(password + "\n", encoding="utf-8")
    if as_user:
        for path in (folder, cluster.sockets, password_file):
            shutil.chown(path, user=OS_USER, group=None)
    cluster._run(
        "initdb",
        "-D",
        str(cluster.data),
        "-U",
        SUPERUSER,
        f"--pwfile={password_file}",
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync",
    )
    for attempt in range(5):
        cluster.port = _free_port()
        options = " ".join(
            [f"-p {cluster.port}", f"-k {cluster.sockets}"]
            + [f"-c {setting}" for setting in SERVER_SETTINGS]
        )
        log = folder / f"server-{attempt}.log"
        try:
            cluster._run(
                "pg_ctl",
                "-D",
                str(cluster.data),
                "-l",
                str(log),
                "-o",
                options,
                "-w",
                "-t",
                str(START_TIMEOUT_SECONDS),
                "start",
            )
        except subprocess.CalledProcessError:
            if attempt == 4:
                raise
            continue  # another process took the port between the look and the start
        _wait_accepting(cluster)
        return cluster
    raise AssertionError("unreachable")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_accepting(cluster: Cluster) -> None:
    import psycopg

    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while True:
        try:
            psycopg.connect(cluster.url(), connect_timeout=5).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _said(error: BaseException) -> str:
    if isinstance(error, subprocess.CalledProcessError):
        text = (error.stderr or error.stdout or "").strip().splitlines()
        return text[-1] if text else str(error)
    return str(error)
