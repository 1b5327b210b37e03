"""News from one session's app to another's, as the server's sessions share one loop: made and
posted in a fresh context (``post_across``), a message carries nothing of the app that sent it;
posted straight from inside the sender's handler, it carries the messages the sender holds back
at that moment, and the receiving app then holds them back too."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable

from textual import on
from textual.app import App, ComposeResult
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Input
from waiting import wait_for

from tui.net.crossing import post_across


class News(Message):
    """Something happened in another session."""


class Marker(Message):
    """Posted to the receiver's line after the news: it reaches the app by the way a change
    of the line does, so once it is in, any change the receiver was told of is in too."""


class Receiver(App[None]):
    """Shows news by filling in a line, and notes every change of the line."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[str] = []
        self.marked = False

    def compose(self) -> ComposeResult:
        yield Input(id="line")

    @on(News)
    def show_news(self) -> None:
        self.query_one(Input).value = "news"

    @on(Input.Changed)
    def note_change(self, event: Input.Changed) -> None:
        self.changes.append(event.value)

    @on(Marker)
    def note_marker(self) -> None:
        self.marked = True


class Sender(App[None]):
    """Tells the receiver while it holds back changes of lines (as Textual itself does when it
    sets a widget's value)."""

    def __init__(self, tell: Callable[[], None]) -> None:
        super().__init__()
        self.tell = tell

    def on_key(self) -> None:
        with self.prevent(Input.Changed):
            self.tell()


def changes_seen_by_the_receiver(send: Callable[[MessagePump], None]) -> list[str]:
    """Run both apps on one loop, each in its own context as the server runs sessions; a key
    in the sender tells the receiver's screen with ``send``; the changes the receiver saw."""
    receiver = Receiver()
    sender = Sender(lambda: send(receiver.screen))

    async def main() -> None:
        receiver_up = asyncio.Event()
        done = asyncio.Event()

        async def run_receiver() -> None:
            async with receiver.run_test():
                receiver_up.set()
                await done.wait()
                line = receiver.query_one(Input)
                await wait_for(lambda: line.value == "news", what="the news on the line")
                line.post_message(Marker())
                await wait_for(lambda: receiver.marked, what="the marker after the news")

        async def run_sender() -> None:
            async with sender.run_test() as pilot:
                await receiver_up.wait()
                await pilot.press("x")
                done.set()

        loop = asyncio.get_running_loop()
        tasks = [
            loop.create_task(run(), context=contextvars.Context())
            for run in (run_receiver, run_sender)
        ]
        await asyncio.wait_for(asyncio.gather(*tasks), 30)

    asyncio.run(main())
    return receiver.changes


def test_news_posted_across_reaches_the_other_app_with_nothing_held_back() -> None:
    assert changes_seen_by_the_receiver(lambda target: post_across(target, News)) == ["news"]


def test_news_posted_straight_from_the_senders_handler_would_lose_the_change() -> None:
    # The hazard post_across exists for: the receiver's line changes, but it never hears so.
    assert changes_seen_by_the_receiver(lambda target: target.post_message(News())) == []
