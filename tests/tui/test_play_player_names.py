"""Names held by SSH keys (``tui.play.player_names``) on a real SQLite store, and the
default authentication of ``pawnshop serve`` by the address it listens on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from saves.store.sqlite_tables import SqliteTableStore
from tui.play.identity import PlayerIdentity
from tui.play.player_names import claim_name, fold_name
from tui.ssh.config import default_auth

KEY_ONE = "SHA256:one"
KEY_TWO = "SHA256:two"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteTableStore]:
    opened = SqliteTableStore(tmp_path)
    yield opened
    opened.close()


def test_case_compatibility_forms_and_invisible_characters_fold_to_one_name() -> None:
    assert fold_name("bob") == fold_name("Bob") == fold_name("bob\u200b") == fold_name("ＢＯＢ")
    assert fold_name("bob") != fold_name("bobby")


def test_a_new_key_takes_its_name_and_keeps_it_under_any_later_user_name(
    store: SqliteTableStore,
) -> None:
    first = claim_name(store, PlayerIdentity("bob", KEY_ONE))
    assert first.player == PlayerIdentity("bob", KEY_ONE)
    stored = store.player(KEY_ONE)
    assert stored is not None and stored.name == "bob"
    again = claim_name(store, PlayerIdentity("carol", KEY_ONE))
    assert again.player == PlayerIdentity("bob", KEY_ONE)
    assert claim_name(store, PlayerIdentity("carol", KEY_TWO)).player is not None


@pytest.mark.parametrize("typed", ["bob", "Bob", "bob\u200b", "BOB"])
def test_a_second_key_cannot_take_a_held_name_in_any_spelling(
    store: SqliteTableStore, typed: str
) -> None:
    claim_name(store, PlayerIdentity("bob", KEY_ONE))
    refused = claim_name(store, PlayerIdentity(typed, KEY_TWO))
    assert refused.player is None
    assert refused.refusal.startswith(f"The name {typed} belongs to another player's SSH key")
    assert store.player(KEY_TWO) is None


def test_without_a_key_a_held_name_is_refused_and_a_free_one_let_in(
    store: SqliteTableStore,
) -> None:
    claim_name(store, PlayerIdentity("bob", KEY_ONE))
    assert claim_name(store, PlayerIdentity("Bob")).player is None
    assert claim_name(store, PlayerIdentity("alice")).player == PlayerIdentity("alice")
    # A name used without a key holds nothing: a key may still choose it.
    assert claim_name(store, PlayerIdentity("alice", KEY_TWO)).player is not None


@pytest.mark.parametrize(
    ("host", "auth"),
    [
        ("127.0.0.1", "none"),
        ("127.0.0.53", "none"),
        ("::1", "none"),
        ("localhost", "none"),
        ("0.0.0.0", "publickey"),
        ("::", "publickey"),
        ("192.168.1.20", "publickey"),
        ("games.example.org", "publickey"),
    ],
)
def test_serve_asks_for_keys_by_default_beyond_loopback(host: str, auth: str) -> None:
    assert default_auth(host) == auth
