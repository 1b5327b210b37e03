"""A table screen cannot change the shared game: it holds a read-only view of the table's
record, never the record or the table, and what its player does reaches the game only as an
intent the table checks."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_helpers import make_hall
from textual.app import App
from waiting import wait_for

from core.record import GameRecord
from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.record_view import CHANGING_METHODS, ReadOnlyRecordError, RecordView
from tui.play.table import Table
from tui.play.table_seat import TableSeat

MARTIAN = find_game("martian")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
PLAYERS = (ALICE, BOB)
SIZE = (80, 24)
#: The keys typed for the characters of a move that are not letters or digits.
KEY_NAMES = {"-": "minus"}


def mutable_holdings(screen: TableScreen) -> list[str]:
    """What the screen, or a part of it, holds that could change the table's game: the table
    itself or a record that is not a read-only view. The seat (``TableSeat``) is where
    intents go to the table, and the app is not the screen's."""
    found = []
    parts = [("screen", screen)]
    for name, value in vars(screen).items():
        if isinstance(value, (TableSeat, App)):
            continue
        if type(value).__module__.startswith("tui.") and hasattr(value, "__dict__"):
            parts.append((name, value))
    for owner, part in parts:
        for name, value in vars(part).items():
            mutable_record = isinstance(value, GameRecord) and not isinstance(value, RecordView)
            if isinstance(value, Table) or mutable_record:
                found.append(f"{owner}.{name}")
    return found


def test_a_table_screen_reads_a_view_it_cannot_change_and_plays_through_the_table(
    tmp_path: Path,
) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    record = table.record
    player = PLAYERS[MARTIAN.to_move(record.state)]

    async def main() -> None:
        app = NetApp(hall, player, ascii_board=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="the table")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert mutable_holdings(screen) == []
            shown = screen.record
            assert isinstance(shown, RecordView)
            # Every way of changing the game through what the screen holds is refused.
            move = MARTIAN.legal_moves(shown.state)[0]
            for name in CHANGING_METHODS:
                with pytest.raises(ReadOnlyRecordError):
                    getattr(shown, name)(move)
            with pytest.raises(ReadOnlyRecordError):
                shown.current = shown.root
            shown.players.append("mallory")
            shown.tags["Event"] = "forged"
            assert record.current is record.root
            assert len(record.players) == 2 and "Event" not in record.tags
            # The player types the move: the table plays it, and the view shows it at once.
            typed = MARTIAN.format_move(record.state, move)
            await pilot.press("colon", *[KEY_NAMES.get(key, key) for key in typed], "enter")
            await wait_for(lambda: record.current.ply == 1, what="the move at the table")
            assert record.current.move == move
            assert shown.current == record.current
            # Asking for a takeback goes to the table, which asks the other player.
            await pilot.press("u")
            await wait_for(lambda: table.takeback is not None, what="the takeback asked")
            assert record.current.ply == 1

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
