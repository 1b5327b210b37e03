"""``pawnshop serve --web-port 0`` as a player starts it, in a child process: with its default
workers every one answers browsers on the one port and they meet at the same tables; a web
port in use is one line."""

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

from test_ssh_support import run_scenario
from test_web_support import Browser

START_TIMEOUT = 60.0


@dataclass(frozen=True)
class Address:
    url: str


@contextmanager
def served(data_dir: Path, *options: str) -> Iterator[Address]:
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", str(data_dir)]
    child = subprocess.Popen(
        [*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        lines = child.stdout.readline() + child.stdout.readline()
        found = re.search(r"browsers open (http://\S+)/", lines)
        assert found, f"no browsers' line: {lines!r}"
        yield Address(found.group(1))
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def test_every_worker_answers_browsers_at_the_same_tables(tmp_path: Path) -> None:
    async def scenario() -> None:
        with served(tmp_path, "--workers", "2", "--web-port", "0") as address:
            async with AsyncExitStack() as stack:
                host = Browser(address, stack)  # a Site in all that a browser reads: its url
                assert (await host.join("host"))[0] == 200
                tab = await host.open("host")
                await tab.shows("No tables yet", START_TIMEOUT)
                tab.press("n")
                await tab.shows("Open a table")
                tab.press("\x0f")
                await tab.shows("You play South at table 1")
                for number in range(4):  # new connections, spread by the system
                    guest = Browser(address, stack)
                    assert (await guest.join(f"guest{number}"))[0] == 200
                    await (await guest.open(f"guest{number}")).shows("host · free")
        log = (tmp_path / "ssh-server.log").read_text()
        assert len(set(re.findall(r"\[worker (\d+)\] answering browsers", log))) == 2

    run_scenario(scenario, timeout=120)


def test_a_web_port_in_use_or_out_of_range_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for workers in ("1", "2"):
            command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--workers", workers]
            command += ["--web-port", str(port), "--data-dir", str(tmp_path)]
            result = subprocess.run(command, capture_output=True, text=True, timeout=60)
            assert result.returncode == 2
            assert result.stderr.count("\n") == 1, result.stderr
            assert f"cannot answer browsers on 127.0.0.1 port {port}" in result.stderr
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--web-port", "70000"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == "pawnshop: --web-port 70000 is not a TCP port number (0 to 65535)\n"
