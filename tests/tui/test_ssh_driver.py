"""The SSH driver on its own, between a recording channel and a recording app: what bytes
become which events, what it writes to the terminal, and how it holds floods back."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import pytest
from textual import constants, events
from textual.app import App
from textual.message import Message
from waiting import wait_for

import tui.ssh.driver as driver_module
from tui.ssh.driver import (
    MAX_BACKLOG,
    MAX_BUFFERED_OUTPUT,
    MAX_BURST,
    MAX_EVENTS_IN_FLIGHT,
    MAX_PASTE_CHARACTERS,
    SETTLE_TIMEOUT,
    SSHDriver,
)


class RecordingChannel:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False
        self.buffered = 0
        self.paused = False
        self.pauses = 0

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def pause_reading(self) -> None:
        self.paused = True
        self.pauses += 1

    def resume_reading(self) -> None:
        self.paused = False

    @property
    def output(self) -> str:
        return b"".join(self.written).decode()


class RecordingApp:
    """Stands in for the app: keeps what is posted; ``busy`` says it is still handling it."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.busy = False
        self.batch = 0
        self.prompts = 0
        #: How many times the driver asked whether the app had settled.
        self.settle_checks = 0
        #: For each event, whether repaints were held back when it was posted.
        self.held: list[bool] = []

    def post_message(self, message: Message) -> bool:
        self.messages.append(message)
        self.held.append(self.batch > 0)
        return True

    @contextmanager
    def batch_update(self) -> Iterator[None]:
        self.batch += 1
        try:
            yield
        finally:
            self.batch -= 1

    @property
    def screen(self) -> RecordingApp:
        return self

    def check_idle(self) -> None:
        """The screen is prompted to update (after repaints were held)."""
        self.prompts += 1

    def settled(self) -> bool:
        self.settle_checks += 1
        return not self.busy

    async def asked_again(self, times: int = 20) -> None:
        """Wait until the driver has asked ``times`` more times whether the app has settled:
        whatever it holds back until then, it holds back while the app is busy."""
        target = self.settle_checks + times
        await wait_for(lambda: self.settle_checks >= target, what=f"{times} more settle checks")

    def keys(self) -> list[str]:
        return [message.key for message in self.messages if isinstance(message, events.Key)]

    def take(self) -> list[Message]:
        messages, self.messages, self.held = self.messages, [], []
        return messages


Scenario = Callable[[SSHDriver, RecordingApp, RecordingChannel], Coroutine[Any, Any, None]]


def drive(scenario: Scenario, *, start: bool = True, size: tuple[int, int] = (80, 24)) -> None:
    """Run ``scenario`` with a driver built on a running loop (as the session builds it)."""

    async def main() -> None:
        app = RecordingApp()
        channel = RecordingChannel()
        driver = SSHDriver(cast(App[Any], app), channel=channel, size=size, settled=app.settled)
        if start:
            driver.start_application_mode()
            app.take()
        await scenario(driver, app, channel)

    asyncio.run(asyncio.wait_for(main(), 30))


def test_start_sets_the_terminal_up_and_holds_the_size_stop_restores_it() -> None:
    """The app's first ``Resize`` reads the size from the driver; the driver sends none of
    its own at the start (one more of the same size would lay every screen out again)."""

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.start_application_mode()
        assert len(channel.written) == 1
        assert channel.output == (
            "\x1b[?1049h"
            "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
            "\x1b[?25l\x1b[?1004h"
            + ("" if constants.DISABLE_KITTY_KEY else "\x1b[>25u")
            + "\x1b[?2026$p\x1b[?2004h\x1b[?7l"
        )
        assert app.take() == []
        assert driver.size == (90, 30)  # what ``App.size`` reads until its first Resize
        channel.written.clear()
        driver.stop_application_mode()
        assert channel.output == (
            "\x1b[0m\x1b[?2004l\x1b[?7h"
            "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
            + ("" if constants.DISABLE_KITTY_KEY else "\x1b[<u")
            + "\x1b[?1049l\x1b[?25h\x1b[?1004l"
        )

    drive(scenario, start=False, size=(90, 30))


def test_bytes_become_keys_across_chunks_and_bad_utf8_becomes_a_replacement() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.feed(b"a")
        driver.feed(b"\x1b[A")
        driver.feed(b"\xc3")
        driver.feed(b"\xa9\r")
        driver.feed(b"\xff")
        assert app.keys() == ["a", "up", "\u00e9", "enter", "replacement_character"]

    drive(scenario)


def test_a_sequence_split_within_the_escape_delay_is_one_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A long escape delay, so that however slowly this machine runs the rest of the sequence
    # arrives within it.
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 30.0)

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.feed(b"\x1b")
        for _ in range(10):
            await asyncio.sleep(0)
        assert app.keys() == []
        driver.feed(b"[B")
        assert app.keys() == ["down"]

    drive(scenario)


def test_a_lone_escape_arrives_once_the_escape_delay_has_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The delay is the behaviour under test: a short one, awaited with a deadline, and the
    # Esc must not come before it (a lower bound, which a busy machine cannot break).
    delay = 0.05
    monkeypatch.setattr(constants, "ESCAPE_DELAY", delay)

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        loop = asyncio.get_running_loop()
        fed = loop.time()
        driver.feed(b"\x1b")
        assert app.keys() == []
        await wait_for(lambda: app.keys() == ["escape"], what="the lone Esc")
        assert loop.time() - fed >= delay

    drive(scenario)


def test_sgr_mouse_reports_become_mouse_events_at_zero_based_cells() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.feed(b"\x1b[<0;7;2M\x1b[<0;7;2m\x1b[<64;3;4M")
        received = [(type(m).__name__, m.x, m.y) for m in app.take()]  # type: ignore[attr-defined]
        assert received == [("MouseDown", 6, 1), ("MouseUp", 6, 1), ("MouseScrollUp", 2, 3)]

    drive(scenario)


def test_a_bracketed_paste_arrives_whole_even_with_split_markers() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        for chunk in (b"\x1b[20", b"0~hel", b"lo\x1b[2", b"01~", b"x"):
            driver.feed(chunk)
        [paste, key] = app.take()
        assert isinstance(paste, events.Paste) and paste.text == "hello"
        assert isinstance(key, events.Key) and key.key == "x"

    drive(scenario)


def test_a_paste_up_to_the_limit_arrives_and_a_longer_one_is_dropped() -> None:
    def pasted(length: int) -> list[bytes]:
        body = b"p" * length
        chunks = [body[start : start + 32768] for start in range(0, length, 32768)]
        return [b"\x1b[200~", *chunks, b"\x1b[201~"]

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        for chunk in pasted(MAX_PASTE_CHARACTERS - 100):
            driver.feed(chunk)
        [paste] = app.take()
        assert isinstance(paste, events.Paste) and len(paste.text) == MAX_PASTE_CHARACTERS - 100
        for chunk in pasted(MAX_PASTE_CHARACTERS + 100_000):
            driver.feed(chunk)
        driver.feed(b"z")
        assert app.keys() == ["z"]
        assert not any(isinstance(message, events.Paste) for message in app.messages)

    drive(scenario)


def test_window_sizes_are_reported_and_kept_within_bounds() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        for width, height in ((100, 40), (0, 0), (5000, 9000), (1, 1)):
            driver.resize(width, height)
        sizes = [(m.size.width, m.size.height) for m in app.take()]  # type: ignore[attr-defined]
        assert sizes == [(100, 40), (80, 24), (1000, 400), (1, 1)]

    drive(scenario)


def test_input_before_the_app_is_ready_is_delivered_once_it_starts_at_the_latest_size() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.feed(b"ab")
        driver.resize(70, 20)
        assert app.messages == []
        assert driver.size == (70, 20)  # the app's first Resize will read it
        driver.start_application_mode()
        keys = app.take()
        assert [key.key for key in keys] == ["a", "b"]  # type: ignore[attr-defined]
        driver.resize(75, 21)  # once started, a window change is a Resize
        [resize] = app.take()
        assert isinstance(resize, events.Resize) and resize.size.width == 75

    drive(scenario, start=False)


def test_input_after_stop_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.01)

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.stop_application_mode()
        driver.feed(b"abc\x1b")
        assert app.messages == []
        # Nothing to wait for, since nothing may arrive: this sleep's timer is due after the
        # driver's escape timer would be, and the loop runs timers in the order they are due,
        # so any late delivery has happened by the time it returns.
        await asyncio.sleep(constants.ESCAPE_DELAY + 0.05)
        assert app.messages == []

    drive(scenario)


def test_writes_in_one_loop_turn_go_out_as_one_channel_write() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        channel.written.clear()
        driver.write("ab")
        driver.write("c\u00e9")
        assert channel.written == []
        await asyncio.sleep(0)  # exactly one loop turn: that turn is the behaviour under test
        assert channel.written == ["abc\u00e9".encode()]
        driver.write("d")
        driver.flush()
        assert channel.written[-1] == b"d"

    drive(scenario)


def test_a_client_that_stops_reading_is_dropped_and_written_to_no_more() -> None:
    overflows: list[str] = []

    async def main() -> None:
        app = RecordingApp()
        channel = RecordingChannel()
        driver = SSHDriver(
            cast(App[Any], app),
            channel=channel,
            size=(80, 24),
            on_output_overflow=lambda: overflows.append("overflow"),
        )
        driver.write("x")
        driver.flush()
        assert overflows == []
        channel.buffered = MAX_BUFFERED_OUTPUT + 1
        driver.write("y")
        driver.flush()
        driver.write("z")
        driver.flush()
        assert overflows == ["overflow"]
        assert channel.written == [b"x", b"y"]

    asyncio.run(main())


class FailingChannel(RecordingChannel):
    """A channel whose connection broke between the check and the write."""

    def write(self, data: bytes) -> None:
        raise BrokenPipeError("the connection broke")


def test_a_channel_that_fails_to_take_output_ends_that_output_and_nothing_else() -> None:
    failures: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        errors: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        driver = SSHDriver(
            cast(App[Any], RecordingApp()),
            channel=FailingChannel(),
            size=(80, 24),
            on_output_failure=lambda: failures.append("failed"),
        )
        driver.write("x")  # flushed by a callback on the loop, as the app's output is
        await wait_for(lambda: failures, what="the output failure")
        driver.write("y")  # written to no more
        driver.flush()
        assert failures == ["failed"]
        assert errors == []

    asyncio.run(main())


def test_an_error_while_handing_input_over_on_the_loop_ends_that_input_and_nothing_else() -> None:
    failures: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        errors: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        app = RecordingApp()
        answers = iter([False])

        def settled() -> bool:
            # Busy after the first key; then asking breaks, on the loop's next turn.
            answer = next(answers, None)
            if answer is None:
                raise RuntimeError("the app cannot say")
            return answer

        driver = SSHDriver(
            cast(App[Any], app),
            channel=RecordingChannel(),
            size=(80, 24),
            settled=settled,
            on_input_failure=lambda: failures.append("failed"),
        )
        driver.start_application_mode()
        app.take()
        driver.feed(b"ab")
        await wait_for(lambda: failures, what="the input failure")
        assert failures == ["failed"]
        assert errors == []
        assert app.keys() == ["a"]
        driver.feed(b"c")  # input is off for good
        assert app.keys() == ["a"]

    asyncio.run(main())


def test_nothing_is_written_to_a_closing_channel() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        channel.written.clear()
        channel.closing = True
        driver.write("lost")
        driver.flush()
        assert channel.written == []

    drive(scenario)


def test_each_event_waits_until_the_app_has_settled_after_the_one_before() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        app.busy = True
        driver.feed(b":e2")
        assert app.keys() == ["colon"]
        await app.asked_again()
        assert app.keys() == ["colon"]  # still busy: the rest waits
        driver.feed(b"-e4\r")
        app.busy = False
        typed = ["colon", "e", "2", "minus", "e", "4", "enter"]
        await wait_for(lambda: app.keys() == typed, what="the rest of the keys")

    drive(scenario)


def test_a_burst_is_drawn_once_at_its_end_and_a_lone_key_at_once() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        app.busy = True
        driver.feed(b"e2-e4\r")
        assert app.batch == 1  # repaints held from the first key of the burst
        app.busy = False
        await wait_for(lambda: len(app.keys()) == 6 and app.batch == 0, what="the whole burst")
        assert app.keys() == ["e", "2", "minus", "e", "4", "enter"]
        assert app.held == [True] * 6 and app.batch == 0 and app.prompts == 1
        driver.feed(b"x")
        assert app.keys()[-1] == "x" and app.held[-1] is False and app.batch == 0

    drive(scenario)


def test_an_app_that_never_settles_still_gets_its_input_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # How long the driver waits is the behaviour under test: a short wait, awaited with a
    # deadline, and the next key must not come before it (a lower bound).
    settle_timeout = 0.2
    assert settle_timeout < SETTLE_TIMEOUT
    monkeypatch.setattr(driver_module, "SETTLE_TIMEOUT", settle_timeout)

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        loop = asyncio.get_running_loop()
        app.busy = True
        fed = loop.time()
        driver.feed(b"ab")
        assert app.keys() == ["a"]
        await wait_for(lambda: app.keys() != ["a"], what="the key after the settle timeout")
        assert app.keys() == ["a", "b"]
        assert loop.time() - fed >= settle_timeout

    drive(scenario)


def test_a_flood_goes_over_in_batches_and_pauses_reading_until_the_app_catches_up() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        app.busy = True
        flood = MAX_BACKLOG + 1000
        driver.feed(b"x" * flood)
        assert app.keys() == ["x"] * MAX_EVENTS_IN_FLIGHT
        assert channel.paused and channel.pauses == 1
        assert app.batch == 0  # a flood is drawn as it goes
        await app.asked_again()
        assert len(app.keys()) == MAX_EVENTS_IN_FLIGHT  # the app is still busy
        app.busy = False
        await wait_for(lambda: not channel.paused, what="reading to resume")
        assert channel.pauses == 1
        await wait_for(lambda: len(app.keys()) == flood, what="the whole flood")
        assert app.keys() == ["x"] * flood

    drive(scenario)


def test_a_burst_just_under_the_flood_size_still_goes_one_event_at_a_time() -> None:
    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        app.busy = True
        driver.feed(b"y" * MAX_BURST)
        assert app.keys() == ["y"]
        app.busy = False
        await wait_for(lambda: len(app.keys()) == MAX_BURST, what="the whole burst")
        assert app.keys() == ["y"] * MAX_BURST

    drive(scenario)


def test_links_are_not_opened_and_files_are_not_delivered_on_the_server(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def opened(url: str, *args: object, **kwargs: object) -> bool:
        raise AssertionError(f"the server opened {url}")

    monkeypatch.setattr("webbrowser.open", opened)

    async def scenario(driver: SSHDriver, app: RecordingApp, channel: RecordingChannel) -> None:
        driver.open_url("https://example.org")
        binary = io.BytesIO(b"data")
        target = tmp_path / "delivered"
        driver.deliver_binary(binary, delivery_key="k", save_path=target, name="file")
        [failed] = app.take()
        assert isinstance(failed, events.DeliveryFailed) and failed.key == "k"
        assert binary.closed and not target.exists()

    drive(scenario)
