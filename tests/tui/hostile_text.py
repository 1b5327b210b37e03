"""The hostile-text corpus: strings a person or a file may hand the app, each of which must be
shown as plain text (never parsed as markup, never sent as a terminal escape, never crashing
a screen), with its width measured in cells.

Every place that shows a name, a comment, a file name or any other text from outside goes
through all of these. `SAFE_NAMES` holds the ones that survive name cleaning (no control
characters), for places that take a name through a channel that strips them.
"""

from __future__ import annotations

# Rich/Textual markup of every kind: broken tags, styles, links, actions, variables.
MARKUP = [
    "[[/]",
    "[$a][/]",
    "[b [/]",
    "[[/b]",
    "[/]",
    "[bold red]RED[/]",
    "[reverse]rev[/reverse]",
    '[link="https://evil.example/x"]x[/link]',
    "[link=https://evil.example/y]y[/]",
    "[@click=app.quit]quit[/]",
    "[@click=screen.dismiss()]d[/]",
    "[on red]",
    "[$accent]var[/]",
    "\\[escaped]",
    "name\\",
    "[",
    "]",
    ":smile: :warning:",
]

# Terminal escapes: CSI, OSC (title, hyperlink, clipboard), DCS, bare ESC and bell.
ESCAPES = [
    "\x1b[31mred\x1b[0m",
    "\x1b[2J\x1b[H",
    "\x1b]0;owned title\x07",
    "\x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\",
    "\x1b]52;c;SGVsbG8=\x07",
    "\x1bPdcs\x1b\\",
    "\x9b31m",
    "bell\x07\x08\x7f",
    "line\nbreak\rreturn\ttab",
]

# Unicode that moves or hides text, and characters two cells wide.
UNICODE = [
    "\u202eevil\u202c",
    "\u2066isolate\u2069",
    "zero\u200bwidth\u200d\ufeff",
    "界界界界",
    "😀👍🏽👨‍👩‍👧",
    "e\u0301\u0301\u0301",
    "\u0000nul",
    "\ud7ff\ue000",
]

LONG = ["A" * 10_000, "界" * 5_000, "[b]" * 3_000]

CORPUS: list[str] = MARKUP + ESCAPES + UNICODE + LONG


def _printable(text: str) -> bool:
    return all(ch.isprintable() for ch in text)


# Names as a login would carry them: no control characters (those are stripped on the way in).
SAFE_NAMES: list[str] = [text[:40] for text in MARKUP + UNICODE + LONG if _printable(text)]

# Escape sequences that must never reach a terminal from text: a hyperlink, a window title,
# the clipboard. (The literal text "evil.example" may show; as a link it must not.)
ESCAPE_LEAKS = ("\x1b]8;", "\x1b]0;", "\x1b]2;", "\x1b]52;")
