"""Playing over SSH: `pawnshop serve` runs one app per SSH session in one server process.

- ``server``: the asyncssh server (``run``, ``start_server``, ``GameServer``);
- ``listener``: its listening sockets, whose connections it takes before SSH starts;
- ``balance``: the workers of ``--workers N`` passing connections to even out what each holds;
- ``session``: one SSH session channel, refused or running one app;
- ``driver``: the Textual driver that talks to the app over the SSH channel;
- ``colours``: the colour depth of a session's terminal, from its TERM;
- ``hostkey``: the server's persistent host key;
- ``session_info``: what an app is told about its player (a ``tui.play.identity.PlayerIdentity``
  made from the connection) and terminal;
- ``config``: the server's settings;
- ``server_log``: the server's log file, its only output.
"""

from tui.ssh.config import ServerConfig
from tui.ssh.server import GameServer, run, start_server
from tui.ssh.session_info import AppFactory, SessionInfo

__all__ = [
    "AppFactory",
    "GameServer",
    "ServerConfig",
    "SessionInfo",
    "run",
    "start_server",
]
