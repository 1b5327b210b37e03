"""A player panel lays the screen out again only when its height changes."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region
from tui_helpers import app_test

from tui.play.describe import PanelInfo
from tui.widgets.player_panel import PlayerPanel


def shown(panel: PlayerPanel) -> str:
    lines = panel.render_lines(Region(0, 0, panel.size.width, panel.size.height))
    return "\n".join(line.text for line in lines)


class PanelApp(App[None]):
    CSS = "PlayerPanel { height: auto; }"

    def compose(self) -> ComposeResult:
        yield PlayerPanel()


@app_test
async def test_new_lines_of_the_same_height_repaint_a_change_of_height_lays_out(
    monkeypatch: Any,
) -> None:
    app = PanelApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(PlayerPanel)
        panel.info = PanelInfo("Ann", "South", 0, True, ("captured: 2",))
        await pilot.pause()
        layouts: list[bool] = []
        original = panel.refresh

        def refresh(*regions: Any, layout: bool = False, **options: Any) -> Any:
            layouts.append(layout)
            return original(*regions, layout=layout, **options)

        monkeypatch.setattr(panel, "refresh", refresh)
        panel.info = PanelInfo("Ann", "South", 3, False, ("captured: 5",))
        await pilot.pause()
        assert layouts and not any(layouts)
        assert "captured: 5" in shown(panel)
        layouts.clear()
        panel.info = PanelInfo("Ann", "South", 3, False, ("captured: 5", "clock: called"))
        await pilot.pause()
        assert True in layouts
        assert panel.size.height == 3
        layouts.clear()
        long_line = "a very long line that wraps under the name " * 2
        panel.info = PanelInfo("Ann", "South", 3, False, ("captured: 5", long_line))
        await pilot.pause()
        assert True in layouts  # the same number of lines, but one wraps: taller
        assert panel.size.height > 3
