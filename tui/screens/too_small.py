"""Shown instead of any screen while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from tui.css_files import css_files

MIN_WIDTH = 80
MIN_HEIGHT = 24


def is_too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def too_small_text(size: Size) -> str:
    return f"terminal too small (need {MIN_WIDTH}x{MIN_HEIGHT}, have {size.width}x{size.height})"


class TooSmallScreen(Screen[None]):
    CSS_PATH = css_files(__file__, "too_small.tcss")

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small-text")

    def show_size(self, size: Size) -> None:
        self.query_one("#too-small-text", Static).update(too_small_text(size))
