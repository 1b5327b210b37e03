"""Who is playing, as the tables and the player's own files know them: a plain value made by
whoever admits the player (the SSH server, from its connection), and the cleaning of a name
as given (a login name, a name read back from a file) into one fit to show.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from rich.cells import cell_len

#: A name is cut to this many terminal cells (a wide character takes two)...
MAX_NAME_CELLS = 24
#: ... and to this many characters (combining marks take no cell but are characters).
MAX_NAME_CHARACTERS = 48
#: Combining marks kept on one character: enough for any script, too few to pile up.
MAX_MARKS = 4
#: Only this much of what the client sent is looked at.
_NAME_SCAN = 1024
#: Categories never shown: controls, format characters (bidi overrides, zero-width joiners),
#: surrogates, private use, unassigned, and line or paragraph separators.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Letters and marks that draw nothing (Hangul fillers, the braille blank, the combining
#: grapheme joiner, Khmer inherent vowels): a name of them alone would look empty.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")


@dataclass(frozen=True, slots=True)
class PlayerIdentity:
    """Who is playing.

    ``name`` is the SSH user name, cleaned up for display. ``key_fingerprint`` is the
    SHA256 fingerprint of the public key the player logged in with (``publickey``
    authentication), and then it, not the name, identifies the player; with no
    authentication it is ``None`` and the name is all there is.
    """

    name: str
    key_fingerprint: str | None = None

    @property
    def name_protected(self) -> bool:
        """Whether the name is the player's alone: with a key, nobody else can be taken for
        this player by logging in under the same name (their key differs)."""
        return self.key_fingerprint is not None

    @property
    def key(self) -> str:
        """A stable string identifying the player: the key fingerprint, else the name."""
        return self.key_fingerprint or f"name:{self.name}"

    @property
    def directory_name(self) -> str:
        """A file name safe on any system, one per identity: for the player's own files.

        ``key-`` and the fingerprint's digest in URL-safe base64, or ``name-`` and the name;
        a name with characters outside letters, digits, ``.``, ``_`` and ``-`` has them
        replaced and a digest of the whole name added, so that different names never meet.
        """
        if self.key_fingerprint is not None:
            digest = self.key_fingerprint.split(":", 1)[-1]
            return "key-" + digest.replace("+", "-").replace("/", "_").rstrip("=")
        safe = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in self.name)
        if safe != self.name:
            safe += "-" + hashlib.sha256(self.name.encode()).hexdigest()[:10]
        return "name-" + safe


def display_name(
    user_name: str,
    *,
    max_cells: int = MAX_NAME_CELLS,
    max_characters: int = MAX_NAME_CHARACTERS,
    scan: int = _NAME_SCAN,
) -> str:
    """The SSH user name as the player is shown: "" when nothing showable is left.

    A user name is whatever the client sends, escape sequences included; shown raw it could
    repaint other players' screens. Controls, format characters (bidi overrides, zero-width
    characters) and characters that draw nothing are dropped, any other space becomes a plain
    one, a character keeps at most ``MAX_MARKS`` combining marks, and the name is cut to
    ``MAX_NAME_CELLS`` cells. Everything else is kept as typed, markup brackets included: a
    name is data, and every screen shows it as plain text. Other text from a person (a chat
    line) is cleaned by the same rules with limits of its own.
    """
    kept: list[str] = []
    width = marks = 0
    for character in user_name[:scan]:
        category = unicodedata.category(character)
        if category in _UNSHOWN or character in _INVISIBLE:
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        if category == "Zs":
            if not kept:
                continue
            character = " "
        width += cell_len(character)
        if width > max_cells or len(kept) >= max_characters:
            break
        kept.append(character)
    name = "".join(kept).strip()
    return name if cell_len(name) else ""
