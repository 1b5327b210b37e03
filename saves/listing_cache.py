"""What the library last read from each saved game's tags, kept between listings.

Listing a thousand games reads a thousand files; most of them have not changed since the last
listing. The cache (``<data>/cache/library.json``) keeps, for each readable file, what its tags
said and the file's size and modification time: a file whose size and time are still the same
is not opened again. A changed, new or unreadable file is read as always, and the cache is
only ever a shortcut: a cache file that is missing, damaged or of another version is ignored
and written anew, and one that cannot be written is simply not kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from saves.atomic import write_atomically

#: Changed whenever what is kept per file changes: a cache of another version is ignored.
CACHE_VERSION = 1

#: A file's identity for the cache: its modification time in nanoseconds and its size.
Stamp = tuple[int, int]
Fields = dict[str, Any]


def stamp_of(stat: os.stat_result) -> Stamp:
    return (stat.st_mtime_ns, stat.st_size)


class ListingCache:
    """The cached fields of each file, by file name, with the stamp they were read at."""

    def __init__(self, path: Path, files: dict[str, tuple[Stamp, Fields]]) -> None:
        self.path = path
        self._files = files
        self._changed = False

    @classmethod
    def read(cls, path: Path) -> ListingCache:
        """The cache kept at ``path``; an empty one if there is none or it cannot be used."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != CACHE_VERSION:
                return cls(path, {})
            files = {
                name: ((int(stamp[0]), int(stamp[1])), fields)
                for name, (stamp, fields) in data["files"].items()
                if isinstance(fields, dict)
            }
        except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
            return cls(path, {})
        return cls(path, files)

    def get(self, name: str, stamp: Stamp) -> Fields | None:
        """The fields kept for ``name`` if the file still has that stamp."""
        kept = self._files.get(name)
        if kept is None or kept[0] != stamp:
            return None
        return kept[1]

    def put(self, name: str, stamp: Stamp, fields: Fields) -> None:
        if self._files.get(name) != (stamp, fields):
            self._files[name] = (stamp, fields)
            self._changed = True

    def forget(self, name: str) -> None:
        if self._files.pop(name, None) is not None:
            self._changed = True

    def keep_only(self, names: set[str]) -> None:
        """Drop the files that are gone from the folder."""
        for name in [name for name in self._files if name not in names]:
            self.forget(name)

    def write(self) -> None:
        """Write the cache back if anything changed (quietly not, if it cannot be written)."""
        if not self._changed:
            return
        files = {name: [list(stamp), fields] for name, (stamp, fields) in self._files.items()}
        data = json.dumps({"version": CACHE_VERSION, "files": files}, ensure_ascii=False)
        try:
            write_atomically(self.path, data.encode("utf-8"))
        except OSError:
            return
        self._changed = False
