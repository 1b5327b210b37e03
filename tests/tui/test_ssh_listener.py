"""The SSH server's own listening sockets (``tui.ssh.listener``): every address of a host on
one port, each connection handed over as a plain socket, nothing accepted once closed."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest
from test_ssh_support import run_scenario
from waiting import wait_for

from tui.ssh.listener import Acceptor, listening_sockets

LOG = logging.getLogger("pawnshop.test.listener")


def test_every_address_of_a_host_listens_on_the_one_port_picked() -> None:
    addresses = {info[4][0] for info in socket.getaddrinfo("localhost", 0, type=socket.SOCK_STREAM)}
    sockets = listening_sockets("localhost", 0, reuse_port=False)
    try:
        assert {sock.getsockname()[0] for sock in sockets} == addresses
        assert len({sock.getsockname()[1] for sock in sockets}) == 1
    finally:
        for sock in sockets:
            sock.close()


def test_a_port_taken_is_an_os_error_and_leaves_nothing_open() -> None:
    taken = listening_sockets("127.0.0.1", 0, reuse_port=False)
    try:
        port = taken[0].getsockname()[1]
        with pytest.raises(OSError):
            listening_sockets("127.0.0.1", port, reuse_port=False)
    finally:
        taken[0].close()


def test_each_connection_is_handed_over_until_the_acceptor_closes() -> None:
    async def scenario() -> None:
        taken: list[socket.socket] = []
        sockets = listening_sockets("127.0.0.1", 0, reuse_port=False)
        acceptor = Acceptor(sockets, taken.append, LOG)
        port = acceptor.port
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await wait_for(lambda: len(taken) == 1, what="the connection handed over")
        writer.write(b"hello")
        await writer.drain()
        loop = asyncio.get_running_loop()
        assert await loop.sock_recv(taken[0], 5) == b"hello"  # a live socket, non-blocking
        acceptor.close()
        with pytest.raises(OSError):
            await asyncio.open_connection("127.0.0.1", port)
        writer.close()
        for sock in taken:
            sock.close()

    run_scenario(scenario)
