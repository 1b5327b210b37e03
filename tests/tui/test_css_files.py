"""Every app and screen names its CSS files as absolute paths that exist: Textual takes an
absolute path as it is, and resolves a relative one again for every app and screen it builds
(a server builds one for every session and every table)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from textual.app import App
from textual.screen import Screen

import tui
from tui.css_files import css_files


def classes_naming_css() -> dict[str, object]:
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        if module.name.endswith("__main__") or module.name.startswith("tui.web.static"):
            continue
        importlib.import_module(module.name)
    found: dict[str, object] = {}
    pending: list[type] = [App, Screen]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("tui.") and "CSS_PATH" in vars(cls):
            found[f"{cls.__module__}.{cls.__qualname__}"] = vars(cls)["CSS_PATH"]
    return found


def test_every_css_path_is_absolute_and_exists() -> None:
    named = classes_naming_css()
    assert "tui.net.app.NetApp" in named and "tui.screens.board.BoardScreen" in named
    for name, paths in named.items():
        assert isinstance(paths, list) and paths, name
        for path in paths:
            assert isinstance(path, Path) and path.is_absolute(), (name, path)
            assert path.is_file(), (name, path)


def test_names_are_taken_from_the_module_folder(tmp_path: Path) -> None:
    (tmp_path / "screens").mkdir()
    module = tmp_path / "net" / "app.py"
    module.parent.mkdir()
    assert css_files(str(module), "lobby.tcss", "../screens/dialog.tcss") == [
        tmp_path.resolve() / "net" / "lobby.tcss",
        tmp_path.resolve() / "screens" / "dialog.tcss",
    ]
