"""Every player who connects is remembered in the server's store: their name, their key's
fingerprint with publickey authentication, when they were first and last seen; written off
the server's loop, so that a login waits for no store."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
from net_helpers import join, make_hall, serving_tables
from test_ssh_support import run_scenario
from waiting import wait_for

from tui.play.identity import PlayerIdentity

DEADLINE = 30.0


def test_players_who_log_in_are_remembered_by_name_or_by_key(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    fingerprint = key.get_fingerprint("sha256")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path / "named"))
            await join(stack, server, "alice")
            await wait_for(lambda: hall.store.player("name:alice"), DEADLINE, "alice kept")
            alice = hall.store.player("name:alice")
            assert alice is not None and alice.name == "alice"
            assert alice.key_fingerprint is None and alice.last_seen == alice.created

            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path / "keys", auth="publickey")
            )
            await join(stack, server, "bob", key=key)
            await wait_for(lambda: hall.store.player(fingerprint), DEADLINE, "bob's key kept")
            bob = hall.store.player(fingerprint)
            assert bob is not None and (bob.name, bob.key_fingerprint) == ("bob", fingerprint)

    (tmp_path / "named").mkdir()
    (tmp_path / "keys").mkdir()
    run_scenario(scenario)


def test_a_player_seen_again_keeps_when_first_seen_and_the_name_now_shown(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        hall = make_hall(tmp_path)
        hall.start()
        try:
            player = PlayerIdentity("carol", key_fingerprint="SHA256:carol")
            hall.arrived(player)
            await wait_for(lambda: hall.store.player(player.key), DEADLINE, "carol kept")
            first = hall.store.player(player.key)
            assert first is not None
            hall.arrived(PlayerIdentity("caroline", key_fingerprint="SHA256:carol"))
            await wait_for(
                lambda: getattr(hall.store.player(player.key), "name", "") == "caroline",
                DEADLINE,
                "the new name",
            )
            again = hall.store.player(player.key)
            assert again is not None and again.created == first.created
            assert again.last_seen >= first.last_seen
        finally:
            hall.close()

    asyncio.run(scenario())
