"""``pawnshop gtp``: the engine text protocol on standard input and output."""

from __future__ import annotations

import sys
from typing import TextIO

from core.protocol import Session


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer commands until ``quit`` or the end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    session = Session()
    for line in stdin:
        reply = session.handle(line)
        if reply is None:
            continue
        text, ends = reply
        stdout.write(text)
        stdout.flush()
        if ends:
            break
    return 0
