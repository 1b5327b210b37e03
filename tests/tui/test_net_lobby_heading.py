"""Who is online, in the lobby over real SSH sessions: the people connected now to any of the
server's processes, by name, until they leave; and the notice of names not protected."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, make_hall, serving_tables
from test_ssh_support import run_scenario

from tui.net.lobby_heading import online_line


def test_the_lobby_shows_who_is_connected_to_either_process_until_they_leave(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            one, _ = await stack.enter_async_context(serving_tables(tmp_path))
            two, _ = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, one, "alice")
            await alice.shows("online (1): alice")
            bob = await join(stack, two, "bob")
            await bob.shows("online (2): alice, bob")
            await alice.shows("online (2): alice, bob")
            bob.drop()
            await alice.shows("online (1): alice")

    run_scenario(scenario)


def test_a_lobby_open_to_any_name_says_names_are_not_protected(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    hall.open_names = True

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, _ = await stack.enter_async_context(serving_tables(tmp_path, hall))
            alice = await join(stack, server, "alice")
            await alice.shows("names are not protected here (no SSH keys) · online (1): alice")

    run_scenario(scenario)


def test_the_online_line_counts_the_names_that_do_not_fit() -> None:
    names = ["alice", "bob", "carol", "dave"]
    assert online_line(names, 80) == "online (4): alice, bob, carol, dave"
    assert online_line(names, 28) == "online (4): alice, bob +2"
    assert online_line(["[b]x[/b]"], 80) == "online (1): [b]x[/b]"
