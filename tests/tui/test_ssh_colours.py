"""The colour depth of a session: chosen from TERM, applied to the app's console and output."""

from __future__ import annotations

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem, ColorType
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color

from tui.ssh.colours import (
    ColourDepthFilter,
    ColourSystem,
    apply_colour_system,
    colour_system_for,
    reduced_style,
)


@pytest.mark.parametrize(
    ("term", "environment", "expected"),
    [
        ("xterm-256color", {}, "256"),
        ("screen-256color", {}, "256"),
        ("tmux-256color", {}, "256"),
        ("xterm-kitty", {}, "truecolor"),
        ("alacritty", {}, "truecolor"),
        ("xterm-direct", {}, "truecolor"),
        ("XTERM-GHOSTTY", {}, "truecolor"),
        ("xterm-256color", {"COLORTERM": "truecolor"}, "truecolor"),
        ("xterm-256color", {"COLORTERM": "24bit"}, "truecolor"),
        ("xterm", {}, "16"),
        ("linux", {}, "16"),
        ("screen", {}, "16"),
        ("some-unknown-terminal", {}, "16"),
        ("vt100", {}, "none"),
        ("vt220", {"COLORTERM": "truecolor"}, "none"),
        ("vt52", {}, "none"),
        ("vte-256color", {}, "256"),
        ("vte", {}, "16"),
        ("vtnt", {}, "16"),
        ("dumb", {}, "none"),
        ("", {}, "none"),
        ("xterm-256color", {"NO_COLOR": "1"}, "none"),
        ("xterm-256color", {"NO_COLOR": ""}, "256"),
    ],
)
def test_the_colour_system_comes_from_term_and_the_forwarded_environment(
    term: str, environment: dict[str, str], expected: ColourSystem
) -> None:
    assert colour_system_for(term, environment) == expected


RED_ORANGE = Style(color="#ff5500", bgcolor="#102030", bold=True)


def test_colours_are_downgraded_to_the_depth_and_other_attributes_kept() -> None:
    assert reduced_style(RED_ORANGE, "truecolor") is RED_ORANGE
    for colours, kind in (("256", ColorType.EIGHT_BIT), ("16", ColorType.STANDARD)):
        reduced = reduced_style(RED_ORANGE, colours)  # type: ignore[arg-type]
        assert reduced.color is not None and reduced.color.type == kind
        assert reduced.bgcolor is not None and reduced.bgcolor.type == kind
        assert reduced.bold
    expected = RichColor.parse("#ff5500").downgrade(ColorSystem.EIGHT_BIT)
    assert reduced_style(RED_ORANGE, "256").color == expected
    plain = reduced_style(RED_ORANGE, "none")
    assert (plain.color, plain.bgcolor, plain.bold) == (None, None, True)


def test_the_filter_reduces_every_segment_and_keeps_text_and_controls() -> None:
    segments = [Segment("ab", RED_ORANGE), Segment("c"), Segment("", None, [])]
    filtered = ColourDepthFilter("none").apply(segments, Color(0, 0, 0))
    assert [segment.text for segment in filtered] == ["ab", "c", ""]
    assert filtered[0].style == Style(bold=True)
    assert filtered[1].style is None
    assert filtered[2].control == []


@pytest.mark.parametrize(
    ("colours", "rich_name"),
    [("truecolor", "truecolor"), ("256", "256"), ("16", "standard"), ("none", None)],
)
def test_the_app_console_and_filters_get_the_colour_system(
    colours: ColourSystem, rich_name: str | None
) -> None:
    app: App[None] = App()
    apply_colour_system(app, colours, (100, 30))
    assert app.console.color_system == rich_name
    assert (app.console.width, app.console.height) == (100, 30)
    depth_filters = [f for f in app.get_line_filters() if isinstance(f, ColourDepthFilter)]
    assert [f.colours for f in depth_filters] == [colours]
    assert app.no_color == (colours == "none")
