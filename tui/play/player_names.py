"""Names held by SSH keys: a key's player chooses a name once, the first time the key logs in,
and from then on that name is theirs alone on the server.

A name is held through the store's leases (``held_name_key``), taken for good by the key's
player: taking one is a single atomic write, so two server processes cannot hand one name to
two keys. Names are compared folded (``fold_name``): case, compatibility forms and invisible
characters aside, ``bob``, ``Bob`` and ``bob`` with a zero-width space are one name. A name
a browser holds has its lease too, held by the browser (``tui.web.names``). A player without a
key (``--auth none``) can use any name not held by a key or a browser.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from saves.store.tables import TableStore
from tui.play.identity import PlayerIdentity, display_name

#: A held name is kept for a hundred years: in practice, for good.
HOLD_SECONDS = 100 * 365 * 24 * 3600.0


def fold_name(name: str) -> str:
    """The form names are compared in: as shown, in compatibility form, case folded."""
    return unicodedata.normalize("NFKC", display_name(name)).casefold()


def held_name_key(name: str) -> str:
    """The store's lease key under which ``name`` is held."""
    return "held-name:" + fold_name(name)


#: What the holder of a name a browser holds starts with (``tui.web.names``): a browser's
#: players come in through the web server, which checked their names there.
BROWSER_PREFIX = "web:"


def name_taken_sentence(name: str, holder: str | None = None) -> str:
    """Why a login under ``name`` is refused, held by ``holder`` (an SSH key unless said)."""
    if holder is not None and holder.startswith(BROWSER_PREFIX):
        return f"The name {name} belongs to a player in a browser; log in under another name."
    return f"The name {name} belongs to another player's SSH key; log in under another name."


@dataclass(frozen=True, slots=True)
class NameClaim:
    """The outcome of a login: the ``player`` to let in (their name the one their key chose),
    or ``None`` and the ``refusal`` sentence to show."""

    player: PlayerIdentity | None
    refusal: str = ""


def claim_name(store: TableStore, player: PlayerIdentity) -> NameClaim:
    """Let ``player`` in under their name, or refuse them in one sentence.

    A key seen before gets the name it chose then, whatever user name it logs in under; a
    new key takes its user name if no key or browser holds it. A player without a key is let
    in unless a key or a browser holds the name. A browser's player (``web:``) holds its name
    already: the web server let it take it.
    """
    if player.key_fingerprint is None:
        holder = store.lease_holder(held_name_key(player.name))
        if holder is not None:
            return NameClaim(None, name_taken_sentence(player.name, holder))
        return NameClaim(player)
    known = store.player(player.key)
    if player.key_fingerprint.startswith(BROWSER_PREFIX):
        if known is None:
            store.add_player(player.key, player.name, player.key_fingerprint)
        return NameClaim(player)
    if known is not None and known.name:
        player = replace(player, name=known.name)
    if not store.take_lease(held_name_key(player.name), player.key, HOLD_SECONDS):
        holder = store.lease_holder(held_name_key(player.name))
        return NameClaim(None, name_taken_sentence(player.name, holder))
    if known is None:
        store.add_player(player.key, player.name, player.key_fingerprint)
    return NameClaim(player)
