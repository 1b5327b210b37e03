"""The move line's editing (``tui.screens.line_edit``) and how the footer's row draws it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.screens.line_edit import MAX_LENGTH, LineEdit
from tui.screens.move_line import CURSOR, PLACEHOLDER, PLACEHOLDER_STYLE, line_text


def typed(text: str) -> LineEdit:
    return LineEdit().insert(text)


def test_characters_go_in_at_the_cursor() -> None:
    edit = typed("c3d4").key("left")
    assert edit is not None
    edit = edit.key("left")
    assert edit is not None
    assert edit.insert("-") == LineEdit("c3-d4", 3)


def test_backspace_and_delete_take_the_character_before_and_after_the_cursor() -> None:
    edit = LineEdit("b2-b4", 2)
    assert edit.key("backspace") == LineEdit("b-b4", 1)
    assert edit.key("delete") == LineEdit("b2b4", 2)
    assert LineEdit("b2", 0).key("backspace") == LineEdit("b2", 0)
    assert LineEdit("b2", 2).key("delete") == LineEdit("b2", 2)


def test_the_cursor_moves_within_the_text() -> None:
    edit = LineEdit("c3-d4", 2)
    assert edit.key("left") == LineEdit("c3-d4", 1)
    assert edit.key("right") == LineEdit("c3-d4", 3)
    assert edit.key("home") == edit.key("ctrl+a") == LineEdit("c3-d4", 0)
    assert edit.key("end") == edit.key("ctrl+e") == LineEdit("c3-d4", 5)
    assert LineEdit("c3", 0).key("left") == LineEdit("c3", 0)
    assert LineEdit("c3", 2).key("right") == LineEdit("c3", 2)


def test_deleting_to_either_end_and_the_word_before() -> None:
    edit = LineEdit("m:b5+h5 e2", 7)
    assert edit.key("ctrl+u") == LineEdit(" e2", 0)
    assert edit.key("ctrl+k") == LineEdit("m:b5+h5", 7)
    assert LineEdit("clock  d4", 9).key("ctrl+w") == LineEdit("clock  ", 7)
    assert LineEdit("clock  ", 7).key("ctrl+w") == LineEdit("", 0)


def test_a_selected_text_is_replaced_by_what_is_typed_and_kept_by_an_arrow() -> None:
    selected = typed("zz9").select_all()
    assert selected.selected and selected.cursor == 3
    assert selected.insert(":") == LineEdit(":", 1)
    assert selected.key("backspace") == LineEdit()
    assert selected.key("right") == LineEdit("zz9", 3)
    assert selected.key("left") == LineEdit("zz9", 0)
    assert selected.key("home") == LineEdit("zz9", 0)
    assert not LineEdit().select_all().selected  # nothing to select


def test_other_keys_are_no_editing() -> None:
    for key in ("enter", "escape", "tab", "up", "f1", "ctrl+s", "a"):
        assert LineEdit("c3", 1).key(key) is None


@given(st.text(max_size=3 * MAX_LENGTH), st.integers(0, MAX_LENGTH))
def test_the_text_never_grows_past_its_limit(text: str, at: int) -> None:
    edit = LineEdit("x" * at, at).insert(text)
    assert len(edit.text) == min(MAX_LENGTH, at + len(text))
    assert 0 <= edit.cursor <= len(edit.text)


def test_the_row_shows_the_cursor_the_selection_and_the_placeholder() -> None:
    empty = line_text(LineEdit(), 40)
    assert empty.plain == "  " + PLACEHOLDER
    placeholder = (2, 2 + len(PLACEHOLDER), PLACEHOLDER_STYLE)
    assert [(span.start, span.end, span.style) for span in empty.spans] == [
        (1, 2, CURSOR),
        placeholder,
    ]
    row = line_text(LineEdit("c3-d4", 2), 40)
    assert row.plain == " c3-d4"
    assert [(span.start, span.end) for span in row.spans if span.style == CURSOR] == [(3, 4)]
    at_end = line_text(LineEdit("c3", 2), 40)
    assert at_end.plain == " c3 "  # the cursor after the last character is a cell of its own
    selected = line_text(typed("b2-b4").select_all(), 40)
    assert [(span.start, span.end) for span in selected.spans] == [(1, 6)]


def test_a_text_longer_than_the_row_shows_as_far_as_the_cursor() -> None:
    text = "a" * 30 + "b" * 30
    row = line_text(LineEdit(text, len(text)), 20)
    assert row.plain == " " + "b" * 18 + " "
    assert row.cell_len == 20
    start = line_text(LineEdit(text, 0), 20)
    assert start.plain == " " + "a" * 18
