"""The engine is reachable without the user interface: core/ and saves/ never import it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

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
