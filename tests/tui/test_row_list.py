"""The lobby's list of rows (``tui.widgets.row_list``): its keys and clicks move the cursor and
choose a row, the header stays while the rows scroll, a changed row draws only its own line,
and a cell's text is drawn as plain text measured in cells."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from net_helpers import make_hall, record_drawn_lines
from textual.app import App, ComposeResult
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.lobby import LobbyScreen
from tui.net.table_note import TableNote
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.widgets.row_list import RowList, column_widths, line_of

HEADERS = ("No", "Name")
ROWS = [(str(number), f"row {number}") for number in range(30)]


class ListApp(App[None]):
    """The list alone, filling a 40x10 screen: a header and nine rows show."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple[str, int]] = []

    def compose(self) -> ComposeResult:
        yield RowList(HEADERS, id="list")

    def on_mount(self) -> None:
        self.query_one(RowList).show(ROWS)
        self.query_one(RowList).focus()

    def on_row_list_highlighted(self, message: RowList.Highlighted) -> None:
        self.heard.append(("highlighted", message.row))

    def on_row_list_selected(self, message: RowList.Selected) -> None:
        self.heard.append(("selected", message.row))


def run(scenario: Any) -> None:
    async def main() -> None:
        app = ListApp()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            await scenario(app, app.query_one(RowList), pilot)

    asyncio.run(asyncio.wait_for(main(), 60))


def shown(widget: RowList) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def test_a_line_is_each_cell_padded_to_its_column_and_plain() -> None:
    rows = [("1", "ada"), ("22", "\u5b89\u5b89"), ("3", "[b]x\x1b[31m\u202e")]
    widths = column_widths(("No", "Name"), rows)
    assert widths == (2, 8)  # the markup's eight characters; the escape and override dropped
    assert line_of(rows[0], widths) == " 1   ada      "
    assert line_of(rows[1], widths) == " 22  \u5b89\u5b89     "  # two wide characters: 4 cells
    assert line_of(rows[2], widths) == " 3   [b]x[31m "


def test_keys_move_the_cursor_and_the_rows_scroll_under_the_header() -> None:
    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        assert shown(widget)[0].split() == ["No", "Name"]
        await pilot.press("j", "down")
        assert widget.cursor_row == 2
        await pilot.press("k")
        assert widget.cursor_row == 1
        await pilot.press("end")
        assert widget.cursor_row == 29
        await wait_for(lambda: shown(widget)[-1].split() == ["29", "row", "29"], what="scroll")
        assert shown(widget)[0].split() == ["No", "Name"]  # the header stays
        await pilot.press("pageup")
        assert widget.cursor_row == 20
        await pilot.press("home")
        assert widget.cursor_row == 0
        await wait_for(lambda: shown(widget)[1].split() == ["0", "row", "0"], what="the top")
        await pilot.press("pagedown")
        assert widget.cursor_row == 9
        await pilot.press("enter")  # Enter is the owner's to bind: the list chooses nothing
        assert ("selected", 9) not in app.heard
        assert app.heard[:3] == [("highlighted", 1), ("highlighted", 2), ("highlighted", 1)]

    run(scenario)


def test_a_click_highlights_a_row_and_a_click_on_it_again_chooses_it() -> None:
    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        assert await pilot.click(RowList, offset=(3, 0))  # the header: nothing
        assert widget.cursor_row == 0 and not app.heard
        assert await pilot.click(RowList, offset=(3, 4))
        await wait_for(lambda: app.heard == [("highlighted", 3)], what="the row highlighted")
        assert widget.cursor_row == 3
        assert await pilot.click(RowList, offset=(3, 4))
        await wait_for(lambda: ("selected", 3) in app.heard, what="the row chosen")
        widget.select()
        await wait_for(lambda: app.heard.count(("selected", 3)) == 2, what="chosen again")

    run(scenario)


def test_a_changed_row_draws_its_own_line_and_a_wider_cell_draws_them_all() -> None:
    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        drawn, render_line = record_drawn_lines(widget)
        rows = list(ROWS)
        rows[4] = ("4", "row 4!")
        widget.show(rows)
        await wait_for(lambda: "row 4!" in render_line(5).text, what="the row drawn")
        await pilot.pause()
        assert set(drawn) == {5}
        drawn.clear()
        rows[6] = ("6", "a much longer name than any")
        widget.show(rows)
        await wait_for(lambda: len(set(drawn)) == widget.size.height, what="every line")
        assert "a much longer name than any" in render_line(7).text

    run(scenario)


def test_fewer_rows_keep_the_cursor_on_the_list() -> None:
    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        await pilot.press("end")
        widget.show(ROWS[:5])
        assert widget.cursor_row == 4
        await wait_for(lambda: shown(widget)[5].split() == ["4", "row", "4"], what="the rows")
        assert shown(widget)[6] == ""
        widget.show([])
        assert widget.cursor_row == 0 and widget.row_count == 0
        await pilot.press("j", "end", "enter")
        await pilot.click(RowList, offset=(3, 2))
        widget.select()
        await pilot.pause()
        assert not any(kind == "selected" for kind, _ in app.heard)

    run(scenario)


def test_in_the_lobby_a_click_on_a_tables_row_and_again_sits_down(tmp_path: Path) -> None:
    martian = find_game("martian-chess")
    hall = make_hall(tmp_path)
    tables = [hall.open_table(martian, {}, [ME, OPEN], PlayerIdentity(f"p{n}")) for n in (1, 2)]
    carol = PlayerIdentity("carol")

    async def main() -> None:
        app = NetApp(hall, carol, ascii_board=False)
        async with app.run_test(size=(100, 32)) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            widget = lobby.query_one(RowList)
            await wait_for(lambda: widget.row_count == 2, what="both tables")
            await pilot.pause()
            second = lobby.numbers[1]
            assert await pilot.click(RowList, offset=(2, 2))
            await wait_for(lambda: lobby.highlighted() is hall.table(second), what="the row")
            assert str(second) in lobby.query_one(TableNote).note[0]
            assert await pilot.click(RowList, offset=(2, 2))
            table = hall.table(second)
            assert table is not None
            await wait_for(lambda: table.seat_of(carol) == 1, what="the seat taken")
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="the table")
            assert all(other.seat_of(carol) is None for other in tables if other is not table)

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def test_a_row_more_or_less_lays_nothing_out_unless_a_scroll_bar_comes_or_goes() -> None:
    """Every lobby on view hears of every table opened or ended on the server: a row more or
    less must not lay its screen out, while the list still scrolls as far as its rows."""

    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        assert widget.show_vertical_scrollbar
        widget.show([*ROWS, ("30", "row 30")])
        await pilot.press("end")
        await wait_for(lambda: shown(widget)[-1].split() == ["30", "row", "30"], what="row 30")
        assert widget.vertical_scrollbar.window_virtual_size == 32
        widget.show(ROWS[:20])
        assert widget.cursor_row == 19
        await wait_for(lambda: shown(widget)[-1].split() == ["19", "row", "19"], what="20 rows")
        assert widget.max_scroll_y == 21 - 10
        assert widget.vertical_scrollbar.window_virtual_size == 21
        await pilot.pause()
        assert layouts == []
        widget.show(ROWS[:5])  # they fit: the scroll bar goes, and the screen is laid out
        await wait_for(
            lambda: bool(layouts) and not widget.show_vertical_scrollbar,
            what="the screen laid out, without a scroll bar",
        )
        widget.show(ROWS)
        await wait_for(lambda: widget.show_vertical_scrollbar, what="the scroll bar again")

    run(scenario)


def test_the_row_under_the_pointer_shows_until_a_key_moves_the_cursor() -> None:
    async def scenario(app: ListApp, widget: RowList, pilot: Any) -> None:
        plain_row = next(iter(widget.render_line(4))).style
        assert await pilot.hover(RowList, offset=(3, 4))
        await wait_for(lambda: widget.hover_row == 3, what="the row under the pointer")
        hovered = next(iter(widget.render_line(4))).style
        assert hovered is not None and plain_row is not None
        assert hovered.bgcolor != plain_row.bgcolor
        assert widget.cursor_row == 0  # the pointer highlights; it does not move the cursor
        await pilot.press("j")
        assert widget.hover_row is None
        assert next(iter(widget.render_line(4))).style == plain_row
        assert await pilot.hover(RowList, offset=(3, 0))  # the header
        await wait_for(lambda: widget.hover_row is None, what="no row")

    run(scenario)


class FocusedFromTheStart(App[None]):
    """A list its screen focuses as it shows, styled as focused from the start or not."""

    AUTO_FOCUS = "#list"

    def __init__(self, *, styled_as_focused: bool) -> None:
        super().__init__()
        self.styled_as_focused = styled_as_focused

    def compose(self) -> ComposeResult:
        widget = RowList(HEADERS, id="list")
        yield widget.styled_as_focused() if self.styled_as_focused else widget

    def on_mount(self) -> None:
        self.query_one(RowList).show(ROWS)


def test_a_list_styled_as_focused_from_the_start_is_styled_once_and_as_a_focused_list() -> None:
    from textual.css.stylesheet import Stylesheet

    async def looks(styled_as_focused: bool) -> tuple[list[object], int]:
        styled: list[object] = []
        apply = Stylesheet.apply

        def counted(sheet: Stylesheet, node: Any, **options: Any) -> None:
            if isinstance(node, RowList):
                styled.append(node)
            apply(sheet, node, **options)

        Stylesheet.apply = counted  # type: ignore[method-assign]
        try:
            app = FocusedFromTheStart(styled_as_focused=styled_as_focused)
            async with app.run_test(size=(40, 10)) as pilot:
                widget = app.query_one(RowList)
                await wait_for(lambda: app.focused is widget, what="the list focused")
                await pilot.pause()
                drawn = [widget.render_line(y) for y in range(3)]
                return [(strip.text, [s.style for s in strip]) for strip in drawn], len(styled)
        finally:
            Stylesheet.apply = apply  # type: ignore[method-assign]

    plain_look, plain_stylings = asyncio.run(looks(False))
    focused_look, focused_stylings = asyncio.run(looks(True))
    assert focused_look == plain_look  # the cursor and the header as a focused list has them
    assert (plain_stylings, focused_stylings) == (2, 1)  # on mounting, and on taking the focus
