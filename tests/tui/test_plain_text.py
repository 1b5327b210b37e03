"""Plain text for what people and files say: nothing a terminal would obey survives
``clean``, widths are terminal cells, a cut never splits a wide character, and ``plain``
never reads markup."""

from __future__ import annotations

import unicodedata

import pytest
from hostile_text import CORPUS, MARKUP
from rich.console import Console
from rich.text import Text

from tui.plain_text import cells, clean, clip, plain, plain_cell, plain_lines


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
def test_clean_leaves_nothing_a_terminal_would_obey(text: str) -> None:
    shown = clean(text)
    assert not [ch for ch in shown if unicodedata.category(ch) in ("Cc", "Cf", "Cs")]
    assert "\n" not in shown and "\x1b" not in shown
    shown.encode("utf-8")  # no lone surrogate left to break a session's output


def test_clean_keeps_markup_and_printable_text_as_it_is() -> None:
    for text in [*MARKUP, "界界界界", "e\u0301"]:
        assert clean(text) == text
    assert clean("\u202eevil\u202c") == "evil"
    assert clean("line\nbreak\ttab") == "line break tab"
    assert clean("\ud800x") == "\ufffdx"


def test_cells_counts_terminal_cells() -> None:
    assert cells("abc") == 3
    assert cells("界界界") == 6
    assert cells("😀") == 2
    assert cells("\x1b[31m") == 4  # the escape is dropped, the rest shows


def test_clip_cuts_in_cells_and_never_splits_a_wide_character() -> None:
    assert clip("abcdef", 6) == "abcdef"
    assert clip("abcdef", 4) == "abc…"
    assert clip("界界界界", 5) == "界界…"
    assert cells(clip("界界界界", 4)) <= 4
    assert clip("abc", 0) == ""
    assert clip("界界", 1, ellipsis="") == ""  # never half a wide character


@pytest.mark.parametrize("make", [plain, plain_cell])
@pytest.mark.parametrize("text", MARKUP, ids=range(len(MARKUP)))
def test_plain_is_the_text_without_markup_read(make: object, text: str) -> None:
    shown = make(text)  # type: ignore[operator]
    assert isinstance(shown, Text)
    assert shown.plain == text
    assert not shown.spans
    console = Console(width=200, file=None, force_terminal=True, color_system="truecolor")
    with console.capture() as capture:
        console.print(shown)
    assert text in capture.get()
    assert "\x1b]8;" not in capture.get()


def test_plain_with_a_width_cuts_the_text() -> None:
    assert plain("[b]bold[/b]", width=6).plain == "[b]bo…"
    assert plain("界界界", width=4).cell_len <= 4


def test_plain_lines_keeps_the_line_breaks_and_cleans_each_line() -> None:
    shown = plain_lines("Table 1: [b]x[/b]\nEnter: \x1b]0;t\x07sit down")
    assert shown.plain == "Table 1: [b]x[/b]\nEnter: ]0;tsit down"
    assert not shown.spans
