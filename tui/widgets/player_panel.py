"""A player's panel: name, seat, score, whether it is their turn, and the game's own lines."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.plain_text import cells, clean, clip
from tui.play.describe import PanelInfo


class PlayerPanel(Widget):
    """One seat at the table. The seat to move is marked ``▶`` and has the background of the
    ``player-panel--to-move`` component class.

    That background is set as the panel's own style rather than by a CSS class: a class
    toggled on two panels after every move had the whole stylesheet matched against them again,
    the largest cost of a move after drawing."""

    COMPONENT_CLASSES = {"player-panel--to-move"}

    info: reactive[PanelInfo | None] = reactive(None)

    def watch_info(self, old: PanelInfo | None, new: PanelInfo | None) -> None:
        to_move = bool(new and new.to_move)
        if to_move != bool(old and old.to_move) or old is None:
            look = self.get_component_styles("player-panel--to-move")
            self.styles.background = look.background if to_move else None
        if old is None or new is None or self._rows(old) != self._rows(new):
            self.refresh(layout=True)  # the panel's height changes: lay the column out again

    def _rows(self, info: PanelInfo) -> int:
        """How many rows the panel takes for ``info``: its head, and the game's lines as they
        wrap under it. Only a change of that lays the screen out again."""
        if not info.lines:
            return 1
        width = max(1, self.content_size.width - 2)
        return 1 + len(self._lines_text(info).wrap(self.app.console, width))

    @staticmethod
    def _lines_text(info: PanelInfo) -> Text:
        return Text("\n".join(clean(line) for line in info.lines))

    def render(self) -> RenderableType:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        name = info.player if info.player == info.seat_name else f"{info.player} ({info.seat_name})"
        score = "" if info.score is None else str(info.score)
        # The name is a person's: cut in terminal cells (a wide character takes two).
        name = clip(name, max(1, width - 2 - len(score) - 1))
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append("▶ " if info.to_move else "  ")
        head.append(name, style="bold")
        if score:
            head.append(" " * max(1, width - 2 - cells(name) - len(score)))
            head.append(score, style="bold")
        if not info.lines:
            return head
        # The game's lines wrap under the name, indented, rather than being cut off.
        return Group(head, Padding(self._lines_text(info), (0, 0, 0, 2)))
