"""The chat rooms of a server process, one set per hall, kept in the hall's store of players
(``TableHall.players``): the PostgreSQL database of ``--database``, which every server sharing
it reads, else the SQLite store of the hall's data folder, which every process of the server
shares."""

from __future__ import annotations

import weakref

from tui.play.chat_rooms import ChatRooms
from tui.play.hall import TableHall

_ROOMS: weakref.WeakKeyDictionary[TableHall, ChatRooms] = weakref.WeakKeyDictionary()


def chat_rooms_of(hall: TableHall) -> ChatRooms:
    """The chat rooms shown by the sessions of ``hall``'s process."""
    rooms = _ROOMS.get(hall)
    if rooms is None:
        rooms = ChatRooms(hall.players, hall.log)
        _ROOMS[hall] = rooms
    return rooms
