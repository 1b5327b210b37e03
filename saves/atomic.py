"""Writing a file so that a crash at any moment leaves either the old file or the new one.

A caller that cannot wait for the disk (the board screen autosaving after a move) writes
inside ``deferred_syncs()``: the file is written and renamed into place at once, complete for
every reader and safe from the process being killed, and the caller flushes it to disk later
with ``sync_file`` (on a thread of its own), which only a machine going down before then can
make a difference to.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

TEMP_SUFFIX = ".tmp"

#: The files written inside ``deferred_syncs`` so far; ``None`` outside: flush at once.
_deferred: ContextVar[list[Path] | None] = ContextVar("deferred_syncs", default=None)


@contextmanager
def deferred_syncs() -> Iterator[list[Path]]:
    """Leave the flush to disk of every file ``write_atomically`` writes in this block to the
    caller: the list yielded collects their paths, for ``sync_file``."""
    written: list[Path] = []
    token = _deferred.set(written)
    try:
        yield written
    finally:
        _deferred.reset(token)


def sync_file(path: Path) -> None:
    """Flush ``path`` and its entry in its folder to disk (a file gone since is skipped)."""
    if _fsync(path):
        _sync_directory(path.parent)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk (unless inside
    ``deferred_syncs``), then rename it over ``path`` in one step. The folder is created if
    needed; on any failure the temporary file is removed and ``path`` is as it was."""
    deferred = _deferred.get()
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    temp = directory / f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temp, flags, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            if deferred is None:
                os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    if deferred is None:
        _sync_directory(directory)
    else:
        deferred.append(path)


def remove_leftover_temps(folder: Path) -> None:
    """Remove the temporary files that writes into ``folder`` left behind when their process
    was killed between creating and renaming them (they never hold the only copy of
    anything)."""
    try:
        temps = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return
    for temp in temps:
        temp.unlink(missing_ok=True)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    _fsync(directory)


def _fsync(path: Path) -> bool:
    """Flush a file or folder to disk as far as the system allows; ``False`` if it cannot be
    opened (gone, or a folder on Windows)."""
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
    return True
