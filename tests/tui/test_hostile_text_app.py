"""Text from people and files is shown as text on every screen of the app: player names typed
at setup or read from a save file's headers, comments, file names, typed moves, names at a
table over SSH. Each string of the hostile corpus goes through every place it is shown; the
screen must keep running, show it literally, and send nothing of it to the terminal as markup,
a link, an action or an escape sequence (see ``drawn_text``)."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

from drawn_text import assert_plain, drawn, snippet
from hostile_text import CORPUS, SAFE_NAMES
from net_helpers import make_hall
from review_helpers import open_library
from textual.events import Paste
from textual.pilot import Pilot
from textual.widgets import DataTable, Input
from tui_helpers import NOW, app_test, board_screen, make_app, martian_record
from waiting import wait_for

from core.record import GameRecord
from core.registry import find_game
from saves.autosave import write_autosave
from saves.format import save
from saves.paths import games_dir
from tui.app import PawnshopApp
from tui.net.app import NetApp
from tui.net.lobby import LobbyScreen
from tui.net.table_screen import TableScreen
from tui.net.takeback_dialog import TakebackScreen
from tui.plain_text import cells, clean
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.screens.game_over import GameOverScreen
from tui.screens.handover import HandoverScreen
from tui.screens.library import LibraryScreen
from tui.screens.line_edit import MAX_LENGTH
from tui.screens.resume import ResumeScreen
from tui.screens.setup import SetupScreen
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.row_list import RowList
from tui.widgets.status_line import StatusLine

#: Wide enough that a name fits whole in a player panel, the log and the status line.
WIDE = (160, 48)
#: South's last piece, the queen on a4, can take the pawn on b5 and end the game.
LAST_MOVE = "4/4/1p2/1p2/q3/4/4/4 1 0/0 - o"
WAIT = 10.0
MARTIAN = find_game("martian-chess")
MAC = find_game("mac")
CAROL = PlayerIdentity("carol")


async def until(pilot: Pilot[Any], condition: Any, what: str) -> None:
    """Let ``pilot``'s app run until ``condition()`` holds (at most ``WAIT`` seconds)."""
    await wait_for(condition, WAIT, what)


def file_name(index: int, text: str) -> str:
    """A file name that carries as much of ``text`` as a file system allows."""
    allowed = re.sub(r"[/\x00]", "_", text)
    while len(f"{index:02} {allowed}.pawn".encode("utf-8", "surrogatepass")) > 200:
        allowed = allowed[:-1]
    try:
        allowed.encode()
    except UnicodeEncodeError:  # a lone surrogate cannot name a file
        allowed = allowed.encode("utf-8", "replace").decode()
    return f"{index:02} {allowed}.pawn"


async def type_move(pilot: Pilot[Any], app: PawnshopApp, text: str) -> None:
    """``:``, then ``text`` in the move line (as pasted), then Enter."""
    screen = board_screen(app)
    await pilot.press("colon")
    await until(pilot, lambda: screen.move_line.is_open, "the move line")
    app.post_message(Paste(text))
    typed = clean(text.splitlines()[0] if text else "")[:MAX_LENGTH]
    await until(pilot, lambda: screen.move_line.text == typed, "the paste")
    await pilot.press("enter")
    await pilot.pause()


@app_test
async def test_names_typed_at_setup_show_as_text_on_the_board(data_dir: Path) -> None:
    """Each string as South's name, through the setup screen; then typed as a move, which
    the status line echoes back in its refusal."""
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        for text in CORPUS:
            await pilot.press("ctrl+n")
            await until(pilot, lambda: len(app.screen_stack) == 1, "the game selection")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
            field = app.screen.query_one("#player-0", Input)
            field.focus()
            field.value = text
            app.screen.query_one("#player-1", Input).value = "Bob"
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, SetupScreen), "the board")
            screen = board_screen(app)
            assert screen.record.players[0] == text.strip()
            assert_plain(app, text.strip())  # panel, border title, status line
            await type_move(pilot, app, text)
            assert screen.record.current is screen.record.root
            assert_plain(app)  # the refused text stays in the move line, selected
            await pilot.press("escape")
            await pilot.pause()
            assert_plain(app, text.strip())


@app_test
async def test_pasted_text_keeps_no_escapes(data_dir: Path) -> None:
    """A paste into the move line or the setup's name field brings its first line without
    anything a terminal would obey, and the field draws it as text."""
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        for text in CORPUS:
            await pilot.press("ctrl+n")
            await until(pilot, lambda: len(app.screen_stack) == 1, "the game selection")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
            field = app.screen.query_one("#player-0", Input)
            field.focus()
            field.post_message(Paste(text))
            first_line = clean(text.splitlines()[0] if text else "")
            await until(pilot, lambda f=field, v=first_line: f.value == v, "the paste")
            assert_plain(app)  # the field shows the end of a long value: no text to look for
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, SetupScreen), "the board")
            screen = board_screen(app)
            await pilot.press("colon")
            await until(pilot, lambda s=screen: s.move_line.is_open, "the move line")
            app.post_message(Paste(text))
            typed = first_line[:MAX_LENGTH]
            await until(pilot, lambda s=screen, v=typed: s.move_line.text == v, "the paste")
            assert_plain(app)  # the field shows the end of a long value: no text to look for
            await pilot.press("escape")


def hostile_games(data_dir: Path) -> list[tuple[str, str]]:
    """A saved game for each corpus string: as both players' names, the event and site, the
    game's comment and a move's comment, under a file name made of it; (file, text) pairs."""
    saved = []
    for index, text in enumerate(CORPUS):
        record = martian_record(("c3-d4", "b6-a5"), players=(text, text[::-1]))
        record.root.comment = text
        record.mainline()[0].comment = text
        record.tags["Event"] = text
        record.tags["Site"] = text
        name = file_name(index, text)
        save(record, games_dir(data_dir) / name, now=NOW)
        saved.append((name, text))
    return saved


@app_test
async def test_saved_games_show_as_text_in_the_library_and_in_review(data_dir: Path) -> None:
    saved = hostile_games(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        library = await open_library(pilot)
        for name, text in saved:
            table = library.query_one(DataTable)
            row = [entry.name for entry in library.shown].index(name)
            table.move_cursor(row=row)
            await until(pilot, lambda n=name, lib=library: lib.highlighted().name == n, "the row")
            await pilot.pause()
            assert_plain(app, name[:8], cells=8)  # the row and the detail line
            await pilot.press("r")  # the rename dialog offers the file's name
            await until(pilot, lambda lib=library: app.screen is not lib, "the dialog")
            await pilot.pause()
            assert_plain(app, name[:8], cells=8)
            await pilot.press("escape")
            await until(pilot, lambda lib=library: app.screen is lib, "the library")
            await pilot.press("enter")
            await until(pilot, lambda lib=library: app.screen is not lib, "the review")
            screen = board_screen(app)
            assert screen.reviewing
            assert_plain(app, text)  # panels, border title, move tree
            await pilot.press("home")  # the game's comment, in the status line
            await pilot.pause()
            assert_plain(app, text)
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, LibraryScreen), "the library")
            reopened = app.screen
            assert isinstance(reopened, LibraryScreen)
            library = reopened


@app_test
async def test_a_comment_typed_in_review_shows_as_text(data_dir: Path) -> None:
    save(martian_record(("c3-d4", "b6-a5")), games_dir(data_dir) / "plain.pawn", now=NOW)
    app = make_app(data_dir)
    async with app.run_test(size=WIDE) as pilot:
        library = await open_library(pilot)
        await pilot.press("enter")
        await until(pilot, lambda lib=library: app.screen is not lib, "the review")
        screen = board_screen(app)
        for text in CORPUS:
            await pilot.press("c")
            await until(pilot, lambda: app.screen is not screen, "the comment dialog")
            assert_plain(app)
            field = app.screen.query_one("#comment-text", Input)
            field.value = text
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen, "the board")
            assert screen.record.current.comment == text.strip()
            assert_plain(app, text.strip())
            await pilot.press("c")  # the dialog again, holding the comment
            await until(pilot, lambda: app.screen is not screen, "the comment dialog")
            assert_plain(app)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "the board")


@app_test
async def test_the_game_over_dialog_shows_names_as_text(data_dir: Path) -> None:
    for text in CORPUS:
        record = martian_record(players=(text, "Bob"), position=LAST_MOVE)
        app = make_app(data_dir, record=record)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await pilot.press("colon")
            await pilot.press(*"a4xb5", "enter")
            await until(pilot, lambda a=app: isinstance(a.screen, GameOverScreen), "game over")
            await pilot.pause()
            assert_plain(app, text)
            await pilot.press("r")
            await until(pilot, lambda a=app: not isinstance(a.screen, GameOverScreen), "review")
            assert_plain(app, text)


@app_test
async def test_the_resume_offer_shows_names_as_text(data_dir: Path) -> None:
    for text in CORPUS:
        write_autosave(martian_record(("c3-d4",), players=(text, "Bob")), data_dir, now=NOW)
        app = make_app(data_dir)
        async with app.run_test(size=WIDE) as pilot:
            await until(pilot, lambda a=app: isinstance(a.screen, ResumeScreen), "the offer")
            await pilot.pause()
            assert_plain(app, "Resume your Martian Chess game (" + text)
            await pilot.press("y")
            await until(pilot, lambda a=app: not isinstance(a.screen, ResumeScreen), "the board")
            await pilot.pause()
            assert board_screen(app).record.players[0] == text
            assert_plain(app, text)


@app_test
async def test_markup_in_a_name_styles_nothing(data_dir: Path) -> None:
    """The characters of a tag are drawn in the same style as the name around them: the
    markup styled nothing (no red, no reverse)."""
    names = ("[bold red]RED[/]", "[reverse]rev[/reverse]")
    app = make_app(data_dir, record=martian_record(players=names))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        for strip in app.screen._compositor.render_strips():
            for segment in strip:
                for word, tag in (("RED", "[bold red]"), ("rev", "[reverse]")):
                    if word in segment.text and not segment.text.startswith("Review"):
                        assert tag in segment.text, f"{segment!r} was styled apart"
        assert_plain(app, *names)


@app_test
async def test_a_wide_name_keeps_the_panels_and_the_status_line_aligned(data_dir: Path) -> None:
    names = ("界界界", "😀AB")
    app = make_app(data_dir, record=martian_record(players=names))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        lines = []
        for seat in range(2):
            panel = app.screen.query_one(f"#panel-{seat}", PlayerPanel)
            lines.append(panel.render_line(0).text)
        widths = [cells(line) for line in lines]
        assert widths[0] == widths[1] == app.screen.query_one("#panel-0").content_size.width
        assert all(line.rstrip().endswith("0") for line in lines)  # the score, right-aligned
        assert [line.index(clean(n)) for line, n in zip(lines, names, strict=True)] == [2, 2]
        assert snippet(names[0]) in drawn(app).text
        # The turn, on the right of the status line, is drawn whole up to the right edge.
        status = app.screen.query_one(StatusLine)
        turn = status.render_line(0).text
        assert cells(turn) == status.size.width
        assert turn.rstrip().endswith("界界界 (South) to move")


def before_a_secret(players: tuple[str, str]) -> tuple[GameRecord, str]:
    """A MAC game with power tokens, one move (in notation) before the keyboard is handed
    over to a player who must not see the other's token (as in ``test_tui_hot_seat``)."""
    record = GameRecord(MAC, {"tokens": "on"}, 3, list(players))
    rng = random.Random(2)
    while True:
        move = rng.choice(list(MAC.legal_moves(record.state)))
        after = MAC.apply(record.state, move)
        mover = MAC.to_move(after)
        hidden = MAC.panel_lines(MAC.view(after, mover), 1 - mover)
        if MAC.outcome(after) is None and hidden != MAC.panel_lines(after, 1 - mover):
            return record, MAC.format_move(record.state, move)
        record.play(move, main=True)


@app_test
async def test_the_handover_screen_shows_names_as_text(data_dir: Path) -> None:
    for text in CORPUS:
        record, notation = before_a_secret((text, text))
        app = make_app(data_dir, record=record)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            await type_move(pilot, app, notation)
            await until(pilot, lambda a=app: isinstance(a.screen, HandoverScreen), "handover")
            await pilot.pause()
            assert_plain(app, text)


# -- at a table over SSH: the same app classes, driven in-process ------------------------------


def run_net(tmp_path: Path, scenario: Any) -> None:
    hall = make_hall(tmp_path)
    try:
        asyncio.run(asyncio.wait_for(scenario(hall), 240))
    finally:
        hall.close()


def test_names_show_as_text_in_every_lobby(tmp_path: Path) -> None:
    """A table opened by each hostile name: another player's lobby lists them all (rows,
    detail line); each name's own lobby has it in its title."""

    async def scenario(hall: TableHall) -> None:
        for name in SAFE_NAMES:
            app = NetApp(hall, PlayerIdentity(name), ascii_board=False)
            async with app.run_test(size=WIDE) as pilot:
                await until(pilot, lambda a=app: isinstance(a.screen, LobbyScreen), "lobby")
                await pilot.pause()
                assert_plain(app, "you are " + name)
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity(name))
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=WIDE) as pilot:
            table = app.screen.query_one(RowList)
            await until(pilot, lambda: table.row_count == len(SAFE_NAMES), "the tables")
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            for row, name in enumerate(SAFE_NAMES):
                table.move_cursor(row)
                await until(pilot, lambda r=row: lobby.highlighted() is hall.listed()[r], "row")
                await pilot.pause()
                assert_plain(app, name)

    run_net(tmp_path, scenario)


def test_names_show_as_text_at_a_table(tmp_path: Path) -> None:
    """Sitting down at each hostile name's table from the lobby: the board's border title,
    the panels, the news line of the opponent's move, and the take-back question."""

    async def scenario(hall: TableHall) -> None:
        tables = [
            hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity(name)) for name in SAFE_NAMES
        ]
        app = NetApp(hall, CAROL, ascii_board=False)
        async with app.run_test(size=WIDE) as pilot:
            for row, (name, table) in enumerate(zip(SAFE_NAMES, tables, strict=True)):
                await until(pilot, lambda a=app: isinstance(a.screen, LobbyScreen), "lobby")
                lobby = app.screen
                widget = lobby.query_one(RowList)
                await until(pilot, lambda w=widget: w.row_count == len(tables), "the tables")
                widget.move_cursor(row)
                await until(pilot, lambda t=table, s=lobby: s.highlighted() is t, "the row")
                await pilot.press("enter")  # one free seat: sit down
                await until(pilot, lambda t=table: t.seat_of(CAROL) == 1, "the seat")
                await until(pilot, lambda a=app: isinstance(a.screen, TableScreen), "table")
                await pilot.pause()
                assert_plain(app, name)  # border title, panel, the game begins
                player = PlayerIdentity(name)
                table.play(player, MARTIAN.parse_move(table.record.state, "c3-d4"))
                await until(pilot, lambda t=table: "played" in status_text(app), "the news")
                assert_plain(app, name + " (South) played")
                table.ask_takeback(player)
                await until(pilot, lambda a=app: isinstance(a.screen, TakebackScreen), "ask")
                await pilot.pause()
                assert_plain(app, name + " asks to take back")
                await pilot.press("n")
                await until(pilot, lambda t=table: t.takeback is None, "the answer")
                await pilot.press("ctrl+n")

    run_net(tmp_path, scenario)


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())
