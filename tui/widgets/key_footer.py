"""The footer of key hints: one widget that draws the screen's keys in one row.

Textual's ``Footer`` mounts a widget for every key it shows (and for each group of keys and
its label), and rebuilds them all whenever the screen's bindings may have changed. On the
server every session's screen has one: its dozen widgets were nearly half of what a lobby
cost to start (each styled, laid out, and laid out again once the focus was known and the
footer filled itself in), and each rebuild mounted them all again. This footer is a single
widget that draws the same row as text: what it would show is compared with what it shows,
and when the keys change it only draws its row again, without a layout.

It draws what Textual's footer draws, in its colours (the ``$footer-*`` variables): each
shown binding by its first key, `` k Description ``, a group of bindings as its keys side by
side and the group's label (``j k Down/up``), a disabled key dimmed, the key under the
pointer highlighted; a click on a key presses it. While a line of text covers its row (the
typed-move line: ``cover``), it draws that line instead and leaves the keys as they are until
it is uncovered.

The keys every screen has, ``?`` for the screen's keys and F1 for the rules, stay in view
when a screen's keys are more than its width (placing pieces at 80 columns): they are drawn
together after the others and, while the row overflows, pinned to the right edge over the
keys that do not fit (which ``?`` lists).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

#: What the footer shows: each shown binding's key, description, tooltip and whether it is
#: enabled, in order, and whether the app has the focus (Textual shows nothing without it).
Shown = tuple[bool, tuple[tuple[str, str, str, bool], ...]]

#: The keys kept in view: ``?`` for the screen's keys and F1 for the game's rules.
ALWAYS_SHOWN = frozenset({"question_mark", "f1"})


def shown_keys(screen: Screen[object]) -> Shown:
    return (
        screen.app.app_focus,
        tuple(
            (binding.key, binding.description, tooltip, enabled)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        ),
    )


@dataclass(frozen=True)
class FooterPart:
    """One piece of the row: a key (pressed by a click on it) or a group's label."""

    text: str
    #: The binding's key, pressed when the part is clicked; empty for a label.
    key: str = ""
    #: ``key``: the key as shown, in the key's colour; ``description``: a key's description
    #: or a group's label; ``space``: the footer's own background.
    kind: str = "key"
    enabled: bool = True
    tooltip: str = ""


#: The parts of one item: a key with its description, or a group (its keys and label).
Item = tuple[FooterPart, ...]


def key_items(screen: Screen[object]) -> tuple[list[Item], list[Item]]:
    """The items Textual's footer would show for ``screen`` (each action by its first key,
    consecutive actions of one group together), split into the others and those kept in
    view."""
    app = screen.app
    by_action: dict[str, list[tuple[Binding, bool, str]]] = {}
    for _, binding, enabled, tooltip in screen.active_bindings.values():
        if binding.show:
            by_action.setdefault(binding.action, []).append((binding, enabled, tooltip))
    others: list[Item] = []
    kept: list[Item] = []
    for group, actions in groupby(by_action.values(), lambda bindings: bindings[0][0].group):
        firsts = [bindings[0] for bindings in actions]
        if group is not None and len(firsts) > 1:
            # Each key with a space either side (a space between two), then the label.
            parts: list[FooterPart] = [FooterPart(" ", kind="space")]
            for index, (binding, enabled, tooltip) in enumerate(firsts):
                if index:
                    parts.append(FooterPart(" ", kind="space"))
                parts.append(
                    FooterPart(
                        app.get_key_display(binding),
                        binding.key,
                        enabled=enabled,
                        tooltip=tooltip or binding.description,
                    )
                )
            parts.append(FooterPart(" ", kind="space"))
            parts.append(FooterPart(group.description, kind="description"))
            parts.append(FooterPart(" ", kind="space"))
            others.append(tuple(parts))
            continue
        for binding, enabled, tooltip in firsts:
            shown = app.get_key_display(binding)
            if binding.description:
                item: Item = (
                    FooterPart(f" {shown} ", binding.key, enabled=enabled, tooltip=tooltip),
                    FooterPart(
                        f"{binding.description} ",
                        binding.key,
                        kind="description",
                        enabled=enabled,
                        tooltip=tooltip,
                    ),
                )
            else:
                item = (FooterPart(shown, binding.key, enabled=enabled, tooltip=tooltip),)
            (kept if binding.key in ALWAYS_SHOWN else others).append(item)
    return others, kept


def item_width(items: Iterable[Item]) -> int:
    return sum(cell_len(part.text) for item in items for part in item)


class KeyFooter(Widget, can_focus=False):
    """The screen's keys in one row (see the module's docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "key-footer--key",
        "key-footer--description",
        "key-footer--hover",
        "key-footer--line",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyFooter > .key-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyFooter > .key-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyFooter > .key-footer--hover {
        color: $footer-key-foreground;
        background: $block-hover-background;
    }
    KeyFooter > .key-footer--line {
        color: $foreground;
        background: $surface;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: Shown | None = None
        #: The keys may have changed while the footer was covered.
        self._stale = False
        #: The line drawn over the keys, if any (``cover``).
        self._covering_line: Text | None = None
        self._items: tuple[list[Item], list[Item]] = ([], [])
        #: The key under the pointer (its ``FooterPart.key``), drawn highlighted.
        self._hovered = ""

    @property
    def covered(self) -> bool:
        """Whether a line covers the keys (``cover``): they then wait until it is uncovered."""
        return self._covering_line is not None

    def cover(self, line: Text) -> None:
        """Draw ``line`` in the footer's row instead of the keys (again, if it changed); a
        click or the pointer on it does nothing."""
        if line != self._covering_line:
            self._covering_line = line
            self._hovered = ""
            self.tooltip = None
            self.refresh()

    def uncover(self) -> None:
        """Draw the keys again, worked out anew if they changed while covered."""
        if self._covering_line is None:
            return
        self._covering_line = None
        self.refresh()
        if self._stale:
            self._stale = False
            self.bindings_changed(self.screen)

    @property
    def descriptions(self) -> list[str]:
        """What the row says of each key it shows, in order: a key's description, or ``""``
        for each key of a group (its label says what they do together)."""
        others, kept = self._items
        said: list[str] = []
        for item in (*others, *kept):
            keys = [part for part in item if part.kind == "key"]
            described = [part for part in item if part.kind == "description" and part.key]
            said += [described[0].text.strip()] if described else [""] * len(keys)
        return said

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.call_later(self.bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Draw the row again if the keys it would show changed."""
        if not self.is_attached or screen is not self.screen:
            return
        if self._covering_line is not None or not self.display:
            self._stale = True
            return
        if not screen.app.app_focus:
            return  # as Textual's footer: it keeps its keys while the app is unfocused
        shown = shown_keys(screen)
        if shown == self._shown:
            return
        self._shown = shown
        self.redraw_keys()

    def redraw_keys(self) -> None:
        """Work the keys out again and draw them (for a change of how keys are named)."""
        self._items = key_items(self.screen)
        self.refresh()

    def on_show(self) -> None:
        if self._stale and self._covering_line is None:
            self._stale = False
            self.bindings_changed(self.screen)

    # -- drawing ------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        # The row drawn as segments of its own (Textual's line API): a footer draws again for
        # every key typed on the move line, and a text with a span a key turns into Textual's
        # content first, at several times the cost.
        width = self.size.width
        if self._covering_line is not None:  # as a text field: the whole row in its colours
            line_style = self.get_component_rich_style("key-footer--line")
            segments = [
                Segment(text, line_style + style if style else line_style)
                for text, style, _ in self._covering_line.render(self.app.console)
            ]
            return Strip(segments).crop_extend(0, width, line_style)
        base = self.rich_style
        row = Strip([], 0)
        for start, items in self._placed():
            if start:
                row = row.crop_extend(0, start, base)  # the others cut where the kept keys begin
            row = Strip.join([row, Strip(self._segments(items, base))])
        return row.crop_extend(0, width, base)

    def _placed(self) -> list[tuple[int, list[Item]]]:
        """Where each run of items starts: all in a row, or, while the row overflows (its
        last cell is a space that may be cut), the kept keys pinned to the right edge."""
        others, kept = self._items
        width = self.size.width
        if kept and item_width(others) + item_width(kept) - 1 > width:
            return [(0, others), (max(0, width - item_width(kept)), kept)]
        return [(0, [*others, *kept])]

    def _segments(self, items: Iterable[Item], base: Style) -> list[Segment]:
        key_style = self.get_component_rich_style("key-footer--key")
        description_style = self.get_component_rich_style("key-footer--description")
        hover_style = self.get_component_rich_style("key-footer--hover")
        segments: list[Segment] = []
        for item in items:
            hovered = bool(self._hovered) and any(part.key == self._hovered for part in item)
            for part in item:
                if part.kind == "space":
                    segments.append(Segment(part.text, base))
                    continue
                style = base + (hover_style if hovered and part.key else Style())
                style += key_style if part.kind == "key" else description_style
                if not part.enabled:
                    style += Style(dim=True)
                segments.append(Segment(part.text, style))
        return segments

    # -- the pointer ----------------------------------------------------------------------------

    def _part_at(self, x: int) -> FooterPart | None:
        """The key drawn at column ``x`` (``None`` for a space or a group's label, and while
        the keys are covered)."""
        if self._covering_line is not None:
            return None
        for start, items in reversed(self._placed()):
            if x >= start:
                return self._find(items, x - start)
        return None

    @staticmethod
    def _find(items: Iterable[Item], x: int) -> FooterPart | None:
        at = 0
        for item in items:
            for part in item:
                at += cell_len(part.text)
                if x < at:
                    return part if part.key else None
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        part = self._part_at(event.x)
        hovered = part.key if part is not None else ""
        if hovered != self._hovered:
            self._hovered = hovered
            self.tooltip = (part.tooltip or None) if part is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered:
            self._hovered = ""
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        part = self._part_at(event.x)
        if part is None:
            return
        if part.enabled:
            self.app.simulate_key(part.key)
        else:
            self.app.bell()
