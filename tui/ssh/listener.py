"""The server's listening sockets and their accept loops: each connection accepted is handed
over as a plain socket, before a byte of SSH is said on it, so that a worker of several can
pass it to another (``tui.ssh.balance``) or serve it (``asyncssh.run_server``)."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Callable

#: Connections waiting to be accepted, per listening socket (asyncssh's own default).
BACKLOG = 100
#: Out of file descriptors or memory: accepting stops this long, as asyncio's servers do.
ACCEPT_RETRY_DELAY = 1.0
#: Errors that say the process is short of something for a while, rather than one bad client.
SHORT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def listening_sockets(host: str, port: int, *, reuse_port: bool) -> list[socket.socket]:
    """Sockets bound to every address of ``host`` on ``port`` and listening (port 0: the one
    the system picks for the first, for all). ``reuse_port``: shared with other processes
    (``SO_REUSEPORT``). Raises ``OSError`` if an address cannot be had."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    seen: set[tuple[int, object]] = set()
    try:
        for family, kind, proto, _name, address in infos:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            listening = socket.socket(family, kind, proto)
            sockets.append(listening)
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if reuse_port:
                listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            if family == socket.AF_INET6:
                listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if port == 0 and len(sockets) > 1:
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            listening.bind(address)
            listening.listen(BACKLOG)
            listening.setblocking(False)
    except OSError:
        for listening in sockets:
            listening.close()
        raise
    return sockets


class Acceptor:
    """Accepts connections on ``sockets`` until closed, giving each to ``take``."""

    def __init__(
        self,
        sockets: list[socket.socket],
        take: Callable[[socket.socket], None],
        log: logging.Logger,
    ) -> None:
        self.sockets = sockets
        self._take = take
        self._log = log
        self._tasks = [asyncio.create_task(self._accept(listening)) for listening in sockets]

    @property
    def port(self) -> int:
        port: int = self.sockets[0].getsockname()[1]
        return port

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for listening in self.sockets:
            listening.close()

    async def _accept(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, _address = await loop.sock_accept(listening)
            except OSError as error:
                if listening.fileno() == -1:  # closed: the server stops
                    return
                if error.errno in SHORT_OF_RESOURCES:
                    self._log.warning("could not accept a connection: %s", error.strerror)
                    await asyncio.sleep(ACCEPT_RETRY_DELAY)
                continue
            connection.setblocking(False)
            try:
                self._take(connection)
            except Exception:  # one connection's trouble keeps no other out
                self._log.exception("could not take a connection")
                connection.close()
