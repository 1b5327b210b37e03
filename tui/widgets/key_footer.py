"""The footer of key hints, rebuilt only when the keys it shows change.

Textual's ``Footer`` rebuilds all its key widgets whenever the screen's bindings may have
changed: on every focus change and every reactive that touches bindings, which on the board
screen means every move and every review step. Rebuilding and restyling some twenty key
widgets costs tens of milliseconds (more again for each screen at an SSH table), so this
footer first compares what it would show with what it shows, and while it is covered (the
typed-move line lies over its row) it rebuilds nothing until it is uncovered. And each key is
made with the footer's ``compact`` setting already in place, so it is not styled twice more
as it mounts (a key starts compact and is then bound to the footer's setting).

The keys every screen has, ``?`` for the screen's keys and F1 for the rules, stay in view
when a screen's keys are more than its width (placing pieces at 80 columns): they are kept
together, after the others, and pinned to the right edge while the row overflows, over the
keys that do not fit (which ``?`` lists).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui.textual_internals import FooterKey

#: What the footer shows: each shown binding's key, description, tooltip and whether it is
#: enabled, in order, and whether the app has the focus (Textual shows nothing without it).
Shown = tuple[bool, tuple[tuple[str, str, str, bool], ...]]

#: The keys kept in view: ``?`` for the screen's keys and F1 for the game's rules.
ALWAYS_SHOWN = frozenset({"question_mark", "f1"})
#: The class pinning the group of those keys to the footer's right edge.
PINNED = "-pinned"


class AlwaysShownKeys(HorizontalGroup):
    """The footer's keys kept in view, pinned to its right edge while the row overflows."""

    DEFAULT_CSS = """
    AlwaysShownKeys {
        width: auto;
    }
    AlwaysShownKeys.-pinned {
        dock: right;
        background: $footer-background;
    }
    """

    def on_resize(self) -> None:
        """Laid out with the other keys: their widths are known now."""
        self.fit()

    def fit(self) -> None:
        """Pinned when the keys are wider than the footer (the sum of every key's width,
        which pinning does not change)."""
        footer = self.parent
        if isinstance(footer, Widget):
            needed = sum(
                child.outer_size.width + child.styles.margin.width for child in footer.children
            )
            # The row's last cell is the space after the last key: it may be cut.
            self.set_class(needed - 1 > footer.size.width, PINNED)


def shown_keys(screen: Screen[object]) -> Shown:
    return (
        screen.app.app_focus,
        tuple(
            (binding.key, binding.description, tooltip, enabled)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        ),
    )


class KeyFooter(Footer):
    """A ``Footer`` that skips rebuilding when the keys it would show are the same."""

    _shown: Shown | None = None
    #: The keys may have changed while the footer was covered.
    _stale = False
    _covered = False

    @property
    def covered(self) -> bool:
        """Whether something lies over the footer's row (the move line): the keys then wait
        until it is uncovered."""
        return self._covered

    @covered.setter
    def covered(self, covered: bool) -> None:
        self._covered = covered
        if not covered and self._stale:
            self._stale = False
            self.call_later(self.bindings_changed, self.screen)  # as the footer, not its caller

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            if self._covered or not self.display:
                self._stale = True
                return
            shown = shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

    def on_show(self) -> None:
        if self._stale and not self._covered:
            self._stale = False
            self.bindings_changed(self.screen)

    def compose(self) -> ComposeResult:
        always: list[Widget] = []
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
                if widget.key in ALWAYS_SHOWN:
                    always.append(widget)
                    continue
            yield widget
        if always:
            with AlwaysShownKeys():
                yield from always

    def on_resize(self) -> None:
        for group in self.query_children(AlwaysShownKeys):
            self.call_after_refresh(group.fit)
