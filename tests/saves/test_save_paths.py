"""Where files go: the explicit folder beats the environment variable, which beats the
platform's user data folder; folders appear only when something is written."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from save_helpers import NOW, toy_record
from toy_game import find_toy_game

from saves import paths
from saves.autosave import write_autosave
from saves.library import save_as


def test_the_platform_folder_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    assert paths.data_dir() == Path(platformdirs.user_data_dir("pawnshop"))


def test_the_environment_variable_overrides_the_platform_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAWNSHOP_DATA_DIR", str(tmp_path / "env"))
    assert paths.data_dir() == tmp_path / "env"
    assert paths.games_dir() == tmp_path / "env" / "games"
    assert paths.autosave_file() == tmp_path / "env" / "autosave" / "current.pawn"


def test_an_empty_environment_variable_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAWNSHOP_DATA_DIR", "")
    assert paths.data_dir() == Path(platformdirs.user_data_dir("pawnshop"))


def test_an_explicit_folder_overrides_the_environment_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAWNSHOP_DATA_DIR", str(tmp_path / "env"))
    assert paths.data_dir(tmp_path / "cli") == tmp_path / "cli"
    assert paths.data_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    assert paths.games_dir(tmp_path / "cli") == tmp_path / "cli" / "games"


def test_a_home_folder_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.data_dir("~/pawn") == tmp_path / "pawn"


def test_folders_are_created_only_when_something_is_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("PAWNSHOP_DATA_DIR", str(data))
    paths.games_dir()
    paths.autosave_file()
    assert not data.exists()
    written = write_autosave(toy_record(["a1"]), games=find_toy_game, now=NOW)
    assert written.parent == data / "autosave" and written.is_file()
    save_as(toy_record(["a1"]), "kept", games=find_toy_game, now=NOW)
    assert (data / "games" / "kept.pawn").is_file()
