"""The key list of a screen, generated from its active bindings so it cannot drift from them."""

from __future__ import annotations

from textual.binding import ActiveBinding
from textual.screen import Screen


def is_own(active: ActiveBinding, screen: Screen[object]) -> bool:
    """Whether a binding is one of the app's keys: declared by the app (every binding of its
    screens and widgets has an id) or one of the app's own, like Textual's ``ctrl+q`` to
    quit. Textual's bindings of a screen or a widget (Tab's "Focus Next", "Copy selected
    text", a scroll's "Page Left") are not: a screen whose list or form needs such keys
    declares them in its own words (``tui.widgets.list_keys``)."""
    return active.binding.id is not None or active.node is screen.app


def key_rows(screen: Screen[object]) -> list[tuple[str, str]]:
    """``(keys, description)`` rows: every described key of the app active on ``screen``.

    Bindings with the same description are one row: ``↑ k  Cursor up``. The screen's and
    the app's own keys come first, then those of the focused widget (a list's moves).
    Screens may add rows for keys that are not bindings (a game's own action keys, the
    mouse) with a ``help_extra()`` method.
    """
    app = screen.app
    groups: dict[str, list[str]] = {}
    active_bindings = [a for a in screen.active_bindings.values() if is_own(a, screen)]
    own = [a for a in active_bindings if a.node is screen or a.node is app]
    widgets = [a for a in active_bindings if a.node is not screen and a.node is not app]
    for active in own + widgets:
        binding = active.binding
        if not binding.description:
            continue
        keys = groups.setdefault(binding.description, [])
        display = app.get_key_display(binding)
        if display not in keys:
            keys.append(display)
    rows = [(" ".join(keys), description) for description, keys in groups.items()]
    extra = getattr(screen, "help_extra", None)
    if callable(extra):
        rows.extend(extra())
    return rows
