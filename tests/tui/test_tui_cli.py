"""The pawnshop command line: version, help, open, gtp, data folder; errors without tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tui_helpers import martian_record

from core import __version__
from saves.format import save
from tui import cli
from tui.app import PawnshopApp


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"pawnshop {__version__}"


def test_help_names_the_commands_and_the_data_folder() -> None:
    result = run("--help")
    assert result.returncode == 0
    for word in ("open", "gtp", "--data-dir", "--version"):
        assert word in result.stdout


@pytest.mark.parametrize(
    ("content", "problem"),
    [(None, "missing.pawn"), (b"not a save at all\n", "bad.pawn"), (b"\xff\xfe\x00", "bad.pawn")],
)
def test_a_bad_file_is_one_line_on_stderr_and_status_2(
    tmp_path: Path, content: bytes | None, problem: str
) -> None:
    path = tmp_path / problem
    if content is not None:
        path.write_bytes(content)
    result = run("open", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"pawnshop: {problem} ")
    assert "Traceback" not in result.stderr


def test_an_unknown_command_is_a_usage_error() -> None:
    result = run("frobnicate")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "invalid choice" in result.stderr


def test_gtp_answers_on_stdout() -> None:
    result = run("gtp", stdin="name\nquit\n")
    assert result.returncode == 0
    assert result.stdout.startswith("= ")
    assert "Traceback" not in result.stderr


def _capture_run(monkeypatch: pytest.MonkeyPatch) -> list[PawnshopApp]:
    started: list[PawnshopApp] = []
    monkeypatch.setattr(PawnshopApp, "run", lambda self, *a, **k: started.append(self))
    return started


def test_open_starts_the_app_on_the_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = _capture_run(monkeypatch)
    path = save(martian_record(("c3-d4",)), tmp_path / "game.pawn")
    assert cli.main(["--data-dir", str(tmp_path / "data"), "open", str(path)]) == 0
    (app,) = started
    assert app.initial_record is not None
    assert [node.notation for node in app.initial_record.line()] == ["c3-d4"]
    assert app.storage.data_dir == tmp_path / "data"


def test_the_data_folder_may_follow_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = _capture_run(monkeypatch)
    path = save(martian_record(), tmp_path / "game.pawn")
    assert cli.main(["open", str(path), "--data-dir", str(tmp_path / "other")]) == 0
    assert started[0].storage.data_dir == tmp_path / "other"


def test_without_data_dir_the_saves_package_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    started = _capture_run(monkeypatch)
    assert cli.main([]) == 0
    assert started[0].storage.data_dir is None
    assert started[0].initial_record is None


def test_open_gives_the_app_the_file_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = _capture_run(monkeypatch)
    path = save(martian_record(("c3-d4",)), tmp_path / "game.pawn")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["--data-dir", str(tmp_path / "data"), "open", "game.pawn"]) == 0
    assert started[0].initial_path == path  # made absolute: where the game came from
