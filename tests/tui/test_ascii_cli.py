"""``pawnshop --ascii``, and ASCII chosen by itself where the locale or TERM the process was
started with cannot show UTF-8."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tui_helpers import martian_record

import tui.ascii.detect as detect
from saves.format import save
from tui import cli
from tui.app import PawnshopApp

UTF8_TERMINAL = {"TERM": "xterm-256color", "LANG": "en_GB.UTF-8"}


def started_apps(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, environment: dict[str, str]
) -> list[PawnshopApp]:
    """The apps the command line will start (built, not run), in a process that was started
    with ``environment``."""
    start = tmp_path / "environ"
    start.write_bytes(b"".join(f"{k}={v}".encode() + b"\0" for k, v in environment.items()))
    monkeypatch.setattr(detect, "START_ENVIRONMENT", str(start))
    started: list[PawnshopApp] = []
    monkeypatch.setattr(PawnshopApp, "run", lambda self, *a, **k: started.append(self))
    return started


def test_help_names_the_ascii_option() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "tui", "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    assert "--ascii" in shown and "UTF-8" in shown


def test_ascii_is_asked_for_before_or_after_open(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started = started_apps(monkeypatch, tmp_path, UTF8_TERMINAL)
    path = save(martian_record(("c3-d4",)), tmp_path / "game.pawn")
    data = ["--data-dir", str(tmp_path / "data")]
    assert cli.main([*data]) == 0
    assert cli.main([*data, "--ascii"]) == 0
    assert cli.main([*data, "--ascii", "open", str(path)]) == 0
    assert cli.main([*data, "open", str(path), "--ascii"]) == 0
    assert [app.ascii_board for app in started] == [False, True, True, True]


@pytest.mark.parametrize(
    ("environment", "ascii"),
    [
        (UTF8_TERMINAL, False),
        ({"TERM": "xterm-256color", "LANG": "C"}, True),
        ({"TERM": "xterm-256color", "LANG": "en_GB.UTF-8", "LC_ALL": "POSIX"}, True),
        ({"TERM": "vt100", "LANG": "en_GB.UTF-8"}, True),
        ({"TERM": "xterm-256color"}, True),
        ({"TERM": "linux", "LC_CTYPE": "C.UTF-8"}, False),
    ],
)
def test_the_locale_and_term_the_app_was_started_with_decide(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, environment: dict[str, str], ascii: bool
) -> None:
    started = started_apps(monkeypatch, tmp_path, environment)
    assert cli.main(["--data-dir", str(tmp_path / "data")]) == 0
    assert started[0].ascii_board is ascii
