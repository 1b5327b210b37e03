"""What a server keeps: the interface every store of tables offers, and the values it trades in.

A game server keeps its tables (each one game in play, with its moves and who holds each
seat), the finished games' archive entries, its players, leases (which process plays a
computer seat, which files a finished game) and who is present at which table, process by
process, in one store. Several server processes share one store, on one machine
(SQLite, ``saves.store.sqlite_tables``) or on several (PostgreSQL); whatever one process
writes, the others read, and the store alone decides which of two racing changes wins.

The values are plain frozen dataclasses of text and numbers: a table's game is its save text
(``saves.format``), read and written by the caller; the store never parses it. Every
operation is one transaction: it happens whole or not at all, whatever process is killed
when. A refused change raises one of the ``TableStoreError`` kinds below and changes
nothing.

``tests/saves/table_store_contract.py`` checks every promise made here; every store runs it.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

#: Where a table stands. ``open``: listed, seats taken and moves played; ``finished``: its game
#: is over and filed in the archive; ``set-aside``: kept, but no server may list or change it
#: (the reason says why); ``closed``: left before its game began. Only an open table changes.
TableStatus = Literal["open", "finished", "set-aside", "closed"]
TABLE_STATUSES: tuple[TableStatus, ...] = get_args(TableStatus)


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """Who holds a seat: a person (``identity``: their stable key, a key fingerprint or
    ``name:`` and their name; ``level`` ``None``) or a computer (``level``: ``easy``,
    ``normal``, ``hard``; ``identity`` empty). ``name`` is what the seat is shown as."""

    name: str
    identity: str = ""
    level: str | None = None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as the store has it now.

    ``game_text``: the game's save text, whole (variations, tags, comments); ``plies``: how
    many moves lead to the table's current position (the ply count a mover sees);
    ``seats``: one entry per seat, ``None`` for a free one; ``version``: goes up by one with
    every change of this table, whoever makes it (a table just opened has version 1);
    ``reason``: why a table was set aside (empty otherwise); ``clock_age``: how many seconds,
    by the store's clock, its running clock had run when the table was read (since the last
    move or takeback, or since the game began), ``None`` if not known (not part of the
    table's identity: two reads of one version are equal).
    """

    number: int
    game_id: str
    game_text: str
    plies: int
    seats: tuple[StoredSeat | None, ...]
    status: TableStatus
    version: int
    reason: str = ""
    clock_age: float | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ArchivedGame:
    """A finished table's entry in the archive: its number, game and final save text, when it
    finished (seconds since the epoch), and the name of its file among the server's saved
    games: ``None`` while it is not filed yet, ``""`` for a game filed before the name was
    kept."""

    number: int
    game_id: str
    game_text: str
    finished_at: float
    filed_as: str | None = None


@dataclass(frozen=True, slots=True)
class StoredPlayer:
    """A player the server knows: ``key`` is their stable identity (as ``StoredSeat``),
    ``name`` as last shown, ``key_fingerprint`` of their SSH key (``None`` without one),
    ``created``: when first seen, ``last_seen``: when last seen (seconds since the epoch)."""

    key: str
    name: str
    key_fingerprint: str | None
    created: float
    last_seen: float = 0.0


@dataclass(frozen=True, slots=True)
class Presence:
    """Sessions of one server process showing one table: ``holder`` names the process (as
    for leases), ``number`` the table, ``identity`` the person (as ``StoredSeat``), and
    ``sessions`` how many of that person's sessions in that process show it."""

    holder: str
    number: int
    identity: str
    sessions: int


class TableStoreError(Exception):
    """A change the store refused; nothing was changed. ``str()`` is one sentence."""


class NoSuchTable(TableStoreError):
    """The table number names no table in the store."""

    def __init__(self, number: int) -> None:
        super().__init__(f"There is no table {number}.")
        self.number = number


class StaleTable(TableStoreError):
    """The table changed since the caller last read it (another process moved, sat down,
    took back or finished first), or is no longer open. ``current`` is the table as it stands,
    for the caller to show instead of what it had."""

    def __init__(self, current: StoredTable, sentence: str = "") -> None:
        super().__init__(sentence or f"Table {current.number} changed before this reached it.")
        self.current = current


class MoveRaced(StaleTable):
    """A move came to a table whose ply count is no longer the one its mover saw: another
    move got there first. ``current`` is the table with that move."""


class TableNumberTaken(TableStoreError):
    """``open_table`` was asked for a number another table has already."""

    def __init__(self, number: int) -> None:
        super().__init__(f"Table {number} exists already.")
        self.number = number


class TableStoreDamaged(TableStoreError):
    """The store cannot serve at all (a damaged database); ``str()`` says so in one sentence
    and what became of it."""


class TableStore(Protocol):
    """Everything a game server keeps, shared by all its processes (see the module's
    docstring). Any method may raise ``TableStoreDamaged``; the table-changing ones raise
    ``NoSuchTable`` for an unknown number and ``StaleTable`` for a table that is not open.

    Every change to a table (opening, a move, a new game text, a seat taken or given up,
    finishing, setting aside, closing) raises its ``version`` by one and is reported by
    ``changes_since`` to every process, the one that made it included; so is a change of who
    is present at it (``show_presence``, ``clear_presence``) or of where its finished game was
    filed (``record_filed``), which leaves its version as it is.
    """

    #: One sentence for each thing the server's operator should hear about the store itself
    #: (a damaged database set aside), said once, in the order found.
    notices: builtins.list[str]

    # -- tables ---------------------------------------------------------------------------

    def open_table(
        self,
        game_id: str,
        game_text: str,
        moves: Sequence[str],
        seats: Sequence[StoredSeat | None],
        *,
        number: int | None = None,
    ) -> StoredTable:
        """A new open table, version 1, whose current position ``moves`` lead to (none for a
        game not begun; ``plies`` is their count). Its number is one more than the highest any
        table of the store ever had (never reused, unique across processes), or ``number`` if
        given (to bring back a table kept elsewhere): ``TableNumberTaken`` if that one
        exists."""
        ...

    def load(self, number: int) -> StoredTable | None:
        """The table ``number`` whatever its status, or ``None``."""
        ...

    def listed(self) -> builtins.list[StoredTable]:
        """Every open table, by number."""
        ...

    def moves(self, number: int) -> builtins.list[str]:
        """The moves leading to the table's current position, in order (``plies`` of them):
        the notations given to ``append_move`` and ``replace_game``."""
        ...

    def append_move(
        self,
        number: int,
        seen_plies: int,
        move: str,
        game_text: str,
        *,
        finishes: bool = False,
    ) -> StoredTable:
        """Play ``move`` (its notation) at the open table, now ``game_text``, if its ply count
        is still ``seen_plies``: then ``plies`` is one more and the move is the last of
        ``moves``. Otherwise ``MoveRaced`` with the table as it is: of two processes moving at
        the same ply exactly one wins. ``finishes``: the move ends the game, and the table is
        finished in the same transaction (as ``finish``)."""
        ...

    def replace_game(
        self, number: int, seen_version: int, game_text: str, moves: Sequence[str]
    ) -> StoredTable:
        """Put a new game text in place (a move taken back, a placement made at once), with
        ``moves`` leading to its position (``plies`` becomes their count), if the table's
        version is still ``seen_version``; otherwise ``StaleTable``."""
        ...

    def seat(self, number: int, seat: int, holder: StoredSeat) -> StoredTable:
        """Give the free ``seat`` (counted from 0) to ``holder``; ``StaleTable`` if someone holds
        it already or the seat does not exist, or if ``holder`` is a person who holds another
        seat of this table."""
        ...

    def unseat(self, number: int, seat: int, identity: str) -> StoredTable:
        """Free ``seat`` if the person ``identity`` holds it; ``StaleTable`` otherwise."""
        ...

    def finish(self, number: int, seen_version: int, game_text: str) -> StoredTable:
        """The game is over: file ``game_text`` as the table's ``ArchivedGame`` and make it
        ``finished``, if its version is still ``seen_version``; otherwise ``StaleTable``."""
        ...

    def set_aside(self, number: int, reason: str) -> StoredTable:
        """Make the table ``set-aside`` with ``reason`` (one sentence), whatever its version;
        its game text stays. A table already finished, set aside or closed is left as it is
        (and returned)."""
        ...

    def close_table(self, number: int, seen_version: int) -> StoredTable:
        """Make an open table ``closed`` (it leaves the list; its game text stays), if its
        version is still ``seen_version``; otherwise ``StaleTable``."""
        ...

    def archived(self, number: int) -> ArchivedGame | None:
        """The archive entry of a finished table, or ``None``."""
        ...

    def record_filed(self, number: int, filed_as: str) -> ArchivedGame:
        """Note that the finished table's game is filed among the saved games as ``filed_as``
        (a file name); ``NoSuchTable`` if it has no archive entry. Reported by
        ``changes_since`` as a change of the table (its version stays)."""
        ...

    def unfiled(self) -> builtins.list[ArchivedGame]:
        """The archive entries whose game is not filed yet (``filed_as`` ``None``), by
        number: those of a process that died between finishing a game and filing it. Who
        files one claims it first with a lease (``filing_key``), so that it is filed once."""
        ...

    def filed_names(self, numbers: Sequence[int] | None = None) -> builtins.list[tuple[int, str]]:
        """Each filed game's table number and file name, by number (the games earlier
        versions filed under names not kept left out): of the tables ``numbers``, or of
        all."""
        ...

    # -- the change feed -------------------------------------------------------------------

    def changes_since(self, cursor: int) -> tuple[int, builtins.list[int]]:
        """The numbers of the tables changed after ``cursor`` (each once, ascending), and the
        cursor to ask with next time. ``0`` is before every change; a cursor from another
        store, or one too old to answer exactly, is answered with every table ever changed
        since the store began keeping changes (never fewer than changed)."""
        ...

    def wait_for_change(self, cursor: int, timeout: float) -> bool:
        """Block up to ``timeout`` seconds until a change after ``cursor`` is there to read;
        whether one is. Cheap while nothing happens, and safe to call from a thread of its
        own while other threads use the store; ``close`` ends the wait at once."""
        ...

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, key: str, holder: str, seconds: float) -> bool:
        """Hold ``key`` for ``seconds`` from now if nobody else holds it, or its holder's time
        ran out (a holder that died stops renewing); whether ``holder`` holds it now. Taking a
        lease one holds already renews it."""
        ...

    def renew_lease(self, key: str, holder: str, seconds: float) -> bool:
        """Hold ``key`` ``seconds`` from now, only if ``holder`` still holds it (its time not
        run out); whether it does."""
        ...

    def release_lease(self, key: str, holder: str) -> None:
        """Give up ``key`` if ``holder`` holds it (anyone may take it at once)."""
        ...

    def lease_holder(self, key: str) -> str | None:
        """Who holds ``key`` now (its time not run out), or ``None``."""
        ...

    # -- presence ----------------------------------------------------------------------------

    def show_presence(
        self, holder: str, number: int, sessions: Mapping[str, int], seconds: float
    ) -> None:
        """The sessions of process ``holder`` showing table ``number`` are now ``sessions``
        (each person's identity and how many of their sessions), in place of what ``holder``
        said of that table before (nothing: none). Kept ``seconds`` from now unless renewed,
        so that the sessions of a process that dies stop counting as its leases do. Reported
        by ``changes_since`` as a change of the table (its version stays)."""
        ...

    def renew_presence(self, holder: str, seconds: float) -> None:
        """Keep everything ``holder`` said of its sessions ``seconds`` from now (no change is
        reported)."""
        ...

    def clear_presence(self, holder: str) -> None:
        """``holder`` shows no table any more (a process stopping cleanly); every table it
        showed is reported changed by ``changes_since``."""
        ...

    def presence(self) -> builtins.list[Presence]:
        """Every presence whose time has not run out, by table number, holder and identity."""
        ...

    # -- players -----------------------------------------------------------------------------

    def add_player(self, key: str, name: str, key_fingerprint: str | None) -> StoredPlayer:
        """Remember the player ``key`` (their name as now shown), seen now: one write. A
        player known already keeps their ``created`` and gets the new name and ``last_seen``."""
        ...

    def player(self, key: str) -> StoredPlayer | None: ...

    def close(self) -> None:
        """Let go of the store (a wait under way ends)."""
        ...


def filing_key(number: int) -> str:
    """The lease claiming the filing of table ``number``'s finished game."""
    return f"table:{number}:filing"
