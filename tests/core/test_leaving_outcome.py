"""The end of a game whose player to move went away and whose opponent claimed the win: as a
flag fallen, every other side wins, or a draw where the rules leave none a way to win; and a
save whose Termination says so reads back ended."""

from __future__ import annotations

from test_time_control import MARTIAN, martian_state

from core.time_outcome import ended_by_a_player, outcome_on_leaving


def test_the_other_side_wins_from_a_player_gone() -> None:
    outcome = outcome_on_leaving(MARTIAN, {}, MARTIAN.new({}, 1), 1)
    assert outcome.winners == (0,) and outcome.reason == "North left the game"
    assert ended_by_a_player(outcome.reason)


def test_a_side_the_rules_leave_no_way_to_win_gets_a_draw() -> None:
    state = martian_state(3, (2, 9))  # North left; South can reach 2 + 3 < 9
    outcome = outcome_on_leaving(MARTIAN, {}, state, 1)
    assert outcome.is_draw and outcome.reason.startswith("North left the game")
    assert "draw" in outcome.reason
