"""Over real SSH with keys: the player to move drops their connection; once the table's
clock (a fake one) has run past the grace period the other player is offered the win, which
goes when the player comes back; gone again for the grace period, the win is claimed, and
both the player and a spectator see the game end with the reason "left the game"."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import join, serving_tables
from test_play_abandonment import Clock
from test_ssh_support import run_scenario
from test_ssh_table_results import MARTIAN, keys
from waiting import wait_for

from tui.play.away_seats import GRACE_SECONDS
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

OFFER = "alice (South) left: press W to claim the win"


def test_the_win_is_claimed_from_a_player_who_dropped_and_everyone_sees_it(
    tmp_path: Path,
) -> None:
    alice_key, bob_key, carol_key = keys(3)
    clock = Clock()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            alice_id = PlayerIdentity("alice", alice_key.get_fingerprint("sha256"))
            table = hall.open_table(MARTIAN, {}, [ME, OPEN], alice_id, {"TimeControl": "300+3"})
            table.time = clock
            alice = await join(stack, server, "alice", key=alice_key, wait="South at table 1")
            bob = await join(stack, server, "bob", key=bob_key)
            bob.press("\r")
            await bob.shows("You play North at table 1")
            carol = await join(stack, server, "carol", key=carol_key)
            carol.press("w")
            await carol.shows("You are watching table 1")
            bob.press("?")  # the table's help names the key and the grace period
            await bob.shows("Keys at a table")
            bob.press("\x1b[6~" * 3)  # page down to its last rows
            await bob.shows("Claim the win from the player to move gone 1 min")
            await bob.escape()
            await wait_for(lambda: "Esc or ? closes" not in bob.text(), what="the help closed")
            alice.drop()
            await bob.shows("alice (away)")
            clock.now += GRACE_SECONDS - 1
            bob.press("W")  # too soon
            await bob.shows("must be away for 1 minute")
            assert not table.finished
            clock.now += 1
            await bob.shows(OFFER)
            assert OFFER not in carol.text()
            again = await join(stack, server, "alice", key=alice_key, wait="South at table 1")
            await bob.shows("The player to move is back")
            bob.press("W")
            await bob.shows("must be away for 1 minute")
            again.drop()
            await bob.shows("alice (away)")
            clock.now += GRACE_SECONDS
            await bob.shows(OFFER)
            bob.press("W")
            for screen in (bob, carol):
                await screen.shows("Game over")
                await screen.shows("South left the game")
            outcome = table.record.outcome()
            assert outcome is not None and outcome.winners == (1,)
            await wait_for(lambda: table.filed_as is not None, what="the game filed")
            assert table.filed_as is not None
            assert 'Termination "South left the game"' in table.filed_as.read_text()

    run_scenario(scenario)
