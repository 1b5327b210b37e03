"""Fixtures of the saves tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from saves.entry import LibraryEntry
from saves.store import sql_library


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files a library index reads the tags of, whatever its store."""
    names: list[str] = []
    describe = sql_library.describe

    def counting(path: Path, **kwargs: Any) -> LibraryEntry:
        names.append(Path(path).name)
        return describe(path, **kwargs)

    monkeypatch.setattr(sql_library, "describe", counting)
    return names
