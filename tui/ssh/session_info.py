"""What the app of one SSH session is told about its player and terminal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App

from tui.play.identity import PlayerIdentity
from tui.ssh.colours import ColourSystem


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """Everything the app factory gets for one session.

    ``term`` is the client's TERM as sent with its pty request; ``colours`` the colour
    system chosen from it (the app's console is already set to it); ``size`` the terminal
    size (columns, rows) at the start; ``peer`` the client's address; ``data_dir`` the
    server's data directory; ``ascii`` whether the terminal is to be drawn in ASCII only, from
    its TERM and the locale the client sent (``tui.ascii.detect``).
    """

    player: PlayerIdentity
    term: str
    colours: ColourSystem
    size: tuple[int, int]
    peer: str
    data_dir: Path
    ascii: bool = False


class SessionRefused(Exception):
    """Raised by an app factory to turn the session away: its message, one sentence, is
    what the player reads on their terminal."""


#: Builds the app for one session. The server gives it the session's driver and console.
AppFactory = Callable[[SessionInfo], App[Any]]
