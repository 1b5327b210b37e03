"""What the lobby says about a table: its game and clock, who sits where, and the options
that differ from the game's defaults."""

from __future__ import annotations

from core.time_control import TIME_CONTROL_TAG, TimeControlError, time_control_of
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import is_rated
from tui.play.table import Table


def clock_text(table: Table) -> str:
    """The table's time control as typed (``5+3``, ``3d``), ``""`` for a game without a
    clock; a tag this server cannot read is shown as it is written."""
    try:
        control = time_control_of(table.record.tags)
    except TimeControlError:
        return table.record.tags.get(TIME_CONTROL_TAG, "")
    return control.text if control.timed else ""


def game_and_clock(table: Table) -> str:
    """``Martian Chess`` or, with a clock, ``Martian Chess 5+3``; ``rated`` after a rated
    table's."""
    clock = clock_text(table)
    text = f"{table.game_name} {clock}" if clock else table.game_name
    return f"{text} rated" if is_rated(table.record.tags) else text


def seats_text(table: Table, viewer: PlayerIdentity) -> str:
    """``alice · bob (away) · free``: the seats in order; ``you`` for the viewer's own."""
    parts = []
    for seat, holder in enumerate(table.holders):
        if holder is None:
            parts.append("free")
            continue
        name = "you" if table.seat_of(viewer) == seat else holder.name
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
