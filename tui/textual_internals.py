"""Every private part of Textual the app relies on, in one place.

Textual's public API covers almost everything the app does; the few things it leaves out are
reached here and nowhere else, each through a small function that says what it needs and
which public API was missing. ``pyproject.toml`` pins Textual to the minor version these were
checked against, and ``tests/tui/test_textual_internals.py`` checks each of them (that it is
there, its shape, and the behaviour relied on), naming the internal and the Textual version
when an upgrade changes one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events

# The compositor (which widgets a screen's update draws) lives in a private module too.
from textual._compositor import Compositor

# Textual parses terminal input with ``XTermParser``, which lives in a private module and is
# not re-exported anywhere: a driver of our own (the SSH one) has no public parser to use.
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import BindingsMap
from textual.cache import FIFOCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.driver import Driver
from textual.geometry import Region, Size
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets.data_table import CellType, RowKey

__all__ = [
    "ParseRules",
    "SelfMeasuringDataTable",
    "TimedUpdateHook",
    "XTermParser",
    "app_nodes",
    "draw_dirty_widgets_now",
    "draw_only_widgets_in_the_update",
    "leave_out_toasts_and_tooltips",
    "lengthen_scroll_quietly",
    "lighten_strips",
    "new_input_parser",
    "parser_awaits_escape",
    "pump_has_callbacks_due",
    "pump_is_closing",
    "pump_is_parked",
    "replace_stylesheet_rule_parser",
    "set_bindings",
    "set_driver_size",
    "show_screens_without_repeated_work",
    "stylesheet_rule_parser",
    "stylesheet_variables",
]

#: The signature of ``Stylesheet._parse_rules``: (stylesheet, css, read_from,
#: is_default_rules, tie_breaker, scope) -> rules.
ParseRules = Callable[..., list[RuleSet]]


# -- input parsing (the SSH driver) ----------------------------------------------------------


def new_input_parser() -> XTermParser:
    """A fresh parser of terminal input into key, mouse, paste and focus events."""
    return XTermParser()


def parser_awaits_escape(parser: XTermParser) -> bool:
    """Whether ``parser`` holds a lone Esc that ``tick()`` will deliver once the escape delay
    has passed. Textual's drivers tick the parser forever on a thread; one on the event loop
    ticks only while this is true, and no public accessor says it (``Parser._timeout_time``).
    """
    return parser._timeout_time is not None


def set_driver_size(driver: Driver, size: tuple[int, int]) -> None:
    """Tell ``driver``'s app the window size before its first ``Resize`` event: ``App.size``
    reads ``Driver._size`` until then, and ``Driver`` sets it only in its constructor."""
    driver._size = size


# -- whether an app has settled (the SSH driver's input pacing) ------------------------------


def app_nodes(app: App[Any]) -> list[MessagePump]:
    """Every node of ``app`` that has a message loop: its screens (installed or stacked) and
    their widgets, including those being mounted or removed (``App._registry``). The public
    ways to walk the DOM miss nodes that are not attached yet, or any more."""
    return list(app._registry)


def pump_is_closing(pump: MessagePump) -> bool:
    """Whether ``pump`` is closing or closed (``_closing``, ``_closed``); ``is_running`` is
    public, these are not."""
    return pump._closing or pump._closed


def pump_has_callbacks_due(pump: MessagePump) -> bool:
    """Whether ``pump`` holds callbacks for its next idle moment (``call_next``); they are not
    messages, so ``message_queue_size`` does not count them (``_next_callbacks``)."""
    return bool(pump._next_callbacks)


def pump_is_parked(pump: MessagePump) -> bool:
    """Whether ``pump``'s message loop is waiting for its next message, rather than handling
    one (or composing before its loop starts). Nothing public says it: the loop waits on its
    queue's ready event (``_message_queue.ready_event``), and only that event's own private
    list of waiters (``asyncio.Event._waiters``) shows a waiter."""
    event: asyncio.Event = pump._message_queue.ready_event
    waiters = getattr(event, "_waiters", None) or ()
    return any(not waiter.done() for waiter in waiters)


# -- shared parsed CSS (the SSH server) ------------------------------------------------------


def stylesheet_rule_parser() -> ParseRules:
    """``Stylesheet._parse_rules`` as it stands: the one place every stylesheet turns a piece of
    CSS into rules. Textual caches parsed CSS per app only and offers no hook to share it."""
    parse: ParseRules = Stylesheet._parse_rules
    return parse


def replace_stylesheet_rule_parser(parse: ParseRules) -> None:
    """Make every stylesheet in the process parse CSS with ``parse`` (same signature as
    ``stylesheet_rule_parser()``)."""
    Stylesheet._parse_rules = parse  # type: ignore[method-assign]


def stylesheet_variables(stylesheet: Stylesheet) -> Mapping[str, str]:
    """The CSS variables (the theme) ``stylesheet`` parses with: a stylesheet takes them in
    ``set_variables`` but gives no public way to read them back (``_variables``)."""
    return stylesheet._variables


# -- repaints of a screen over another (``tui/screens/kept_updates.py``) -----------------------


class TimedUpdateHook(Screen[Any]):
    """A screen that runs ``before_timed_update`` just before each of its timed updates.

    A screen draws what changed from its update timer (``Screen._on_timer_update``), and Textual
    offers no public hook at that moment.
    """

    def _on_timer_update(self) -> None:
        self.before_timed_update()
        super()._on_timer_update()

    def before_timed_update(self) -> None:
        """Override: called at each timed update, before the screen draws."""


def draw_dirty_widgets_now(screen: Screen[Any]) -> None:
    """Hand the widgets of ``screen`` waiting to be drawn to its compositor, if the update that
    is due would otherwise forget them: a repaint of the whole screen asked for at the same
    time clears them (``_repaint_required``, ``_dirty_widgets``, ``_layout_required``,
    ``_compositor``, ``App._batch_count``). No public API hands widgets to the compositor."""
    if (
        screen._repaint_required
        and screen._dirty_widgets
        and not screen._layout_required  # laying out hands them over already
        and screen.is_current
        and not screen.app._batch_count
    ):
        screen._compositor.update_widgets(screen._dirty_widgets)


# -- column widths of a table (``tui/screens/library.py``) -----------------------------------


class SelfMeasuringDataTable(DataTable[CellType]):
    """A table whose subclass sizes the columns for the rows just added, in
    ``measure_new_rows``, instead of Textual measuring every new cell with Rich.

    ``DataTable._update_dimensions`` measures the new rows and then sizes the table, and no
    public hook lets a table with cells that are cheaper to measure do the first part itself.
    """

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        self.measure_new_rows(new_rows)
        super()._update_dimensions(())  # no rows left to measure: only the table's size

    def measure_new_rows(self, new_rows: Iterable[RowKey]) -> None:
        """Widen the columns (``Column.content_width``) for ``new_rows``: by default as Textual
        does, cell by cell with Rich; a subclass with cells cheaper to measure overrides it."""
        DataTable._update_dimensions(self, new_rows)


# -- a screen's keys as it runs (``tui/screens/board.py``) -----------------------------------


def set_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Give ``node`` the key bindings ``bindings`` from now on, in place of those its class
    declared. Textual makes a node's bindings once, from its class's ``BINDINGS``
    (``DOMNode._bindings``); only the app has a public way of adding keys as it runs
    (``App.bind``), and none removes any. The board screen's keys change with its input mode."""
    node._bindings = bindings


# -- a longer scroll without a new layout (``tui/widgets/move_log.py``) ----------------------


def lengthen_scroll_quietly(view: Widget, virtual_size: Size) -> bool:
    """Give ``view`` the ``virtual_size`` of what it scrolls without laying the screen out
    again, when only the length changes and the vertical scrollbar shows before and after;
    ``False``, with nothing done, otherwise (set ``virtual_size``: the screen is laid out).

    ``Widget.virtual_size`` is a reactive with ``layout=True``: every change lays the whole
    screen out again, though a scroll view of a fixed height keeps its place and size and only
    its scrollbar changes. Here the value is set without its watchers and the scrollbars are
    brought up to date as the layout would (``Widget._scroll_update``: the scrollbar's virtual
    size and window, the scroll offsets kept in range)."""
    old = view.virtual_size
    height = view.container_size.height - view.scrollbar_size_horizontal
    if (
        virtual_size.width != old.width
        or not view.show_vertical_scrollbar
        or old.height <= height
        or virtual_size.height <= height
    ):
        return False
    view.set_reactive(Widget.virtual_size, virtual_size)
    view._scroll_update(virtual_size)
    return True


# -- a screen's first showing without work done twice (every app: ``tui/app.py``) ---------------


def leave_out_toasts_and_tooltips(app: App[Any]) -> None:
    """Compose every screen of ``app`` without Textual's rack of notifications and its tooltip,
    as ``App.run_test`` does by default (``_disable_notifications``, ``_disable_tooltips``):
    two widgets, each with a message loop of its own, on every screen. There is no public
    switch; ``App.notify`` then shows nothing, so such an app says things on its screens."""
    app._disable_notifications = True
    app._disable_tooltips = True


_original_screen_resized = Screen._screen_resized
_original_on_screen_resume = Screen._on_screen_resume


def _screen_resized_unless_laid_out(screen: Screen[Any], size: Size) -> None:
    """``Screen._screen_resized``, skipped when the screen is laid out at ``size`` already: the
    first layout of a screen posts the screen a ``Resize`` of the size it has just been laid
    out at, and Textual lays it out and draws it whole again. Widgets changed since are laid
    out by the screen's update timer as ever (``_layout_required``)."""
    if screen._compositor.size == size:
        return
    _original_screen_resized(screen, size)


def _on_screen_resume_styled_once(screen: Screen[Any], event: events.ScreenResume) -> None:
    """``Screen._on_screen_resume``, without repeating work at a screen's first showing.

    - Its widgets are not restyled: each was styled as it mounted, moments before (the restyle
      serves a screen shown again, after what changed while it was hidden). The screen itself
      is: it was styled before the app read the CSS it brings (``App.push_screen`` registers
      it, then ``_load_screen_css``), and its widgets were composed after.
    - When the resume lays the screen out and draws it whole (a screen shown for the first
      time, at the app's size), nothing is left to do after: the layouts its widgets asked
      for as they mounted are covered (``_layout_required``, which only the update timer's
      own layout clears), and so is the repaint of the whole screen the resume asks for last
      (``_repaint_required``), which would draw and send the same frame a second time.

    ``stack_updates`` counts a screen's showings and hidings."""
    first = screen.stack_updates == 0
    drawn_whole = (
        first
        and screen.is_attached
        and screen.is_current
        and screen._size != screen.app.size  # so the resume lays it out, and draws it
        and not screen.app._batch_count  # at once, rather than later
    )
    if first:
        event.refresh_styles = False
        screen.app.stylesheet.update_nodes([screen], animate=False)
    _original_on_screen_resume(screen, event)
    if drawn_whole and screen._compositor.size == screen.app.size:
        screen._layout_required = False
        screen._repaint_required = False


_original_size_updated = Widget._size_updated


def _size_updated_by_its_layout(
    widget: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    """``Widget._size_updated`` without the layout it asks for: a screen's layout gives each
    widget the size and virtual size it has just worked out (``Screen._refresh_layout``, its
    only caller), and setting ``virtual_size`` (a reactive with ``layout=True``) had every
    widget whose size changed ask for the same layout again. The scrolling branch of the
    layout already passes ``layout=False``; Textual's widgets have no watcher of it."""
    return _original_size_updated(widget, size, virtual_size, container_size, layout=False)


def show_screens_without_repeated_work() -> None:
    """Make every screen in the process skip the three repeats above (once is enough): no
    public hook reaches a screen's own handling of its resume, its resize or its layout."""
    Screen._screen_resized = _screen_resized_unless_laid_out  # type: ignore[method-assign,assignment]
    Screen._on_screen_resume = _on_screen_resume_styled_once  # type: ignore[method-assign,assignment]
    Widget._size_updated = _size_updated_by_its_layout  # type: ignore[method-assign,assignment]


# -- a partial update draws only the widgets inside it (every app: ``tui/app.py``) -------------

_original_get_renders = Compositor._get_renders


def _renders_inside(
    compositor: Compositor, crop: Region | None = None
) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """``Compositor._get_renders``, drawing only what ``crop`` shows of each widget.

    A partial update (a widget's lines drawn again) asks every visible widget whose clip
    overlaps the rectangle around the changed regions (``crop``) for all its lines, and a
    widget's clip is its container's visible area: every widget placed straight on a screen,
    the screen itself among them, is asked for every line, however far from the change (from
    its cache, each through the line filters), and all but the lines inside ``crop`` are
    thrown away. The update sends only lines inside ``crop`` (its spans), each part of a line
    from the front-most widget there. So a widget whose visible part lies outside ``crop`` is
    left out, and a widget inside it is asked for the rows ``crop`` spans only; its other
    rows are given as empty strips, never read (``Compositor._render_chops`` reads only the
    rows of the update's spans). Lines left to draw are kept for the next update that shows
    them. With no ``crop``, or the whole screen, every widget is drawn whole, as before."""
    if crop is None:
        yield from _original_get_renders(compositor, crop)
        return
    overlaps = crop.overlaps
    crop_top, crop_bottom = crop.y, crop.bottom
    for widget, (region, clip) in compositor.visible_widgets.items():
        shown = region.intersection(clip)
        if not (shown.width and shown.height and overlaps(shown)):
            continue
        if clip.contains_region(region):
            left, width = 0, region.width
        else:
            left, width = shown.x - region.x, shown.width
        top, bottom = max(shown.y, crop_top), min(shown.bottom, crop_bottom)
        lines = widget.render_lines(Region(left, top - region.y, width, bottom - top))
        if top > shown.y or bottom < shown.bottom:
            lines = [_UNREAD] * (top - shown.y) + lines + [_UNREAD] * (shown.bottom - bottom)
        yield region, clip, lines


#: The strip given for a row of a widget outside a partial update (never read).
_UNREAD = Strip([], 0)


def draw_only_widgets_in_the_update() -> None:
    """Make every screen's partial updates in the process draw only the widgets inside them
    (``_renders_inside``; once is enough): the compositor has no public hook."""
    Compositor._get_renders = _renders_inside  # type: ignore[method-assign,assignment]


# -- lighter strips (every app: ``tui/app.py``) ------------------------------------------------

_original_strip_init = Strip.__init__
_original_divide = Strip.divide
_original_crop_extend = Strip.crop_extend

#: The caches ``Strip.__init__`` makes for every strip, by slot, with their sizes.
STRIP_CACHES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}


class _CacheMadeWhenUsed:
    """A strip's cache slot whose ``FIFOCache`` is made the first time it is used.

    ``Strip.__init__`` makes seven caches for every strip, and most strips use one or none: a
    quarter of the objects a server session keeps were these caches, each walked by every
    full pass of the garbage collector, and making them was most of a strip's cost."""

    __slots__ = ("maxsize", "slot")

    def __init__(self, slot: Any, maxsize: int) -> None:
        self.slot = slot
        self.maxsize = maxsize

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self.slot.__get__(strip, owner)
        except AttributeError:
            cache: FIFOCache[Any, Any] = FIFOCache(self.maxsize)
            self.slot.__set__(strip, cache)
            return cache

    def __set__(self, strip: Strip, value: Any) -> None:
        self.slot.__set__(strip, value)


def _slot_value(strip: Strip, name: str) -> Any:
    """What slot ``name`` of ``strip`` holds, without making a cache (None if unset)."""
    slot = Strip.__dict__[name]
    if isinstance(slot, _CacheMadeWhenUsed):
        slot = slot.slot
    try:
        return slot.__get__(strip, Strip)
    except AttributeError:
        return None


def _strip_init_without_caches(
    strip: Strip, segments: Iterable[Segment], cell_length: int | None = None
) -> None:
    """``Strip.__init__``, leaving its caches to be made when used (``_CacheMadeWhenUsed``)."""
    strip._segments = list(segments)
    strip._cell_length = cell_length
    strip._render_cache = None
    strip._link_ids = None
    strip._cell_count = None


def _divide_whole_uncached(strip: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    """``Strip.divide``, not keeping a strip divided into itself alone in its own cache.

    ``Strip.divide`` caches ``[strip]`` in ``strip``'s own cache when the one cut is its end
    (every widget drawn whole into one part of a row of an update, the most common case): the
    strip then holds itself, and neither it nor its segments and caches are freed when it is
    dropped, only by a pass of the cyclic garbage collector. Most of what the collector found
    in a server's moves was such strips, and those kept long enough to reach its oldest
    generation waited for a full pass, which walks every session's objects: over half a
    second with 50 sessions a worker."""
    cell_length = strip.cell_length
    kept = [cut for cut in cuts if cut <= cell_length]
    if kept == [cell_length]:
        return [strip]
    return _original_divide(strip, kept)


def _crop_extend_whole_uncached(strip: Strip, start: int, end: int, style: Style | None) -> Strip:
    """``Strip.crop_extend``, not keeping a crop that is the strip itself in its own cache
    (``_divide_whole_uncached`` says why)."""
    if start <= 0 and end == strip.cell_length:
        return strip
    return _original_crop_extend(strip, start, end, style)


def lighten_strips() -> None:
    """Make every strip in the process freed as soon as it is dropped, and its caches made
    only when used (once is enough): ``Strip`` has no public way to do either."""
    if Strip.__init__ is _strip_init_without_caches:
        return
    for name, maxsize in STRIP_CACHES.items():
        setattr(Strip, name, _CacheMadeWhenUsed(Strip.__dict__[name], maxsize))
    Strip.__init__ = _strip_init_without_caches  # type: ignore[method-assign,assignment]
    Strip.divide = _divide_whole_uncached  # type: ignore[method-assign,assignment]
    Strip.crop_extend = _crop_extend_whole_uncached  # type: ignore[method-assign,assignment]
