"""The chat rooms of a server process, one set per hall: in the hall's own store when that
store keeps players' lines too, else in the SQLite store of the hall's data folder (which
every process of the server shares)."""

from __future__ import annotations

import weakref

from saves.store.sql_players import SqlPlayerStore
from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.chat_rooms import ChatRooms
from tui.play.hall import TableHall

_ROOMS: weakref.WeakKeyDictionary[TableHall, ChatRooms] = weakref.WeakKeyDictionary()


def chat_rooms_of(hall: TableHall) -> ChatRooms:
    """The chat rooms shown by the sessions of ``hall``'s process."""
    rooms = _ROOMS.get(hall)
    if rooms is None:
        store = hall.store if isinstance(hall.store, SqlPlayerStore) else None
        rooms = ChatRooms(store or SqlitePlayerStore(hall.data_dir), hall.log)
        _ROOMS[hall] = rooms
    return rooms
