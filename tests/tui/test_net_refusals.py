"""What a table refuses over real SSH: a move out of turn, a move for the other seat, a move by
a spectator, before the game begins; and what the server survives: garbage bytes and a paste
too large to hold, sent to a session at a table, while the game goes on."""

from __future__ import annotations

import random
from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, log_row, serving_tables
from test_ssh_support import run_scenario

from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MARTIAN = find_game("martian-chess")
#: q and ctrl+q quit, ctrl+c too; ctrl+n goes to the lobby; ctrl+o lists the saved games;
#: ctrl+r resigns (rightly ending the game once a stray y confirms it); c calls Martian
#: Chess's clock, a move of the game that the scenario's record would rightly hold. D offers
#: a draw, u and ctrl+z ask to take a move back, m asks for a rematch: each rightly puts a
#: question to alice, whose screen then answers it with the keys of her move.
LEAVING_KEYS = frozenset(b"qQ\x11\x03\x0e\x0f\x12cDu\x1am")


def test_moves_out_of_turn_for_the_other_seat_or_by_a_spectator_are_refused(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            alice = await join(stack, server, "alice", wait="You play South")
            await alice.type_move("b1-a1")
            await alice.shows("The game begins when every seat is taken (free: North).")

            bob = await join(stack, server, "bob")
            bob.press("\r")
            await bob.shows("You play North at table 1")
            carol = await join(stack, server, "carol")
            carol.press("w")
            await carol.shows("You are watching table 1")

            # South is to move. Bob types South's legal move: not his turn, not his seat.
            await bob.type_move("b1-a1")
            await bob.shows("It is alice (South)'s turn, not yours.")
            # And a move of his own pieces, out of turn.
            await bob.type_move("c8-d8")
            await bob.shows("It is alice (South)'s turn, not yours.")
            # Selecting a piece by keys is refused the same way.
            bob.press("\r")
            await bob.shows("It is alice (South)'s turn, not yours.")
            await carol.type_move("b1-a1")
            await carol.shows("You are watching this table: only its players move.")
            assert table.record.mainline() == []

            await alice.type_move("b1-a1")
            await carol.shows(log_row(1, "b1-a1"))
            # Now North is to move: alice may not move again, nor move North's pieces.
            await alice.type_move("c8-d8")
            await alice.shows("It is bob (North)'s turn, not yours.")
            assert [node.notation for node in table.record.mainline()] == ["b1-a1"]

    run_scenario(scenario)


def test_garbage_and_huge_pastes_leave_the_game_and_the_server_going(tmp_path: Path) -> None:
    noise = random.Random(7)

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("alice"))
            alice = await join(stack, server, "alice", wait="You play South")
            bob = await join(stack, server, "bob")
            bob.press("\r")
            await bob.shows("You play North")

            # Random bytes, broken escape sequences, mouse reports off the board, control keys
            # (all but the few that would rightly end the session or leave the table).
            for _ in range(20):
                bob.press(bytes(b for b in noise.randbytes(200) if b not in LEAVING_KEYS))
            bob.press(b"\x1b[<0;999;999M\x1b[<0;999;999m\x1b[999;999R\x1b]0;x\x07\x1b[?")
            # A paste far past the limit, then a paste of a move's text on the open move line.
            bob.press(b"\x1b[200~" + b"c8-d8 " * 60_000 + b"\x1b[201~")
            # Bob's session works through all that at its own pace; alice's meanwhile plays.
            await alice.type_move("b1-a1")
            await alice.shows(log_row(1, "b1-a1"), timeout=30)
            await bob.shows(log_row(1, "b1-a1"), timeout=30)
            assert server.session_count == 2

            # Bob's session still plays: Esc closes anything the noise opened, then a move.
            for _ in range(4):
                await bob.escape()
            await bob.shows("c: call the clock", timeout=30)  # the board's own hint: all settled
            await bob.type_move("c8-d8")
            await bob.shows(log_row(2, "c8-d8"))
            await alice.shows(log_row(2, "c8-d8"))
            assert [node.notation for node in table.record.mainline()] == ["b1-a1", "c8-d8"]
            log = (tmp_path / "ssh-server.log").read_text()
            assert " ERROR " not in log and "Traceback" not in log

    run_scenario(scenario)
