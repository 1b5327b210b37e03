"""The server's SSH host key: generated once, kept private (mode 0600), reused ever after.

Players' SSH clients remember the host key on first connection and warn loudly if it ever
changes, so the key must survive restarts: it is created only when the file does not exist.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import asyncssh

HOST_KEY_ALGORITHM = "ssh-ed25519"
PRIVATE_MODE = 0o600


class HostKeyError(Exception):
    """The host key file exists but cannot be used."""


def load_or_create_host_key(path: Path, log: logging.Logger | None = None) -> asyncssh.SSHKey:
    """Return the private host key stored at ``path``, generating it first if it is missing."""
    try:
        return _read_host_key(path, log)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key(HOST_KEY_ALGORITHM)
    try:
        _write_private_file(path, key.export_private_key())
    except FileExistsError:
        # Another server created it between our read and our write: use theirs.
        return _read_host_key(path, log)
    public_path = path.with_name(path.name + ".pub")
    public_path.write_bytes(key.export_public_key())
    if log is not None:
        log.info("generated host key %s (%s)", path, key.get_fingerprint())
    return key


def _write_private_file(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 from the start, so the key is never readable by others."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_MODE)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())


def _read_host_key(path: Path, log: logging.Logger | None) -> asyncssh.SSHKey:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        os.chmod(path, PRIVATE_MODE)
        if log is not None:
            log.warning("host key %s was readable by others (mode %o); set it to 0600", path, mode)
    try:
        return asyncssh.read_private_key(path)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostKeyError(
            f"{path} is not a usable SSH private key ({error}); move it away to have a new one made"
        ) from error
