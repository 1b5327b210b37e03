"""No module of core, saves or tui imports itself through others: each cycle found is named.

A cycle hidden by an import inside a function is still a cycle (it only moves the failure to
the first call); one under ``if TYPE_CHECKING:`` is not, as it never runs.
"""

from __future__ import annotations

from pathlib import Path

from import_graph import cycles, import_graph


def test_no_module_imports_itself_through_others() -> None:
    found = cycles(import_graph())
    assert found == [], "modules importing one another:\n" + "\n".join(
        ", ".join(group) for group in found
    )


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "tui/__init__.py": "",
            "tui/screens/__init__.py": "",
            "tui/screens/board.py": "def follow():\n    from tui.screens import phases\n",
            "tui/screens/phases.py": "from tui.screens.board import follow\n",
            "tui/leaf.py": "import tui.screens.board\n",
        },
    )
    assert cycles(import_graph(tmp_path, ("tui",))) == [["tui.screens.board", "tui.screens.phases"]]


def test_type_checking_imports_and_extension_modules_make_no_cycle(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "core/__init__.py": "",
            "core/fast/__init__.py": "from core.fast.game import Game\n",
            "core/fast/game.py": "from core.fast import movegen\n",
            "core/fast/movegen.py": "from core.fast import _movegen\n",
            "core/fast/_movegen.pyi": "def moves() -> int: ...\n",
            "core/screen.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from core.other import Other\n"
            ),
            "core/other.py": "import core.screen\n",
        },
    )
    graph = import_graph(tmp_path, ("core",))
    assert graph["core.fast.movegen"].project == {"core.fast._movegen"}
    assert cycles(graph) == []


def test_a_cycle_through_the_else_of_type_checking_is_found(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "saves/__init__.py": "",
            "saves/a.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    pass\nelse:\n    from saves import b\n"
            ),
            "saves/b.py": "from . import a\n",
        },
    )
    assert cycles(import_graph(tmp_path, ("saves",))) == [["saves.a", "saves.b"]]
