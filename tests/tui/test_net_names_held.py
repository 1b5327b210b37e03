"""Names held by SSH keys, over real SSH sessions: a key's player keeps the name it first
logged in under, another key cannot take it in any spelling, nor can a player without a key
on the same data folder; and ``pawnshop serve`` asks for keys when it listens beyond
loopback."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import asyncssh
import pytest
from net_helpers import join, refused, serving_tables
from test_ssh_support import run_scenario

from tui.cli import build_parser
from tui.net.serve import server_config

REFUSAL = "The name {} belongs to another player's SSH key; log in under another name."


def test_a_second_key_cannot_take_a_held_name_and_the_first_key_keeps_it(
    tmp_path: Path,
) -> None:
    bob_key = asyncssh.generate_private_key("ssh-ed25519")
    other_key = asyncssh.generate_private_key("ssh-ed25519")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(
                serving_tables(tmp_path, auth="publickey")
            )
            bob = await join(stack, server, "bob", key=bob_key)
            bob.press("n")
            await bob.shows("Open a table")
            bob.press("\x0f")
            await bob.shows("You play South at table 1")
            for typed in ("bob", "Bob", "bob\u200b"):
                said = await refused(stack, server, typed, client_keys=[other_key])
                assert REFUSAL.format(typed.replace("\u200b", "")) in said
            bob.drop()
            # Back under another user name, the key is still bob, and his seat is his.
            again = await join(stack, server, "robert", key=bob_key, wait="table 1")
            assert hall.tables[1].holders[0] is not None
            assert hall.tables[1].holders[0].identity == bob_key.get_fingerprint("sha256")
            assert "robert" not in again.text()

    run_scenario(scenario)


def test_without_keys_a_name_held_by_a_key_is_refused(tmp_path: Path) -> None:
    bob_key = asyncssh.generate_private_key("ssh-ed25519")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            keyed, _ = await stack.enter_async_context(serving_tables(tmp_path, auth="publickey"))
            await join(stack, keyed, "bob", key=bob_key)
            open_server, _ = await stack.enter_async_context(serving_tables(tmp_path))
            said = await refused(stack, open_server, "bob\u200b")
            assert REFUSAL.format("bob") in said
            await join(stack, open_server, "alice")

    run_scenario(scenario)


@pytest.mark.parametrize(
    ("options", "auth"),
    [
        ([], "none"),
        (["--host", "0.0.0.0"], "publickey"),
        (["--host", "0.0.0.0", "--auth", "none"], "none"),
        (["--host", "::1"], "none"),
    ],
)
def test_serve_defaults_to_keys_beyond_loopback(
    options: list[str], auth: str, tmp_path: Path
) -> None:
    args = build_parser().parse_args(["serve", "--data-dir", str(tmp_path), *options])
    assert server_config(args).auth == auth
