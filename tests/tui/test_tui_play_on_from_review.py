"""Playing on from review: ``n`` starts a game whose main line is the line being looked at (a
saved variation promoted), the computer seats answer, and the game is kept in an autosave of
its own while the file reviewed stays as it was."""

from __future__ import annotations

from pathlib import Path

from computer_helpers import wait_until
from review_helpers import MAIN, RUSH, branchy_record, notations, review_of
from tui_helpers import app_test, board_screen, line

from saves.format import load
from saves.paths import autosave_files, games_dir
from tui.play.seat_types import computer_type, tag_name


@app_test
async def test_n_on_a_saved_variation_plays_it_on_against_the_computer(data_dir: Path) -> None:
    record = branchy_record()
    record.tags[tag_name(1)] = computer_type("easy")  # North is the computer
    async with review_of(data_dir, record) as (pilot, screen):
        path = games_dir(data_dir) / "club.pawn"
        before = path.read_bytes()
        await pilot.press("home", "right", "down", "right", "right")
        assert line(screen.record) == [MAIN[0], *RUSH]  # inside the variation, North to move
        await pilot.press("o")
        await wait_until(pilot, lambda: board_screen(pilot.app) is not screen, "the new game")
        game = board_screen(pilot.app)
        assert not game.reviewing
        new = game.record
        assert notations(new.mainline())[:3] == [MAIN[0], *RUSH]  # the variation promoted
        assert MAIN[1] in [child.notation for child in new.mainline()[0].children]
        await wait_until(pilot, lambda: len(line(new)) == 4, "the computer's answer")
        assert notations(new.mainline()) == line(new)
        await wait_until(
            pilot,
            lambda: [line(load(p)) for p in autosave_files(data_dir)] == [line(new)],
            "the answer to be autosaved",
        )
        assert path.read_bytes() == before  # the file reviewed is not changed
