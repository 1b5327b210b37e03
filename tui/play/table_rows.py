"""What the lobby says about a table: who sits where, and the options that differ from the
game's defaults."""

from __future__ import annotations

from tui.play.identity import PlayerIdentity
from tui.play.table import Table


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
    return f"{record.game.name} ({' '.join(changed) or 'standard options'}), {seats}"
