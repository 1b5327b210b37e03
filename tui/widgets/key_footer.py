"""The footer of key hints, rebuilt only when the keys it shows change.

Textual's ``Footer`` rebuilds all its key widgets whenever the screen's bindings may have
changed: on every focus change and every reactive that touches bindings, which on the board
screen means every move and every review step. Rebuilding and restyling some twenty key
widgets costs tens of milliseconds (more again for each screen at an SSH table), so this
footer first compares what it would show with what it shows, and while it is hidden (the
typed-move line takes its row) it rebuilds nothing until it shows again. And each key is
made with the footer's ``compact`` setting already in place, so it is not styled twice more
as it mounts (a key starts compact and is then bound to the footer's setting).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from tui.textual_internals import FooterKey

#: What the footer shows: each shown binding's key, description, tooltip and whether it is
#: enabled, in order, and whether the app has the focus (Textual shows nothing without it).
Shown = tuple[bool, tuple[tuple[str, str, str, bool], ...]]


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
    #: The keys may have changed while the footer was hidden.
    _stale = False

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            if not self.display:
                self._stale = True
                return
            shown = shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

    def on_show(self) -> None:
        if self._stale:
            self._stale = False
            self.bindings_changed(self.screen)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
