"""The board screen's keys: its own, and how an input mode's and a table's go on top of them.

A key bound again by a later layer (an input mode over the board, a table over both) takes the
key over where it stands, as a subclass's binding does in Textual: so the footer and the help
screen list the keys in the same order whichever mode is on.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding, BindingsMap, BindingType

from tui.screens.review import REVIEW_BINDINGS

BOARD_BINDINGS: list[BindingType] = [
    *REVIEW_BINDINGS,  # first: in review they take the arrows (see tui.screens.review)
    Binding("up,k", "cursor(0,1)", "Cursor up", show=False, id="board.cursor.up"),
    Binding("down,j", "cursor(0,-1)", "Cursor down", show=False, id="board.cursor.down"),
    Binding("left,h", "cursor(-1,0)", "Cursor left", show=False, id="board.cursor.left"),
    Binding("right,l", "cursor(1,0)", "Cursor right", show=False, id="board.cursor.right"),
    Binding("enter,space", "select", "Select", show=False, id="board.select"),
    Binding("escape", "cancel", "Cancel selection", show=False, id="board.cancel"),
    Binding("backspace", "back", "Unselect last square", show=False, id="board.back"),
    # A priority binding runs as the app takes the key, before the next one is handed on:
    # so a move typed or pasted in one burst after ":" reaches the move line whole.
    Binding("colon", "type_move", "Type move", id="board.type", priority=True),
    Binding("u,ctrl+z", "undo", "Undo", id="board.undo"),
    Binding("ctrl+y", "redo", "Redo", id="board.redo"),
    Binding("end", "return_to_game", "Back to the game", show=False, id="board.return"),
    Binding("m", "move_now", "Computer: move now", show=False, id="board.move_now"),
    Binding("H", "hint", "Hint", id="board.hint"),
    Binding("f", "flip", "Flip", id="board.flip"),
    Binding("ctrl+s", "save", "Save", id="board.save"),
    Binding("S", "save_as", "Save as", show=False, id="board.save_as"),
    Binding("ctrl+o", "app.load", "Load", show=False, id="board.load"),
    Binding("ctrl+n", "app.new_game", "New game", show=False, id="board.new"),
    Binding("q", "app.quit", "Quit", id="board.quit"),
]


def layered_bindings(*layers: Iterable[BindingType]) -> BindingsMap:
    """The bindings of ``layers``, each over the ones before it: a key a layer binds is bound
    to that layer's bindings alone, in the place the key first took."""
    keys: dict[str, list[Binding]] = {}
    for layer in layers:
        keys.update(BindingsMap(layer).key_to_bindings)
    return BindingsMap.from_keys(keys)
