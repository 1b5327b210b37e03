"""The server's apps share parsed CSS: the same CSS with the same variables is parsed once for
the whole process, other variables (another theme) parse it again, and CSS with errors is never
kept, so each app reports its own errors."""

from __future__ import annotations

from typing import Any

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet, StylesheetParseError

import tui.ssh.shared_css as shared_css

CSS = "Static { color: $ink; } #title { text-style: bold; }"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Share parsed CSS for the test only, and note every piece Textual really parses."""
    parsed: list[str] = []
    original = shared_css._original_parse_rules

    def counting(self: Stylesheet, css: str, *args: Any) -> Any:
        parsed.append(css)
        return original(self, css, *args)

    monkeypatch.setattr(shared_css, "_original_parse_rules", counting)
    monkeypatch.setattr(shared_css, "_cache", type(shared_css._cache)())
    monkeypatch.setattr(Stylesheet, "_parse_rules", Stylesheet._parse_rules)
    shared_css.share_parsed_css()
    return parsed


def ink_of(css: str, ink: str) -> Color | None:
    """The colour the first rule of ``css`` gives, parsed by a stylesheet of its own (as each
    app has) with ``$ink`` set to ``ink``."""
    sheet = Stylesheet(variables={"ink": ink})
    sheet.add_source(css, read_from=("screen.tcss", ""))
    sheet.parse()
    return sheet.rules[0].styles.color


def test_the_same_css_and_variables_are_parsed_once_for_every_stylesheet(
    parses: list[str],
) -> None:
    assert ink_of(CSS, "red") == Color.parse("red")
    assert ink_of(CSS, "red") == Color.parse("red")
    assert ink_of(CSS, "red") == Color.parse("red")
    assert parses == [CSS]
    assert shared_css.cached_pieces() == 1


def test_other_variables_parse_the_css_again(parses: list[str]) -> None:
    assert ink_of(CSS, "red") == Color.parse("red")
    assert ink_of(CSS, "blue") == Color.parse("blue")
    assert ink_of(CSS, "red") == Color.parse("red")
    assert parses == [CSS, CSS]


def test_css_with_errors_is_never_kept(parses: list[str]) -> None:
    broken = "Static { colour: red; }"
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            ink_of(broken, "red")
    assert parses == [broken, broken]
    assert shared_css.cached_pieces() == 0


def test_a_stylesheet_given_other_variables_parses_with_them(parses: list[str]) -> None:
    """The variables' part of the key is kept for each mapping of variables: a stylesheet
    whose variables are replaced (as a change of theme replaces them) is not taken for the
    one it was."""
    sheet = Stylesheet(variables={"ink": "red"})
    sheet.add_source(CSS, read_from=("screen.tcss", ""))
    sheet.parse()
    assert sheet.rules[0].styles.color == Color.parse("red")
    sheet.set_variables({"ink": "blue"})
    sheet.reparse()
    assert sheet.rules[0].styles.color == Color.parse("blue")
    sheet.set_variables({"ink": "red"})
    sheet.reparse()
    assert sheet.rules[0].styles.color == Color.parse("red")
    assert parses == [CSS, CSS]


def test_many_mappings_of_variables_are_told_apart(parses: list[str]) -> None:
    """More mappings than the key memo keeps: each is still parsed with its own values."""
    inks = [f"#{index:06x}" for index in range(shared_css.VARIABLES_KEYS_KEPT * 2 + 3)]
    for ink in inks:
        assert ink_of(CSS, ink) == Color.parse(ink)
    assert len(parses) == len(inks)
