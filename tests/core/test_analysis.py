"""The computer's analysis: win chances, the best line, and the verdict on every move."""

from __future__ import annotations

import threading

import pytest

from core import find_game
from core.analysis import analyse_game, analyse_position
from core.analysis_marks import BLUNDER, INACCURACY, MISTAKE, format_evaluation, verdict, win_chance
from core.record import GameRecord

GAME = find_game("martian-chess")
#: South's drone on a3 can take North's queen on a5.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
#: North's zone is empty and North leads 3 to 0: the game is over.
FINISHED = "4/4/4/4/4/4/4/3q 2 0/3 - -"
#: A budget that keeps the tests short; these positions need a few plies only.
SECONDS = 0.3


def record_from(position: str, *moves: str) -> GameRecord:
    record = GameRecord(GAME, start_position=position)
    for move in moves:
        record.play_text(move, main=True)
    return record


def test_win_chance_is_the_search_value_held_to_zero_and_one() -> None:
    assert win_chance(0.62) == 0.62
    assert win_chance(1.95) == 1.0  # a forced win
    assert win_chance(-0.97) == 0.0  # a forced loss
    assert format_evaluation(0.625001) == "0.63"
    assert format_evaluation(2.0) == "1.00"


@pytest.mark.parametrize(
    ("drop", "nag"),
    [(0.0, None), (0.099, None), (0.10, INACCURACY), (0.2, MISTAKE), (0.3, BLUNDER), (1, BLUNDER)],
)
def test_verdicts_by_the_drop_in_win_chance(drop: float, nag: int | None) -> None:
    assert verdict(drop) == nag


def test_the_free_queen_is_the_best_move_and_the_mover_is_ahead() -> None:
    analysis = analyse_position(record_from(FREE_QUEEN), "normal", SECONDS)
    assert analysis is not None
    assert analysis.best_line_text[0] == "a3xa5"
    assert analysis.win_chance > 0.6
    assert len(analysis.best_line) == len(analysis.best_line_text) >= 1


def test_a_finished_position_has_no_analysis() -> None:
    assert analyse_position(record_from(FINISHED), "normal", SECONDS) is None


def test_leaving_the_queen_is_marked_and_taking_it_is_not() -> None:
    left = record_from(FREE_QUEEN, "a3-a2")
    taken = record_from(FREE_QUEEN, "a3xa5")
    for record in (left, taken):
        progress = list(analyse_game(record, "normal", SECONDS))
        assert [(step.done, step.total) for step in progress] == [(1, 1)]
    (node,) = left.mainline()
    assert node.nags and node.nags[0] in (MISTAKE, BLUNDER)
    assert node.evaluation is not None and node.evaluation < 0.55
    (node,) = taken.mainline()
    assert node.nags == ()
    assert node.evaluation is not None and node.evaluation > 0.6


def test_the_analysis_stops_between_moves_and_resumes_where_it_stopped() -> None:
    record = GameRecord(GAME, seed=4)
    for _ in range(4):
        record.play(GAME.legal_moves(record.state)[0], main=True)
    third, fourth = (node.notation for node in record.mainline()[2:])
    for progress in analyse_game(record, "easy", 0.1):
        if progress.done == 2:
            break
    judged = [node.evaluation is not None for node in record.mainline()]
    assert judged == [True, True, False, False]
    record.mainline()[0].nags = (1,)  # a player's own !
    steps = list(analyse_game(record, "easy", 0.1))
    assert [step.move.node.notation for step in steps] == [third, fourth]
    assert [(step.done, step.total) for step in steps] == [(1, 2), (2, 2)]
    assert all(node.evaluation is not None for node in record.mainline())
    assert list(analyse_game(record, "easy", 0.1)) == []
    again = list(analyse_game(record, "easy", 0.1, again=True))
    assert len(again) == 4
    assert 1 in record.mainline()[0].nags  # kept: only the verdicts are the analysis's


def test_a_hidden_position_is_judged_as_its_player_sees_it_until_the_game_ends() -> None:
    mac = find_game("mac")
    record = GameRecord(mac, {"mode": "dark"}, seed=2)
    while record.outcome() is None:  # first moves only: a repetition ends it
        record.play(mac.legal_moves(record.state)[0], main=True)
    record.goto(record.mainline()[0])
    state = record.state
    assert mac.view(state, mac.to_move(state)) != state
    seed = _seed(record)
    # Easy searches one ply: with time to spare its answer depends on the seed alone.
    hidden = analyse_position(state, "easy", 5, game=mac, seed=seed, reveal=False)
    revealed = analyse_position(state, "easy", 5, game=mac, seed=seed, reveal=True)
    assert hidden != revealed
    assert analyse_position(record, "easy", 5) == revealed  # the game is over: all is shown
    record.delete(record.mainline()[1])  # now the game goes on after the first move
    assert analyse_position(record, "easy", 5) == hidden


def _seed(record: GameRecord) -> int:
    from core.ai import move_seed

    return move_seed(record.seed, record.current.ply)


def test_among_four_sides_a_quiet_opening_move_is_about_even_and_unmarked() -> None:
    record = GameRecord(GAME, {"players": "4", "teams": "off"}, seed=1)
    for _ in range(3):  # the first move of each listing: no capture is near yet
        record.play(GAME.legal_moves(record.state)[0], main=True)
    steps = list(analyse_game(record, "easy", 0.2))
    assert len(steps) == 3
    for step in steps:
        assert 0.35 <= step.move.before <= 0.65
        assert 0.35 <= step.move.after <= 0.65
        assert step.move.nag is None


def test_a_stop_flag_ends_the_search_under_way_and_leaves_its_move_as_it_was() -> None:
    record = record_from(FREE_QUEEN, "a3-a2")
    stop = threading.Event()
    stop.set()
    assert list(analyse_game(record, "normal", stop=stop)) == []
    (node,) = record.mainline()
    assert (node.evaluation, node.nags) == (None, ())
