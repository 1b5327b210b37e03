"""Table files: how earlier versions kept each open table, a save file rewritten after every
change. A server now keeps its tables in its store (``tui.play.stored_tables``), and brings the
table files it finds into the store once when it starts; these read them.

``<data>/tables/table-<number>.pawn`` is an ordinary save (``saves.format``) whose tags also
say who holds each seat: ``Seat1Player`` with the player's identity (their key fingerprint, or
``name:`` and their name) and, for a computer, ``Seat1Type "computer:normal"`` as in games
at one keyboard. A file the server cannot use (damaged, an unknown game, a record that does
not replay) is moved into ``tables/set-aside/`` with one log line naming it and saying why:
never deleted, and never in the way of the other tables.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

from core.registry import find_game
from saves.autosave import file_finished_game
from saves.format import load
from saves.header import GameLookup
from saves.names import unique_path
from tui.play.identity import display_name
from tui.play.seat_types import computer_type, level_of, tag_name
from tui.play.table import SeatHolder, Table

TABLES_FOLDER = "tables"
#: Where table files the server cannot use go, inside the tables folder.
SET_ASIDE_FOLDER = "set-aside"
TABLE_TAG = "Table"
FILE_PREFIX = "table-"


def player_tag(seat: int) -> str:
    """The tag naming the person in ``seat`` (counted from 0): ``Seat1Player``."""
    return f"Seat{seat + 1}Player"


def tables_dir(data_dir: Path) -> Path:
    return data_dir / TABLES_FOLDER


def table_path(data_dir: Path, number: int) -> Path:
    return tables_dir(data_dir) / f"{FILE_PREFIX}{number}.pawn"


def write_tags(table: Table) -> None:
    """Put the table's number and seat holders into its record's tags."""
    tags = table.record.tags
    tags[TABLE_TAG] = str(table.number)
    for seat, holder in enumerate(table.holders):
        tags.pop(player_tag(seat), None)
        tags.pop(tag_name(seat), None)
        if holder is None:
            continue
        if holder.level is not None:
            tags[tag_name(seat)] = computer_type(holder.level)
        else:
            tags[player_tag(seat)] = holder.identity


def file_finished_table(table: Table, data_dir: Path, games: GameLookup = find_game) -> Path:
    """File a finished table's game among the server's saved games; its path."""
    write_tags(table)
    return file_finished_game(table.record, data_dir, games=games)


def holders_from_tags(tags: dict[str, str], seat_names: tuple[str, ...]) -> list[SeatHolder | None]:
    """Who holds each seat, as a table file's tags say (with the record's player names)."""
    holders: list[SeatHolder | None] = []
    for seat, seat_name in enumerate(seat_names):
        level = level_of(tags.get(tag_name(seat), ""))
        identity = tags.get(player_tag(seat), "")
        if level is not None:
            holders.append(SeatHolder.computer(level, seat_name))
        elif identity:
            holders.append(SeatHolder("", identity))
        else:
            holders.append(None)
    return holders


def set_aside(path: Path, reason: str, log: logging.Logger) -> Path | None:
    """Move the table file ``path`` into ``set-aside/`` beside it (under a new name if one is
    there already), with one log line naming it and saying why; where it went, or ``None``
    if it could not be moved (it then stays, and the log says so)."""
    reason = " ".join(reason.split())
    folder = path.parent / SET_ASIDE_FOLDER
    try:
        folder.mkdir(exist_ok=True)
        target = unique_path(folder, path.stem)
        os.rename(path, target)
    except OSError as error:
        log.error("table file %r could not be set aside (%s): %s", path.name, error, reason)
        return None
    log.error("table file %r set aside as %s/%s: %s", path.name, folder.name, target.name, reason)
    return target


def failure_reason(error: Exception) -> str:
    """An error in a sentence for the log: its own words where it is one of ours."""
    if isinstance(error, ValueError):  # SaveError and PawnshopError among them
        return str(error)
    return f"{type(error).__name__}: {error}"


def restore_tables(
    data_dir: Path,
    log: logging.Logger,
    games: GameLookup = find_game,
    check: Callable[[Table], str | None] | None = None,
) -> list[tuple[Table, Path]]:
    """Every table saved in ``data_dir``, in number order, with its file. A file that cannot
    be read, that repeats another file's table number, or that ``check`` finds a problem with
    (``check`` returns why) is set aside and logged."""
    folder = tables_dir(data_dir)
    try:
        names = sorted(
            name
            for name in os.listdir(folder)
            if name.endswith(".pawn") and (folder / name).is_file()
        )
    except FileNotFoundError:
        return []
    tables: dict[int, tuple[Table, Path]] = {}
    for name in names:
        path = folder / name
        try:
            table = _read_table(path, games)
            problem = check(table) if check is not None else None
        except Exception as error:
            problem = failure_reason(error)
        else:
            if problem is None and table.number in tables:
                problem = f"table {table.number} is another file's table number too"
        if problem is not None:
            set_aside(path, problem, log)
            continue
        tables[table.number] = (table, path)
    return [tables[number] for number in sorted(tables)]


def _read_table(path: Path, games: GameLookup) -> Table:
    record = load(path, games=games)
    number_text = record.tags.get(TABLE_TAG, "")
    if not number_text.isdigit():
        raise ValueError(f"{path.name} has no table number")
    holders = holders_from_tags(record.tags, record.seat_names)
    for seat, holder in enumerate(holders):
        if holder is not None and not holder.name:
            # The name as a player's would be cleaned on the way in: a file is no more
            # trusted than a login.
            name = display_name(record.players[seat]) or record.seat_names[seat]
            holders[seat] = SeatHolder(name, holder.identity)
    return Table(int(number_text), record, holders)
