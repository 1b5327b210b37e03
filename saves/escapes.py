"""Backslash escapes of tag values and comments.

The closing delimiter (``"`` in a tag, ``}`` in a comment) and the backslash are escaped with a
backslash; line breaks as ``\\n`` and ``\\r`` and other control characters as ``\\xHH``, so a
tag stays on one line and the only raw line breaks in a comment are the writer's wraps.
"""

from __future__ import annotations

import re

_NAMED = {"\n": "n", "\r": "r"}
_NAMED_BACK = {"n": "\n", "r": "\r"}
_ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{2}|.)", re.DOTALL)
_PLAIN = re.compile(r"[^\\\x00-\x08\x0a-\x1f\x7f]*")


def _needs_hex(char: str) -> bool:
    return (char < " " and char != "\t") or char == "\x7f"


def escape(text: str, delimiter: str) -> str:
    """``text`` with the backslash, ``delimiter`` and control characters escaped."""
    if delimiter not in text and _PLAIN.fullmatch(text):
        return text
    out: list[str] = []
    for char in text:
        if char == "\\" or char == delimiter:
            out.append("\\" + char)
        elif char in _NAMED:
            out.append("\\" + _NAMED[char])
        elif _needs_hex(char):
            out.append(f"\\x{ord(char):02x}")
        else:
            out.append(char)
    return "".join(out)


def _unescape_one(match: re.Match[str]) -> str:
    code = match.group(1)
    if len(code) == 3:
        return chr(int(code[1:], 16))
    return _NAMED_BACK.get(code, code)


def unescape(text: str) -> str:
    """The inverse of ``escape``; any other escaped character stands for itself."""
    if "\\" not in text:
        return text
    return _ESCAPE.sub(_unescape_one, text)
