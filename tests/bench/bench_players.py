"""The benchmarks' players: SSH clients that read a session's output as it arrives, pair up at
tables of Martian Chess through the lobby and type moves, one game at a time, all games at
the same instant (a burst) or all games at a player's pace.

Imported by ``bench_ssh.py`` and ``bench_mixed.py`` (whose browsers are players too, with a
WebSocket for a channel); not a benchmark itself.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Protocol

import asyncssh

#: Seconds a client waits for what it expects on its screen before the run gives up.
WAIT_LIMIT = 120.0
KEYS = "abcdefghijklmnopqrstuvwxyz"
LOBBY_READY = b"tables on this server"
TYPING = b"type a move in notation"
#: Moves that never capture and never end a Martian Chess game: each side shuffles a piece.
SHUFFLES = (("b1-a1", "a1-b1"), ("c8-d8", "d8-c8"))


class Keyboard(Protocol):
    """Where a player's keys go: an SSH channel, or a browser's WebSocket."""

    def write(self, data: bytes) -> None: ...


class BenchClient(asyncssh.SSHClientSession[bytes]):
    """A session's output as it arrives, and waits for what it should show."""

    def __init__(self) -> None:
        self.output = bytearray()
        self.changed = asyncio.Event()
        self.name = "?"
        self.closed = False

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.output += data
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        """The session ended: whatever is awaited on its screen will never come."""
        self.closed = True
        self.changed.set()

    async def wait_for(self, marker: bytes, start: int = 0) -> None:
        """Until ``marker`` arrives at or after ``start`` (any output, if it is empty)."""
        try:
            await asyncio.wait_for(self._arrival(marker, start), WAIT_LIMIT)
        except TimeoutError:
            raise RuntimeError(
                f"{self.name} waited {WAIT_LIMIT:.0f} s for {marker!r}; its screen shows:\n"
                f"{self.screen_text()}\nits last output: {bytes(self.output[-300:])!r}"
            ) from None

    def screen_text(self, size: tuple[int, int] = (100, 32)) -> str:
        """What a terminal of ``size`` shows after all the output so far, line by line (to
        tell, when a wait gives up, what the player saw)."""
        import pyte

        screen = pyte.Screen(*size)
        stream = pyte.ByteStream(screen)
        stream.feed(bytes(self.output))
        return "\n".join(line.rstrip() for line in screen.display)

    async def shows_within(self, marker: bytes, start: int, seconds: float) -> bool:
        """Whether ``marker`` arrives at or after ``start`` within ``seconds``."""
        try:
            await asyncio.wait_for(self._arrival(marker, start), seconds)
        except TimeoutError:
            return False
        return True

    async def _arrival(self, marker: bytes, start: int) -> None:
        # Only the output since ``start`` (less a marker's length, for one split in two) is
        # searched again on each arrival.
        searched = start
        while True:
            if not marker:
                if len(self.output) > start:
                    return
            elif self.output.find(marker, max(start, searched - len(marker))) >= 0:
                return
            if self.closed:
                raise RuntimeError(
                    f"{self.name}'s session closed while waiting for {marker!r}; its last "
                    f"output: {bytes(self.output[-300:])!r}"
                )
            searched = len(self.output)
            self.changed.clear()
            await self.changed.wait()


class Player:
    """An SSH session of a 100x32 terminal."""

    kind = "ssh"

    def __init__(self, port: int, index: int, ready: bytes, echo: bool) -> None:
        self.port = port
        self.name = f"bench{index}"
        self.ready = ready
        self.echo = echo
        self.connection: asyncssh.SSHClientConnection | None = None
        self.channel: Keyboard | None = None
        self.client: BenchClient | None = None
        self.keys_sent = 0

    async def connect(self) -> float:
        """Connect; the seconds from opening the connection to ``ready`` on the screen."""
        started = time.perf_counter()
        self.connection = await asyncssh.connect(
            "127.0.0.1",
            self.port,
            username=self.name,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
        )
        self.channel, self.client = await self.connection.create_session(
            BenchClient, term_type="xterm-256color", term_size=(100, 32), encoding=None
        )
        self.client.name = self.name
        await self.client.wait_for(self.ready)
        return time.perf_counter() - started

    async def press(self) -> float:
        assert self.channel is not None and self.client is not None
        if self.echo:
            key = KEYS[self.keys_sent % len(KEYS)]
            data, marker = key.encode(), f"key={key}".encode()
        else:
            data, marker = (b"\x1b[B", b"") if self.keys_sent % 2 == 0 else (b"\x1b[A", b"")
        self.keys_sent += 1
        start = len(self.client.output)
        started = time.perf_counter()
        self.channel.write(data)
        await self.client.wait_for(marker, start)
        return time.perf_counter() - started

    async def send_and_wait(self, data: bytes, marker: bytes) -> None:
        assert self.channel is not None and self.client is not None
        start = len(self.client.output)
        self.channel.write(data)
        await self.client.wait_for(marker, start)

    async def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            await self.connection.wait_closed()


def table_player(port: int, index: int) -> Player:
    """An SSH player who comes to the lobby of the tables."""
    return Player(port, index, LOBBY_READY, echo=False)


# -- tables ---------------------------------------------------------------------------------


async def open_tables(players: list[Player]) -> list[tuple[Player, Player]]:
    """Pair the players in order: the first of each pair opens a table, the second sits at
    it. The pairs, South first."""
    pairs = list(zip(players[::2], players[1::2], strict=True))
    for number, (south, north) in enumerate(pairs, 1):
        await south.send_and_wait(b"n", b"Open a table")
        await south.send_and_wait(b"\x0f", f"You play South at table {number}".encode())
        # The new table is the last row of the lobby: go down to it (pressing down again until
        # the lobby lists it and says so under the list), then sit. North has pressed nothing
        # before, so the line under the list has never named this table.
        assert north.client is not None and north.channel is not None
        start = 0
        north.channel.write(b"\x1b[B" * (number - 1))
        highlighted = f"Table {number}: ".encode()
        deadline = time.perf_counter() + WAIT_LIMIT
        while not await north.client.shows_within(highlighted, start, 0.25):
            if time.perf_counter() > deadline:
                raise RuntimeError(
                    f"{north.name}'s lobby never listed table {number}; its screen shows:\n"
                    f"{north.client.screen_text()}"
                )
            north.channel.write(b"\x1b[B")
        await north.send_and_wait(b"\r", f"You play North at table {number}".encode())
    return pairs


@dataclass(frozen=True)
class Played:
    """One move: who typed it, whose screen it reached, and how long that took."""

    mover: str
    opponent: str
    seconds: float


def shuffle(ply: int) -> str:
    """The move of ``ply`` (from 1): South and North each move a piece out and back."""
    side = (ply - 1) % 2
    return SHUFFLES[side][((ply - 1) // 2) % 2]


async def play_move(pair: tuple[Player, Player], ply: int) -> Played:
    """Type the move of ``ply``; the time from its Enter to the opponent's screen showing it
    in the log."""
    mover, opponent = pair if ply % 2 == 1 else pair[::-1]
    assert opponent.client is not None and mover.channel is not None
    move = shuffle(ply)
    await mover.send_and_wait(b":", TYPING)
    start = len(opponent.client.output)
    started = time.perf_counter()
    mover.channel.write(move.encode() + b"\r")
    await opponent.client.wait_for(f"{ply:>4}. {move}".encode(), start)
    return Played(mover.kind, opponent.kind, time.perf_counter() - started)


async def one_game_at_a_time(
    pairs: list[tuple[Player, Player]], first_ply: int, plies: int
) -> list[Played]:
    """Plies ``first_ply`` on of every game, one move in flight at a time."""
    return [
        await play_move(pair, ply) for ply in range(first_ply, first_ply + plies) for pair in pairs
    ]


async def burst(pairs: list[tuple[Player, Player]], first_ply: int, plies: int) -> list[Played]:
    """Plies ``first_ply`` on of every game, every game's move typed at the same instant
    (the next ply once all have arrived): the worst case, not how people play."""
    played: list[Played] = []
    for ply in range(first_ply, first_ply + plies):
        played += await asyncio.gather(*(play_move(pair, ply) for pair in pairs))
    return played


async def paced(
    pairs: list[tuple[Player, Player]], first_ply: int, plies: int, pace: float, seed: int = 1
) -> list[Played]:
    """Plies ``first_ply`` on of every game, all games in play at once at a player's pace:
    each game moves every ``pace`` seconds, from an offset drawn at random in the first
    ``pace`` seconds, so that moves arrive spread out as on a full server."""
    offsets = random.Random(seed)

    async def game(pair: tuple[Player, Player], offset: float) -> list[Played]:
        begun = time.perf_counter() + offset
        played = []
        for index in range(plies):
            await asyncio.sleep(max(0.0, begun + index * pace - time.perf_counter()))
            played.append(await play_move(pair, first_ply + index))
        return played

    games = await asyncio.gather(*(game(pair, offsets.uniform(0, pace)) for pair in pairs))
    return [move for moves in games for move in moves]
