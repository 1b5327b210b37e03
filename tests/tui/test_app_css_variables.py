"""An app's CSS variables are Textual's own for its theme, worked out once for the process:
each app has its own copy, and a change of theme gives that theme's variables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from tests.tui.tui_helpers import app_test
from tui.app import create_app


def textual_variables(app: App[Any]) -> dict[str, str]:
    """What Textual's own ``App.get_css_variables`` gives ``app``."""
    return App.get_css_variables(app)


def test_every_app_has_its_themes_variables_and_a_copy_of_its_own(tmp_path: Path) -> None:
    first, second = create_app(data_dir=tmp_path), create_app(data_dir=tmp_path)
    variables = first.get_css_variables()
    assert variables == textual_variables(first)
    assert first.theme_variables == variables
    variables["primary"] = "#123456"
    assert second.get_css_variables() == textual_variables(second)
    assert second.get_css_variables()["primary"] != "#123456"


@app_test
async def test_a_change_of_theme_gives_that_themes_variables(tmp_path: Path) -> None:
    app = create_app(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        dark = app.get_css_variables()
        app.theme = "textual-light"
        await pilot.pause()
        light = app.get_css_variables()
        assert light == textual_variables(app)
        assert light["background"] != dark["background"]
        assert app.stylesheet.rules  # the stylesheet parsed again with them
        assert app.screen.styles.background.hex != dark["background"]
