"""What the lobby says about a table: its game and clock, who sits where, and the options
that differ from the game's defaults."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from core.time_control import TIME_CONTROL_TAG, TimeControlError, time_control_of
from tui.play.describe import seat_label
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import is_rated
from tui.play.table import SeatHolder, Table

#: What the lobby's State column says of a table where the viewer is to move.
YOUR_MOVE = "your move"


def clock_text(table: Table) -> str:
    """The table's time control as typed (``5+3``, ``3d``), ``""`` for a game without a
    clock; a tag this server cannot read is shown as it is written."""
    try:
        control = time_control_of(table.record.tags)
    except TimeControlError:
        return table.record.tags.get(TIME_CONTROL_TAG, "")
    return control.text if control.timed else ""


def game_and_clock(table: Table, *, short: bool = False) -> str:
    """``Martian Chess`` or, with a clock, ``Martian Chess 5+3``; ``rated`` after a rated
    table's. ``short``: the game's name before its colon (``MAC`` for ``MAC: March and
    Chomp``), for a list of 80 columns."""
    name = table.game_name.split(":")[0] if short else table.game_name
    clock = clock_text(table)
    text = f"{name} {clock}" if clock else name
    return f"{text} rated" if is_rated(table.record.tags) else text


def state_of(table: Table, viewer: PlayerIdentity, *, short: bool = False) -> str:
    """What the lobby's State column says: ``your move`` where ``viewer`` is to move, else the
    table's state; ``short``: whose turn by the seat's name alone (``North to move``: the
    Players column names who sits there), for a list of 80 columns."""
    if your_move(table, viewer):
        return YOUR_MOVE
    text = table.state_text()
    record = table.record
    if short and table.live and record.outcome() is None:
        seat = record.game.to_move(record.state)
        text = text.replace(seat_label(record, seat), record.seat_names[seat], 1)
    return text


def seats_text(
    table: Table,
    viewer: PlayerIdentity,
    rating: Callable[[SeatHolder | None, str], str] = lambda holder, game_id: "",
) -> str:
    """``alice 1523 · bob 1500? (away) · free``: the seats in order, each person with
    ``rating(holder, game_id)`` when it says one; ``you`` for the viewer's own."""
    parts = []
    for seat, holder in enumerate(table.holders):
        if holder is None:
            parts.append("free")
            continue
        name = "you" if table.seat_of(viewer) == seat else holder.name
        shown = rating(holder, table.record.game.id)
        if shown:
            name += f" {shown}"
        if not table.is_present(seat) and not table.finished:
            name += " (away)"
        parts.append(name)
    return " · ".join(parts)


def options_text(table: Table) -> str:
    """The options that differ from the defaults (``players=4 teams=off``), or ``standard``."""
    record = table.record
    defaults = record.game.resolve_options()
    changed = [
        f"{name}={value}" for name, value in record.options.items() if defaults.get(name) != value
    ]
    seats = " vs ".join(record.seat_names)
    clock = clock_text(table)
    timed = f", clock {clock}" if clock else ""
    rated = ", rated" if is_rated(record.tags) else ""
    options = " ".join(changed) or "standard options"
    return f"{record.game.name} ({options}), {seats}{timed}{rated}"


def your_move(table: Table, viewer: PlayerIdentity) -> bool:
    """Whether ``viewer`` holds the seat to move at ``table`` now."""
    if not table.live:
        return False
    seat = table.seat_of(viewer)
    return seat is not None and seat == table.record.game.to_move(table.record.state)


def lobby_order(tables: Iterable[Table], viewer: PlayerIdentity) -> list[Table]:
    """The tables as the lobby lists them: first every one where ``viewer`` is to move (a
    player of correspondence games sees at once where they are awaited), then the rest, each
    part by number."""
    listed = list(tables)
    return [t for t in listed if your_move(t, viewer)] + [
        t for t in listed if not your_move(t, viewer)
    ]


def next_your_move(
    tables: Iterable[Table], viewer: PlayerIdentity, after: int | None
) -> Table | None:
    """The table after number ``after`` (from the first if ``None``) where ``viewer`` is to
    move, going round to the first; ``None`` if no other table waits for their move."""
    waiting = [table for table in tables if your_move(table, viewer) and table.number != after]
    if not waiting:
        return None
    later = [table for table in waiting if after is not None and table.number > after]
    return (later or waiting)[0]
