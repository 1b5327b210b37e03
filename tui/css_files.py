"""CSS files named from the module that uses them, as absolute paths worked out once.

A screen or an app names its CSS in ``CSS_PATH``. Textual resolves a relative name against
the class's source file each time it builds an app or a screen (a walk of the file system,
``Path.resolve``), and takes an absolute one as it is: a server builds an app for every
session that connects and a screen for every table opened, so the names are resolved here,
once, at import.
"""

from __future__ import annotations

from pathlib import Path, PurePath


def css_files(module_file: str, *names: str) -> list[str | PurePath]:
    """``names`` (relative to the folder of ``module_file``, a module's ``__file__``) as
    absolute paths (typed as Textual types ``CSS_PATH``)."""
    folder = Path(module_file).resolve().parent
    return [(folder / name).resolve() for name in names]
