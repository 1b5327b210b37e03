"""The move log as a tree: the main line, variations indented under the move they replace,
comments in their own dim rows.

Rows are ``TreeRow`` values (``tui.play.move_tree_rows``); the line through the current move is
drawn plainly and the other variations dim. The log can take the focus (Tab): then ``↑``/``↓``
move a highlight over the rows and Enter posts ``RowClicked`` for the highlighted one, the
same message a click posts, so the screen treats both alike. A click does not take the focus,
so the arrow keys keep their meaning on the board.
"""

from __future__ import annotations

from rich.style import Style
from textual.binding import Binding
from textual.events import Blur, Focus
from textual.reactive import reactive
from textual.strip import Strip

from tui.plain_text import clean, clip
from tui.play.move_tree_rows import TreeRow
from tui.widgets.move_log import MoveLog

#: Deeper variations are not indented further, so the moves stay readable.
MAX_INDENT = 5


class MoveTree(MoveLog, can_focus=True, inherit_bindings=False):
    COMPONENT_CLASSES = {
        "move-log--current",
        "move-log--ahead",
        "move-log--number",
        "move-tree--variation",
        "move-tree--comment",
        "move-tree--highlight",
    }
    BINDINGS = [
        Binding("up,k", "highlight(-1)", "Row up", show=False, id="log.up"),
        Binding("down,j", "highlight(1)", "Row down", show=False, id="log.down"),
        Binding("pageup", "highlight(-10)", "Ten rows up", show=False, id="log.page_up"),
        Binding("pagedown", "highlight(10)", "Ten rows down", show=False, id="log.page_down"),
        Binding("enter,space", "go", "Go to the move", id="log.go"),
        Binding("escape,tab", "leave", "Back to the board", id="log.leave"),
    ]

    #: The row the keyboard highlight is on while the log has the focus (``-1``: start).
    highlight: reactive[int] = reactive(-1)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: The look of each mix of component classes, kept apart from Textual's own
        #: ``_component_styles``, where it keeps the widget's component styles.
        self._styles_by_components: dict[tuple[str, ...], Style] = {}

    def focus_on_click(self) -> bool:
        return False

    def row_count(self) -> int:
        return len(self.entries)

    # -- the keyboard highlight -----------------------------------------------------------------

    def on_focus(self, event: Focus) -> None:
        self.highlight = self.current
        self.refresh()

    def on_blur(self, event: Blur) -> None:
        self.refresh()

    def action_highlight(self, delta: int) -> None:
        self.highlight = min(max(self.highlight + delta, -1), len(self.entries) - 1)
        self._scroll_into_view(self.highlight)

    def action_go(self) -> None:
        self.post_message(self.RowClicked(self, self.highlight))

    def action_leave(self) -> None:
        self.screen.set_focus(None)

    def watch_highlight(self) -> None:
        self.refresh()

    # -- drawing --------------------------------------------------------------------------------

    def row_text(self, index: int) -> str:
        if index < 0:
            return "    start"
        row = self.entries[index]
        assert isinstance(row, TreeRow)
        indent = "  " * min(row.depth, MAX_INDENT)
        if row.is_comment:
            return f"{indent}      {' '.join(clean(row.comment).split())}"
        number = f"{'(' if row.opens else ''}{row.ply}."
        move = row.notation + ")" * row.closes
        return clean(f"{indent}{number:>5} {move:<11} {row.mover}")

    def fitted_text(self, index: int, width: int) -> str:
        return clip(self.row_text(index), width)  # a comment may hold wide characters

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_by_components.clear()

    def _style_of(self, index: int) -> Style:
        if self.has_focus and index == self.highlight:
            return self._styled("move-tree--highlight")
        if index == self.current:
            return self._styled("move-log--current")
        if index < 0:
            return self._styled()
        row = self.entries[index]
        assert isinstance(row, TreeRow)
        parts = []
        if not row.on_line:
            parts.append("move-tree--variation")
        elif row.ahead:
            parts.append("move-log--ahead")
        if row.is_comment:
            parts.append("move-tree--comment")
        return self._styled(*parts)

    def _styled(self, *components: str) -> Style:
        """The widget's style with these component styles added, looked up once until the
        styles change (a row is drawn many times, its styles rarely change)."""
        style = self._styles_by_components.get(components)
        if style is None:
            style = self.rich_style
            for component in components:
                style += self.get_component_rich_style(component)
            self._styles_by_components[components] = style
        return style

    def render_line(self, y: int) -> Strip:
        width, top = self.view_frame()
        row = y + top
        index = row - 1
        if row > len(self.entries):
            return Strip.blank(width, self.rich_style)
        return self.drawn_row(index, self._style_of(index), width)
