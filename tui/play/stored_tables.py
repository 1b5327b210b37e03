"""Tables as the server's store keeps them (``saves.store.tables``) and as the hall holds them.

A ``Table`` in memory is a cache of a ``StoredTable``: its game is the stored save text read
back (``saves.format``), its seat holders the stored seats. What is read from the store is no
more trusted than a file or a login: a person's name is cleaned as a login's would be, and a
text that does not read back is a problem the hall sets the table aside for.

Table files of earlier versions (``tui.play.table_files``) are brought into the store once,
when the server starts (``import_table_files``): each file read is moved into
``tables/imported/``, never deleted, and one that cannot be read is set aside as before.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from core.record import GameRecord
from core.registry import find_game
from saves.autosave import file_finished_game
from saves.format import dumps, loads
from saves.header import GameLookup
from saves.names import unique_path
from saves.store.tables import StoredSeat, StoredTable, TableNumberTaken, TableStore
from saves.writer import stamp
from tui.play.describe import seat_label, turn_text
from tui.play.identity import display_name
from tui.play.table import SeatHolder, Table, move_news, same_request
from tui.play.table_files import (
    SET_ASIDE_FOLDER,
    restore_tables,
    set_aside,
    tables_dir,
    write_tags,
)
from tui.play.takeback import Takeback

#: Where table files go once their tables are in the store, inside the tables folder.
IMPORTED_FOLDER = "imported"
#: The tag that keeps a takeback asked for with the game, for every process to see:
#: ``<seat> <ply of the position asked back to> <seats still to agree, by commas>``.
TAKEBACK_TAG = "TakebackAsked"


def stored_seat(holder: SeatHolder | None) -> StoredSeat | None:
    if holder is None:
        return None
    return StoredSeat(holder.name, holder.identity, holder.level)


def stored_seats(table: Table) -> tuple[StoredSeat | None, ...]:
    return tuple(stored_seat(holder) for holder in table.holders)


def holder_of(seat: StoredSeat | None, seat_name: str) -> SeatHolder | None:
    """The holder a stored seat names; a person's name cleaned as a login's is."""
    if seat is None:
        return None
    if seat.level is not None:
        return SeatHolder.computer(seat.level, seat_name)
    return SeatHolder(display_name(seat.name) or seat_name, seat.identity)


def game_text(table: Table) -> str:
    """The table's game as the store keeps it: its save text, with the table's number, its
    seat holders (as a table file had them) and the takeback asked for in its tags."""
    write_tags(table)
    tags = table.record.tags
    tags.pop(TAKEBACK_TAG, None)
    asked = takeback_text(table.takeback)
    if asked:
        tags[TAKEBACK_TAG] = asked
    stamp(table.record)
    return dumps(table.record)


def takeback_text(request: Takeback | None) -> str:
    """A takeback asked for as ``TAKEBACK_TAG`` says it ("" for none)."""
    if request is None:
        return ""
    waiting = ",".join(str(seat) for seat in sorted(request.waiting))
    return f"{request.seat} {request.target.ply} {waiting}"


def takeback_in(record: GameRecord) -> Takeback | None:
    """The takeback the stored game's tags say is asked for, on its nodes (``None`` for none,
    or for a tag that does not fit the game)."""
    words = record.tags.get(TAKEBACK_TAG, "").split(" ")
    line = record.line()
    try:
        seat, ply = int(words[0]), int(words[1])
        waiting = {int(word) for word in words[2].split(",") if word}
    except (ValueError, IndexError):
        return None
    seats = range(len(record.seat_names))
    if seat not in seats or not waiting <= set(seats) or not 0 <= ply < len(line):
        return None
    target = line[ply - 1] if ply else record.root
    return Takeback(seat, target, line[ply].notation, waiting)


def line_moves(record: GameRecord) -> list[str]:
    """The notations of the moves leading to the record's current position."""
    return [node.notation for node in record.line()]


def stored_record(stored: StoredTable, games: GameLookup = find_game) -> GameRecord:
    """The stored table's game read back; ``SaveError`` (or another ``ValueError``) if it does
    not read, or is not the game the table says."""
    record = loads(stored.game_text, name=f"table {stored.number}", games=games)
    if record.game.id != stored.game_id:
        raise ValueError(f"table {stored.number} is {stored.game_id}, its game {record.game.id}")
    if record.current.ply != stored.plies:
        raise ValueError(f"table {stored.number} has {stored.plies} moves, its game another count")
    return record


#: A table as read from the store: with its game read back, or ``None`` and why not.
Read = tuple[StoredTable, GameRecord | None, str | None]


def read_stored(stored: StoredTable, games: GameLookup = find_game) -> Read:
    """The stored table with its game read back (``None`` and why, if it does not read);
    only open and finished tables are read, the others come with neither."""
    if stored.status not in ("open", "finished"):
        return stored, None, None
    try:
        return stored, stored_record(stored, games), None
    except Exception as error:  # a text from the store is no more trusted than a file
        return stored, None, str(error) if isinstance(error, ValueError) else repr(error)


def stored_holders(stored: StoredTable, record: GameRecord) -> list[SeatHolder | None]:
    names = record.seat_names
    if len(stored.seats) != len(names):
        raise ValueError(f"table {stored.number} has {len(stored.seats)} seats, its game not")
    return [holder_of(seat, name) for seat, name in zip(stored.seats, names, strict=True)]


def note_clock(table: Table, stored: StoredTable) -> None:
    """When ``table``'s running clock started, as the store says (``StoredTable.clock_age``,
    by the store's clock), in the table's own time: for the clocks made from the stored game,
    so every process runs them from the same moment. Only for a game under way (every seat
    taken); ``None`` otherwise, the clocks then starting when they are made."""
    age = stored.clock_age
    under_way = age is not None and all(seat is not None for seat in stored.seats)
    table.clock_since = table.time() - age if under_way and age is not None else None


def stored_table(stored: StoredTable, games: GameLookup = find_game) -> Table:
    """A table in memory for the stored one (``ValueError`` if it cannot be made)."""
    record = stored_record(stored, games)
    return Table(stored.number, record, stored_holders(stored, record))


def keep_aside(data_dir: Path, stored: StoredTable, log: logging.Logger) -> None:
    """Write the game of a table set aside in the store into ``tables/set-aside/``, for
    whoever looks after the server, with one log line saying why."""
    folder = tables_dir(data_dir) / SET_ASIDE_FOLDER
    reason = " ".join(stored.reason.split())
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = unique_path(folder, f"table-{stored.number}")
        path.write_text(stored.game_text, encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        log.error(
            "table %d set aside (its game could not be written: %s): %s",
            stored.number,
            error,
            reason,
        )
        return
    log.error(
        "table %d set aside, its game kept as '%s' in %s/%s: %s",
        stored.number,
        path.name,
        tables_dir(data_dir).name,
        folder.name,
        reason,
    )


def import_table_files(
    data_dir: Path, store: TableStore, log: logging.Logger, games: GameLookup = find_game
) -> int:
    """Bring the tables kept as files in ``data_dir`` into ``store``, each once: a file brought
    in is moved to ``tables/imported/``, one that cannot be read (or whose number the store
    has already) to ``tables/set-aside/``; a finished one is filed among the saved games.
    How many tables were brought in."""
    brought = 0
    for table, path in restore_tables(data_dir, log, games):
        seats = stored_seats(table)
        text = game_text(table)
        try:
            kept = store.open_table(
                table.record.game.id, text, line_moves(table.record), seats, number=table.number
            )
        except TableNumberTaken as taken:
            kept_already = store.load(table.number)
            if kept_already is not None and kept_already.game_text == text:
                _move_in(path, log)  # brought in by another process starting at once
            else:
                set_aside(path, str(taken), log)
            continue
        if table.finished:
            store.finish(kept.number, kept.version, text)
            filed = file_finished_game(table.record, data_dir, games=games)
            store.record_filed(kept.number, filed.name)
            log.info("table %d finished, filed as %s", table.number, filed)
        _move_in(path, log)
        brought += 1
    if brought:
        log.info("%d table files brought into the store", brought)
    return brought


def _move_in(path: Path, log: logging.Logger) -> None:
    folder = path.parent / IMPORTED_FOLDER
    try:
        folder.mkdir(exist_ok=True)
        os.rename(path, unique_path(folder, path.stem))
    except FileNotFoundError:
        return  # moved by another process bringing it in at the same moment
    except OSError as error:
        log.error("table file %r is in the store but could not be moved: %s", path.name, error)


def news_of(
    old: list[str],
    old_holders: list[SeatHolder | None],
    old_asked: Takeback | None,
    record: GameRecord,
    holders: list[SeatHolder | None],
    asked: Takeback | None,
) -> str:
    """What changed from a table whose moves were ``old``, holders ``old_holders`` and
    takeback ``old_asked`` to the table as stored (``record``, ``holders``, ``asked``), in the
    words the table would have used had the change been made here."""
    new = line_moves(record)
    if len(new) == len(old) + 1 and new[: len(old)] == old:
        node = record.current
        assert node.parent is not None
        return move_news(record, record.game.to_move(node.parent.state), node)
    if len(new) < len(old) and old[: len(new)] == new:
        return f"{old[len(new)]} is taken back; {turn_text(record)}"
    if new != old:
        return turn_text(record)
    for seat, (before, after) in enumerate(zip(old_holders, holders, strict=True)):
        if before is None and after is not None:
            news = f"{after.name} sat down as {record.seat_names[seat]}"
            if all(holder is not None for holder in holders):
                news += f"; the game begins: {turn_text(record)}"
            return news
        if before is not None and after is None:
            return f"{before.name} left the seat {record.seat_names[seat]}"
    if asked is not None and (old_asked is None or not same_request(old_asked, asked)):
        return f"{seat_label(record, asked.seat)} asks to take back {asked.move}"
    if asked is None and old_asked is not None:
        return f"{old_asked.move} stays played"
    return ""
