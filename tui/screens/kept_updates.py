"""A screen that never drops its widgets' pending repaints when the screen below it repaints.

Textual keeps the screen right under the top one ready to show through, and when that screen
repaints part of itself it asks the top screen to repaint the same area. The top screen then
repaints only that area and forgets every widget of its own that was waiting to be drawn: a
board square that changed at the same moment stays stale on the terminal until something
else redraws it. This happened at SSH tables, where the lobby sits under the table.

``KeptUpdates`` hands those widgets' areas to the compositor first, so one frame draws both.
``tests/tui/test_tui_kept_updates.py`` shows the loss on a plain screen and its absence here.
"""

from __future__ import annotations

from tui.textual_internals import TimedUpdateHook, draw_dirty_widgets_now


class KeptUpdates(TimedUpdateHook):
    def before_timed_update(self) -> None:
        draw_dirty_widgets_now(self)
