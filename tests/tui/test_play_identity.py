"""The player's identity is a plain value of the play layer: a name, a key or none, and
whether the name is the player's alone."""

from __future__ import annotations

from tui.play.identity import PlayerIdentity, display_name


def test_a_name_with_a_key_is_protected_and_the_key_identifies_the_player() -> None:
    alice = PlayerIdentity("alice", key_fingerprint="SHA256:abc+/=")
    impostor = PlayerIdentity("alice", key_fingerprint="SHA256:other")
    assert alice.name_protected
    assert alice.key != impostor.key
    assert alice.directory_name == "key-abc-_"


def test_a_name_without_a_key_is_all_there_is() -> None:
    guest = PlayerIdentity("guest")
    assert not guest.name_protected
    assert guest.key == PlayerIdentity("guest").key == "name:guest"


def test_a_name_as_given_is_cleaned_for_showing() -> None:
    assert display_name("\x1b[31mbob\u202e") == "[31mbob"
    assert display_name("\u200b") == ""
