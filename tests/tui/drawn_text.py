"""What a screen of the app would send to the terminal, and the checks that text from outside
was drawn as text: shown literally, never styled, linked or made clickable by markup, and
no escape sequence or control character of its own on the way to the terminal."""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from typing import Any

from hostile_text import ESCAPE_LEAKS
from rich.console import Console
from textual.app import App

from tui.plain_text import clean

#: Actions of the corpus's ``[@click=...]`` markup: no cell of the screen may carry them.
CORPUS_ACTIONS = ("app.quit", "screen.dismiss")
#: How much of a string must show: enough to tell markup read from markup shown.
SNIPPET_CELLS = 10


@dataclass
class Drawn:
    """The screen as drawn: its lines of characters, and the bytes the driver would write."""

    lines: list[str]
    output: str
    links: list[str]
    actions: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def drawn(app: App[Any]) -> Drawn:
    """Render the whole of the current screen as the driver would write it."""
    strips = app.screen._compositor.render_strips()
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    links: list[str] = []
    actions: list[str] = []
    for strip in strips:
        for segment in strip:
            style = segment.style
            if style is None:
                continue
            if style.link:
                links.append(style.link)
            click = style.meta.get("@click") if style._meta else None
            if click:
                actions.append(str(click))
    output = "".join(strip.render(console) for strip in strips)
    return Drawn([strip.text for strip in strips], output, links, actions)


def snippet(text: str, cells: int = SNIPPET_CELLS) -> str:
    """The start of ``text`` as it must show: cleaned, at most ``cells`` characters, without
    the spaces at its ends (a cut may fall on one)."""
    return clean(text)[:cells].strip()


def assert_plain(app: App[Any], *texts: str, cells: int = SNIPPET_CELLS) -> Drawn:
    """The app runs, the screen shows the start of each of ``texts`` literally, and nothing
    on it is a link, a corpus action, an escape from text or a control character."""
    assert app.is_running, "the app stopped"
    screen = drawn(app)
    for text in texts:
        shown = snippet(text, cells)
        assert shown in screen.text, f"{text[:60]!r} not shown as {shown!r}:\n{screen.text}"
    assert not screen.links, f"links on the screen: {screen.links}"
    bad = [action for action in screen.actions if any(a in action for a in CORPUS_ACTIONS)]
    assert not bad, f"actions from text on the screen: {bad}"
    for leak in ESCAPE_LEAKS:
        assert leak not in screen.output, f"{leak!r} would reach the terminal"
    for line in screen.lines:
        odd = [ch for ch in line if unicodedata.category(ch) in ("Cc", "Cf", "Cs")]
        assert not odd, f"control or format characters drawn: {odd!r} in {line!r}"
    return screen
