"""The server's settings, its host key file and the player names it shows."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import asyncssh
import pytest

from tui.play.identity import PlayerIdentity, display_name
from tui.ssh.config import ServerConfig
from tui.ssh.hostkey import HostKeyError, load_or_create_host_key


def test_the_defaults_listen_on_loopback_port_2222_without_authentication(tmp_path: Path) -> None:
    config = ServerConfig(data_dir=tmp_path)
    assert (config.host, config.port, config.auth) == ("127.0.0.1", 2222, "none")
    assert config.resolved_host_key_path == tmp_path / "ssh_host_ed25519_key"
    assert config.log_path == tmp_path / "ssh-server.log"
    assert ServerConfig(data_dir=tmp_path, host_key_path=tmp_path / "k").resolved_host_key_path == (
        tmp_path / "k"
    )


@pytest.mark.parametrize("timeout", [None, 0, 0.0])
def test_an_idle_timeout_of_none_or_zero_means_no_limit(tmp_path: Path, timeout: float) -> None:
    assert ServerConfig(data_dir=tmp_path, idle_timeout=timeout).idle_limit is None
    assert ServerConfig(data_dir=tmp_path, idle_timeout=90).idle_limit == 90


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"port": 70000}, "port 70000 is not a TCP port number"),
        ({"port": -1}, "port -1 is not a TCP port number"),
        ({"max_sessions": 0}, "max sessions must be at least 1, not 0"),
        ({"idle_timeout": -5}, "idle timeout must be 0 or more seconds, not -5"),
        ({"auth": "password"}, "auth must be one of none, publickey, not 'password'"),
        ({"login_timeout": 0}, "login timeout must be positive, not 0"),
    ],
)
def test_bad_settings_are_refused_with_a_sentence(
    tmp_path: Path, settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ServerConfig(data_dir=tmp_path, **settings)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("user_name", "shown"),
    [
        ("alice", "alice"),
        ("Zoë Ünal", "Zoë Ünal"),
        ("eve\x1b[2J\x07", "eve[2J"),
        ("\u202eevil\u200b", "evil"),
        ("  padded  ", "padded"),
        ("x" * 50, "x" * 24),
        ("界" * 20, "界" * 12),
        ("ab界" * 10, "ab界ab界ab界ab界ab界ab界"),
        ("[[/]", "[[/]"),
        ("[$a][/]", "[$a][/]"),
        ('[link="https://evil.example/x"]x[/link]', '[link="https://evil.exam'),
        ("a\u3000b\u00a0c", "a b c"),
        ("ann\u3164\u2800\u115f", "ann"),
        ("e" + "\u0301" * 30, "e" + "\u0301" * 4),
        ("", ""),
        ("\x1b\x00\t", ""),
        ("\u200b\u202e\u2066\u3164\u0301", ""),
    ],
)
def test_user_names_are_shown_without_control_or_invisible_characters(
    user_name: str, shown: str
) -> None:
    assert display_name(user_name) == shown
    assert display_name(shown) == shown


def test_a_player_is_identified_by_key_when_there_is_one_else_by_name() -> None:
    assert PlayerIdentity("ann", "SHA256:abc").key == "SHA256:abc"
    assert PlayerIdentity("ann").key == "name:ann"


@pytest.mark.parametrize(
    ("player", "directory"),
    [
        (PlayerIdentity("ann", "SHA256:ab+c/d="), "key-ab-c_d"),
        (PlayerIdentity("ann"), "name-ann"),
        (PlayerIdentity("ann.b-c_d"), "name-ann.b-c_d"),
        (PlayerIdentity("a b"), "name-a_b-c8687a08aa"),
        (PlayerIdentity("a_b"), "name-a_b"),
        (PlayerIdentity(".."), "name-.."),
        (PlayerIdentity("Zoë"), "name-Zo_-c6a1269858"),
    ],
)
def test_every_identity_gets_its_own_safe_directory_name(
    player: PlayerIdentity, directory: str
) -> None:
    assert player.directory_name == directory


def test_a_missing_host_key_is_generated_private_with_its_public_half(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "host_key"
    key = load_or_create_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert key.algorithm == b"ssh-ed25519"
    public = asyncssh.read_public_key(path.with_name("host_key.pub"))
    assert public.get_fingerprint() == key.get_fingerprint()


def test_an_existing_host_key_is_reused(tmp_path: Path) -> None:
    path = tmp_path / "host_key"
    first = load_or_create_host_key(path)
    again = load_or_create_host_key(path)
    assert again.get_fingerprint() == first.get_fingerprint()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_host_key_readable_by_others_is_made_private_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "host_key"
    first = load_or_create_host_key(path)
    path.chmod(0o644)
    log = logging.getLogger("test.hostkey")
    with caplog.at_level(logging.WARNING, logger="test.hostkey"):
        again = load_or_create_host_key(path, log)
    assert again.get_fingerprint() == first.get_fingerprint()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "was readable by others (mode 644)" in caplog.text


def test_an_unreadable_host_key_file_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "host_key"
    path.write_text("not a key\n")
    path.chmod(0o600)
    with pytest.raises(HostKeyError, match=r"host_key is not a usable SSH private key"):
        load_or_create_host_key(path)
    assert path.read_text() == "not a key\n"
