"""The position text: fields, history, exact round trips and readable refusals."""

from __future__ import annotations

import pytest
from test_macadam_support import GAME, after, position, state_of

from core import PositionError

START = "8/p1p2p1p/1p1pp1p1/8/8/1P1PP1P1/P1P2P1P/8 s play -"


def test_the_start_position_text() -> None:
    assert GAME.write_position(GAME.new()) == START
    assert GAME.read_position(START) == GAME.new()
    assert GAME.write_position(GAME.new({"first": "2"})) == START.replace(" s ", " n ")


def test_the_history_lists_each_battle_move_by_its_start_and_end() -> None:
    state = after(START, "a2-c4-e2-g2-g4", "h7-h5", "c2-c3")
    assert GAME.write_position(state) == (
        "8/p1p2p2/1p1pp1p1/7p/6P1/1PPPP1P1/5P1P/8 n play a2g4h7h5c2c3"
    )
    assert GAME.read_position(GAME.write_position(state)) == state


def test_a_set_up_history_counts_repetitions_exactly() -> None:
    # The start position occurred twice in this history; North's a6-a7 makes the third.
    text = "8/2p2p1p/pp1pp1p1/8/8/1P1PP1P1/P1P2P1P/8 n play a2a3a7a6a3a2a6a7a2a3a7a6a3a2"
    state = state_of(text)
    assert state == after(START, *["a2-a3", "a7-a6", "a3-a2", "a6-a7", "a2-a3", "a7-a6", "a3-a2"])
    assert GAME.outcome(state) is None
    assert GAME.outcome(after(text, "a6-a7")).is_draw
    # Without the history the same board is a fresh position.
    assert GAME.outcome(after(text.replace(text.split()[3], "-"), "a6-a7")) is None


def test_placement_positions() -> None:
    state = GAME.new({"start": "free", "first": "2"})
    assert GAME.write_position(state) == "8/8/8/8/8/8/8/8 s place:n -"
    state = after("8/8/8/8/8/8/8/8 s place:n -", "@c3")
    assert GAME.write_position(state) == "8/8/8/8/8/2P5/8/8 n place:n -"
    assert GAME.read_position(GAME.write_position(state)) == state


def test_finished_games_round_trip() -> None:
    won = after(position(south="c6 d7 a2", north="a7 h7"), "c6-e8")
    assert GAME.write_position(won) == "4P3/p2P3p/8/8/8/8/P7/8 n play c6e8"
    assert GAME.read_position(GAME.write_position(won)) == won
    assert GAME.outcome(GAME.read_position(GAME.write_position(won))).winners == (0,)


def test_a_set_up_position_may_hold_fewer_pawns() -> None:
    state = state_of(position(south="b2", north="h8"))
    assert (state.south.bit_count(), state.north.bit_count()) == (1, 1)


def test_reading_is_forgiving_about_the_case_of_side_and_phase() -> None:
    assert GAME.read_position(START.replace(" s play", " S PLAY")) == GAME.new()


BAD = [
    ("8/8/8/8/8/8/8/8 s play", "four fields"),
    ("8/8/8/8 s play -", "needs 8 ranks"),
    ("8/8/8/8/8/8/8 s play -", "needs 8 ranks"),
    ("8/8/8/8/8/8/8/7 s play -", "rank 1 describes 7 squares"),
    ("8/8/8/8/8/8/8/9 s play -", "'9' in rank 1"),
    ("8/8/8/8/8/8/8/7x s play -", "'x' in rank 1"),
    ("8/8/8/8/8/8/8/PPPPPPPPP s play -", "rank 1 describes 9 squares"),
    ("8/8/8/8/8/PPPPPPPP/P7/8 s play -", "more than 8 pawns"),
    ("8/8/8/8/8/8/8/3P4 s play -", "South pawn stands on its own goal"),
    ("3p4/8/8/8/8/8/8/8 n play -", "North pawn stands on its own goal"),
    ("4P3/8/8/8/8/8/8/8 s play -", "South pawn stands on North's goal"),
    ("8/8/8/8/8/8/8/8 x play -", "not a side to move"),
    ("8/8/8/8/8/8/8/8 s fight -", "not a phase"),
    ("8/8/8/8/8/8/8/8 s place:s a2a3", "no move history"),
    ("8/8/8/8/8/8/8/8 n place:s -", "South's turn to place"),
    ("8/8/8/8/8/8/8/PP6 s place:s -", "one more"),
    ("8/8/8/P7/8/8/8/8 n place:s -", "own side only"),
    (START + "x", "not a move history"),
    (START.replace(" -", " a2a"), "not a move history"),
    (START.replace(" -", " a3a2"), "no North pawn is on a2"),
    (START.replace("play -", "play a2a4"), "no North pawn is on a4"),
    (START.replace(" s play -", " n play c2a2"), "c2 is not empty"),
    ("8/p1p2p1p/1p1pp1p1/8/P7/1P1PP1P1/2P2P1P/8 n play a2a4", None),
    ("8/p1p2p1p/1p1pp1p1/8/P7/1P1PP1P1/2P2P1P/8 n play c1a4", "not a legal move"),
]


@pytest.mark.parametrize(("text", "reason"), BAD)
def test_impossible_positions_are_refused_with_a_reason(text: str, reason: str | None) -> None:
    if reason is None:  # the control: the same text with a legal history reads fine
        GAME.read_position(text)
        return
    with pytest.raises(PositionError, match=reason):
        GAME.read_position(text)


def test_a_history_may_not_go_on_after_the_game_ended() -> None:
    # The eighth move brought the start back a third time (a draw); a2a3 came after it.
    shuffles = "a2a3a7a6a3a2a6a7" * 2
    drawn = START.replace(" -", f" {shuffles}")
    assert GAME.outcome(GAME.read_position(drawn)).is_draw
    with pytest.raises(PositionError, match=r"history move 9 \(a2a3\) comes after the game"):
        GAME.read_position(f"8/p1p2p1p/1p1pp1p1/8/8/PP1PP1P1/2P2P1P/8 n play {shuffles}a2a3")


def test_a_history_may_not_start_from_a_pawn_on_its_own_goal() -> None:
    with pytest.raises(PositionError, match="own goal"):
        GAME.read_position("8/8/8/8/8/8/8/5P2 n play d1f1")
