"""The chat rooms of a process: a line said here is told once to the room's listeners, a line
kept by another process is read from the store off the loop and told too, and the reading
thread ends when no panel listens. The rate limit counts a person's lines said through every
process of the server."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from waiting import wait_for

from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.chat import RATE_LINES, RATE_SECONDS, ChatLine, ChatRefused
from tui.play.chat_rooms import ChatRooms


def test_lines_here_and_elsewhere_are_told_once_and_the_thread_ends_unheard(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with SqlitePlayerStore(tmp_path) as store, SqlitePlayerStore(tmp_path) as elsewhere:
            rooms = ChatRooms(store, logging.getLogger("chat"), poll=0.01)
            heard: list[ChatLine] = []
            room = rooms.listen("3", heard.append)
            room.say("ann", "ann", "here")
            elsewhere.add_chat_line("3", "bo", "bo", "there", 2.0)
            elsewhere.add_chat_line("4", "bo", "bo", "another room", 2.0)
            await wait_for(lambda: len(heard) == 2, what="both lines")
            assert [line.text for line in heard] == ["here", "there"]
            assert [line.text for line in room.lines] == ["here", "there"]
            rooms.unlisten("3", heard.append)
            await wait_for(lambda: rooms._thread is None, what="the thread to end")
            rooms.stop()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_the_rate_limit_counts_lines_said_through_another_process(tmp_path: Path) -> None:
    """A person with a session on two workers cannot send twice the lines: what they said
    through one counts in the other once heard there, and in a process started afterwards."""
    clock = [1000.0]

    async def main() -> None:
        with SqlitePlayerStore(tmp_path) as one, SqlitePlayerStore(tmp_path) as other:
            first = ChatRooms(one, logging.getLogger("chat.first"), now=lambda: clock[0])
            second = ChatRooms(other, logging.getLogger("chat.second"), now=lambda: clock[0])
            second_heard: list[ChatLine] = []
            second.listen("lobby", second_heard.append)
            first.listen("lobby", lambda line: None)
            for number in range(RATE_LINES - 1):
                first.room("lobby").say("key:ann", "ann", f"line {number}")
            await wait_for(
                lambda: len(second_heard) == RATE_LINES - 1, what="ann's lines heard elsewhere"
            )
            lobby = second.room("lobby")
            lobby.say("key:ann", "ann", "the last one allowed")
            try:
                lobby.say("key:ann", "ann", "one too many")
            except ChatRefused as refused:
                assert str(refused) == (
                    f"You may send {RATE_LINES} lines in {RATE_SECONDS:g} seconds: "
                    f"wait {round(RATE_SECONDS + 0.5)} s before the next."
                )
            else:
                raise AssertionError("a line over the limit was taken")
            lobby.say("key:bo", "bo", "another person is not held back")
            first.stop()
            second.stop()
        # a process started now, reading the lobby from the store, holds ann back as well
        with SqlitePlayerStore(tmp_path) as later:
            rooms = ChatRooms(later, logging.getLogger("chat.later"), now=lambda: clock[0])
            try:
                rooms.room("lobby").say("key:ann", "ann", "after a restart")
            except ChatRefused:
                pass
            else:
                raise AssertionError("a restart forgot the limit")
            clock[0] += RATE_SECONDS
            rooms.room("lobby").say("key:ann", "ann", "once the time has passed")

    asyncio.run(asyncio.wait_for(main(), 30))
