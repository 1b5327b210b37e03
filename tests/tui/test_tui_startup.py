"""Start-up stays quick: the list of games shows without any game's rules imported, and
choosing a game imports that game's alone."""

from __future__ import annotations

import subprocess
import sys

#: Run in a fresh interpreter: the app's first screen, then Enter on the first game.
SCRIPT = """
import asyncio, sys, tempfile
from tui.app import create_app

def rules():
    # Modules inside a game's package, its about module aside (the package imports nothing).
    return sorted(
        m for m in sys.modules
        if m.startswith("core.games.") and m.count(".") > 2 and not m.endswith(".about")
    )

async def main():
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app(data_dir=data_dir)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            print(type(app.screen).__name__, rules())
            await pilot.press("enter")
            await pilot.pause()
            print(type(app.screen).__name__, rules())

asyncio.run(main())
"""


def test_the_game_list_shows_before_any_rules_are_imported() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, timeout=120
    )
    first, chosen = result.stdout.strip().splitlines()
    assert first == "GameSelectScreen []"
    screen, _, imported = chosen.partition(" ")
    assert screen == "SetupScreen"
    assert "core.games.martian_chess.game" in imported
    for other in ("mac.", "macadam", "chase"):
        assert f"core.games.{other}" not in imported
