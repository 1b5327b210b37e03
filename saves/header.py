"""The tags of a save file, checked and interpreted, without reading its moves."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import OptionError, UnknownGameError
from core.game import Game
from core.options import parse_options
from core.registry import find_game
from saves.errors import SaveProblem
from saves.lexer import RESULT, Tag, parse_tag, split_header

FORMAT_NAME = "pawnshop-save"
FORMAT_VERSION = 1

GameLookup = Callable[[str], Game[Any, Any]]

#: Tags the writer derives from the record; every other tag is kept in ``record.tags``.
DERIVED_TAGS = frozenset(
    {"Format", "Game", "Options", "Seed", "Result", "Termination", "Position", "Plies", "Current"}
)
PLAYER_TAG = re.compile(r"Player([1-9][0-9]*)")
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")

_SEED = re.compile(r"[+-]?[0-9]{1,100}")
_PLIES = re.compile(r"[0-9]{1,9}")
_PATH = re.compile(r"(?:[0-9]{1,9}(?:\.[0-9]{1,9})*)?")


def is_derived(name: str) -> bool:
    """True for the tags the writer makes itself (``Game``, ``Player1`` ...)."""
    return name in DERIVED_TAGS or PLAYER_TAG.fullmatch(name) is not None


@dataclass(frozen=True, slots=True)
class SaveHeader:
    """What the tags of a save say; ``tags`` holds the others (``Date``, ``Time`` ...)."""

    game: Game[Any, Any]
    options: dict[str, str]
    seed: int
    players: tuple[str, ...]
    result: str
    termination: str = ""
    start_position: str | None = None
    #: The path of the current node, ``None`` when the file does not say (the main line's end).
    current: tuple[int, ...] | None = None
    #: The number of main-line moves the file claims, ``None`` when it does not say.
    plies: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    #: The index of the line where the movetext begins.
    body_line: int = 0

    @property
    def date(self) -> str:
        return self.tags.get("Date", "")

    @property
    def time(self) -> str:
        return self.tags.get("Time", "")


def read_header(lines: Sequence[str], games: GameLookup = find_game) -> SaveHeader:
    """The header at the top of ``lines`` (the file split at line breaks)."""
    first = next((index for index, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise SaveProblem("is empty")
    _check_format(lines[first].strip(), first + 1, last=first == len(lines) - 1)
    tags, body_line = split_header(lines)
    return _interpret(tags, games, body_line)


def _check_format(text: str, line: int, last: bool) -> None:
    if not text.startswith("["):
        raise SaveProblem("is not a pawnshop save (it does not begin with a tag)")
    try:
        tag = parse_tag(text, line, last)
    except SaveProblem:
        if last:
            raise
        raise SaveProblem("is not a pawnshop save (it does not begin with a Format tag)") from None
    if tag.name != "Format":
        raise SaveProblem("is not a pawnshop save (it does not begin with a Format tag)")
    name, _, version = tag.value.partition(" ")
    if name != FORMAT_NAME:
        raise SaveProblem(f"is not a pawnshop save (its Format tag says '{tag.value}')")
    if not version.isascii() or not version.isdigit() or int(version) < 1:
        raise SaveProblem(
            f"has an unknown format version '{version}'; this one reads format {FORMAT_VERSION}"
        )
    if int(version) > FORMAT_VERSION:
        raise SaveProblem(
            f"was written by a newer pawnshop (format {int(version)}); "
            f"this one reads format {FORMAT_VERSION}"
        )


def _interpret(tags: list[Tag], games: GameLookup, body_line: int) -> SaveHeader:
    seen: dict[str, Tag] = {}
    for tag in tags:
        if tag.name in seen:
            first = seen[tag.name].line
            raise SaveProblem(f"has two {tag.name} tags (lines {first} and {tag.line})")
        seen[tag.name] = tag

    def required(name: str) -> str:
        if name not in seen:
            raise SaveProblem(f"is missing its {name} tag")
        return seen[name].value

    game = _find(required("Game"), games)
    try:
        options = game.resolve_options(parse_options(required("Options")))
    except OptionError as error:
        raise SaveProblem(f"has bad options: {error}") from None
    seed_text = required("Seed").strip()
    if not _SEED.fullmatch(seed_text):
        raise SaveProblem(f"has a bad Seed tag '{seed_text}' (it must be a whole number)")
    players = _players(tags, game, options)
    result = required("Result")
    if not RESULT.fullmatch(result):
        raise SaveProblem(f"has a bad Result tag '{result}' (such as *, 1-0, 0-1 or 1/2-1/2)")
    return SaveHeader(
        game=game,
        options=options,
        seed=int(seed_text),
        players=players,
        result=result,
        termination=seen["Termination"].value if "Termination" in seen else "",
        start_position=seen["Position"].value if "Position" in seen else None,
        current=_current(seen.get("Current")),
        plies=_plies(seen.get("Plies")),
        tags={tag.name: tag.value for tag in tags if not is_derived(tag.name)},
        body_line=body_line,
    )


def _find(name: str, games: GameLookup) -> Game[Any, Any]:
    try:
        return games(name)
    except (UnknownGameError, LookupError):
        raise SaveProblem(f"is a game of '{name}', which this pawnshop does not know") from None


def _players(tags: list[Tag], game: Game[Any, Any], options: dict[str, str]) -> tuple[str, ...]:
    numbered: dict[int, str] = {}
    for tag in tags:
        match = PLAYER_TAG.fullmatch(tag.name)
        if match:
            numbered[int(match.group(1))] = tag.value
    for number in sorted(numbered):
        if number > 1 and number - 1 not in numbered:
            raise SaveProblem(f"has a Player{number} tag but no Player{number - 1} tag")
    seats = len(game.seat_names(options))
    if len(numbered) != seats:
        given = len(numbered) or "no"
        raise SaveProblem(
            f"names {given} player{'s' if len(numbered) != 1 else ''}, "
            f"but {game.name} with these options has {seats} seats"
        )
    return tuple(numbered[number] for number in range(1, seats + 1))


def _current(tag: Tag | None) -> tuple[int, ...] | None:
    if tag is None:
        return None
    if not _PATH.fullmatch(tag.value):
        raise SaveProblem(f"has a bad Current tag '{tag.value}' (child numbers such as 0.0.1)")
    return tuple(int(part) for part in tag.value.split(".")) if tag.value else ()


def _plies(tag: Tag | None) -> int | None:
    if tag is None:
        return None
    if not _PLIES.fullmatch(tag.value):
        raise SaveProblem(f"has a bad Plies tag '{tag.value}' (it must be a count of moves)")
    return int(tag.value)
