"""Two players and a spectator over real SSH on loopback: a table opened from the lobby, a short
Martian Chess game played to its end by typed moves, every move on every screen, the game
filed on the server and listed in the lobby for review."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, log_row, serving_tables
from test_ssh_support import run_scenario

#: The clock is called, then seven quiet moves: a deadlock, a draw at 0-0.
SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")


def test_two_players_play_to_the_end_and_a_spectator_sees_every_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            alice = await join(stack, server, "alice")
            await alice.shows("No tables yet")
            alice.press("n")
            await alice.shows("Open a table")
            alice.press("\x0f")  # ctrl+o: open it with the defaults, alice in the first seat
            await alice.shows("You play South at table 1")

            bob = await join(stack, server, "bob")
            await bob.shows("alice · free")
            bob.press("\r")  # the one free seat
            await bob.shows("You play North at table 1")
            await alice.shows("bob sat down as North; the game begins")

            carol = await join(stack, server, "carol")
            await carol.shows("alice · bob")
            carol.press("\r")  # no seat free: she watches
            await carol.shows("You are watching table 1")
            table = hall.table(1)
            assert table is not None and table.spectators == 1

            for ply, notation in enumerate(SHORT_GAME, start=1):
                mover = alice if table.record.game.to_move(table.record.state) == 0 else bob
                await mover.type_move(notation)
                # Calling the clock and the move after it are one turn: 1. clock, b1-a1.
                row = log_row(max(ply - 1, 1), f"clock, {notation}" if ply == 2 else notation)
                # The last move brings the game-over dialog over the log: the status says it.
                shown = row if ply < len(SHORT_GAME) else f"played {notation}"
                for screen in (alice, bob, carol):
                    await screen.shows(shown)
            assert [node.notation for node in table.record.mainline()] == list(SHORT_GAME)
            for screen in (alice, bob, carol):
                await screen.shows("Game over")
                await screen.shows("deadlock")
            hall.flush()
            filed = sorted((tmp_path / "games").glob("*.pawn"))
            assert len(filed) == 1
            assert 'Result "1/2-1/2"' in filed[0].read_text()
            assert not list((tmp_path / "tables").glob("*.pawn"))

            carol.press("n")  # "new game" from the game-over dialog: back to the lobby
            await carol.shows("finished")  # listed while its players still look at it
            carol.press("r")
            await carol.shows("Martian Chess")
            await carol.shows("1/2-1/2")

    run_scenario(scenario)
