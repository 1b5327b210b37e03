"""What the app of one SSH session is told about its player and terminal."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App

from tui.ssh.colours import ColourSystem

MAX_NAME_LENGTH = 32
FALLBACK_NAME = "guest"


@dataclass(frozen=True, slots=True)
class PlayerIdentity:
    """Who is playing.

    ``name`` is the SSH user name, cleaned up for display. ``key_fingerprint`` is the
    SHA256 fingerprint of the public key the player logged in with (``publickey``
    authentication), and then it, not the name, identifies the player; with no
    authentication it is ``None`` and the name is all there is.
    """

    name: str
    key_fingerprint: str | None = None

    @property
    def key(self) -> str:
        """A stable string identifying the player: the key fingerprint, else the name."""
        return self.key_fingerprint or f"name:{self.name}"

    @property
    def directory_name(self) -> str:
        """A file name safe on any system, one per identity: for the player's own files.

        ``key-`` and the fingerprint's digest in URL-safe base64, or ``name-`` and the name;
        a name with characters outside letters, digits, ``.``, ``_`` and ``-`` has them
        replaced and a digest of the whole name added, so that different names never meet.
        """
        if self.key_fingerprint is not None:
            digest = self.key_fingerprint.split(":", 1)[-1]
            return "key-" + digest.replace("+", "-").replace("/", "_").rstrip("=")
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in self.name)
        if safe != self.name:
            safe += "-" + hashlib.sha256(self.name.encode()).hexdigest()[:10]
        return "name-" + safe


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """Everything the app factory gets for one session.

    ``term`` is the client's TERM as sent with its pty request; ``colours`` the colour
    system chosen from it (the app's console is already set to it); ``size`` the terminal
    size (columns, rows) at the start; ``peer`` the client's address; ``data_dir`` the
    server's data directory.
    """

    player: PlayerIdentity
    term: str
    colours: ColourSystem
    size: tuple[int, int]
    peer: str
    data_dir: Path


#: Builds the app for one session. The server gives it the session's driver and console.
AppFactory = Callable[[SessionInfo], App[Any]]


def display_name(user_name: str) -> str:
    """The SSH user name made safe to show: no control or format characters, at most 32 long.

    A user name is whatever the client sends, escape sequences included; shown raw it could
    repaint other players' screens.
    """
    cleaned = "".join(
        character
        for character in user_name
        if unicodedata.category(character)[0] not in "CZ" or character == " "
    ).strip()
    return cleaned[:MAX_NAME_LENGTH].strip() or FALLBACK_NAME
