"""The end: loss by capture of everything or by having no move; the two draws."""

from __future__ import annotations

from test_mac_helpers import GAME, notations, play, position

from core.outcome import Outcome


def test_losing_the_last_piece_loses_the_game():
    # "You lose if: All of your game pieces are captured"
    state = position("@... .... .... .... .... .B3.. .R5.. ...@")
    after = play(state, "b2xb3")
    assert GAME.outcome(after) == Outcome((0,), "Blue has no pieces left")
    assert GAME.legal_moves(after) == []


def test_having_no_legal_move_loses_the_game():
    # "or you cannot make a legal move on your turn." The Blue 1 on a8 is hemmed in by a
    # Red 2 and a Red 3 it cannot take.
    state = position("B1R3.. R2... .... .... ...R5 .... .... ..@@")
    assert GAME.outcome(state) is None
    after = play(state, "d4-d3")
    assert GAME.outcome(after) == Outcome((0,), "Blue has no legal move")
    assert GAME.legal_moves(after) == []


def test_twenty_turns_without_a_capture_draw():
    # "Draw if: ... 20 consecutive turns pass without a capture."
    state = position("@... .... .... ...B5 .... .... R5... ...@", quiet=19)
    after = play(state, "a2-a3")
    assert GAME.outcome(after) == Outcome((), "20 turns in a row without a capture")
    assert GAME.legal_moves(after) == []
    earlier = position("@... .... .... ...B5 .... .... R5... ...@", quiet=18)
    assert GAME.outcome(play(earlier, "a2-a3")) is None


def test_a_capture_starts_the_count_again():
    state = position("@... .... .... ...B5 .... .... R5B4.. ...@", quiet=19)
    after = play(state, "a2xb2")
    assert GAME.outcome(after) is None
    assert after.quiet == 0


def test_a_loss_on_the_twentieth_quiet_turn_wins_over_the_draw():
    state = position("B1R3.. R2... .... .... ...R5 .... .... ..@@", quiet=19)
    after = play(state, "d4-d3")
    assert after.quiet == 20
    assert GAME.outcome(after) == Outcome((0,), "Blue has no legal move")


SHUFFLE = ("a1-a2", "d8-d7", "a2-a1", "d7-d8")


def test_the_third_occurrence_of_a_position_draws():
    # "Draw if: The exact same board state is repeated three times"
    start = position(".@@B5 .... .... .... .... .... .... R5...")
    state = play(start, *SHUFFLE, *SHUFFLE[:3])
    assert GAME.outcome(state) is None
    state = play(state, SHUFFLE[3])
    assert state.board == start.board
    assert GAME.outcome(state) == Outcome((), "the same position occurred for the third time")
    assert GAME.legal_moves(state) == []


def test_the_same_board_with_the_other_side_to_move_is_another_position():
    # Portals b4 and c5: the Red 5 goes round b5 -> (c5, b4) a4 -> a5 -> b5 in three moves
    # while the Blue 5 goes back and forth, so the start board comes back after 5 plies
    # with Blue to move, and after 12 with Red to move: only its second occurrence.
    start = position("...B5 .... .... .R5@. .@.. .... .... ....")
    red_cycle = ("b5-c5-a4", "a4-a5", "a5-b5")
    blue_moves = ("d8-d7", "d7-d8")
    state = start
    for ply in range(12):
        mover = red_cycle[(ply // 2) % 3] if ply % 2 == 0 else blue_moves[(ply // 2) % 2]
        state = play(state, mover)
        if ply == 4:
            assert state.board == start.board and GAME.to_move(state) == 1
    assert state.board == start.board and GAME.to_move(state) == 0
    assert GAME.outcome(state) is None


def test_hands_are_part_of_the_position():
    # Red plays Peek during the second round: the board comes back a third time, but Red's
    # hand is not the same, so the game goes on.
    start = position(
        "..b7B5 .... .... .... .... .@@. .... R5...",
        mode="dark+tokens",
        colours="RB",
        hands="k/-",
        pile="dp",
    )
    state = play(start, *SHUFFLE, "peek:c8;a1-a2", *SHUFFLE[1:])
    assert state.board == start.board and GAME.to_move(state) == 0
    assert GAME.outcome(state) is None  # the start board a third time, with another hand
    state = play(state, *SHUFFLE)
    assert GAME.outcome(state) is None
    # The position after the Peek turn (Red on a2, Blue to move) comes a third time.
    state = play(state, SHUFFLE[0])
    assert GAME.outcome(state) == Outcome((), "the same position occurred for the third time")


def test_in_dark_chess_face_down_pieces_of_your_colour_keep_you_in_the_game():
    # The last face-up Blue piece is taken, a face-down Blue 7 is left: Blue flips on.
    state = position("..b7. .... .... .... .... .B3.. .R5.. .@@.", mode="dark", colours="RB")
    after = play(state, "b2xb3")
    assert GAME.outcome(after) is None
    assert notations(after) == {"flip:c8"}


def test_in_dark_chess_a_colour_with_no_pieces_at_all_loses():
    state = position("..r7. .... .... .... .... .B3.. .R5.. .@@.", mode="dark", colours="RB")
    after = play(state, "b2xb3")
    assert GAME.outcome(after) == Outcome((0,), "Blue has no pieces left")
