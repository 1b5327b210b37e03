"""The engine is reachable without the user interface: core/ and saves/ never import it; the
app's model (tui/play/) is reachable without screens or sessions."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from import_graph import ModuleImports, import_graph, reachable

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("textual", "tui", "asyncssh", "rich")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", ["core", "saves"])
def test_package_source_never_imports_the_ui(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files
        for name in imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert offenders == []


def test_importing_every_engine_module_loads_no_ui_module() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import core, saves\n"
        "for pkg in (core, saves):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "ui = {'textual', 'tui', 'asyncssh'}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ui)\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == ""


def test_the_checker_sees_a_ui_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from textual.app import App\nimport tui.app\n", encoding="utf-8")
    assert {"textual.app", "tui.app"} <= imported_modules(sample)


#: What the play layer may use of ``rich``: measuring a name in terminal cells, as the screens
#: measure what they draw (``tui.play.identity``).
PLAY_MAY_USE = {"rich.cells"}
PLAY_FORBIDS = {"textual", "asyncssh", "rich"}


def in_play(module: str) -> bool:
    return module == "tui.play" or module.startswith("tui.play.")


def play_layer_offences(graph: dict[str, ModuleImports]) -> list[str]:
    """Each import by which a ``tui.play`` module reaches Textual, SSH, ``rich`` (beyond what
    it may use) or a part of ``tui`` outside ``tui.play``, directly or through the project's
    modules it imports."""
    offences = []
    for module in sorted(m for m in graph if in_play(m)):
        for used in sorted(reachable(graph, module)):
            if used.startswith("tui.") and not in_play(used):
                offences.append(f"{module} imports {used}")
            offences += [
                f"{module} imports {name}" + (f" through {used}" if used != module else "")
                for name in sorted(graph[used].external)
                if name.split(".")[0] in PLAY_FORBIDS and name not in PLAY_MAY_USE
            ]
    return offences


def test_the_play_layer_needs_no_screen_and_no_session() -> None:
    graph = import_graph(type_checking=True)
    assert any(in_play(module) for module in graph), "tui/play/ has no modules"
    assert play_layer_offences(graph) == []


def test_the_play_checker_sees_textual_through_another_module(tmp_path: Path) -> None:
    files = {
        "tui/__init__.py": "",
        "tui/plain.py": "import rich.text\n",
        "tui/play/__init__.py": "",
        "tui/play/table.py": "from tui.play import names\n",
        "tui/play/names.py": "def f():\n    from tui.screen import Screen\n",
        "tui/play/seats.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from tui.plain import plain\n",
        "tui/play/width.py": "from rich.cells import cell_len\n",
        "tui/screen.py": "from textual.screen import Screen\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    offences = play_layer_offences(import_graph(tmp_path, ("tui",), type_checking=True))
    assert offences == [
        "tui.play.names imports tui.screen",
        "tui.play.names imports textual.screen through tui.screen",
        "tui.play.seats imports tui.plain",
        "tui.play.seats imports rich.text through tui.plain",
        "tui.play.table imports tui.screen",
        "tui.play.table imports textual.screen through tui.screen",
    ]
