"""The chat rooms of one server process, kept in the server's store and heard across its
processes.

Each room (the lobby, or a table by its number) is a ``tui.play.chat.ChatRoom`` whose lines are
kept in the store. A screen showing a room listens to it (``listen``) and is told of every line
said there, on the server's event loop: lines said in this process at once, lines said by
another process once a thread of its own has found them, off the loop. The thread waits on the
store for a newer line of any room (``SqlPlayerStore.wait_for_chat``: SQLite's
``data_version``, PostgreSQL's ``LISTEN``/``NOTIFY``), then reads the rooms shown here. A
line of this process is never told twice: the store's number of each line kept here is
remembered and skipped when it is read back.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from saves.store.sql_players import SqlPlayerStore, StoredChatLine
from tui.play.chat import KEPT_LINES, ChatLine, ChatRoom, TimeSource

#: The longest the thread waits on the store before looking whether any panel still listens.
POLL_SECONDS = 0.3

ChatListener = Callable[[ChatLine], None]


def _line(stored: StoredChatLine) -> ChatLine:
    return ChatLine(
        stored.speaker_key, stored.speaker, stored.text, stored.said_at, stored.spectator
    )


class ChatRooms:
    """Every room this process shows, each read once from ``store`` when first asked for."""

    def __init__(
        self,
        store: SqlPlayerStore,
        log: logging.Logger,
        *,
        now: TimeSource = time.time,
        poll: float = POLL_SECONDS,
    ) -> None:
        self.store = store
        self.log = log
        self._now = now
        self._poll = poll
        self._rooms: dict[str, ChatRoom] = {}
        self._cursors: dict[str, int] = {}
        self._own: set[int] = set()
        self._newest = 0
        self._listeners: dict[str, list[ChatListener]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def room(self, name: str) -> ChatRoom:
        """The room ``name``, with the lines the store keeps of it."""
        found = self._rooms.get(name)
        if found is not None:
            return found
        stored = self.store.chat_lines(name, limit=KEPT_LINES)

        def keep(line: ChatLine) -> None:
            # Under the lock: the thread cannot look at this line's number before it is noted.
            with self._lock:
                kept = self.store.add_chat_line(
                    name, line.speaker_key, line.speaker, line.text, line.at, line.spectator
                )
                self._own.add(kept.seq)
            self._loop_call(self._tell, name, line)

        room = ChatRoom(name, self._now, [_line(line) for line in stored], keep=keep)
        with self._lock:
            self._cursors[name] = stored[-1].seq if stored else 0
        self._rooms[name] = room
        return room

    def listen(self, name: str, listener: ChatListener) -> ChatRoom:
        """Tell ``listener`` (on the running event loop) of every new line of room ``name``."""
        self._loop = asyncio.get_running_loop()
        room = self.room(name)
        with self._lock:
            self._listeners.setdefault(name, []).append(listener)
        self._start()
        return room

    def unlisten(self, name: str, listener: ChatListener) -> None:
        with self._lock:
            listeners = self._listeners.get(name, [])
            if listener in listeners:
                listeners.remove(listener)

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None and self._thread.is_alive():
            self._thread.join()

    def _loop_call(self, call: Callable[[str, ChatLine], None], name: str, line: ChatLine) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(call, name, line)

    def _tell(self, name: str, line: ChatLine) -> None:
        with self._lock:
            listeners = list(self._listeners.get(name, []))
        for listener in listeners:
            try:
                listener(line)
            except Exception:
                self.log.exception("a chat panel failed on a line of room %s", name)
                self.unlisten(name, listener)

    def _heard(self, name: str, line: ChatLine) -> None:
        """A line said in another process: into the room (counted in its speaker's rate
        limit there), then to its listeners."""
        self._rooms[name].heard(line)
        self._tell(name, line)

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._follow, name="chat-feed", daemon=True)
                self._thread.start()

    def _follow(self) -> None:
        """Read the store until ``stop``, or until no panel listens (the next ``listen``
        starts the thread again)."""
        while not self._stopping.is_set():
            with self._lock:
                if not any(self._listeners.values()):
                    self._thread = None
                    return
            try:
                newest = self.store.wait_for_chat(self._newest, self._poll)
                if newest > self._newest and not self._stopping.is_set():
                    self.read_elsewhere()
                    self._newest = newest
            except Exception:
                self.log.exception("the chat lines of the store cannot be read")
                self._stopping.wait(self._poll)

    def read_elsewhere(self) -> None:
        """Read the lines said in the server's other processes since the last read (on the
        thread: the store's reads never run on the loop)."""
        with self._lock:
            cursors = dict(self._cursors)
        for name, cursor in cursors.items():
            for stored in self.store.chat_lines(name, after=cursor, limit=KEPT_LINES):
                with self._lock:
                    self._cursors[name] = max(self._cursors[name], stored.seq)
                    own = stored.seq in self._own
                    self._own.discard(stored.seq)
                if not own:
                    self._loop_call(self._heard, name, _line(stored))
