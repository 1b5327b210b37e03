"""Under the log, the current move's whole comment (which the log cuts to one line) and the
whole move where the log cuts its row, wrapped, in play and in review, every comment shown
as plain text."""

from __future__ import annotations

from pathlib import Path

from drawn_text import assert_plain, drawn, snippet
from hostile_text import CORPUS
from review_helpers import branchy_record, review_of
from textual.app import App
from tui_helpers import SIZE, app_test, board_screen, make_app, martian_record

from core import GameRecord, find_game
from tui.screens.board import BoardScreen
from tui.widgets.move_detail import MoveDetail
from tui.widgets.move_log import MoveLog

CHASE = find_game("chase")
#: South to move in Chase, the next tile a diagonal cross (four exits).
CROSS_NEXT = "mode:regular turn:S gold:20,20 deck:XTPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,c6=N.S@N"
#: Martian Chess moves that go back and forth: the position comes round again and again.
SHUFFLES = ("b1-a1", "c8-d8", "a1-b1", "d8-c8")
#: A comment five times as long as the log is wide.
LONG_COMMENT = (
    "Bob gives up the queen for two pawns here, which looks rash until the third move, "
    "when the drone on c5 reaches the canal and Alice cannot hold both files any more."
)


def detail_text(app: App[object], screen: BoardScreen) -> str:
    """The words drawn in the panel under the log, one space between each."""
    detail = screen.query_one(MoveDetail)
    if not detail.display or not detail.region.height:
        return ""
    region = detail.content_region
    lines = drawn(app).lines[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


def log_width(screen: BoardScreen) -> int:
    return screen.query_one(MoveLog).scrollable_content_region.width


@app_test
async def test_the_whole_comment_of_the_current_move_shows_in_play(data_dir: Path) -> None:
    record = martian_record(("c3-d4", "b6-a5"))
    record.current.comment = LONG_COMMENT
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        assert len(LONG_COMMENT) > 4 * log_width(screen)
        assert detail_text(app, screen) == f"2. b6-a5 North {LONG_COMMENT}"
        screen.play(screen.game.parse_move(screen.record.state, "d2-c3"))
        await pilot.pause()
        assert detail_text(app, screen) == ""  # a move with no comment: nothing to add
        await pilot.press("u")
        await pilot.pause()
        assert LONG_COMMENT in detail_text(app, screen)


@app_test
async def test_review_shows_each_move_s_comment_as_it_steps(data_dir: Path) -> None:
    async with review_of(data_dir, branchy_record()) as (pilot, screen):
        app = pilot.app
        assert detail_text(app, screen) == ""  # 4. a7-b6 has no comment
        await pilot.press("left")  # 3. d2xa5 {wins a queen}
        await pilot.pause()
        assert detail_text(app, screen) == "3. d2xa5 South wins a queen"
        await pilot.press("home")  # the start {club night}
        await pilot.pause()
        assert detail_text(app, screen) == "club night"


@app_test
async def test_a_move_longer_than_its_log_row_shows_whole(data_dir: Path) -> None:
    """A Chase tile with four exits and its mover take more than the log's row."""
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], CROSS_NEXT)
    crosses = [
        move
        for move in CHASE.legal_moves(record.state)
        if CHASE.format_move(record.state, move).count(",") == 3
    ]
    record.play(crosses[0], main=True)
    notation = record.current.notation
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        log = screen.query_one(MoveLog)
        assert len(log.row_text(log.current)) > log_width(screen)  # the log cuts the row
        assert detail_text(app, screen) == f"1. {notation} South"


@app_test
async def test_every_hostile_comment_shows_as_plain_text(data_dir: Path) -> None:
    record = martian_record()
    for index, comment in enumerate(CORPUS):
        text = SHUFFLES[index % 4]
        record.play_text(text, main=True)
        record.current.comment = comment
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        for comment in reversed(CORPUS):
            assert screen.record.current.comment == comment
            assert_plain(app, comment)
            shown = " ".join(snippet(comment).split())
            assert shown in detail_text(app, screen), f"{comment[:40]!r} not under the log"
            await pilot.press("u")
            await pilot.pause()
