"""The SSH server over real SSH on loopback: what it refuses, who it lets in, how many, for how
long, and that one session's end (or crash, or vanishing client) leaves the others serving."""

from __future__ import annotations

import asyncio
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest
from test_ssh_support import EchoApp, connect, open_terminal, run_scenario, serving
from waiting import wait_for

from tui.play.identity import MAX_NAME_CELLS
from tui.ssh.config import ServerConfig
from tui.ssh.server import start_server
from tui.ssh.session import (
    CRASH_MESSAGE,
    EXEC_MESSAGE,
    NO_NAME_MESSAGE,
    NO_PTY_MESSAGE,
    SHUTDOWN_MESSAGE,
    TABLE_FULL_MESSAGE,
    GameSession,
)
from tui.ssh.session_info import SessionInfo

CTRL_Q = b"\x11"


async def _until(condition: Callable[[], object], timeout: float = 10.0) -> None:
    await wait_for(condition, timeout, "the server to catch up")


def test_a_shell_without_a_pty_gets_one_line_and_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            result = await connection.run(None, input="")
            assert result.exit_status == 1
            assert result.stderr == f"{NO_PTY_MESSAGE}\r\n"
            assert result.stdout == ""

    run_scenario(scenario)


def test_commands_are_refused_with_or_without_a_pty(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            result = await connection.run("cat /etc/passwd")
            assert (result.exit_status, result.stdout) == (1, "")
            assert result.stderr == f"{EXEC_MESSAGE}\r\n"
            terminal = await open_terminal(connection, command="ls")
            assert await terminal.exit_status() == 1
            assert bytes(terminal.client.errors) == f"{EXEC_MESSAGE}\r\n".encode()
            assert server.session_count == 0

    run_scenario(scenario)


def test_sftp_and_port_forwarding_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            with pytest.raises(asyncssh.ChannelOpenError):
                await connection.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await connection.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
            with pytest.raises(asyncssh.ChannelListenError):
                await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            # The connection is still good for playing.
            terminal = await open_terminal(connection)
            await terminal.shows("key=none")

    run_scenario(scenario)


def test_without_authentication_the_user_name_is_the_player_name(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            async with connect(server, "grace") as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("player=grace fp=None")
            async with connect(server, " " + "h" * 40) as connection:
                terminal = await open_terminal(connection)
                await terminal.shows(f"player={'h' * MAX_NAME_CELLS} fp=None")

    run_scenario(scenario)


def test_a_user_name_with_nothing_to_show_gets_one_line_and_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            async with connect(server, "\u2800\u3164 \u2800") as connection:
                terminal = await open_terminal(connection)
                assert await terminal.exit_status() == 1
                assert bytes(terminal.client.errors) == f"{NO_NAME_MESSAGE}\r\n".encode()
                assert "player=" not in terminal.screen.text()
            # The next player, with a name, is let in as ever.
            async with connect(server, "heidi") as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("player=heidi fp=None")
        assert "refused a session with no name to show" in server.log_path.read_text()

    run_scenario(scenario)


def test_with_publickey_any_key_gets_in_and_its_fingerprint_is_the_identity(
    tmp_path: Path,
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def scenario() -> None:
        async with serving(tmp_path, auth="publickey") as server:
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(server, "mallory"):
                    pass
            async with connect(server, "frank", client_keys=[key]) as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("player=frank")
                await terminal.shows(f"fp={key.get_fingerprint('sha256')}")

    run_scenario(scenario)


def test_at_most_max_sessions_play_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path, max_sessions=2) as server, connect(server) as connection:
            first = await open_terminal(connection)
            second = await open_terminal(connection)
            await first.shows("key=none")
            await second.shows("key=none")
            third = await open_terminal(connection)
            assert await third.exit_status() == 1
            assert bytes(third.client.errors) == f"{TABLE_FULL_MESSAGE}\r\n".encode()
            first.type(CTRL_Q)
            assert await first.exit_status() == 0
            await _until(lambda: server.session_count == 1)
            fourth = await open_terminal(connection)
            await fourth.shows("key=none")

    run_scenario(scenario)


def test_connections_beyond_the_limit_are_turned_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path, max_sessions=1) as server:
            limit = server.config.max_connections
            connections = [await connect(server) for _ in range(limit)]
            assert server.connection_count == limit
            with pytest.raises(asyncssh.DisconnectError, match="table is full"):
                async with connect(server):
                    pass
            connections.pop().close()
            await _until(lambda: server.connection_count < limit)
            async with connect(server) as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("key=none")
            for connection in connections:
                connection.close()

    run_scenario(scenario)


def test_an_idle_session_is_closed_and_a_busy_one_is_not(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path, idle_timeout=1.0) as server, connect(server) as connection:
            idle = await open_terminal(connection)
            busy = await open_terminal(connection)
            await busy.shows("key=none")
            # Time is what this test is about: a key every 0.3 s keeps the busy session open
            # for well over the idle second, while the idle one is closed.
            start = asyncio.get_running_loop().time()
            for key in "abcdef":
                await asyncio.sleep(0.3)
                busy.type(key)
            assert await idle.exit_status() == 0
            assert b"Session closed after 1 second without a key press.\r\n" in idle.client.output
            await busy.shows("key=f ")
            assert asyncio.get_running_loop().time() - start > 1.0
            assert not busy.client.closed.is_set()
            assert await busy.exit_status(timeout=5) == 0

    run_scenario(scenario)


def test_a_dropped_connection_ends_its_session_and_the_others_play_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server, "stays") as staying:
            stays = await open_terminal(staying)
            await stays.shows("key=none")
            leaving = await connect(server, "leaves")
            goes = await open_terminal(leaving)
            await goes.shows("key=none")
            goes.type("x")
            leaving.abort()
            await _until(lambda: server.session_count == 1)
            stays.type("y")
            await stays.shows("key=y ")
            async with connect(server, "arrives") as arriving:
                arrives = await open_terminal(arriving)
                await arrives.shows("player=arrives")

    run_scenario(scenario)


class CrashingApp(EchoApp):
    def on_key(self, event: object) -> None:
        raise RuntimeError("the test app breaks on any key")


def _factory_that_fails(info: SessionInfo) -> EchoApp:
    raise ValueError("no app for you")


def test_a_crashing_app_ends_its_session_only_and_is_logged(tmp_path: Path) -> None:
    def factory(info: SessionInfo) -> EchoApp:
        return CrashingApp(info) if info.player.name == "crash" else EchoApp(info)

    async def scenario() -> None:
        async with serving(tmp_path, factory) as server, connect(server) as calm:
            steady = await open_terminal(calm)
            async with connect(server, "crash") as connection:
                broken = await open_terminal(connection)
                await broken.shows("key=none")
                broken.type("k")
                assert await broken.exit_status() == 1
                assert f"{CRASH_MESSAGE}\r\n".encode() in broken.client.output
            steady.type("s")
            await steady.shows("key=s ")
        log = (tmp_path / "ssh-server.log").read_text()
        assert "RuntimeError" in log
        assert "the test app breaks on any key" in log

    run_scenario(scenario)


def test_a_failing_app_factory_ends_the_session_with_a_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path, _factory_that_fails) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            assert await terminal.exit_status() == 1
            assert bytes(terminal.client.output) == f"{CRASH_MESSAGE}\r\n".encode()
            assert server.session_count == 0
        assert "no app for you" in (tmp_path / "ssh-server.log").read_text()

    run_scenario(scenario)


def test_a_session_failing_to_stop_keeps_no_other_from_its_goodbye(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = GameSession.shut_down

    def shut_down(self: GameSession) -> None:
        if self.player.name == "stuck":
            raise RuntimeError("this session cannot stop")
        original(self)

    monkeypatch.setattr(GameSession, "shut_down", shut_down)

    async def scenario() -> None:
        async with (
            serving(tmp_path) as server,
            connect(server, "stuck") as stuck,
            connect(server, "calm") as calm,
        ):
            first = await open_terminal(stuck)
            second = await open_terminal(calm)
            for terminal in (first, second):
                await terminal.shows("key=none")
            await server.close(grace=1.0)
            assert await second.exit_status() == 0
            assert second.client.output.endswith(f"{SHUTDOWN_MESSAGE}\r\n".encode())
        assert "this session cannot stop" in (tmp_path / "ssh-server.log").read_text()

    run_scenario(scenario)


def test_stopping_the_server_says_goodbye_to_every_session(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminals = [await open_terminal(connection) for _ in range(3)]
            for terminal in terminals:
                await terminal.shows("key=none")
            await server.close()
            for terminal in terminals:
                assert await terminal.exit_status() == 0
                assert terminal.client.output.endswith(f"{SHUTDOWN_MESSAGE}\r\n".encode())
                assert 1049 not in terminal.screen.modes

    run_scenario(scenario)


def test_the_server_writes_nothing_to_stdout_or_stderr(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            terminal = await open_terminal(connection)
            await terminal.shows("key=none")
            terminal.type(b"\x1b[<0;3;3M\x1b[<0;3;3mab")
            await terminal.shows("key=b ")
            await connection.run("ls")
            terminal.type(CTRL_Q)
            await terminal.exit_status()

    run_scenario(scenario)
    assert capfd.readouterr() == ("", "")
    assert "session ended" in (tmp_path / "ssh-server.log").read_text()


def test_the_standard_streams_are_given_back_when_no_app_runs(tmp_path: Path) -> None:
    # Each app redirects sys.stdout and sys.stderr while it runs; apps that overlap and stop
    # in the order they started would leave the first one's capture in place.
    streams = (sys.stdout, sys.stderr)

    async def scenario() -> None:
        async with serving(tmp_path) as server, connect(server) as connection:
            first = await open_terminal(connection)
            await first.shows("key=none")
            second = await open_terminal(connection)
            await second.shows("key=none")
            assert (sys.stdout, sys.stderr) != streams
            for terminal in (first, second):
                terminal.type(CTRL_Q)
                assert await terminal.exit_status() == 0
            await _until(lambda: server.session_count == 0)
            assert (sys.stdout, sys.stderr) == streams

    run_scenario(scenario)


def test_the_host_key_is_made_private_once_and_kept(tmp_path: Path) -> None:
    key_path = tmp_path / "keys" / "host_key"

    async def host_key_seen() -> str:
        async with serving(tmp_path, host_key_path=key_path) as server, connect(server) as conn:
            seen = conn.get_server_host_key()
            assert seen is not None
            assert seen.get_fingerprint("sha256") == server.host_key_fingerprint
            return server.host_key_fingerprint

    first = run_scenario(host_key_seen)
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
    assert run_scenario(host_key_seen) == first


def test_a_port_in_use_is_an_error_before_anything_starts(tmp_path: Path) -> None:
    async def scenario() -> None:
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        try:
            with pytest.raises(OSError):
                await start_server(
                    ServerConfig(data_dir=tmp_path, port=taken.getsockname()[1]), EchoApp
                )
        finally:
            taken.close()

    run_scenario(scenario)


SERVE = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from test_ssh_support import EchoApp
from tui.ssh.config import ServerConfig
from tui.ssh.server import run
config = ServerConfig(data_dir=Path(sys.argv[1]), port=0)
run(config, EchoApp, on_ready=lambda server: print(server.port, flush=True))
"""


def test_run_serves_until_sigterm_and_prints_only_what_on_ready_prints(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(tmp_path), str(Path(__file__).parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline())

        async def scenario() -> None:
            async with asyncssh.connect(
                "127.0.0.1", port, known_hosts=None, client_keys=None, agent_path=None, config=None
            ) as connection:
                terminal = await open_terminal(connection)
                await terminal.shows("key=none", timeout=20)
                terminal.type("a")
                await terminal.shows("key=a ")
                child.send_signal(signal.SIGTERM)
                assert await terminal.exit_status(timeout=20) == 0
                assert terminal.client.output.endswith(f"{SHUTDOWN_MESSAGE}\r\n".encode())

        run_scenario(scenario)
        assert child.wait(timeout=20) == 0
        assert child.communicate() == ("", "")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert (tmp_path / "ssh-server.log").read_text().rstrip().endswith("INFO stopped")
