"""Game options: a declared name, default and allowed values, and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game. Values are strings so they read and write as text unchanged."""

    name: str
    label: str
    default: str
    choices: tuple[str, ...] = ()
    description: str = ""
    #: The values of other options under which this one has any effect, like
    #: ``(("players", ("4",)),)`` for teams; empty when it always has. Under any other value
    #: it changes nothing, and a form leaves it out.
    applies_when: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: Narrower choices under a value of another option, like
    #: ``(("players", "2", ("1", "2", "random")),)`` for the first player of a two-player game;
    #: the first entry that matches wins, and ``choices`` hold under any other value. Each set
    #: holds the default, which a form falls back to when a value stops being offered.
    choices_when: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def applies(self, options: Mapping[str, str]) -> bool:
        """Whether this option has any effect among ``options`` (the game's options)."""
        return all(options.get(name) in values for name, values in self.applies_when)

    def _narrowing(self, options: Mapping[str, str]) -> tuple[str, str, tuple[str, ...]] | None:
        """The entry of ``choices_when`` that holds among ``options``, if any."""
        return next((when for when in self.choices_when if options.get(when[0]) == when[1]), None)

    def choices_under(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """The values this option may take among ``options`` (the game's options)."""
        narrowing = self._narrowing(options)
        return self.choices if narrowing is None else narrowing[2]

    def check(self, value: str) -> str:
        value = str(value).strip()
        if self.choices and value not in self.choices:
            allowed = ", ".join(self.choices)
            raise OptionError(f"option {self.name} cannot be '{value}' (allowed: {allowed})")
        return value

    def check_among(self, options: Mapping[str, str]) -> None:
        """Raise ``OptionError`` if this option's value in ``options`` is not offered under
        the other options' values (``choices_when``)."""
        narrowing = self._narrowing(options)
        if narrowing is None or options[self.name] in narrowing[2]:
            return
        name, value, choices = narrowing
        raise OptionError(
            f"option {self.name} cannot be '{options[self.name]}' with {name}={value}"
            f" (allowed: {', '.join(choices)})"
        )


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, str] | None
) -> dict[str, str]:
    """Fill in defaults and check every value; unknown names raise ``OptionError``."""
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise OptionError(f"unknown option '{unknown[0]}' (this game's options: {known})")
    options = {name: spec.check(given.get(name, spec.default)) for name, spec in by_name.items()}
    for spec in specs:
        spec.check_among(options)
    return options


def format_options(options: Mapping[str, str]) -> str:
    """``name=value`` pairs separated by spaces, in the given order."""
    return " ".join(f"{name}={value}" for name, value in options.items())


def parse_options(text: str) -> dict[str, str]:
    """Read ``name=value`` pairs separated by spaces."""
    result: dict[str, str] = {}
    for word in text.split():
        name, sep, value = word.partition("=")
        if not sep or not name:
            raise OptionError(f"'{word}' is not an option (expected name=value)")
        result[name] = value
    return result
