"""Review mode on the board: stepping, jumping, the log as a tree, choosing variations, trying
moves, comments, promoting and deleting variations, and playing on from a position."""

from __future__ import annotations

from pathlib import Path

from review_helpers import (
    CENTRE,
    MAIN,
    RUSH,
    branchy_record,
    log_rows,
    notations,
    open_game,
    review_of,
    save_game,
)
from textual.widgets import Input
from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    line,
    make_app,
    martian_record,
)

from saves.format import load
from saves.paths import autosave_file
from tui.screens.comment import CommentScreen
from tui.screens.resume import ResumeScreen
from tui.screens.review import REVIEW_BINDINGS
from tui.widgets.board import BoardWidget
from tui.widgets.move_tree import MoveTree


@app_test
async def test_arrows_and_vi_keys_step_and_jump(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        record = screen.record
        assert screen.reviewing
        assert line(record) == list(MAIN)
        await pilot.press("left")
        assert line(record) == list(MAIN[:3])
        await pilot.press("h", "h")
        assert line(record) == list(MAIN[:1])
        await pilot.press("right")
        assert line(record) == list(MAIN[:2])
        await pilot.press("l")
        assert line(record) == list(MAIN[:3])
        await pilot.press("home")
        assert line(record) == []
        await pilot.press("left")
        assert screen.query_one("#status").message == "this is the start of the game"
        await pilot.press("end")
        assert line(record) == list(MAIN)
        await pilot.press("right")
        assert screen.query_one("#status").message == "this is the end of the line"
        await pilot.press("0")
        assert line(record) == []
        await pilot.press("$")
        assert line(record) == list(MAIN)
        assert screen.query_one("#status").turn == "review · Alice (South) to move"


@app_test
async def test_the_log_shows_the_whole_tree_with_comments(data_dir: Path) -> None:
    async with review_of(data_dir) as (_pilot, screen):
        log = screen.query_one(MoveTree)
        assert log_rows(log) == [
            "    start",
            "      club night",
            "   1. c3-d4       South",
            "   2. b6-a5       North",
            "    (2. a6-a4       North",
            "        pawn rush",
            "     3. b3-c4)      South",
            "    (2. c6-d5)      North",
            "   3. d2xa5       South",
            "      wins a queen",
            "   4. a7-b6       North",
        ]
        assert log.current == 9
        rows = log.entries
        assert [row.on_line for row in rows] == [True] * 3 + [False] * 4 + [True] * 3
        assert [row.depth for row in rows] == [0, 0, 0, 1, 1, 1, 1, 0, 0, 0]


@app_test
async def test_up_and_down_choose_the_variation_at_a_branch(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        record = screen.record
        status = screen.query_one("#status")
        await pilot.press("home", "right")
        await pilot.press("down")
        assert status.message == "→ goes to 2. a6-a4 (variation 1, 2 of 3)"
        log = screen.query_one(MoveTree)
        assert [row.notation for row in log.entries if row.ahead and row.notation] == list(RUSH)
        await pilot.press("right", "right")
        assert line(record) == ["c3-d4", *RUSH]
        await pilot.press("left", "left", "down", "j")
        assert status.message == "→ goes to 2. b6-a5 (the main line, 1 of 3)"
        await pilot.press("up", "k", "right")
        assert line(record) == ["c3-d4", "a6-a4"]
        await pilot.press("down")  # on a move that is one of several: the next of them
        assert line(record) == ["c3-d4", *CENTRE]
        assert status.message == "now on 2. c6-d5 (variation 2, 3 of 3)"
        await pilot.press("down")
        assert line(record) == list(MAIN[:2])
        await pilot.press("$", "down")
        assert status.message == "there is no variation here"
        assert status.is_error


@app_test
async def test_enter_or_a_click_on_a_row_of_the_log_goes_there(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        log = screen.query_one(MoveTree)
        await pilot.press("tab")
        assert log.has_focus and log.highlight == log.current
        await pilot.press("up", "up", "up")  # from 4. a7-b6 up to 2. c6-d5
        await pilot.press("enter")
        assert line(screen.record) == ["c3-d4", "c6-d5"]
        await pilot.press("k", "k", "enter")  # the comment row of 2. a6-a4: that move
        assert line(screen.record) == ["c3-d4", "a6-a4"]
        await pilot.press("escape")
        assert not log.has_focus
        await pilot.press("left")  # the arrows step again once the log lets go
        assert line(screen.record) == ["c3-d4"]
        assert await pilot.click(MoveTree, offset=log.row_offset(6))
        await pilot.pause()
        assert line(screen.record) == ["c3-d4", "c6-d5"]
        assert not log.has_focus  # a click goes there without taking the keys


@app_test
async def test_a_move_tried_in_review_is_a_variation_and_the_game_is_kept(
    data_dir: Path,
) -> None:
    path = save_game(data_dir, "club.pawn", branchy_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        screen = board_screen(app)
        record = screen.record
        await pilot.press("home", "right", "right", "right")
        await click_square(pilot, "a5")
        await click_square(pilot, "b4")
        assert line(record) == ["c3-d4", "b6-a5", "d2xa5", "a5-b4"]
        assert notations(record.mainline()) == list(MAIN)
        await pilot.press("colon", *"b3-c4", "enter")
        assert line(record) == ["c3-d4", "b6-a5", "d2xa5", "a5-b4", "b3-c4"]
        assert notations(record.mainline()) == list(MAIN)
        assert not autosave_file(data_dir).exists()
        assert notations(load(path).mainline()) == list(MAIN)


@app_test
async def test_shift_and_the_arrows_move_the_cursor_in_review(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        await pilot.press("home")
        start = screen.cursor
        await pilot.press("shift+up", "shift+right")
        assert screen.cursor == start + 4 + 1  # a rank up (4 files), a file right
        assert screen.query_one(BoardWidget).cursor == screen.cursor
        assert line(screen.record) == []


@app_test
async def test_comments_are_added_edited_and_removed_with_c(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        record = screen.record
        await pilot.press("left")  # 3. d2xa5 {wins a queen}
        await pilot.press("c")
        dialog = pilot.app.screen
        assert isinstance(dialog, CommentScreen)
        field = dialog.query_one("#comment-text", Input)
        assert field.value == "wins a queen"
        field.value = ""
        await pilot.press(*"a queen for a pawn", "enter")
        assert record.current.comment == "a queen for a pawn"
        assert "      a queen for a pawn" in log_rows(screen.query_one(MoveTree))
        await pilot.press("home", "c")
        assert pilot.app.screen.query_one("#comment-text", Input).value == "club night"
        await pilot.press("escape")
        assert record.root.comment == "club night"
        assert screen.query_one("#status").message == "comment unchanged"
        await pilot.press("end", "c")
        await pilot.press(*"the end", "enter")
        assert record.mainline()[-1].comment == "the end"
        await pilot.press("c")
        pilot.app.screen.query_one("#comment-text", Input).value = "   "
        await pilot.press("enter")
        assert record.mainline()[-1].comment == ""
        assert screen.query_one("#status").message.startswith("comment removed")


@app_test
async def test_a_variation_is_promoted_to_the_main_line(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        record = screen.record
        await pilot.press("plus")
        assert screen.query_one("#status").message == "this move is already on the main line"
        await pilot.press("home", "right", "down", "right", "right")
        assert line(record) == ["c3-d4", *RUSH]
        await pilot.press("plus")
        assert notations(record.mainline()) == ["c3-d4", *RUSH]
        assert screen.query_one("#status").message == (
            "the line from 2. a6-a4 is now the main line"
        )
        second = record.mainline()[0].children
        assert [child.notation for child in second] == ["a6-a4", "b6-a5", "c6-d5"]
        assert line(record) == ["c3-d4", *RUSH]


@app_test
async def test_a_variation_is_deleted_after_a_yes_and_kept_after_a_no(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        record = screen.record
        status = screen.query_one("#status")
        await pilot.press("minus")
        assert status.message.startswith("only a variation can be deleted")
        await pilot.press("home", "right", "down", "right", "right")
        await pilot.press("minus")
        question = pilot.app.screen
        assert isinstance(question, ResumeScreen)
        assert question.question == (
            "Delete the variation 2. a6-a4 (2 moves, with what branches off it)?"
        )
        await pilot.press("enter")  # Enter answers no unless Yes is chosen
        assert status.message == "nothing deleted"
        assert len(record.mainline()[0].children) == 3
        await pilot.press("delete")
        await pilot.press("y")
        await pilot.pause()
        assert [c.notation for c in record.mainline()[0].children] == ["b6-a5", "c6-d5"]
        assert line(record) == ["c3-d4"]
        assert status.message == "the variation 2. a6-a4 is deleted"
        assert notations(record.mainline()) == list(MAIN)


@app_test
async def test_play_on_from_here_starts_a_new_live_game(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        old = screen.record
        await pilot.press("left", "left")  # after 2. b6-a5
        await pilot.press("o")
        await pilot.pause()
        screen = board_screen(pilot.app)
        new = screen.record
        assert new is not old and not screen.reviewing
        assert new.state == old.state
        assert (new.players, new.options, new.seed) == (old.players, old.options, old.seed)
        # The new game is the line that leads here, its moves kept.
        assert notations(new.mainline()) == list(MAIN[:2]) and line(new) == list(MAIN[:2])
        await pilot.press("colon", *"d2xa5", "enter")
        assert line(new) == [*MAIN[:2], "d2xa5"]
        saved = load(autosave_file(data_dir))
        assert line(saved) == [*MAIN[:2], "d2xa5"]
        assert len(pilot.app.screen_stack) == 2


@app_test
async def test_play_on_from_a_finished_position_is_refused(data_dir: Path) -> None:
    finished = martian_record(("a4xb5",), position="4/4/1p2/1p2/q3/4/4/4 1 0/0 - o")
    save_game(data_dir, "won.pawn", finished)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "won.pawn")
        screen = board_screen(app)
        await pilot.press("o")
        assert screen.query_one("#status").message == (
            "the game is over here: there is nothing to play on"
        )
        assert app.screen is screen
        await pilot.press("left", "o")
        await pilot.pause()
        assert not board_screen(app).reviewing
        assert board_screen(app).record.start_position == "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"


@app_test
async def test_flip_turns_the_board_in_review(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, screen):
        board = screen.query_one(BoardWidget)
        await pilot.press("f")
        assert board.flipped
        await pilot.press("left")
        assert board.flipped and line(screen.record) == list(MAIN[:3])


@app_test
async def test_a_live_move_after_going_into_a_variation_makes_it_the_main_line(
    data_dir: Path,
) -> None:
    record = martian_record(MAIN[:2])
    record.undo()
    record.play_text("a6-a4", main=True)  # the old 2. b6-a5 is now a variation
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        log = screen.query_one(MoveTree)
        assert log_rows(log)[1:] == [
            "   1. c3-d4       South",
            "   2. a6-a4       North",
            "    (2. b6-a5)      North",
        ]
        assert await pilot.click(MoveTree, offset=log.row_offset(2))
        await pilot.pause()
        assert line(record) == ["c3-d4", "b6-a5"]
        await pilot.press("colon", *"d2xa5", "enter")
        assert notations(record.mainline()) == ["c3-d4", "b6-a5", "d2xa5"]
        saved = load(autosave_file(data_dir))
        assert notations(saved.mainline()) == ["c3-d4", "b6-a5", "d2xa5"]
        assert [c.notation for c in saved.mainline()[0].children] == ["b6-a5", "a6-a4"]


@app_test
async def test_the_help_in_review_lists_every_review_key(data_dir: Path) -> None:
    async with review_of(data_dir) as (pilot, _screen):
        await pilot.press("question_mark")
        rows = dict((description, keys) for keys, description in pilot.app.screen.rows)
        assert {binding.description for binding in REVIEW_BINDINGS} <= set(rows)
        assert rows["Back a move"] == "← h" and rows["To the end"] == "end $"
        assert rows["Comment"] == "c" and "call the clock" not in rows  # c comments here
