"""The key list of a screen, generated from its active bindings so it cannot drift from them."""

from __future__ import annotations

from textual.binding import ActiveBinding, Binding
from textual.screen import Screen
from textual.widgets import Input


def is_own(active: ActiveBinding, screen: Screen[object]) -> bool:
    """Whether a binding is one of the app's keys: declared by the app (every binding of its
    screens and widgets has an id) or one of the app's own, like Textual's ``ctrl+q`` to
    quit. Textual's bindings of a screen or a widget (Tab's "Focus Next", "Copy selected
    text", a scroll's "Page Left") are not: a screen whose list or form needs such keys
    declares them in its own words (``tui.widgets.list_keys``)."""
    return active.binding.id is not None or active.node is screen.app


def declared_bindings(screen: Screen[object]) -> dict[str, Binding]:
    """The app's own bindings of ``screen``'s class and its bases, by key, the nearest class's
    first (each binding split into one per key, as Textual binds them)."""
    found: dict[str, Binding] = {}
    for cls in type(screen).__mro__:
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", [])):
            if binding.id is not None:
                found.setdefault(binding.key, binding)
    return found


def own_bindings(screen: Screen[object]) -> list[ActiveBinding]:
    """The active bindings that are the app's keys (``is_own``). A key the focused list
    takes with one of Textual's bindings (a table's Enter and arrows) while the screen binds it
    too is listed in the screen's words: Textual's binding does what the screen names. Not so
    in a text field, whose keys (Delete, Home) edit the text typed."""
    declared: dict[str, Binding] | None = None
    bindings = []
    for key, active in screen.active_bindings.items():
        if is_own(active, screen):
            bindings.append(active)
            continue
        if isinstance(active.node, Input):
            continue
        if declared is None:
            declared = declared_bindings(screen)
        if key in declared:
            bindings.append(ActiveBinding(screen, declared[key], active.enabled, active.tooltip))
    return bindings


def key_rows(screen: Screen[object]) -> list[tuple[str, str]]:
    """``(keys, description)`` rows: every described key of the app active on ``screen``.

    Bindings with the same description are one row: ``↑ k  Cursor up``. The screen's and
    the app's own keys come first, then those of the focused widget (a list's moves).
    Screens may add rows for keys that are not bindings (a game's own action keys, the
    mouse) with a ``help_extra()`` method.
    """
    app = screen.app
    groups: dict[str, list[str]] = {}
    active_bindings = own_bindings(screen)
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
