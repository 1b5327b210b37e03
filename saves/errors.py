"""The one error of the saves package: a file that cannot be read, written or trusted."""

from __future__ import annotations

from os import PathLike
from pathlib import Path


class SaveError(ValueError):
    """One sentence naming the file and its problem: ``"a.pawn is empty"``.

    ``file`` is the name shown to the player, ``problem`` the rest of the sentence.
    """

    def __init__(self, file: str, problem: str) -> None:
        super().__init__(f"{file} {problem}")
        self.file = file
        self.problem = problem

    def __reduce__(self) -> tuple[type[SaveError], tuple[str, str]]:
        return type(self), (self.file, self.problem)


class SaveProblem(Exception):
    """A problem found in save text before the file it came from is known.

    The message is the predicate of a sentence ("is cut short: ..."); ``SaveError`` puts the
    file name in front of it.
    """

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem

    def naming(self, file: str) -> SaveError:
        return SaveError(file, self.problem)


def display_name(path: str | PathLike[str]) -> str:
    """How a file is named in messages: its name, without the folders before it."""
    return Path(path).name or str(path)
