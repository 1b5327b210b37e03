"""No unfinished game is ever lost: each is kept in a file of its own, whatever the player does
next (ctrl+n and another game, ``n`` to the resume offer, ``pawnshop open FILE``, two games in
turn), and every one can be resumed from the library with its moves."""

from __future__ import annotations

from pathlib import Path

from computer_helpers import wait_until
from hostile_text import MARKUP
from rich.text import Text
from textual.widgets import DataTable, Static
from tui_helpers import NOW, SIZE, app_test, line, make_app, martian_record
from unfinished_helpers import (
    open_unfinished,
    play,
    resumable_lines,
    start_martian_chess,
    wait_for_screen,
)

from saves.autosave import write_autosave
from saves.format import load, save
from saves.paths import autosave_files, games_dir
from tui.screens.board import BoardScreen
from tui.screens.library import LibraryScreen
from tui.screens.resume import ResumeScreen

FIRST = ["c3-d4", "b6-a5", "d2xa5"]
SECOND = ["b3-c4", "a6-a4"]


@app_test
async def test_ctrl_n_and_a_new_game_keep_the_game_left(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await start_martian_chess(pilot)
        await play(pilot, FIRST)
        await pilot.press("ctrl+n")
        await start_martian_chess(pilot)
        await play(pilot, SECOND)
        assert len(autosave_files(data_dir)) == 2
        assert await resumable_lines(pilot) == sorted([FIRST, SECOND])


@app_test
async def test_no_to_the_resume_offer_and_a_new_game_keep_the_game_offered(
    data_dir: Path,
) -> None:
    write_autosave(martian_record(FIRST), data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("n")
        await start_martian_chess(pilot)
        await play(pilot, SECOND)
        assert await resumable_lines(pilot) == sorted([FIRST, SECOND])


@app_test
async def test_opening_a_file_and_playing_on_keeps_the_game_in_progress(
    data_dir: Path, tmp_path: Path
) -> None:
    write_autosave(martian_record(FIRST), data_dir, now=NOW)
    opened = save(martian_record(SECOND[:1]), tmp_path / "from-a-friend.pawn", now=NOW)
    before = opened.read_bytes()
    app = make_app(data_dir, record=load(opened), path=opened)
    async with app.run_test(size=SIZE) as pilot:
        question = await wait_for_screen(pilot, ResumeScreen)
        text = str(question.query_one(".dialog-text", Static).render())
        assert text.startswith("from-a-friend.pawn is an unfinished Martian Chess game.")
        await pilot.press("y")
        board = await wait_for_screen(pilot, BoardScreen)
        assert not board.reviewing
        await play(pilot, SECOND[1:])
        assert opened.read_bytes() == before  # the file opened is left as it was
        assert len(autosave_files(data_dir)) == 2
        assert await resumable_lines(pilot) == sorted([FIRST, SECOND])


@app_test
async def test_an_unfinished_file_may_be_opened_for_review_instead(
    data_dir: Path, tmp_path: Path
) -> None:
    opened = save(martian_record(FIRST), tmp_path / "game.pawn", now=NOW)
    app = make_app(data_dir, record=load(opened), path=opened)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("n")
        board = await wait_for_screen(pilot, BoardScreen)
        assert board.reviewing and board.source == opened
        await pilot.press("left")
        assert line(board.record) == FIRST[:2]
        assert autosave_files(data_dir) == []


@app_test
async def test_a_finished_file_opens_in_review(data_dir: Path, tmp_path: Path) -> None:
    finished = martian_record(("a4xb5",), position="4/4/1p2/1p2/q3/4/4/4 1 0/0 - o")
    opened = save(finished, tmp_path / "won.pawn", now=NOW)
    app = make_app(data_dir, record=load(opened), path=opened)
    async with app.run_test(size=SIZE) as pilot:
        board = await wait_for_screen(pilot, BoardScreen)
        assert board.reviewing and board.source == opened
        assert line(board.record) == ["a4xb5"]


@app_test
async def test_two_games_played_in_turn_are_both_kept_with_their_moves(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await start_martian_chess(pilot)
        await play(pilot, FIRST[:1])
        await pilot.press("ctrl+n")
        await start_martian_chess(pilot)
        await play(pilot, SECOND[:1])
        for moves, more in ((FIRST[:1], FIRST[1:]), (SECOND[:1], SECOND[1:])):
            library = await open_unfinished(pilot)
            row = next(i for i, game in enumerate(library.unfinished) if line(game.record) == moves)
            await pilot.press(*["down"] * row, "enter")
            board = await wait_for_screen(pilot, BoardScreen)
            assert line(board.record) == moves
            await play(pilot, more)
        assert len(autosave_files(data_dir)) == 2
        assert await resumable_lines(pilot) == sorted([FIRST, SECOND])


@app_test
async def test_the_first_screen_offers_the_game_played_last_and_counts_the_others(
    data_dir: Path,
) -> None:
    for moves in (SECOND, FIRST[:1], FIRST):
        write_autosave(martian_record(moves), data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_screen(pilot, ResumeScreen)
        text = str(screen.query_one(".dialog-text", Static).render())
        assert text == (
            "Resume your Martian Chess game (Alice vs Bob, 3 moves)? "
            "2 other unfinished games wait in the library (l)."
        )
        await pilot.press("y")
        board = await wait_for_screen(pilot, BoardScreen)
        assert line(board.record) == FIRST


@app_test
async def test_the_library_lists_unfinished_games_apart_and_deleting_one_asks_first(
    data_dir: Path,
) -> None:
    save(martian_record(FIRST), games_dir(data_dir) / "named.pawn", now=NOW)
    write_autosave(martian_record(SECOND, players=("Cy", "Di")), data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # not now
        library = await open_unfinished(pilot)
        table = library.query_one(DataTable)
        assert table.row_count == 1
        cells = [str(cell) for cell in table.get_row_at(0)]
        assert cells[:4] == ["Martian Chess", "Cy vs Di", "Cy", "2"]
        title = str(library.query_one("#library-title", Static).render())
        assert title.startswith("Unfinished games · 1 game")
        await pilot.press("d")
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("enter")  # the default answer is no
        await wait_for_screen(pilot, LibraryScreen)
        assert len(autosave_files(data_dir)) == 1
        await pilot.press("d", "y")
        await wait_until(pilot, lambda: library.unfinished == [], "the game to be deleted")
        assert autosave_files(data_dir) == []
        await pilot.press("u")  # back to the saved games, which are as they were
        assert [entry.name for entry in library.shown] == ["named.pawn"]


@app_test
async def test_the_unfinished_games_show_hostile_names_as_they_are(data_dir: Path) -> None:
    names = [name for name in MARKUP if name.isprintable()]
    pairs = list(zip(names[::2], names[1::2], strict=False))
    for pair in pairs:
        write_autosave(martian_record(FIRST[:1], players=pair), data_dir, now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        library = await open_unfinished(pilot)
        table = library.query_one(DataTable)
        shown = {str(table.get_row_at(row)[1]) for row in range(table.row_count)}
        assert shown == {" vs ".join(pair) for pair in pairs}
        turns = {str(table.get_row_at(row)[2]) for row in range(table.row_count)}
        assert turns == {second for _, second in pairs}
        for row in range(table.row_count):  # plain text, never read as markup
            assert all(isinstance(c, Text) and not c.spans for c in table.get_row_at(row))


@app_test
async def test_opening_an_autosave_itself_plays_on_in_that_file(data_dir: Path) -> None:
    path = write_autosave(martian_record(FIRST[:2]), data_dir, now=NOW)
    app = make_app(data_dir, record=load(path), path=path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("y")
        await wait_for_screen(pilot, BoardScreen)
        await play(pilot, FIRST[2:])
        assert autosave_files(data_dir) == [path]
        assert line(load(path)) == FIRST
