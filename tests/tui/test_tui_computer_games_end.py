"""Computer seats play every game to its end: a level game going nowhere gets the clock
called, and a game between two computers never outlasts ``MAX_PLIES``.

Moves are found as the app finds a computer seat's move: ``search_request`` answered by
``run_search`` (what the worker process runs), or the app itself with its process pool.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from computer_helpers import against_computers, wait_until
from tui_helpers import MARTIAN, SIZE, app_test, make_app

from core import all_games, find_game
from core.game import Game
from core.games.martian_chess.results import DEADLOCK_REASON
from core.record import GameRecord
from tui.play.computer import run_search
from tui.play.computer_turns import search_request
from tui.screens.game_over import GameOverScreen

#: A game between computers must be over by then.
MAX_PLIES = 400

#: Level at 12 with two queens each and the clock not called: neither side can capture
#: without losing its queen in return, so the queens shuffle for ever unless one side calls
#: the clock.
QUEENS_SHUFFLE = "q1q1/4/4/4/4/4/4/1q1q 1 12/12 - o"

#: Martian Chess with the clock off, South 10 to 9, seven pieces left: any capture or crossing
#: loses material, so both sides shuffle; only an empty zone can end the game.
STANDOFF_CLOCK_OFF = "4/4/4/1q2/3q/q1q1/3p/d2d 1 10/9 - -"

#: Chase in Tiles mode with the board full (no square left to place on) and both pawns walled
#: in by tiles of the other colour: only pivots are left, each handing a tile across and
#: getting one back.
CHASE_PIVOT_WAR = (
    "mode:tiles turn:S gold:0,0 deck:SYDISAAYDVAAVIXDIISVPPX lock:d3 "
    "board:b1=N.E.W~,c1=NE.NW,d1=E.S.W@S,e1=SW,f1=NE.SW~,h1=E.W~,a2=E.S.W~,b2=N.S,"
    "c2=N.E.S.W~,d2=NE.SE.SW.NW,e2=NE.SE.SW.NW~,f2=SE,a3=NE.SE.SW.NW~,b3=SW.NW~,"
    "c3=N.NE.E.SE.S.SW.W.NW,d3=N.E.W~,e3=N.E.S.W,f3=N.E.S.W~,a4=SE.NW,b4=NE.SE.NW~,c4=SW,"
    "e4=E.W,g4=NE.SE.SW.NW,b5=N.NE.E.SE.S.SW.W.NW,c5=E.W~,d5=N.E.S.W,e5=SE.SW~,"
    "f5=NE.SE.NW,g5=N.NE.E.SE.S.SW.W.NW~,h5=E.S.W,a6=SE.NW,b6=N.S.W~,c6=NE.SE.NW,"
    "d6=SE.SW~,e6=NE.SE.SW.NW,f6=E.S.W~,g6=N.NE.E.SE.S.SW.W.NW,c7=SE.NW~,d7=E.S.W,"
    "e7=N.E.S.W@N,f7=NE,g7=NE.SE.NW~,a8=N.NE.E.SE.S.SW.W.NW,b8=N.E.S.W~,c8=NE.SW.NW,"
    "d8=NE.SE.SW.NW~,e8=SE.SW.NW,f8=NE.SW~,g8=SW.NW "
    "rep:43090fc7a6437f9d,e732695dfed5311c,fb2bc870a541fdb,9b5a37dc9f4eda9,"
    "89d7638049a84e45,b70bd8c5faa4c8e2,a2cf0140de2bce70,5969e370bbe7eb15,d23a557a4e13a9c5 "
    "end:-"
)


@app_test
async def test_computers_in_a_level_game_going_nowhere_call_the_clock(data_dir: Path) -> None:
    record = against_computers({0: "easy", 1: "easy"}, position=QUEENS_SHUFFLE)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
    moves = [node.notation for node in record.mainline()]
    assert "clock" in moves
    assert len(moves) <= 100
    outcome = MARTIAN.outcome(record.state)
    assert outcome is not None and outcome.reason.startswith(DEADLOCK_REASON)


def play_out(record: GameRecord, level: str, seconds: float, plies: int) -> list[str]:
    """Computers play ``record`` on from its current position as the app's seats do; the
    moves played, failing if the game is not over within ``plies``."""
    game = record.game
    moves: list[str] = []
    while record.outcome() is None:
        assert len(moves) < plies, f"still going after {plies} plies: {' '.join(moves[-20:])}"
        node = record.current
        result = run_search(search_request(record, node, level, seconds))
        record.play(game.parse_move(node.state, result.move), main=True)
        moves.append(result.move)
    return moves


def test_normal_calls_the_clock_in_a_level_game_going_nowhere() -> None:
    record = GameRecord(MARTIAN, seed=2, start_position=QUEENS_SHUFFLE)
    moves = play_out(record, "normal", 0.05, 100)
    assert "clock" in moves
    outcome = MARTIAN.outcome(record.state)
    assert outcome is not None and outcome.reason.startswith(DEADLOCK_REASON)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_a_game_between_easy_computers_ends(game: Game) -> None:
    play_out(GameRecord(game, seed=1), "easy", 0.05, MAX_PLIES)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_computers_end_a_martian_chess_standoff_without_a_clock(level: str) -> None:
    record = GameRecord(MARTIAN, seed=1, start_position=STANDOFF_CLOCK_OFF)
    play_out(record, level, 0.05, 120)
    outcome = MARTIAN.outcome(record.state)
    assert outcome is not None and "zone is empty" in outcome.reason


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_computers_end_a_chase_pivot_war(level: str) -> None:
    chase = find_game("chase")
    record = GameRecord(chase, seed=1, start_position=CHASE_PIVOT_WAR)
    play_out(record, level, 0.05, 160)
