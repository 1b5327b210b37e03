"""A browser's WebSocket made to look like the SSH channel a game session runs on.

A browser session is an SSH session in all but its transport: ``tui.ssh.session.GameSession``
runs it (admission by the server's session cap, the idle timeout, the log, the closing
sentences) with ``tui.ssh.driver.SSHDriver`` feeding keys in and writing the screen out. Both
only ever call the few methods of a channel defined here. What they write goes to the browser
as binary frames, in order, each written to the connection when the driver flushes it, as an
SSH channel writes (``tui.web.eager``); what is waiting to be sent (behind a connection that
must drain) counts as the channel's write buffer, so a browser that stops reading is dropped
as an SSH client would be.
A file the session hands the player (``download``) goes the same way, in its place among the
screen's output, as a text frame ``["download", NAME, BASE64]`` that the page turns into a
download: nothing is written on the server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import unicodedata
from collections import deque
from collections.abc import Mapping

from aiohttp import web

from tui.web.eager import start_eagerly

#: What a browser's terminal is, to the session: xterm.js speaks xterm's sequences, in UTF-8
#: and with 24-bit colour.
BROWSER_TERM = "xterm-256color"
BROWSER_ENVIRONMENT: Mapping[str, str] = {"COLORTERM": "truecolor", "LANG": "C.UTF-8"}
#: A downloaded file's name is cut to this many characters.
MAX_FILE_NAME = 100
#: The longest frame of output: aiohttp compresses a longer one on a thread, which holds it
#: back until the loop is free again; a shorter one is compressed and written at once.
MAX_FRAME = 16 * 1024
#: The largest file handed to a browser at once (a saved game is a few kilobytes).
MAX_DOWNLOAD = 4 * 1024 * 1024
_UNSAFE = re.compile(r"[^\w.\- ]+")


def safe_file_name(name: str, suffix: str = ".pawn") -> str:
    """``name`` as a file name any system takes: letters, digits, ``.``, ``_``, ``-`` and
    spaces, no folder, no leading dot, cut short, ending in ``suffix``."""
    cleaned = _UNSAFE.sub("_", unicodedata.normalize("NFKC", name)).strip(" ._")
    if cleaned.lower().endswith(suffix):
        cleaned = cleaned[: -len(suffix)].rstrip(" ._")
    return (cleaned[: MAX_FILE_NAME - len(suffix)] or "game") + suffix


class WebSocketChannel:
    """The channel of one browser session: ``write`` sends at once, in order (what cannot go
    yet waits its turn); ``exit`` closes the WebSocket once everything written before it is
    sent."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self._socket = socket
        self._queue: deque[bytes | str] = deque()
        self._queued = 0
        self._closing = False
        #: A send that had to wait (for the transport to drain), finishing.
        self._sending: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self._closed = asyncio.Event()
        self.reading = asyncio.Event()
        self.reading.set()

    # -- what the session and its driver call ---------------------------------------------

    def write(self, data: bytes) -> None:
        if self._closing or not data:
            return
        for start in range(0, len(data), MAX_FRAME):
            self._enqueue(data[start : start + MAX_FRAME])
        self._send()

    def write_stderr(self, data: bytes) -> None:
        self.write(data)

    def download(self, name: str, data: bytes) -> bool:
        """Hand the browser the file ``data`` as ``name`` (made safe); whether it is sent
        (not when the channel is closing or the file is too large)."""
        if self._closing or len(data) > MAX_DOWNLOAD:
            return False
        encoded = base64.b64encode(data).decode("ascii")
        self._enqueue(json.dumps(["download", safe_file_name(name), encoded]))
        self._send()
        return True

    def exit(self, status: int) -> None:
        self.close()

    def close(self) -> None:
        self._closing = True
        self._send()

    def is_closing(self) -> bool:
        return self._closing or self._socket.closed

    def get_write_buffer_size(self) -> int:
        return self._queued

    def get_environment(self) -> Mapping[str, str]:
        return BROWSER_ENVIRONMENT

    def pause_reading(self) -> None:
        self.reading.clear()

    def resume_reading(self) -> None:
        self.reading.set()

    # -- sending ----------------------------------------------------------------------------

    async def finished(self) -> None:
        """Wait until everything written is sent and the WebSocket is closed (once
        ``close`` or ``exit`` was called)."""
        await self._closed.wait()

    def abandon(self) -> None:
        """The browser is gone: stop sending."""
        self._closing = True
        self._queue.clear()
        self._queued = 0
        self._send()

    def _enqueue(self, item: bytes | str) -> None:
        self._queue.append(item)
        self._queued += len(item)

    def _send(self) -> None:
        """Send what is queued, in order, each frame written to the connection now; when one
        must wait for the connection, the rest waits for it. Once closing and all is sent,
        close the WebSocket."""
        socket = self._socket
        try:
            while self._sending is None and self._queue and not socket.closed:
                item = self._queue.popleft()
                self._queued -= len(item)
                if isinstance(item, str):
                    waiting = start_eagerly(socket.send_str(item))
                else:
                    waiting = start_eagerly(socket.send_bytes(item))
                if waiting is not None:
                    self._sending = waiting
                    waiting.add_done_callback(self._sent)
        except (ConnectionError, RuntimeError):
            self.abandon()
            return
        drained = not self._queue or socket.closed
        if self._closing and drained and self._sending is None and self._closer is None:
            self._closer = asyncio.get_running_loop().create_task(self._close_socket())

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending = None
        if task.cancelled() or task.exception() is not None:
            self.abandon()
            return
        self._send()

    async def _close_socket(self) -> None:
        try:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self._socket.close()
        finally:
            self._closed.set()
