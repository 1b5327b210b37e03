"""The chat rooms of a process: a line said here is told once to the room's listeners, a line
kept by another process is read from the store off the loop and told too, and the reading
thread ends when no panel listens."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from waiting import wait_for

from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.chat import ChatLine
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
