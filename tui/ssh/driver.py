"""A Textual driver whose terminal is an SSH channel.

Textual's own Linux driver reads the server's stdin, writes its stderr and installs signal
handlers for the whole process; none of that is right when dozens of apps share one server
process. This driver runs entirely on the event loop, with no threads: the session hands it
the bytes the client typed and the window sizes it reports; the driver parses the bytes with
Textual's xterm parser into key, mouse and paste events for its app, and sends the app's
output back down the channel.

The driver keeps references of its own to its app, loop and window size rather than use
``Driver``'s private attributes; the Textual internals it needs come from
``tui/textual_internals.py``.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
from collections import deque
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal, Protocol, TextIO

from textual import constants, events
from textual.app import ScreenStackError
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from tui.ssh.settled import app_is_settled
from tui.textual_internals import new_input_parser, parser_awaits_escape, set_driver_size

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App

DEFAULT_SIZE = (80, 24)
#: Larger windows are clamped: a client could otherwise claim 65535 x 65535 cells and make
#: the app allocate gigabytes.
MAX_COLUMNS = 1000
MAX_ROWS = 400

#: Output the client has not yet taken off our hands; past this the client is not reading
#: and the session is dropped rather than buffering without end.
MAX_BUFFERED_OUTPUT = 8 * 1024 * 1024
#: Characters of input parsed at a time.
INPUT_SLICE = 256
#: Input waiting (events parsed, plus characters not yet parsed) past which it is a flood, not
#: a burst of typing: events then go to the app in batches of ``MAX_EVENTS_IN_FLIGHT``, each
#: batch once the app has settled after the one before, instead of one at a time.
MAX_BURST = 64
MAX_EVENTS_IN_FLIGHT = 256
#: Input read but not yet parsed, past which reading from the channel pauses until the app
#: has worked through it (SSH flow control then holds the rest at the client).
MAX_BACKLOG = 4 * 1024
#: Longest wait for the app to settle after one input event before the next is handed over
#: anyway: an app that never settles gets its input late, never lost.
SETTLE_TIMEOUT = 2.0
#: Checks for the app to settle made on the loop's next turns, before checking on a timer.
_QUICK_SETTLE_CHECKS = 16
#: The timer's first and longest period, once the quick checks are spent.
_SETTLE_POLL_FIRST = 0.001
_SETTLE_POLL_LONGEST = 0.02
#: A bracketed paste longer than this is dropped whole, so that no client can make the server
#: hold (and parse) an unbounded paste.
MAX_PASTE_CHARACTERS = 256 * 1024

#: Input that arrives before the app is ready is kept up to this many bytes.
MAX_EARLY_INPUT = 64 * 1024

#: The markers around a bracketed paste (xterm's, which Textual's parser understands).
BRACKETED_PASTE_START = "\x1b[200~"
BRACKETED_PASTE_END = "\x1b[201~"

#: Characters kept from the end of each input chunk to find paste markers split in two.
_MARKER_TAIL = len(BRACKETED_PASTE_START) - 1

#: Extra wait after the escape delay before asking the parser whether a lone Esc has timed out.
_TICK_MARGIN = 0.005

# https://sw.kovidgoyal.net/kitty/keyboard-protocol/ : disambiguate escape codes, report all
# keys as escape codes, report associated text; the same flags Textual's Linux driver asks for.
_KITTY_KEYBOARD_FLAGS = 0b00001 | 0b01000 | 0b10000

_ENABLE_MOUSE = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
_DISABLE_MOUSE = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
_ENTER_ALT_SCREEN = "\x1b[?1049h"
_LEAVE_ALT_SCREEN = "\x1b[?1049l"
_HIDE_CURSOR = "\x1b[?25l"
_SHOW_CURSOR = "\x1b[?25h"
_ENABLE_FOCUS_EVENTS = "\x1b[?1004h"
_DISABLE_FOCUS_EVENTS = "\x1b[?1004l"
_PUSH_KITTY_KEYBOARD = f"\x1b[>{_KITTY_KEYBOARD_FLAGS}u"
_POP_KITTY_KEYBOARD = "\x1b[<u"
_QUERY_SYNCHRONIZED_OUTPUT = "\x1b[?2026$p"
_ENABLE_BRACKETED_PASTE = "\x1b[?2004h"
_DISABLE_BRACKETED_PASTE = "\x1b[?2004l"
_DISABLE_LINE_WRAP = "\x1b[?7l"
_ENABLE_LINE_WRAP = "\x1b[?7h"
_RESET_ATTRIBUTES = "\x1b[0m"


class TerminalChannel(Protocol):
    """The part of an SSH server channel the driver uses (``asyncssh.SSHServerChannel``)."""

    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...

    def get_write_buffer_size(self) -> int: ...

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A usable window size from what the client reported (0 means unknown)."""
    width = width or DEFAULT_SIZE[0]
    height = height or DEFAULT_SIZE[1]
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))


class SSHDriver(Driver):
    """Drives one app over one SSH channel, on the server's event loop."""

    def __init__(
        self,
        app: App[Any],
        *,
        channel: TerminalChannel,
        size: tuple[int, int],
        mouse: bool = True,
        on_output_overflow: Callable[[], None] | None = None,
        on_output_failure: Callable[[], None] | None = None,
        on_input_failure: Callable[[], None] | None = None,
        log: logging.Logger | None = None,
        settled: Callable[[], bool] | None = None,
    ) -> None:
        window = clamp_size(*size)
        super().__init__(app, debug=False, mouse=mouse, size=window)
        self._session_app = app
        self._event_loop = asyncio.get_running_loop()
        self._window = window
        self._mouse_reporting = mouse
        self._channel = channel
        self._on_output_overflow = on_output_overflow
        self._on_output_failure = on_output_failure
        self._on_input_failure = on_input_failure
        self._parser = new_input_parser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._output: list[str] = []
        self._flush_scheduled = False
        self._closed = False
        self._started = False
        self._input_enabled = False
        self._early_input: list[bytes] = []
        self._tick_handle: asyncio.TimerHandle | None = None
        self._backlog = ""
        self._ready: deque[Message] = deque()
        self._settled = settled or partial(app_is_settled, app)
        self._waiting_for_app = False
        self._flooding = False
        self._handed_over = 0
        self._held_repaints: ExitStack | None = None
        self._settle_checks = 0
        self._settle_deadline = 0.0
        self._settle_handle: asyncio.Handle | None = None
        self._reading_paused = False
        self._paste_length: int | None = None
        self._dropping_paste = False
        self._marker_tail = ""
        self._log = log

    @property
    def size(self) -> tuple[int, int]:
        """The current window size (columns, rows)."""
        return self._window

    # -- output ------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Queue output; it is sent on ``flush`` or, at the latest, on the next loop turn."""
        if self._closed or not data:
            return
        self._output.append(data)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self._event_loop.call_soon(self.flush)

    def flush(self) -> None:
        """Send what was queued. A channel that fails to take it ends this session's output
        (``on_output_failure``, called in the except clause); the error goes no further,
        since ``flush`` also runs as a loop callback shared by every session."""
        self._flush_scheduled = False
        if not self._output:
            return
        data = "".join(self._output)
        self._output.clear()
        if self._closed or self._channel.is_closing():
            return
        try:
            self._channel.write(data.encode("utf-8", errors="replace"))
        except Exception:
            self._closed = True
            if self._on_output_failure is None:
                raise
            self._on_output_failure()
            return
        if self._channel.get_write_buffer_size() > MAX_BUFFERED_OUTPUT:
            self._closed = True
            if self._on_output_overflow is not None:
                self._on_output_overflow()

    # -- Textual's application mode ----------------------------------------------------------

    def start_application_mode(self) -> None:
        """Switch the client's terminal to full-screen mode and start delivering input."""
        write = self.write
        write(_ENTER_ALT_SCREEN)
        if self._mouse_reporting:
            write(_ENABLE_MOUSE)
        write(_HIDE_CURSOR)
        write(_ENABLE_FOCUS_EVENTS)
        if not constants.DISABLE_KITTY_KEY:
            write(_PUSH_KITTY_KEYBOARD)
        write(_QUERY_SYNCHRONIZED_OUTPUT)
        write(_ENABLE_BRACKETED_PASTE)
        write(_DISABLE_LINE_WRAP)
        self.flush()
        # No Resize here: the app's first one reads the window's size from this driver
        # (``set_driver_size``), and a second of the same size would have Textual lay out
        # every screen again at its first idle moment.
        self._started = self._input_enabled = True
        early_input, self._early_input = self._early_input, []
        for data in early_input:
            self.feed(data)

    def disable_input(self) -> None:
        self._input_enabled = False
        self._early_input.clear()
        self._backlog = ""
        self._ready.clear()
        self._waiting_for_app = self._flooding = False
        self._handed_over = 0
        self._release_repaints()
        for handle in (self._tick_handle, self._settle_handle):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._settle_handle = None
        if self._reading_paused:
            self._resume_reading()

    def stop_application_mode(self) -> None:
        """Give the client's terminal back as it was: main screen, cursor, no mouse reporting."""
        self.disable_input()
        write = self.write
        write(_RESET_ATTRIBUTES)
        write(_DISABLE_BRACKETED_PASTE)
        write(_ENABLE_LINE_WRAP)
        if self._mouse_reporting:
            write(_DISABLE_MOUSE)
        if not constants.DISABLE_KITTY_KEY:
            write(_POP_KITTY_KEYBOARD)
        write(_LEAVE_ALT_SCREEN)
        write(_SHOW_CURSOR)
        write(_DISABLE_FOCUS_EVENTS)
        self.flush()

    def close(self) -> None:
        self.flush()
        self._closed = True

    def send_message(self, message: Message) -> None:
        # Already on the app's loop: post directly, which also keeps the events in order.
        self._session_app.post_message(message)

    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Opening a browser would open it on the server, so links are not followed."""

    def deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        delivery_key: str,
        save_path: Path,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> None:
        """Files would land on the server's disk, not the player's: refuse every delivery."""
        binary.close()
        self._session_app.post_message(
            events.DeliveryFailed(
                key=delivery_key,
                exception=OSError("files cannot be delivered over SSH"),
                name=name,
            )
        )

    # -- what the session hands over ---------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes the client sent: turn them into events for the app."""
        if not self._input_enabled:
            if not self._started and sum(map(len, self._early_input)) < MAX_EARLY_INPUT:
                self._early_input.append(data)
            return
        self._backlog += self._decode(data)
        self._hand_over_input()
        self._schedule_tick()

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        self._window = clamp_size(width, height)
        set_driver_size(self, self._window)
        if self._input_enabled:
            self._send_size()

    # -- internals ---------------------------------------------------------------------------

    def _send_size(self) -> None:
        size = Size(*self.size)
        self.send_message(events.Resize(size, size))

    def _parse(self, text: str) -> None:
        text = self._guard_paste(text)
        if text:
            self._ready.extend(self._parser.feed(text))

    def _guard_paste(self, text: str) -> str:
        """Watch the input for bracketed pastes; drop one whole once it grows too long.

        Returns the text to give the parser. The last few characters of each chunk are kept
        so that a paste marker split across two chunks is still seen.
        """
        window = self._marker_tail + text
        self._marker_tail = window[-_MARKER_TAIL:]
        if self._dropping_paste:
            end = window.find(BRACKETED_PASTE_END)
            if end < 0:
                return ""
            self._dropping_paste = False
            text = window = window[end + len(BRACKETED_PASTE_END) :]
            self._marker_tail = window[-_MARKER_TAIL:]
        start = window.rfind(BRACKETED_PASTE_START)
        end = window.rfind(BRACKETED_PASTE_END)
        if start > end:
            self._paste_length = len(window) - start
        elif end >= 0:
            self._paste_length = None
        elif self._paste_length is not None:
            self._paste_length += len(text)
        if self._paste_length is not None and self._paste_length > MAX_PASTE_CHARACTERS:
            # The parser holds the paste so far: replace it, and skip input to the paste's end.
            self._parser = new_input_parser()
            self._paste_length = None
            self._dropping_paste = True
            self._marker_tail = ""
            if self._log is not None:
                self._log.warning("dropped a paste of over %d characters", MAX_PASTE_CHARACTERS)
            return ""
        return text

    def _schedule_tick(self) -> None:
        """Make sure a lone Esc is delivered once the escape delay has passed with no more input."""
        if self._tick_handle is not None:
            self._tick_handle.cancel()
        self._tick_handle = self._event_loop.call_later(
            constants.ESCAPE_DELAY + _TICK_MARGIN, self._guarded, self._tick
        )

    def _guarded(self, step: Callable[[], None]) -> None:
        """Run ``step`` as a loop callback: if it raises, this driver takes no more input and
        ``on_input_failure`` (called in the except clause) ends its session; the error goes no
        further."""
        try:
            step()
        except Exception:
            if self._on_input_failure is None:
                raise
            self.disable_input()
            self._on_input_failure()

    def _tick(self) -> None:
        self._tick_handle = None
        if not self._input_enabled:
            return
        if self._backlog or self._ready:
            # The rest of a sequence may still wait in the backlog: it is not a lone Esc yet.
            self._schedule_tick()
            return
        self._ready.extend(self._parser.tick())
        self._hand_over_input()
        if parser_awaits_escape(self._parser):
            self._schedule_tick()

    def _hand_over_input(self) -> None:
        """Give the app the next input event, then each further one once it has settled.

        A burst of typing goes one event at a time, so that each key reaches whatever the keys
        before it gave the focus to, and the screen is drawn once at the end of the burst, not
        after each key; a flood goes in batches, drawn as it goes. Events are parsed a slice of
        input at a time, as they are needed. Past ``MAX_BACKLOG`` unparsed characters reading
        from the channel pauses (SSH flow control holds the rest at the client).
        """
        while not self._waiting_for_app:
            if not self._ready:
                if not self._backlog:
                    self._flooding = False
                    self._release_repaints()
                    break
                text = self._backlog[:INPUT_SLICE]
                self._backlog = self._backlog[INPUT_SLICE:]
                self._parse(text)
                continue
            waiting = len(self._ready) + len(self._backlog)
            if waiting > MAX_BURST:
                self._flooding = True
                self._release_repaints()
            elif waiting > 1 and not self._flooding:
                self._hold_repaints()
            self.process_message(self._ready.popleft())
            self._handed_over += 1
            if self._flooding and self._handed_over < MAX_EVENTS_IN_FLIGHT:
                continue
            self._handed_over = 0
            if not self._settled():
                self._wait_for_app()
        if len(self._backlog) > MAX_BACKLOG:
            if not self._reading_paused:
                self._reading_paused = True
                self._channel.pause_reading()
        elif self._reading_paused:
            self._resume_reading()

    def _hold_repaints(self) -> None:
        if self._held_repaints is None:
            self._held_repaints = ExitStack()
            self._held_repaints.enter_context(self._session_app.batch_update())

    def _release_repaints(self) -> None:
        if self._held_repaints is not None:
            held, self._held_repaints = self._held_repaints, None
            held.close()
            # A screen whose update came due while repaints were held tries again at its next
            # idle moment, which only its next message brings: bring one now. (Should repaints
            # still be held elsewhere, the screen finds that out and waits, as it would anyway.)
            with contextlib.suppress(ScreenStackError):
                self._session_app.screen.check_idle()

    def _wait_for_app(self) -> None:
        self._waiting_for_app = True
        self._settle_checks = 0
        self._settle_deadline = self._event_loop.time() + SETTLE_TIMEOUT
        self._settle_handle = self._event_loop.call_soon(self._guarded, self._check_settled)

    def _check_settled(self) -> None:
        """Hand over the next input once the app has settled (or waited too long for it)."""
        self._settle_handle = None
        if not self._input_enabled:
            return
        if not self._settled() and self._event_loop.time() < self._settle_deadline:
            self._settle_checks += 1
            quick = self._settle_checks < _QUICK_SETTLE_CHECKS
            if quick:
                self._settle_handle = self._event_loop.call_soon(self._guarded, self._check_settled)
            else:
                doublings = min(self._settle_checks - _QUICK_SETTLE_CHECKS, 8)
                delay = min(_SETTLE_POLL_FIRST * 2**doublings, _SETTLE_POLL_LONGEST)
                self._settle_handle = self._event_loop.call_later(
                    delay, self._guarded, self._check_settled
                )
            return
        self._waiting_for_app = False
        self._hand_over_input()

    def _resume_reading(self) -> None:
        if self._reading_paused:
            self._reading_paused = False
            if not self._channel.is_closing():
                self._channel.resume_reading()
