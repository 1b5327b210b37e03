"""Martian Chess: the end of the game, scores and tie-breaks, teams, the clock and passing."""

from __future__ import annotations

import pytest

from core import IllegalMoveError, Outcome, find_game
from core.games.martian_chess import rules
from core.games.martian_chess.moves import CLOCK, PASS

GAME = find_game("martian-chess")
DEADLOCK = "deadlock: 7 turns without a capture after the clock was called"


def legal(state) -> set[str]:
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def play(state, *moves: str):
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def finish(position: str, *moves: str):
    """The state after ``moves``, checked to be over (no legal moves left)."""
    state = play(GAME.read_position(position), *moves)
    assert GAME.legal_moves(state) == []
    return state


# -- an empty zone ends the game -----------------------------------------------------------


def test_the_game_goes_on_while_every_zone_holds_a_piece():
    state = play(GAME.read_position("q3/1p2/4/4/3d/4/4/p3 1 5/3 - -"), "d4-d5")
    assert GAME.outcome(state) is None
    assert GAME.legal_moves(state)


def test_moving_the_last_piece_over_the_canal_ends_the_game():
    state = finish("q3/1p2/4/4/3d/4/4/4 1 5/3 - -", "d4-d5")
    assert GAME.outcome(state) == Outcome((0,), "South's zone is empty: South wins 5 to 3")


def test_the_highest_score_wins_even_if_it_did_not_end_the_game():
    state = finish("q3/1p2/4/4/3d/4/4/4 1 2/5 - -", "d4-d5")
    assert GAME.outcome(state) == Outcome((1,), "South's zone is empty: North wins 5 to 2")


def test_four_player_game_ends_when_one_zone_is_empty_and_teams_add_up():
    state = finish("p7/8/8/4d3/8/8/8/p6p 3 2/1/2/0 - - teams", "e5-e4")
    assert GAME.outcome(state) == Outcome(
        (0, 2), "North-East's zone is empty: South-West and North-East win 4 to 1"
    )
    assert GAME.scores(state) == (2, 1, 2, 0)


def test_free_for_all_winner_is_the_single_highest_score():
    state = finish("p7/8/8/4d3/8/8/8/p6p 3 2/1/3/0 - - ffa", "e5-e4")
    assert GAME.outcome(state) == Outcome(
        (2,), "North-East's zone is empty: North-East wins 3 to 2, 1 and 0"
    )


# -- tie-breaks ----------------------------------------------------------------------------


def test_tie_goes_to_the_player_who_made_the_last_move():
    state = finish("q3/1p2/4/4/3d/4/4/4 1 3/3 - -", "d4-d5")
    assert GAME.outcome(state) == Outcome(
        (0,), "South's zone is empty; tie at 3: South made the last move and wins"
    )


def test_tie_made_by_the_last_capture_goes_to_the_capturer():
    state = finish("q3/4/4/3p/3d/4/4/4 1 2/3 - -", "d4xd5")
    assert GAME.scores(state) == (3, 3)
    assert GAME.outcome(state).winners == (0,)


def test_tie_goes_to_north_when_north_ends_it():
    state = finish("4/4/4/3d/4/4/4/q3 2 4/4 - -", "d5-d4")
    assert GAME.outcome(state) == Outcome(
        (1,), "North's zone is empty; tie at 4: North made the last move and wins"
    )


def test_team_tie_goes_to_the_team_of_the_last_mover():
    state = finish("7p/8/8/p7/8/8/8/p6p 2 1/2/2/1 - - teams", "a5-b4")
    assert GAME.outcome(state) == Outcome(
        (1, 3),
        "North-West's zone is empty; tie at 3: North-West made the last move, "
        "so North-West and South-East win",
    )


def test_free_for_all_third_player_wins_by_ending_in_a_tie_of_two_others():
    state = finish("p7/8/8/4p3/8/8/8/p6p 3 5/5/2/0 - - ffa", "e5-d4")
    assert GAME.outcome(state) == Outcome(
        (2,),
        "North-East's zone is empty; tie at 5 between South-West and North-West: "
        "North-East made the last move and wins",
    )


# -- the clock -----------------------------------------------------------------------------


def test_calling_the_clock_is_a_move_that_keeps_the_turn():
    state = GAME.new()
    assert GAME.actions(state) == (("c", "call the clock", CLOCK),)
    assert GAME.move_path(state, CLOCK) == ()
    called = GAME.play(state, CLOCK)
    assert GAME.to_move(called) == 0
    assert GAME.write_position(called).split()[4] == "c0"
    assert called.board == state.board


def test_the_clock_cannot_be_called_twice():
    state = play(GAME.new(), "clock")
    assert "clock" not in legal(state)
    assert GAME.actions(state) == ()
    with pytest.raises(IllegalMoveError, match="clock: the clock has already been called"):
        GAME.parse_move(state, "clock")
    state = play(state, "d3-d4", "a6-a5")
    assert "clock" not in legal(state)


def test_any_player_may_call_the_clock_at_the_start_of_a_turn():
    state = play(GAME.new(), "d3-d4")
    assert "clock" in legal(state)
    assert GAME.to_move(play(state, "clock")) == 1


def test_clock_off_cannot_be_called():
    state = GAME.new({"clock": "off"})
    assert "clock" not in legal(state)
    assert GAME.write_position(state).endswith(" -")
    with pytest.raises(IllegalMoveError, match="clock: the clock is switched off"):
        GAME.parse_move(state, "clock")


def test_the_callers_move_is_the_first_of_seven_quiet_turns():
    state = play(GAME.read_position("3q/4/4/4/4/4/4/q3 1 0/0 - o"), "clock")
    for number, move in enumerate(["a1-a2", "d8-d7", "a2-a1", "d7-d8", "a1-a2", "d8-d7"], 1):
        state = play(state, move)
        assert GAME.panel_lines(state, 0) == (f"clock: {number} of 7 quiet turns",)
        assert GAME.outcome(state) is None
    state = play(state, "a2-a1")
    assert GAME.legal_moves(state) == []
    assert GAME.outcome(state) == Outcome((), f"{DEADLOCK}; the tie at 0 is a draw")


def test_a_capture_resets_the_count_and_the_clock_stays_called():
    state = play(GAME.read_position("4/4/4/1p2/1q2/4/4/p3 1 0/0 - c5"), "b4xb5")
    assert GAME.write_position(state).split()[4] == "c0"
    assert "clock" not in legal(state)
    assert GAME.write_position(play(state, "b5-b6")).split()[4] == "c1"


def test_deadlock_is_won_by_the_higher_score():
    state = finish("q3/4/4/4/4/4/4/q3 1 3/1 - c6", "a1-a2")
    assert GAME.outcome(state) == Outcome((0,), f"{DEADLOCK}: South wins 3 to 1")


def test_deadlock_tie_is_a_draw():
    state = finish("q3/4/4/4/4/4/4/q3 2 2/2 - c6", "a8-a7")
    outcome = GAME.outcome(state)
    assert outcome == Outcome((), f"{DEADLOCK}; the tie at 2 is a draw")
    assert outcome.is_draw


def test_team_deadlock_tie_is_a_draw():
    state = finish("p6p/8/8/8/8/8/8/p6p 1 1/0/1/2 - c6 teams", "a1-b2")
    assert GAME.outcome(state) == Outcome((), f"{DEADLOCK}; the tie at 2 is a draw")


def test_free_for_all_deadlock_tie_is_shared_by_the_leaders():
    state = finish("p6p/8/8/8/8/8/8/p6p 1 4/1/4/0 - c6 ffa", "a1-b2")
    assert GAME.outcome(state) == Outcome(
        (0, 2), f"{DEADLOCK}; South-West and North-East share the win with 4 each"
    )


def test_free_for_all_deadlock_with_all_four_level_is_a_draw():
    state = finish("p6p/8/8/8/8/8/8/p6p 1 2/2/2/2 - c6 ffa", "a1-b2")
    assert GAME.outcome(state) == Outcome((), f"{DEADLOCK}; all four tie at 2: a draw")


def test_seventh_quiet_move_that_empties_a_zone_ends_by_the_empty_zone():
    state = finish("q3/4/4/4/3d/4/4/4 1 3/3 - c6", "d4-d5")
    assert GAME.outcome(state) == Outcome(
        (0,), "South's zone is empty; tie at 3: South made the last move and wins"
    )


def test_panel_lines_show_the_clock_only_once_called():
    assert GAME.panel_lines(GAME.read_position("q3/4/4/4/4/4/4/q3 1 0/0 - o"), 0) == ()
    assert GAME.panel_lines(GAME.read_position("q3/4/4/4/4/4/4/q3 1 0/0 - -"), 1) == ()
    state = GAME.read_position("q3/4/4/4/4/4/4/q3 1 0/0 - c3")
    assert GAME.panel_lines(state, 1) == ("clock: 3 of 7 quiet turns",)


def test_panel_lines_show_the_team_total():
    state = GAME.read_position("p6p/8/8/8/8/8/8/p6p 1 3/5/4/1 - c2 teams")
    assert GAME.panel_lines(state, 0) == ("team: 7 with North-East", "clock: 2 of 7 quiet turns")
    assert GAME.panel_lines(state, 3) == ("team: 6 with North-West", "clock: 2 of 7 quiet turns")
    ffa = GAME.read_position("p6p/8/8/8/8/8/8/p6p 1 3/5/4/1 - - ffa")
    assert GAME.panel_lines(ffa, 0) == ()


# -- passing -------------------------------------------------------------------------------


def test_passing_is_refused_while_a_piece_can_move():
    with pytest.raises(IllegalMoveError, match="pass: you may pass only when none of your"):
        GAME.parse_move(GAME.new(), "pass")


def test_a_player_whose_pieces_cannot_move_passes(monkeypatch):
    # No position leaves a player with pieces but no move (rules.md explains why), so the
    # generator is made to find none to show what happens then.
    monkeypatch.setattr(rules, "board_moves", lambda state: [])
    state = GAME.read_position("p6p/8/8/8/8/8/8/p6p 2 0/0/0/0 - c1 teams")
    assert GAME.legal_moves(state) == [PASS]
    assert GAME.actions(state) == (("p", "pass", PASS),)
    assert GAME.move_path(state, PASS) == ()
    assert GAME.parse_move(state, "PASS") == PASS
    after = GAME.play(state, PASS)
    assert GAME.write_position(after) == "p6p/8/8/8/8/8/8/p6p 3 0/0/0/0 - c2 teams"
    ready = GAME.read_position("p6p/8/8/8/8/8/8/p6p 2 0/0/0/0 - o teams")
    assert GAME.legal_moves(ready) == [PASS, CLOCK]
