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

from typing import Any

from textual.screen import Screen


class KeptUpdates(Screen[Any]):
    def _on_timer_update(self) -> None:
        if (
            self._repaint_required
            and self._dirty_widgets
            and not self._layout_required  # laying out hands them over already
            and self.is_current
            and not self.app._batch_count
        ):
            self._compositor.update_widgets(self._dirty_widgets)
        super()._on_timer_update()
