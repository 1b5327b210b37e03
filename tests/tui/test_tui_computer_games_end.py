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

#: Positions where computers once played on for ever (the file's comments say what each is).
ENDLESS_FILE = Path(__file__).parents[1] / "core" / "data" / "endless_games.txt"
ENDLESS = dict(
    line.split("\t")
    for line in ENDLESS_FILE.read_text().splitlines()
    if line and not line.startswith("#")
)
QUEENS_SHUFFLE = ENDLESS["queens-shuffle"]
STANDOFF_CLOCK_OFF = ENDLESS["standoff-clock-off"]
CHASE_PIVOT_WAR = ENDLESS["chase-pivot-war"]


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
