"""Writing a file so that a crash at any moment leaves either the old file or the new one."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename it
    over ``path`` in one step. The folder is created if needed; on any failure the temporary
    file is removed and ``path`` is as it was."""
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    temp = directory / f".{path.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temp, flags, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_directory(directory)


def remove_leftover_temps(path: Path) -> None:
    """Remove temporary files that a write of ``path`` left behind when its process was
    killed between creating and renaming them (they never hold the only copy of anything)."""
    for temp in path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"):
        temp.unlink(missing_ok=True)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
