"""Over SSH, with the two players of a table on two server processes of one data folder: at
the end of the game both are told where it was filed, the one whose process did not finish it
too."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, serving_tables
from test_ssh_support import run_scenario

from saves import paths

SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")


def test_both_players_are_told_where_the_game_was_filed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            one, hall = await stack.enter_async_context(serving_tables(tmp_path))
            two, _ = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, one, "alice")
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")
            await alice.shows("You play South at table 1")
            bob = await join(stack, two, "bob")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North")
            table = hall.table(1)
            assert table is not None
            for ply, notation in enumerate(SHORT_GAME, start=1):
                mover = alice if table.record.game.to_move(table.record.state) == 0 else bob
                await mover.type_move(notation)
                if ply < len(SHORT_GAME):
                    await alice.shows(f"played {notation}")
                    await bob.shows(f"played {notation}")
            await alice.shows("Filed on the server as")
            [filed] = paths.games_dir(tmp_path).glob("*.pawn")
            for seat in (alice, bob):  # the name wraps to the dialog's next line
                await seat.shows("Filed on the server as")
                await seat.shows(filed.name)

    run_scenario(scenario)
