"""Every private part of Textual the app relies on (``tui/textual_internals.py``) is still there,
still has the shape used, and still behaves as relied on, each exercised on a real app.

An upgrade of Textual that changes one of them fails here with a message naming the internal
and the Textual version, rather than somewhere far off in the SSH server or a screen.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
from collections.abc import Iterable
from importlib.metadata import version
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.cache import FIFOCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Static
from textual.widgets.data_table import RowKey
from tui_helpers import app_test
from waiting import wait_for

import tui.textual_internals as internals
from tui.ssh.settled import app_is_settled

TEXTUAL = version("textual")


def holds(condition: object, internal: str, expected: str) -> None:
    """Fail loudly, naming ``internal`` and this Textual, unless ``condition`` holds."""
    assert condition, (
        f"Textual {TEXTUAL}: {internal} is no longer what tui/textual_internals.py relies on "
        f"({expected}); adapt that module, then the pin in pyproject.toml"
    )


def parameters(function: Any) -> list[str]:
    return list(inspect.signature(function).parameters)


class Recorder(Widget, can_focus=True):
    """Notes, as each key reaches it, whether its own message loop looked parked."""

    def __init__(self) -> None:
        super().__init__(id="recorder")
        self.parked_while_handling: list[bool] = []
        self.callbacks_run = 0

    def render(self) -> Text:
        return Text("recorder")

    def on_key(self, event: events.Key) -> None:
        self.parked_while_handling.append(internals.pump_is_parked(self))


class Probe(App[None]):
    CSS = "#recorder { height: 3; color: $primary; }"
    BINDINGS = [Binding("x", "nothing", "Nothing")]

    def compose(self) -> ComposeResult:
        yield Recorder()
        yield Static("note", id="note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Recorder).focus()

    def action_nothing(self) -> None:
        pass


# -- input parsing ---------------------------------------------------------------------------


def test_the_input_parser_makes_keys_and_holds_a_lone_escape_for_the_escape_delay() -> None:
    internal = "textual._xterm_parser.XTermParser"
    holds(
        inspect.isclass(internals.XTermParser)
        and all(
            parameter.default is not inspect.Parameter.empty
            for name, parameter in inspect.signature(internals.XTermParser).parameters.items()
        ),
        internal,
        "a class built with no arguments",
    )
    parser = internals.new_input_parser()
    keys = [event.key for event in parser.feed("a\x1b[A") if isinstance(event, events.Key)]
    holds(keys == ["a", "up"], f"{internal}.feed", "text in, key events out")
    holds(hasattr(parser, "_timeout_time"), "Parser._timeout_time", "an attribute of the parser")
    holds(not internals.parser_awaits_escape(parser), "Parser._timeout_time", "None when idle")
    holds(list(parser.feed("\x1b")) == [], f"{internal}.feed", "a lone Esc held back")
    holds(
        internals.parser_awaits_escape(parser),
        "Parser._timeout_time",
        "set while a lone Esc waits for the escape delay",
    )

    async def ticked() -> list[Any]:
        events_out: list[Any] = []

        def escaped() -> bool:
            events_out.extend(parser.tick())
            return bool(events_out)

        await wait_for(escaped, what="the parser to time the lone Esc out")
        return events_out

    [escape] = asyncio.run(ticked())
    holds(
        isinstance(escape, events.Key) and escape.key == "escape",
        f"{internal}.tick",
        "the lone Esc once the escape delay has passed",
    )
    holds(
        not internals.parser_awaits_escape(parser),
        "Parser._timeout_time",
        "None again once the Esc is out",
    )


def test_the_app_reads_its_size_from_its_driver_until_the_first_resize() -> None:
    async def main() -> None:
        app = App[None]()
        driver = HeadlessDriver(app, size=(80, 24))
        holds(getattr(driver, "_size", None) == (80, 24), "Driver._size", "the size given")
        app._driver = driver
        internals.set_driver_size(driver, (33, 11))
        holds(app.size == Size(33, 11), "App.size and Driver._size", "App.size reads it")

    asyncio.run(main())


# -- whether an app has settled --------------------------------------------------------------


@app_test
async def test_the_nodes_queues_and_loops_of_a_running_app_are_seen() -> None:
    app = Probe()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        recorder = app.query_one(Recorder)
        nodes = internals.app_nodes(app)
        holds(
            app.screen in nodes and recorder in nodes and app.query_one("#note") in nodes,
            "App._registry",
            "every screen and widget of the app",
        )
        holds(
            isinstance(getattr(recorder, "_next_callbacks", None), list),
            "MessagePump._next_callbacks",
            "a list of callbacks",
        )
        holds(
            isinstance(
                getattr(getattr(recorder, "_message_queue", None), "ready_event", None),
                asyncio.Event,
            ),
            "MessagePump._message_queue.ready_event",
            "an asyncio.Event",
        )
        holds(hasattr(asyncio.Event(), "_waiters"), "asyncio.Event._waiters", "its waiting futures")

        await wait_for(lambda: app_is_settled(app), what="the app to settle")
        holds(
            internals.pump_is_parked(recorder) and internals.pump_is_parked(app),
            "MessagePump._message_queue.ready_event._waiters",
            "an idle message loop waits on it",
        )
        await pilot.press("k")
        holds(
            recorder.parked_while_handling == [False],
            "MessagePump._message_queue.ready_event._waiters",
            "no waiter while a message is being handled",
        )

        def count() -> None:
            recorder.callbacks_run += 1

        recorder.call_next(count)
        holds(
            internals.pump_has_callbacks_due(recorder) and not app_is_settled(app),
            "MessagePump._next_callbacks",
            "call_next keeps the callback there until the loop runs it",
        )
        await wait_for(lambda: recorder.callbacks_run == 1, what="the callback")
        await wait_for(lambda: not internals.pump_has_callbacks_due(recorder), what="it gone")

        holds(not internals.pump_is_closing(recorder), "MessagePump._closing", "False at work")
        await recorder.remove()
        holds(
            internals.pump_is_closing(recorder),
            "MessagePump._closing and _closed",
            "true once the widget is removed",
        )


# -- shared parsed CSS -----------------------------------------------------------------------


@app_test
async def test_every_stylesheet_parses_its_rules_through_the_one_replaceable_method() -> None:
    internal = "Stylesheet._parse_rules"
    original = internals.stylesheet_rule_parser()
    holds(
        parameters(original)
        == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"],
        internal,
        "(self, css, read_from, is_default_rules, tie_breaker, scope)",
    )
    parsed: list[str] = []

    def noting(self: Stylesheet, css: str, *args: Any, **kwargs: Any) -> list[RuleSet]:
        parsed.append(css)
        return original(self, css, *args, **kwargs)

    internals.replace_stylesheet_rule_parser(noting)
    try:
        app = Probe()
        async with app.run_test(size=(40, 12)) as pilot:
            await pilot.pause()
            holds(Probe.CSS in parsed, internal, "called for the app's own CSS")
            recorder = app.query_one(Recorder)
            height = recorder.styles.height
            holds(
                height is not None and height.value == 3,
                internal,
                "its rules styling the app",
            )
            variables = internals.stylesheet_variables(app.stylesheet)
            holds(
                variables.get("primary") == app.get_css_variables()["primary"],
                "Stylesheet._variables",
                "the CSS variables of the app's theme",
            )
    finally:
        internals.replace_stylesheet_rule_parser(original)
    holds(internals.stylesheet_rule_parser() is original, internal, "put back as it was")


# -- repaints of a screen over another -------------------------------------------------------


class Lower(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the screen below")


class Upper(internals.TimedUpdateHook):
    def __init__(self) -> None:
        super().__init__()
        self.hooked = 0

    def compose(self) -> ComposeResult:
        yield Static("line\n" * 5, id="up")

    def before_timed_update(self) -> None:
        self.hooked += 1
        internals.draw_dirty_widgets_now(self)


class TwoScreens(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Lower())
        self.push_screen(Upper())


@app_test
async def test_a_screen_s_timed_update_can_be_hooked_and_its_dirty_widgets_kept() -> None:
    holds(
        parameters(Screen._on_timer_update) == ["self"],
        "Screen._on_timer_update",
        "a method of the screen alone",
    )
    app = TwoScreens()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Upper)
        for name, kind in (
            ("_repaint_required", bool),
            ("_layout_required", bool),
            ("_dirty_widgets", set),
        ):
            holds(isinstance(getattr(screen, name, None), kind), f"Screen.{name}", kind.__name__)
        update_widgets = getattr(getattr(screen, "_compositor", None), "update_widgets", None)
        holds(
            update_widgets is not None and parameters(update_widgets) == ["widgets"],
            "Screen._compositor.update_widgets",
            "a method taking the set of widgets",
        )
        holds(isinstance(getattr(app, "_batch_count", None), int), "App._batch_count", "an int")
        hooked = screen.hooked
        widget = screen.query_one("#up")
        widget.refresh(Region(0, 2, 10, 1))
        # What the screen below does when it repaints an area: the top screen repaints it too.
        screen.refresh(Region(0, 0, 40, 1))
        await wait_for(lambda: screen.hooked > hooked, what="the screen's timed update")
        await wait_for(
            lambda: not widget._repaint_regions,
            what="the widget's repaint drawn with the screen's",
        )


# -- column widths of a table ----------------------------------------------------------------


class WidthsByLength(internals.SelfMeasuringDataTable[str]):
    def __init__(self) -> None:
        super().__init__()
        self.measured: list[RowKey] = []

    def measure_new_rows(self, new_rows: Iterable[RowKey]) -> None:
        for row_key in new_rows:
            self.measured.append(row_key)
            for column, cell in zip(self.ordered_columns, self.get_row(row_key), strict=True):
                column.content_width = max(column.content_width, 2 * len(cell))


class TableApp(App[None]):
    def compose(self) -> ComposeResult:
        yield WidthsByLength()


@app_test
async def test_a_table_sizes_its_columns_for_new_rows_through_the_hook() -> None:
    holds(
        parameters(DataTable._update_dimensions) == ["self", "new_rows"],
        "DataTable._update_dimensions",
        "a method taking the keys of the rows just added",
    )
    app = TableApp()
    async with app.run_test(size=(60, 10)) as pilot:
        table = app.query_one(WidthsByLength)
        table.add_columns("name")
        keys = table.add_rows([["ab"], ["abcdefg"]])
        await wait_for(lambda: len(table.measured) == 2, what="the new rows measured")
        holds(
            table.measured == keys,
            "DataTable._update_dimensions",
            "called with the rows just added",
        )
        [column] = table.ordered_columns
        holds(column.content_width == 14, "DataTable._update_dimensions", "our widths kept")
        await pilot.pause()
        holds(
            table.virtual_size.width >= 14,
            "DataTable._update_dimensions",
            "the table sized from our widths",
        )


class PlainTableApp(App[None]):
    def compose(self) -> ComposeResult:
        yield internals.SelfMeasuringDataTable[str]()


@app_test
async def test_a_table_without_its_own_measure_is_sized_as_textual_sizes_it() -> None:
    app = PlainTableApp()
    async with app.run_test(size=(60, 10)):
        table = app.query_one(internals.SelfMeasuringDataTable)
        table.add_columns("name")
        table.add_rows([["ab"], ["界界界界界"]])
        [column] = table.ordered_columns
        await wait_for(lambda: column.content_width == 10, what="the widest cell measured")


# -- a screen's keys as it runs --------------------------------------------------------------


class Keyed(Screen[None]):
    BINDINGS = [Binding("a", "press('a')", "First")]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Footer()

    def action_press(self, name: str) -> None:
        self.pressed.append(name)


class KeyedApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Keyed())


@app_test
async def test_a_screen_s_bindings_can_be_replaced_as_it_runs() -> None:
    holds(
        isinstance(getattr(Keyed(), "_bindings", None), BindingsMap),
        "DOMNode._bindings",
        "the node's BindingsMap, read for its keys",
    )
    app = KeyedApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for(lambda: isinstance(app.screen, Keyed), what="the screen")
        screen = app.screen
        assert isinstance(screen, Keyed)
        internals.set_bindings(screen, BindingsMap([Binding("b", "press('b')", "Second")]))
        screen.refresh_bindings()
        await pilot.press("a", "b")
        await wait_for(lambda: screen.pressed == ["b"], what="the new key, and not the old one")
        holds(
            "b" in screen.active_bindings and "a" not in screen.active_bindings,
            "DOMNode._bindings",
            "the keys the screen shows and runs",
        )


# -- a longer scroll without a new layout ----------------------------------------------------


class Lines(ScrollView):
    DEFAULT_CSS = "Lines { height: 1fr; scrollbar-size-vertical: 1; }"

    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.size.width)


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Lines()


@app_test
async def test_a_scroll_view_grows_longer_without_a_layout_and_its_scrollbar_follows() -> None:
    holds(
        getattr(Widget.__dict__["virtual_size"], "_layout", None) is True,
        "Widget.virtual_size",
        "a reactive that lays the screen out",
    )
    holds(
        parameters(Widget._scroll_update) == ["self", "virtual_size"],
        "Widget._scroll_update",
        "a method bringing the scrollbars up to date for a virtual size",
    )
    app = LinesApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(Lines)
        assert not internals.lengthen_scroll_quietly(view, Size(0, 50))  # no scrollbar yet
        view.virtual_size = Size(0, 50)
        await pilot.pause()
        assert view.show_vertical_scrollbar
        view.scroll_end(animate=False)
        await pilot.pause()
        assert internals.lengthen_scroll_quietly(view, Size(0, 80))
        holds(
            view.virtual_size == Size(0, 80) and not app.screen._layout_required,
            "Widget.virtual_size",
            "set without laying the screen out",
        )
        holds(
            view.vertical_scrollbar.window_virtual_size == 80,
            "Widget._scroll_update",
            "the scrollbar told the new length",
        )
        view.scroll_end(animate=False)
        await pilot.pause()
        assert view.scroll_offset.y == 80 - view.scrollable_content_region.height
        assert not internals.lengthen_scroll_quietly(view, Size(3, 90))  # wider: laid out


# -- a screen's first showing without work done twice ----------------------------------------


class Toasted(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("body")


@app_test
async def test_an_app_can_leave_out_the_notification_rack_and_the_tooltip() -> None:
    from textual.widgets import Tooltip
    from textual.widgets._toast import ToastRack

    plain_app = Toasted()
    async with plain_app.run_test(size=(40, 10), tooltips=True, notifications=True) as pilot:
        await pilot.pause()
        holds(
            plain_app.screen.query(ToastRack) and plain_app.screen.query(Tooltip),
            "App._disable_notifications, App._disable_tooltips",
            "a screen has both widgets unless they are disabled",
        )
    lean = Toasted()
    internals.leave_out_toasts_and_tooltips(lean)
    async with lean.run_test(size=(40, 10), tooltips=True, notifications=True) as pilot:
        # run_test sets the two switches from its own arguments: set them again after it
        internals.leave_out_toasts_and_tooltips(lean)
        await lean.push_screen(Screen())
        await pilot.pause()
        holds(
            not lean.screen.query(ToastRack) and not lean.screen.query(Tooltip),
            "App._disable_notifications, App._disable_tooltips",
            "a screen composed without the rack of notifications and the tooltip",
        )
        lean.notify("nobody sees this")  # shows nothing and raises nothing
        await pilot.pause()


class Nested(Screen[None]):
    """Containers of auto height holding text of several heights, a scroll view, a footer, and
    CSS of its own that the app reads as the screen is pushed: a first showing's layout and
    styles must already be those a full redo gives."""

    CSS = """
    Nested { padding: 1 2; }
    #outer { height: auto; border: round $primary; }
    #outer > Static { color: $secondary; }
    #outer:focus-within { background: $boost; }
    .tall { height: 3; }
    Static:last-child { text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical, VerticalScroll

        with Vertical(id="outer"):
            yield Static("one")
            yield Static("two\nlines", classes="tall")
            with Vertical(id="inner"):
                yield Static("deep " * 30)
        with VerticalScroll(id="scroll"):
            for number in range(30):
                yield Static(f"row {number}")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scroll").focus()


class Showing(App[None]):
    BINDINGS = [Binding("x", "nothing", "Nothing")]

    def on_mount(self) -> None:
        self.push_screen(Nested())

    def action_nothing(self) -> None:
        pass


def styles_and_regions(screen: Screen[Any]) -> list[tuple[str, str, Region, Size]]:
    return [
        (repr(node), node.styles.css, node.region, node.virtual_size)
        for node in screen.walk_children(Widget, with_self=True)
    ]


@app_test
async def test_a_screen_s_first_showing_is_styled_and_laid_out_once_and_right() -> None:
    # Textual's own methods, as the module found them (an app made earlier in this process may
    # have put the module's versions in their place already)
    holds(
        parameters(internals._original_screen_resized) == ["self", "size"],
        "Screen._screen_resized",
        "a method taking the new size",
    )
    holds(
        parameters(internals._original_on_screen_resume) == ["self", "event"],
        "Screen._on_screen_resume",
        "a handler of ScreenResume",
    )
    holds(
        parameters(internals._original_size_updated)
        == ["self", "size", "virtual_size", "container_size", "layout"],
        "Widget._size_updated",
        "size, virtual size, container size and whether to lay out",
    )
    holds(
        hasattr(events.ScreenResume(), "refresh_styles"),
        "ScreenResume.refresh_styles",
        "whether the screen restyles its nodes as it resumes",
    )
    internals.show_screens_without_repeated_work()
    layouts: list[Screen[Any]] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts.append(screen)
        refresh_layout(screen, *args, **kwargs)

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    try:
        app = Showing()
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_for(lambda: isinstance(app.screen, Nested), what="the screen")
            screen = app.screen
            await pilot.pause()
            await pilot.pause()
            holds(
                isinstance(getattr(screen, "stack_updates", None), int),
                "Screen.stack_updates",
                "an int",
            )
            holds(
                getattr(getattr(screen, "_compositor", None), "size", None) == Size(60, 20),
                "Screen._compositor.size",
                "the size the screen was last laid out at",
            )
            # the screen's own Resize of the size it is laid out at lays nothing out
            before = len(layouts)
            screen._screen_resized(app.size)
            holds(
                len(layouts) == before,
                "Screen._screen_resized",
                "no layout for the size the screen is laid out at already",
            )
            shown = styles_and_regions(screen)
            app.stylesheet.update(screen)  # every node restyled, the screen laid out again
            refresh_layout(screen, app.size)
            await pilot.pause()
            again = styles_and_regions(screen)
            holds(
                again == shown,
                "Screen._on_screen_resume",
                "the styles and places of a first showing, as a restyle and a layout make them: "
                f"{[(one, two) for one, two in zip(shown, again, strict=True) if one != two]}",
            )
            # a size given by a layout asks for no layout again
            static = screen.query_one(".tall", Static)
            static._layout_required = False
            holds(
                static._size_updated(Size(7, 3), Size(7, 9), Size(60, 20)),
                "Widget._size_updated",
                "true when the size changes",
            )
            holds(
                static.virtual_size == Size(7, 9) and not static._layout_required,
                "Widget._size_updated, Widget._layout_required",
                "the virtual size taken without a layout asked for",
            )
            before = layouts.count(screen)
            await pilot.resize_terminal(50, 16)
            await wait_for(
                lambda: screen._compositor.size == Size(50, 16),
                what="the screen laid out at its new size",
            )
            holds(
                layouts.count(screen) > before,
                "Screen._screen_resized",
                "a screen laid out again when the terminal's size changes",
            )
    finally:
        Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]


class Panels(App[None]):
    """Widgets side by side and one under the other, on the screen and in a scrolling
    container, so that a partial update has widgets inside it, beside it and far from it."""

    CSS = """
    #top { height: 2; }
    #row { height: 5; }
    #left { width: 30; background: $panel; }
    #right { width: 1fr; color: $primary; }
    #scroll { height: 1fr; border: round $primary; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal, VerticalScroll

        yield Static("top line\nsecond", id="top")
        with Horizontal(id="row"):
            yield Static("left", id="left")
            yield Static("right", id="right")
        with VerticalScroll(id="scroll"):
            for number in range(20):
                yield Static(f"row {number}", id=f"r{number}")
        yield Footer()


async def updates_of(compositor_renders: Any, drawn: list[tuple[str, int]]) -> list[str]:
    """What a run of ``Panels`` sends to the terminal at each update after its first frame,
    with ``Compositor._get_renders`` set to ``compositor_renders``; each widget drawn, with
    the number of its lines, is noted in ``drawn``."""
    from textual._compositor import Compositor

    sent: list[str] = []
    original_renders = Compositor._get_renders
    original_display = App._display
    original_render_lines = Widget.render_lines

    def display(app: App[Any], screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None:
            sent.append(renderable.render_segments(app.console))
        original_display(app, screen, renderable)

    def render_lines(widget: Widget, crop: Region) -> list[Strip]:
        name = "the screen" if isinstance(widget, Screen) else widget.id or type(widget).__name__
        drawn.append((name, crop.height))
        return original_render_lines(widget, crop)

    Compositor._get_renders = compositor_renders  # type: ignore[method-assign]
    App._display = display  # type: ignore[method-assign]
    Widget.render_lines = render_lines  # type: ignore[method-assign]
    try:
        app = Panels()
        async with app.run_test(size=(60, 24)) as pilot:
            await pilot.pause()
            sent.clear()
            drawn.clear()
            for change in range(3):
                app.query_one("#right", Static).update(f"right {change}")
                await pilot.pause()
                app.query_one("#top", Static).update(f"top {change}\nsecond")
                app.query_one("#r2", Static).update(f"row two {change}")
                await pilot.pause()
                app.query_one("#scroll").scroll_down(animate=False)
                await pilot.pause()
    finally:
        Compositor._get_renders = original_renders  # type: ignore[method-assign]
        App._display = original_display  # type: ignore[method-assign]
        Widget.render_lines = original_render_lines  # type: ignore[method-assign]
    return sent


@app_test
async def test_a_partial_update_draws_only_the_widgets_inside_it_and_sends_the_same() -> None:
    from textual._compositor import Compositor

    holds(
        parameters(internals._original_get_renders) == ["self", "crop"],
        "Compositor._get_renders",
        "the renders of the visible widgets within a crop",
    )
    app = Panels()
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        shown = compositor.visible_widgets
        holds(
            isinstance(compositor, Compositor)
            and app.query_one("#right") in shown
            and all(
                isinstance(region, Region) and isinstance(clip, Region)
                for region, clip in shown.values()
            ),
            "Compositor.visible_widgets",
            "each visible widget's region and clip",
        )
    drawn_by_textual: list[tuple[str, int]] = []
    drawn_inside: list[tuple[str, int]] = []
    by_textual = await updates_of(internals._original_get_renders, drawn_by_textual)
    inside = await updates_of(internals._renders_inside, drawn_inside)
    holds(
        len(by_textual) >= 6 and by_textual == inside,
        "Compositor._get_renders",
        "the same updates sent with the widgets outside them left out",
    )
    # the change at the right draws the right, not the rows of the scroll far below it, and
    # of the screen behind, the rows of the change
    widgets_by_textual = [name for name, _ in drawn_by_textual]
    widgets_inside = [name for name, _ in drawn_inside]
    holds(
        "right" in widgets_inside and widgets_inside.count("r10") < widgets_by_textual.count("r10"),
        "Compositor._get_renders",
        "every widget whose clip overlaps an update drawn, the rows below it among them",
    )
    screen_rows_by_textual = [lines for name, lines in drawn_by_textual if name == "the screen"]
    screen_rows_inside = [lines for name, lines in drawn_inside if name == "the screen"]
    holds(
        min(screen_rows_inside) < min(screen_rows_by_textual) == 24,
        "Compositor._get_renders",
        "the screen drawn whole behind every update",
    )
    assert sum(lines for _, lines in drawn_inside) < sum(lines for _, lines in drawn_by_textual)


# -- lighter strips ---------------------------------------------------------------------------


def strips_of_every_shape() -> list[Strip]:
    return [
        Strip([]),
        Strip([Segment("abc", Style(bold=True)), Segment("de")]),
        Strip([Segment("日本", Style(color="red")), Segment(" x")], 6),
    ]


def test_a_strip_made_by_textual_has_the_caches_that_are_made_when_used() -> None:
    holds(
        set(Strip.__slots__)
        == set(internals.STRIP_CACHES)
        | {"_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count"},
        "Strip.__slots__",
        "a strip's segments, length, render, links and count, and its caches",
    )
    strip = Strip.__new__(Strip)
    internals._original_strip_init(strip, [Segment("ab")])
    made = {name: internals._slot_value(strip, name) for name in internals.STRIP_CACHES}
    holds(
        all(isinstance(cache, FIFOCache) for cache in made.values())
        and {name: cache._maxsize for name, cache in made.items()} == internals.STRIP_CACHES,
        "Strip.__init__",
        "a FIFOCache of these sizes made for each cache",
    )
    whole = Strip([Segment("abc")])
    internals._original_divide(whole, [3])
    holds(
        internals._slot_value(whole, "_divide_cache").get((3,)) == [whole],
        "Strip.divide",
        "a strip divided whole kept, alone in a list, in its own cache",
    )


def test_lighter_strips_give_what_textual_s_give() -> None:
    internals.lighten_strips()
    red = Style(color="red")
    for strip in strips_of_every_shape():
        made_by_textual = Strip.__new__(Strip)
        internals._original_strip_init(made_by_textual, strip._segments, strip._cell_length)
        length = strip.cell_length
        for cuts in ([length], [1, length], [2], []):
            assert [part.text for part in strip.divide(cuts)] == [
                part.text for part in internals._original_divide(made_by_textual, cuts)
            ]
        for start, end in ((0, length), (-1, length), (1, length + 3), (0, length + 2)):
            assert list(strip.crop_extend(start, end, red)) == list(
                internals._original_crop_extend(made_by_textual, start, end, red)
            )
        assert list(strip.crop(1, 4)) == list(made_by_textual.crop(1, 4))
        assert list(strip.adjust_cell_length(length + 2, red)) == list(
            made_by_textual.adjust_cell_length(length + 2, red)
        )
        assert list(strip.apply_style(red)) == list(made_by_textual.apply_style(red))


def test_a_lighter_strip_makes_a_cache_when_used_and_keeps_what_it_caches() -> None:
    internals.lighten_strips()
    strip = Strip([Segment("abcdef")])
    assert all(internals._slot_value(strip, name) is None for name in internals.STRIP_CACHES)
    cropped = strip.crop(1, 3)
    assert strip.crop(1, 3) is cropped
    crop_cache = internals._slot_value(strip, "_crop_cache")
    assert isinstance(crop_cache, FIFOCache) and crop_cache._maxsize == 16
    assert internals._slot_value(strip, "_divide_cache") is None
    parts = strip.divide([2, 6])
    assert strip.divide([2, 6]) is parts


def test_a_lighter_strip_is_freed_as_soon_as_it_is_dropped() -> None:
    """Whatever else the process leaves to the collector, no strip is among it."""
    internals.lighten_strips()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage
    try:
        made = 0
        for _ in range(20):
            for strip in strips_of_every_shape():
                length = strip.cell_length
                strip.divide([length])
                strip.crop_extend(0, length, None)
                strip.crop(1, 2)
                strip.divide([1, length])
                made += 1
        del strip
        gc.collect()
        strips_found = [found for found in gc.garbage if isinstance(found, Strip)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert made == 60 and strips_found == []
