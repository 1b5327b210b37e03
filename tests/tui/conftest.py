"""Fixtures for the app's tests: a data folder in tmp_path, a fixed clock and seeds."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder; the environment variable points elsewhere, so any file the app
    writes outside the folder it was given would show up in the wrong place."""
    monkeypatch.setenv("PAWNSHOP_DATA_DIR", str(tmp_path / "not-here"))
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture(autouse=True)
def truecolor_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps under test draw as on a terminal with 24-bit colour, whatever terminal runs the
    tests: the board's colours depend on the depth (the tests of other depths set their own)."""
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
