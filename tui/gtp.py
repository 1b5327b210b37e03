"""``pawnshop gtp``: the engine text protocol on standard input and output.

The input is read as bytes, a line at a time and at most ``MAX_LINE`` bytes of it: bytes that
are not UTF-8 read as U+FFFD, and a longer line is skipped to its end and answered with one
error. Only ``quit`` and the end of input end the session.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from typing import IO, Any

from core.protocol import MAX_LINE, Session, over_long


def input_lines(stream: IO[Any]) -> Iterator[tuple[str, bool]]:
    """Each line of ``stream`` (bytes or text) as text, and whether it fits in ``MAX_LINE``
    bytes; of a line too long only its beginning, the rest being read past a chunk at a time
    rather than kept whole in memory."""
    limit = MAX_LINE + 2  # with its line end, "\r\n" at most
    while True:
        chunk = stream.readline(limit)
        if not chunk:
            return
        newline = b"\n" if isinstance(chunk, bytes) else "\n"
        complete = chunk.endswith(newline) or len(chunk) < limit
        text = chunk.decode("utf-8", "replace") if isinstance(chunk, bytes) else chunk
        rest = chunk
        while not complete and rest and not rest.endswith(newline):
            rest = stream.readline(limit)
        yield text, complete and not over_long(text)


def main(stdin: IO[Any] | None = None, stdout: IO[Any] | None = None) -> int:
    """Answer commands until ``quit`` or the end of input (text or byte streams; by default
    standard input and output as bytes, the answers written in UTF-8)."""
    source: IO[Any] = stdin if stdin is not None else sys.stdin.buffer
    sink: IO[Any] = stdout if stdout is not None else sys.stdout.buffer
    writes_text = isinstance(sink, io.TextIOBase)
    session = Session()
    for line, fits in input_lines(source):
        reply = session.handle(line) if fits else (session.too_long(line), False)
        if reply is None:
            continue
        text, ends = reply
        sink.write(text if writes_text else text.encode("utf-8", "replace"))
        sink.flush()
        if ends:
            break
    return 0
