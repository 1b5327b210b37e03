"""Chat on a PostgreSQL database: players on two servers of one database, each with a data
folder of its own (as on two machines), read each other's lines in the lobby and at a table,
heard through PostgreSQL's NOTIFY; a review of the table's game on either server shows that
table's chat."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_hall_postgres import machine
from test_net_chat import SIZE, chat_text, say
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.server_chat import chat_rooms_of
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.table_files import TABLE_TAG
from tui.screens.board import BoardScreen

ALICE, BOB, CAROL = (PlayerIdentity(name) for name in ("alice", "bob", "carol"))


def test_players_on_two_servers_of_one_database_chat_in_the_lobby_and_at_a_table(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        machine(tmp_path / "one", postgres_url) as here,
        machine(tmp_path / "two", postgres_url) as there,
    ):

        async def main() -> None:
            here.start()
            there.start()
            alice = NetApp(here, ALICE, ascii_board=False)
            bob = NetApp(there, BOB, ascii_board=False)
            async with alice.run_test(size=SIZE) as one, bob.run_test(size=SIZE) as two:
                await one.pause()
                await two.pause()
                await say(one, "anyone on the other machine?")
                await wait_for(
                    lambda: "alice: anyone on the other machine?" in chat_text(bob),
                    what="bob to hear alice in the lobby",
                )
                await say(two, "[b]here[/b]")
                await wait_for(
                    lambda: "bob: [b]here[/b]" in chat_text(alice),
                    what="alice to hear bob in the lobby",
                )
                assert chat_text(bob).count("anyone on the other machine?") == 1

                table = here.open_table(find_game("martian-chess"), {}, [ME, OPEN], ALICE)
                alice.open_table(table)
                await wait_for(lambda: there.table(table.number) is not None, what="the table")
                seen_there = there.table(table.number)
                assert seen_there is not None
                bob.open_table(seen_there)
                for app in (alice, bob):
                    await wait_for(
                        lambda app=app: isinstance(app.screen, TableScreen), what="the table"
                    )
                await two.press("tab", *"good luck", "enter")
                await wait_for(lambda: "bob: good luck" in chat_text(alice), what="bob's line")
                await one.press("tab", *"thanks", "enter")
                await wait_for(lambda: "alice: thanks" in chat_text(bob), what="alice's line")

                record = seen_there.record
                record.tags[TABLE_TAG] = str(table.number)
                bob.review(record)
                await wait_for(
                    lambda: isinstance(bob.screen, BoardScreen) and bob.screen.reviewing,
                    what="the review",
                )
                await wait_for(
                    lambda: (
                        "bob: good luck" in chat_text(bob) and "alice: thanks" in chat_text(bob)
                    ),
                    what="the table's chat in review",
                )
            chat_rooms_of(here).stop()
            chat_rooms_of(there).stop()

        asyncio.run(asyncio.wait_for(main(), 90))
