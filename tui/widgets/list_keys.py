"""The keys of the app's lists (the games, the lobby's tables, the library): `j` and `k` move
down and up as on the board, beside the arrows, Page Up/Down and Home/End.

The lists drop Textual's own bindings (``inherit_bindings=False``) and declare these instead,
with ids like every key of the app: the help (``tui.keys.key_rows``) then lists a list's keys
in the app's words, and the footer shows `j k` as one group (Textual's footer shows each
action by its first key, so `j` comes before `↓`). What Enter does is the screen's to say: a
list screen binds Enter itself and calls the list's select action.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType
from textual.widgets import OptionList

#: `j` and `k` side by side in the footer.
UP_DOWN = Binding.Group("Down/up")


def list_bindings(*, first: str, last: str) -> list[BindingType]:
    """The keys of a list whose actions to go to its first and last entry are ``first`` and
    ``last`` (an option list and a table name them differently)."""
    return [
        Binding("j,down", "cursor_down", "Down", group=UP_DOWN, id="list.down"),
        Binding("k,up", "cursor_up", "Up", group=UP_DOWN, id="list.up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="list.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="list.page_up"),
        Binding("home", first, "First", show=False, id="list.first"),
        Binding("end", last, "Last", show=False, id="list.last"),
    ]


#: The keys of an ``OptionList`` (its Enter is the screen's).
OPTION_LIST_BINDINGS = list_bindings(first="first", last="last")


class KeyedOptionList(OptionList, inherit_bindings=False):
    """An option list moved with `j`/`k` as well as the arrows."""

    BINDINGS = OPTION_LIST_BINDINGS
