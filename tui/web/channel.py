"""A browser's WebSocket made to look like the SSH channel a game session runs on.

A browser session is an SSH session in all but its transport: ``tui.ssh.session.GameSession``
runs it (admission by the server's session cap, the idle timeout, the log, the closing
sentences) with ``tui.ssh.driver.SSHDriver`` feeding keys in and writing the screen out. Both
only ever call the few methods of a channel defined here. What they write goes to the browser
as binary frames, in order, from one sender task; what is waiting to be sent counts as the
channel's write buffer, so a browser that stops reading is dropped as an SSH client would be.
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

#: What a browser's terminal is, to the session: xterm.js speaks xterm's sequences, in UTF-8
#: and with 24-bit colour.
BROWSER_TERM = "xterm-256color"
BROWSER_ENVIRONMENT: Mapping[str, str] = {"COLORTERM": "truecolor", "LANG": "C.UTF-8"}
#: A downloaded file's name is cut to this many characters.
MAX_FILE_NAME = 100
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
    """The channel of one browser session: ``write`` queues, a task sends; ``exit`` closes
    the WebSocket once everything written before it is sent."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self._socket = socket
        self._queue: deque[bytes | str] = deque()
        self._queued = 0
        self._closing = False
        self._wake = asyncio.Event()
        self.reading = asyncio.Event()
        self.reading.set()
        self._sender = asyncio.get_running_loop().create_task(self._send())

    # -- what the session and its driver call ---------------------------------------------

    def write(self, data: bytes) -> None:
        if self._closing or not data:
            return
        self._queue.append(data)
        self._queued += len(data)
        self._wake.set()

    def write_stderr(self, data: bytes) -> None:
        self.write(data)

    def download(self, name: str, data: bytes) -> bool:
        """Hand the browser the file ``data`` as ``name`` (made safe); whether it is sent
        (not when the channel is closing or the file is too large)."""
        if self._closing or len(data) > MAX_DOWNLOAD:
            return False
        encoded = base64.b64encode(data).decode("ascii")
        message = json.dumps(["download", safe_file_name(name), encoded])
        self._queue.append(message)
        self._queued += len(message)
        self._wake.set()
        return True

    def exit(self, status: int) -> None:
        self.close()

    def close(self) -> None:
        self._closing = True
        self._wake.set()

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

    # -- the sender -------------------------------------------------------------------------

    async def finished(self) -> None:
        """Wait until everything written is sent and the WebSocket is closed."""
        await self._sender

    def abandon(self) -> None:
        """The browser is gone: stop sending."""
        self._closing = True
        self._queue.clear()
        self._queued = 0
        self._wake.set()

    async def _send(self) -> None:
        socket = self._socket
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue and not socket.closed:
                    await self._send_queued(socket)
                if self._closing and not self._queue:
                    break
        except (ConnectionError, RuntimeError):
            self.abandon()
        finally:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.close()

    async def _send_queued(self, socket: web.WebSocketResponse) -> None:
        """Send what is queued: the screen's output up to the next file as one frame, or the
        file."""
        first = self._queue.popleft()
        if isinstance(first, str):
            self._queued -= len(first)
            await socket.send_str(first)
            return
        parts = [first]
        while self._queue:
            head = self._queue[0]
            if not isinstance(head, bytes):
                break
            parts.append(head)
            self._queue.popleft()
        self._queued -= sum(len(part) for part in parts)
        await socket.send_bytes(b"".join(parts))
