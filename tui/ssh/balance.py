"""Connections spread evenly over the workers of ``pawnshop serve --workers N``.

The workers listen on one port with ``SO_REUSEPORT``, and the system hands each new
connection to one of them by a hash of its addresses: at random, so 100 connections fall 54
and 46, or 59 and 41, and a game session lasts. The busier worker is slower for every player
it holds. So a worker that accepts a connection while it holds at least ``MARGIN`` more than
the least busy one passes the connection, before a byte of SSH is said on it, to that worker:
the socket itself, over a Unix socket (``SCM_RIGHTS``), and the other worker serves it as its
own.

What each worker holds is counted in a small file of the data folder, shared by the workers
(``mmap``), each cell written by one worker only, so that no lock is needed:

- ``sent[i][j]``: connections worker ``i`` took and gave to worker ``j`` (``j == i``: kept);
- ``ended[j]``: connections that ended on worker ``j``.

Worker ``j`` holds ``sum(sent[i][j] for every i) - ended[j]``. A worker starting (again, after
a crash) counts every connection ever given to it as ended, since none of them lives on.

Both the SSH port and the browsers' port (``--web-port``) are balanced, on one count: a
browser's session costs a worker what an SSH session does. A connection passed on carries one
byte saying which it is (``SSH`` or ``WEB``), and the worker serves it with what it registered
for that kind (``Balancer.serves``); one arriving before its kind is registered (a worker
starting its web server) waits for it.

The hand-off sockets are named in Linux's abstract namespace (no file to clean up); elsewhere
each worker keeps what it accepts, as ``SO_REUSEPORT`` gave it.
"""

from __future__ import annotations

import array
import asyncio
import logging
import mmap
import socket
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: A worker passes a connection on when it holds this many more than the least busy worker.
MARGIN = 2
#: One unsigned 64-bit counter.
CELL = struct.Struct("<Q")
#: What a connection passed on is, in the one byte sent with it.
SSH = b"s"
WEB = b"w"


@dataclass(frozen=True)
class Balancing:
    """Where worker ``worker`` (0 to ``count - 1``) of a server counts its connections
    (``table``) and how its hand-off socket is named (``group``: the same for the server's
    workers, different for every server on the machine)."""

    group: str
    worker: int
    count: int
    table: Path


def balancing_supported() -> bool:
    """Abstract Unix socket names and passing sockets between processes: Linux."""
    return sys.platform.startswith("linux") and hasattr(socket, "send_fds")


def prepare_table(path: Path, count: int) -> None:
    """Make the counters' file for ``count`` workers, all zero (the supervisor, at start)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(CELL.size * count * (count + 1)))


class ConnectionCounts:
    """The shared counters, as worker ``me`` of ``count`` sees and writes them."""

    def __init__(self, path: Path, count: int, me: int) -> None:
        self.count = count
        self.me = me
        size = CELL.size * count * (count + 1)
        with path.open("r+b") as file:
            self._map = mmap.mmap(file.fileno(), size)
        # Starting: nothing given to this worker before lives on (its process is new).
        self._set(self._ended_cell(me), self.given_to(me))

    def close(self) -> None:
        self._map.close()

    def _sent_cell(self, source: int, target: int) -> int:
        return (source * (self.count + 1) + target) * CELL.size

    def _ended_cell(self, worker: int) -> int:
        return (worker * (self.count + 1) + self.count) * CELL.size

    def _get(self, offset: int) -> int:
        value: int = CELL.unpack_from(self._map, offset)[0]
        return value

    def _set(self, offset: int, value: int) -> None:
        CELL.pack_into(self._map, offset, value)

    def given_to(self, worker: int) -> int:
        return sum(self._get(self._sent_cell(source, worker)) for source in range(self.count))

    def held_by(self, worker: int) -> int:
        """Connections ``worker`` holds now (never below zero while counters catch up)."""
        return max(0, self.given_to(worker) - self._get(self._ended_cell(worker)))

    def target_for_new(self) -> int:
        """The worker a connection accepted here should go to: this one, unless it holds
        ``MARGIN`` more than the least busy."""
        held = [self.held_by(worker) for worker in range(self.count)]
        least = min(range(self.count), key=lambda worker: (held[worker], worker != self.me))
        return least if held[self.me] - held[least] >= MARGIN else self.me

    def note_given(self, target: int) -> None:
        """A connection accepted here went to ``target`` (this worker: kept)."""
        cell = self._sent_cell(self.me, target)
        self._set(cell, self._get(cell) + 1)

    def note_ended(self) -> None:
        cell = self._ended_cell(self.me)
        self._set(cell, self._get(cell) + 1)


def handoff_address(group: str, worker: int) -> str:
    """The abstract Unix socket name of ``worker``'s hand-off socket."""
    return f"\0pawnshop-{group}-worker-{worker}"


class Balancer:
    """Worker ``balancing.worker``'s side: takes connections passed to it (each served by what
    was registered for its kind with ``serves``), and passes on those it should not keep."""

    def __init__(self, balancing: Balancing, log: logging.Logger) -> None:
        self.balancing = balancing
        self._log = log
        self._servers: dict[bytes, Callable[[socket.socket], None]] = {}
        #: Connections passed here before their kind was registered, in order of arrival.
        self._waiting: dict[bytes, list[socket.socket]] = {}
        self._closed = False
        self.counts = ConnectionCounts(balancing.table, balancing.count, balancing.worker)
        self._inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._inbox.bind(handoff_address(balancing.group, balancing.worker))
        self._inbox.setblocking(False)
        self._outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._outbox.setblocking(False)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._inbox.fileno(), self._receive)

    def serves(self, kind: bytes, serve: Callable[[socket.socket], None]) -> None:
        """Serve connections of ``kind`` (``SSH``, ``WEB``) with ``serve``, those accepted
        here and those passed here, from now on (and any passed here already)."""
        self._servers[kind] = serve
        for connection in self._waiting.pop(kind, []):
            serve(connection)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._loop.remove_reader(self._inbox.fileno())
        self._inbox.close()
        self._outbox.close()
        for waiting in self._waiting.values():
            for connection in waiting:
                connection.close()
        self._waiting.clear()
        self.counts.close()

    def accepted(self, connection: socket.socket, kind: bytes = SSH) -> None:
        """A connection of ``kind`` this worker accepted: served here, or passed to a less
        busy worker."""
        target = self.counts.target_for_new()
        if target != self.balancing.worker and self._pass(connection, target, kind):
            self.counts.note_given(target)
            connection.close()  # the other worker holds it now
            return
        self.counts.note_given(self.balancing.worker)
        self._serve(connection, kind)

    def ended(self) -> None:
        """A connection served here ended (of any kind; nothing once closed)."""
        if not self._closed:
            self.counts.note_ended()

    def _serve(self, connection: socket.socket, kind: bytes) -> None:
        serve = self._servers.get(kind)
        if serve is None:
            self._waiting.setdefault(kind, []).append(connection)
        else:
            serve(connection)

    def _pass(self, connection: socket.socket, target: int, kind: bytes) -> bool:
        address = handoff_address(self.balancing.group, target)
        try:
            # ``socket.send_fds`` would drop the address (Python 3.11); this is its message.
            rights = array.array("i", [connection.fileno()])
            self._outbox.sendmsg(
                [kind], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, rights)], 0, address
            )
        except OSError as error:  # that worker is gone, or restarting: keep it here
            self._log.info("could not pass a connection to worker %d: %s", target + 1, error)
            return False
        return True

    def _receive(self) -> None:
        while True:
            try:
                data, fds, _flags, _address = socket.recv_fds(self._inbox, 1, 4)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                self._log.warning("could not take a passed connection: %s", error)
                return
            for fd in fds:
                connection = socket.socket(fileno=fd)
                connection.setblocking(False)
                if data in (SSH, WEB):
                    self._serve(connection, data)
                else:  # nothing this version passes: refused rather than guessed at
                    self._log.warning("a connection was passed with no kind; closed")
                    self.counts.note_ended()
                    connection.close()
