"""Keys typed in one burst over real SSH arrive whole and in order: a move typed or pasted in
the same packet as the ``:`` that opens the move line, and keys sent in the same instant as the
key that opens a new screen, reach the widget that the earlier keys gave the focus to."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, log_row, serving_tables
from test_ssh_support import run_scenario


def test_a_move_sent_in_the_same_packet_as_the_colon_is_played(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            # "n" opens a screen and ctrl+o, in the same write, must reach it once it is up.
            alice.press("n\x0f")
            await alice.shows("You play South at table 1")
            bob = await join(stack, server, "bob")
            await bob.shows("alice · free")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North")
            table = hall.table(1)
            assert table is not None
            moves = ("b1-a1", "c8-d8", "a1-b1", "d8-c8")
            for ply, notation in enumerate(moves, start=1):
                mover = alice if ply % 2 else bob
                # One write, one SSH packet: typed keys, or (the last two) a bracketed paste.
                typed = notation if ply <= 2 else f"\x1b[200~{notation}\x1b[201~"
                mover.press(f":{typed}\r")
                for screen in (alice, bob):
                    await screen.shows(log_row(ply, notation))
            assert [node.notation for node in table.record.mainline()] == list(moves)

    run_scenario(scenario)
