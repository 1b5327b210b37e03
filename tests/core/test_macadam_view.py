"""What the screens get: the board as drawn, the squares a move is made by, the panels."""

from __future__ import annotations

from test_macadam_support import GAME, after, position, state_of
from test_macadam_support import index as sq

from core.view import Cell


def test_the_board_is_eight_by_eight_with_the_lane_after_rank_four() -> None:
    view = GAME.board_view(GAME.new())
    assert (view.width, view.height) == (8, 8)
    assert view.rank_walls == frozenset({3})
    assert view.file_walls == frozenset()


def test_pawns_are_told_apart_by_letter_case_and_coloured_by_owner() -> None:
    view = GAME.board_view(GAME.new())
    assert view.cells[sq("a2")] == Cell("P", 0, 0, "dot")
    assert view.cells[sq("a7")] == Cell("p", 1, 1, "dot")
    assert view.cells[sq("a1")] == Cell("", None, 0, "")
    assert view.cells[sq("a8")] == Cell("", None, 1, "")
    pawns = {index: cell.text for index, cell in enumerate(view.cells) if cell.text}
    assert sorted(pawns.values()) == ["P"] * 8 + ["p"] * 8


def test_goals_and_halves_are_marked() -> None:
    view = GAME.board_view(GAME.new())
    goals = {index for index, cell in enumerate(view.cells) if cell.mark == "goal"}
    assert goals == {sq("d1"), sq("e1"), sq("d8"), sq("e8")}
    assert {view.cells[index].region for index in range(32)} == {0}
    assert {view.cells[index].region for index in range(32, 64)} == {1}


def test_a_pawn_on_a_goal_keeps_the_goal_mark() -> None:
    state = after(position(south="c6 d7 a2", north="a7 h7"), "c6-e8")
    assert GAME.board_view(state).cells[sq("e8")] == Cell("P", 0, 1, "goal")


def test_the_move_path_is_the_start_then_every_landing() -> None:
    state = state_of(position(south="c5 d6 e6 f5", north="a8"))
    move = GAME.parse_move(state, "c5-e7-e5-g5")
    assert GAME.move_path(state, move) == (sq("c5"), sq("e7"), sq("e5"), sq("g5"))
    slide = GAME.parse_move(GAME.new(), "a2-a4")
    assert GAME.move_path(GAME.new(), slide) == (sq("a2"), sq("a4"))
    free = GAME.new({"start": "free"})
    assert GAME.move_path(free, GAME.parse_move(free, "@c3")) == (sq("c3"),)


def test_a_board_screen_can_stop_a_chain_after_any_landing() -> None:
    # Every path that a legal chain passes through is itself a legal move, so a screen that
    # filters moves by the squares selected so far can always offer "stop here".
    state = state_of(position(south="c5 d6 e6 f5", north="a8"))
    paths = {GAME.move_path(state, move) for move in GAME.legal_moves(state)}
    for path in paths:
        for length in range(2, len(path)):
            assert path[:length] in paths
    following = {path[2] for path in paths if path[:2] == (sq("c5"), sq("e7")) and len(path) > 2}
    assert following == {sq("e5")}


def test_no_moves_by_key_and_nothing_hidden() -> None:
    state = GAME.new()
    assert GAME.actions(state) == ()
    assert GAME.has_secrets(state) is False
    assert GAME.view(state, 0) == GAME.view(state, None) == state


def test_the_tray_exists_only_during_placement() -> None:
    assert GAME.tray(GAME.new()) == ()
    assert [item.count for item in GAME.tray(GAME.new({"start": "free"}))] == [8]


def test_the_panels_count_pawns_across_the_lane_or_in_hand() -> None:
    state = state_of(position(south="c5 d6 e6 b2", north="a8 a2"))
    assert GAME.panel_lines(state, 0) == ("3 on North's side",)
    assert GAME.panel_lines(state, 1) == ("1 on South's side",)
    free = GAME.new({"start": "free"})
    assert GAME.panel_lines(free, 1) == ("8 pawns to place",)


def test_the_rules_page_is_shipped() -> None:
    text = GAME.rules_text()
    assert text.startswith("# Macadam")
    assert "you cannot cross or stop within your own goal squares" in text
