"""``pawnshop serve --database URL`` on two servers, each with its own data folder (as on two
machines): what a player says in the lobby on one is read in the lobby on the other, and at a
table their talk crosses from one server to the other, through the database."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from test_serve_database import WAIT, player, server
from test_ssh_support import run_scenario


def test_players_on_two_servers_of_one_database_chat_in_the_lobby_and_at_a_table(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        server(tmp_path / "one", postgres_url) as one,
        server(tmp_path / "two", postgres_url) as two,
    ):

        async def scenario() -> None:
            async with AsyncExitStack() as stack:
                alice = await player(stack, one, "alice")
                bob = await player(stack, two, "bob")
                alice.press("c")
                alice.press("hello from one\r")
                await bob.shows("alice: hello from one", WAIT)
                bob.press("c")
                bob.press("hi from two\r")
                await alice.shows("bob: hi from two", WAIT)
                await alice.escape()
                await bob.escape()
                alice.press("n")
                await alice.shows("Open a table", WAIT)
                alice.press("\x0f")  # ctrl+o: the defaults, alice in the first seat
                await alice.shows("You play South at table 1", WAIT)
                await bob.shows("1 seat free", WAIT)
                bob.press("\r")
                await bob.shows("You play North at table 1", WAIT)
                bob.press("\t")
                bob.press("good luck\r")
                await alice.shows("bob: good luck", WAIT)

        run_scenario(scenario, timeout=240)
