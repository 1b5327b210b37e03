"""A game package's names that import its rules, given on first use.

The list of games reads each game's ``about`` module, which runs the game package's
``__init__``; so that this imports none of the rules, the package hands out ``GAME`` and its
game class through a module ``__getattr__`` that imports them when they are first asked for
(``from core.games.mac import GAME`` works as before).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable


def exported_on_first_use(
    package: str, module: str, names: Iterable[str]
) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package`` that gives ``names`` from ``module``,
    importing it the first time one of them is asked for."""
    exported = frozenset(names)

    def attribute(name: str) -> object:
        if name not in exported:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return attribute
