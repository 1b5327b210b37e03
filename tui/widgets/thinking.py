"""The "thinking" sign: a turning spinner and what the computer is doing, hidden when idle."""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from tui.plain_text import cells, clean

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
#: Seconds between two frames of the spinner.
FRAME_SECONDS = 0.1


class ThinkingIndicator(Widget):
    """One line, shown by ``show(label)`` and hidden by ``hide()``; the spinner turns while
    it shows, so a glance tells the app is alive and the computer at work. A click on it posts
    ``ThinkingIndicator.Pressed`` (the board screen then tells the computer to move now)."""

    class Pressed(Message):
        """The indicator was clicked."""

    label: reactive[str] = reactive("")
    keys: reactive[str] = reactive("")
    frame: reactive[int] = reactive(0)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._timer: Timer | None = None
        self.display = False

    def on_mount(self) -> None:
        self._timer = self.set_interval(FRAME_SECONDS, self._turn, pause=not self.display)

    def _turn(self) -> None:
        self.frame = (self.frame + 1) % len(FRAMES)

    def show(self, label: str, keys: str = "") -> None:
        """Show ``label``, and ``keys`` (what the player may press) after it if it fits."""
        self.label = label
        self.keys = keys
        self.display = True
        if self._timer is not None:
            self._timer.resume()

    def hide(self) -> None:
        self.display = False
        self.label = ""
        if self._timer is not None:
            self._timer.pause()

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed())

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(FRAMES[self.frame] + " ", style="bold")
        text.append(clean(self.label))  # it may name a player
        extra = f" · {clean(self.keys)}" if self.keys else ""
        if text.cell_len + cells(extra) <= self.content_size.width:
            text.append(extra, style="dim")
        return text
