"""Reading a save file's bytes as text, turning every way that can fail into a SaveError."""

from __future__ import annotations

from os import PathLike

from saves.errors import SaveError, SaveProblem, display_name

#: Far more than any real game; a bigger file is not read at all.
MAX_SAVE_BYTES = 8 * 1024 * 1024
_MAX_MEGABYTES = MAX_SAVE_BYTES // (1024 * 1024)


def read_bytes(path: str | PathLike[str]) -> bytes:
    """The bytes of the file at ``path`` (at most ``MAX_SAVE_BYTES``)."""
    name = display_name(path)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise unreadable(name, error) from None
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(name, f"is too large to be a save (more than {_MAX_MEGABYTES} MB)")
    return data


def read_text(path: str | PathLike[str]) -> str:
    """The whole text of the save file at ``path``."""
    try:
        return decode(read_bytes(path))
    except SaveProblem as problem:
        raise problem.naming(display_name(path)) from None


def read_head(path: str | PathLike[str]) -> str:
    """The text of the file up to the first line after its tags: enough to read the header.

    The moves after the tags are not read, so listing a thousand saves stays fast.
    """
    name = display_name(path)
    chunks: list[bytes] = []
    size = 0
    try:
        with open(path, "rb") as file:
            for raw in file:
                chunks.append(raw)
                size += len(raw)
                line = raw.strip()
                if size > MAX_SAVE_BYTES or (line and not line.startswith(b"[")):
                    break
    except OSError as error:
        raise unreadable(name, error) from None
    try:
        return decode(b"".join(chunks))
    except SaveProblem as problem:
        raise problem.naming(name) from None


def decode(data: bytes) -> str:
    """The UTF-8 text of ``data``; ``SaveProblem`` for empty or binary data."""
    if not data.strip():
        raise SaveProblem("is empty")
    zero = data.find(b"\0")
    if zero >= 0:
        raise SaveProblem(f"is not a text file (it holds binary data at byte {zero})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveProblem(
            f"is not a text file (it is not UTF-8 text at byte {error.start})"
        ) from None
    return text


def unreadable(name: str, error: OSError) -> SaveError:
    """The SaveError for a file that the system would not open or read."""
    if isinstance(error, FileNotFoundError):
        return SaveError(name, "does not exist")
    if isinstance(error, IsADirectoryError):
        return SaveError(name, "is a folder, not a save file")
    if isinstance(error, PermissionError):
        return SaveError(name, "cannot be read (permission denied)")
    return SaveError(name, f"cannot be read ({error.strerror or error})")
