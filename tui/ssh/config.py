"""The settings of `pawnshop serve`, checked once before the server starts."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

#: ``none``: no authentication, the SSH user name is the player's name.
#: ``publickey``: any public key is accepted; its fingerprint is the player's identity.
AuthMode = Literal["none", "publickey"]

AUTH_MODES: tuple[AuthMode, ...] = ("none", "publickey")

#: Host names that always mean this machine only.
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def listens_on_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def default_auth(host: str) -> AuthMode:
    """``none`` on loopback, where only this machine's users can connect; ``publickey`` on any
    other address, so that nobody from elsewhere can take another player's name or seat."""
    return "none" if listens_on_loopback(host) else "publickey"


HOST_KEY_FILE_NAME = "ssh_host_ed25519_key"
LOG_FILE_NAME = "ssh-server.log"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Where and how the SSH game server listens.

    ``idle_timeout`` is in seconds without a key press (or mouse event) from the player;
    ``None`` or ``0`` keeps idle sessions open for ever. ``host_key_path`` defaults to
    ``data_dir / ssh_host_ed25519_key``.
    """

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    host_key_path: Path | None = None
    max_sessions: int = 100
    idle_timeout: float | None = 1800.0
    auth: AuthMode = "none"
    login_timeout: float = 30.0

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ValueError(f"port {self.port} is not a TCP port number (0 to 65535)")
        if self.max_sessions < 1:
            raise ValueError(f"max sessions must be at least 1, not {self.max_sessions}")
        if self.idle_timeout is not None and self.idle_timeout < 0:
            raise ValueError(f"idle timeout must be 0 or more seconds, not {self.idle_timeout}")
        if self.auth not in AUTH_MODES:
            raise ValueError(f"auth must be one of {', '.join(AUTH_MODES)}, not {self.auth!r}")
        if self.login_timeout <= 0:
            raise ValueError(f"login timeout must be positive, not {self.login_timeout}")

    @property
    def resolved_host_key_path(self) -> Path:
        return self.host_key_path or self.data_dir / HOST_KEY_FILE_NAME

    @property
    def log_path(self) -> Path:
        return self.data_dir / LOG_FILE_NAME

    @property
    def max_connections(self) -> int:
        """Open SSH connections allowed at once: room for every session plus logins under way."""
        return self.max_sessions * 2 + 4

    @property
    def idle_limit(self) -> float | None:
        """Seconds without input before a session is closed, or ``None`` for no limit."""
        return self.idle_timeout or None
