"""The project's import graph, read from the source with ``ast`` (nothing is imported).

Every module of ``core``, ``saves`` and ``tui`` is a node; a compiled extension module (a
``.so`` or ``.pyd`` beside the sources, or its ``.pyi``) is a node with no imports. An import
anywhere in a module counts, inside a function too, except under ``if TYPE_CHECKING:`` (its
``else`` branch counts) unless asked for. ``from package import name`` is an edge to the
submodule when ``name`` is one, otherwise to the package.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "saves", "tui")
EXTENSION_SUFFIXES = (".so", ".pyd", ".pyi")


@dataclass
class ModuleImports:
    """What one module imports: project modules, and the dotted names of all others."""

    project: set[str] = field(default_factory=set)
    external: set[str] = field(default_factory=set)


def module_files(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Each module's dotted name and its file."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*")):
            if path.suffix != ".py" and path.suffix not in EXTENSION_SUFFIXES:
                continue
            parts = list(path.relative_to(root).parts)
            parts[-1] = parts[-1].split(".")[0]
            if parts[-1] == "__init__":
                parts.pop()
            found.setdefault(".".join(parts), path)
    return found


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _ImportVisitor(ast.NodeVisitor):
    def __init__(
        self, name: str, is_package: bool, known: dict[str, Path], type_checking: bool
    ) -> None:
        self.name, self.is_package, self.known = name, is_package, known
        self.type_checking = type_checking
        self.found = ModuleImports()

    def _nearest(self, dotted: str) -> str | None:
        while dotted and dotted not in self.known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def _add(self, dotted: str) -> None:
        module = self._nearest(dotted)
        if module is None:
            self.found.external.add(dotted)
        elif module != self.name:
            self.found.project.add(module)

    def visit_If(self, node: ast.If) -> None:
        if is_type_checking(node.test) and not self.type_checking:
            for statement in node.orelse:
                self.visit(statement)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.name.split(".")
            if not self.is_package:
                base = base[:-1]
            base = base[: len(base) - (node.level - 1)]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            self._add(submodule if submodule in self.known else source)


def imports_of(
    name: str, path: Path, known: dict[str, Path], type_checking: bool = False
) -> ModuleImports:
    """What the module ``name`` (in ``path``) imports; an extension module imports nothing.
    ``type_checking``: count the imports under ``if TYPE_CHECKING:`` too."""
    if path.suffix != ".py":
        return ModuleImports()
    visitor = _ImportVisitor(name, path.name == "__init__.py", known, type_checking)
    visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    return visitor.found


def import_graph(
    root: Path = ROOT, packages: tuple[str, ...] = PACKAGES, *, type_checking: bool = False
) -> dict[str, ModuleImports]:
    """Every module of ``packages`` under ``root`` with what it imports."""
    known = module_files(root, packages)
    return {name: imports_of(name, path, known, type_checking) for name, path in known.items()}


def reachable(graph: dict[str, ModuleImports], start: str) -> set[str]:
    """The project modules ``start`` imports, directly or through others (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        for module in graph[todo.pop()].project:
            if module not in seen:
                seen.add(module)
                todo.append(module)
    return seen


def cycles(graph: dict[str, ModuleImports]) -> list[list[str]]:
    """Each group of modules that import one another in a ring (Tarjan's strongly connected
    components of two or more modules, or of one importing itself), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        # Iterative, so that a long chain of imports cannot exhaust the recursion limit.
        work = [(root, iter(sorted(graph[root].project)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child].project))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)
